/// A page of a user's op log for a device that syncs.
public struct OperationPage: Hashable, Sendable {
    public var operations: [LoggedOperation]
    /// The log position the page reaches: the last operation it read, or the user's latest
    /// position when the page is the last one (past operations of the asking device, which are
    /// not sent back to it).
    public var last: Int64
    /// Whether operations after ``last`` remain.
    public var more: Bool

    public init(operations: [LoggedOperation], last: Int64, more: Bool) {
        self.operations = operations
        self.last = last
        self.more = more
    }
}
