import TendCore

/// An operation as the op log holds it: its position in the log (increasing, per store) and the
/// operation itself.
public struct LoggedOperation: Hashable, Sendable, Codable {
    public var sequence: Int64
    public var operation: ChangeOperation

    public init(sequence: Int64, operation: ChangeOperation) {
        self.sequence = sequence
        self.operation = operation
    }
}
