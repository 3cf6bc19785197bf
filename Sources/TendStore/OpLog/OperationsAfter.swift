import TendCore

/// An owner's operations after a log position and the habits their entry changes touched, as
/// ``TendStore/operationsAfter(owner:after:limit:window:)`` reads them: what ``HeldHabits`` brings
/// a held snapshot forward with.
public struct OperationsAfter: Sendable {
    /// Oldest first; `limit + 1` of them when the log holds more than the limit.
    public var operations: [LoggedOperation]
    /// The active habits among those the operations' entry changes touched (``Change/entriesHabitID``),
    /// each as ``TendStore/trackedHabits(owner:ids:window:)`` gives it; empty when the log holds
    /// more than the limit.
    public var habits: [TrackedHabit]

    public init(operations: [LoggedOperation], habits: [TrackedHabit]) {
        self.operations = operations
        self.habits = habits
    }
}
