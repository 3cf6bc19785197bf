extension Change {
    /// The amounts with decimals this change holds (a value, a step up or down, an imported day, a
    /// habit's target): what a Tend from before decimal amounts cannot read. A step is left out: it
    /// is a key such a Tend does not know, and passes over.
    public var fractionalAmounts: [Amount] {
        let amounts: [Amount] =
            switch self {
            case .entrySet(_, _, let value): [value]
            case .entryIncremented(_, _, let by): [by]
            case .entriesImported(_, let entries): entries.map(\.value)
            case .habitCreated(let habit): [habit.target]
            case .habitUpdated(_, let patch): patch.target.map { [$0] } ?? []
            default: []
            }
        return amounts.filter { !$0.isWhole }
    }

    /// Whether ``fractionalAmounts`` holds any.
    public var hasFractionalAmount: Bool { !fractionalAmounts.isEmpty }

    /// Whether the change makes or turns a habit into one that is only measured
    /// (``HabitKind/measure``): what a Tend from before measurements cannot decode.
    public var makesMeasurement: Bool {
        switch self {
        case .habitCreated(let habit): habit.kind == .measure || habit.versions.contains { $0.rule.kind == .measure }
        case .habitUpdated(_, let patch): patch.kind == .measure || (patch.versions ?? []).contains { $0.rule.kind == .measure }
        default: false
        }
    }
}
