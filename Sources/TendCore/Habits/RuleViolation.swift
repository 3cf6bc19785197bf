/// A domain rule refused a change (a value out of range, a note too long, an invalid habit):
/// what ``HabitRules`` and ``EntryCommand`` throw. Stores report it as their own "invalid" error,
/// the server as 422 and the CLI as its message.
public struct RuleViolation: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
