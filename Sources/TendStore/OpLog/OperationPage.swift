import TendCore

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

extension TendStore {
    /// A page of at most `limit` operations and ``SyncRules/pageBytes`` bytes.
    public func operations(owner: User.ID, after: Int64, notFrom device: String?, limit: Int) async throws -> OperationPage {
        try await operations(owner: owner, after: after, notFrom: device, limit: limit, maximumBytes: SyncRules.pageBytes)
    }
}

/// Builds a page from candidate operations read in log order, stopping before the one that would
/// take it past its byte bound (a page always holds at least one).
package struct OperationPageBuilder {
    package let limit: Int
    package let maximumBytes: Int
    package private(set) var operations: [LoggedOperation] = []
    private var bytes = 0
    /// Whether a candidate was left for the next page.
    package private(set) var more = false

    package init(limit: Int, maximumBytes: Int) {
        self.limit = max(1, limit)
        self.maximumBytes = maximumBytes
    }

    /// Takes the next candidate, of `size` bytes, unless the page is full: then `false`, and the
    /// page says there is more.
    package mutating func take(size: Int, _ operation: () throws -> LoggedOperation) rethrows -> Bool {
        guard operations.count < limit, operations.isEmpty || bytes + size <= maximumBytes else {
            more = true
            return false
        }
        bytes += size
        operations.append(try operation())
        return true
    }
}
