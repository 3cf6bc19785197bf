import Foundation

/// A tip (Undo's TipKit tips, Youtine's habit-building suggestions): shown while its rule holds,
/// until the user acts on it or dismisses it, then never again on any of their devices.
public struct Tip: Identifiable, Hashable, Sendable {
    public enum ID: String, Codable, CaseIterable, Hashable, Sendable {
        case addFirstHabit
        case manageHabit
        case buildRoutine
        case skipInsteadOfBreaking
        case habitStacking
        case twoMinuteRule
        case makeItObvious
        case neverMissTwice
        case celebrateStreak
    }

    /// Where a tip belongs: beside a control it explains, or among suggestions.
    public enum Kind: String, Codable, Hashable, Sendable {
        case guidance
        case suggestion
    }

    public var id: ID
    public var kind: Kind
    public var title: String
    public var message: String
    /// The action that, once done, retires the tip (besides dismissing it).
    public var retiredBy: TipEvent?
    /// Where the tip's message makes sense: a tip that speaks of the web app's controls is not
    /// shown in the terminal.
    public var surfaces: Set<TipSurface> = Set(TipSurface.allCases)
}

/// Where tips are shown.
public enum TipSurface: String, Codable, CaseIterable, Hashable, Sendable {
    case web
    case cli
}

/// Things a user does that retire tips (TipKit's `invalidate(reason: .actionPerformed)`).
public enum TipEvent: String, Codable, CaseIterable, Hashable, Sendable {
    case habitAdded
    case habitManaged
    case routineCreated
    case daySkipped
    case reminderAdded
}
