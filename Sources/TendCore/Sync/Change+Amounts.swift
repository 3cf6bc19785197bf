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
}
