/// What ``TendStore/receive(owner:_:)`` did with a batch of operations.
public struct MergeReceipt: Hashable, Sendable {
    /// Operations new to the log, stored and merged.
    public var accepted: Int
    /// Operations the log already held (a retried push), skipped.
    public var duplicates: Int
    /// The user's latest log position afterwards.
    public var latestSequence: Int64

    public init(accepted: Int, duplicates: Int, latestSequence: Int64) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.latestSequence = latestSequence
    }
}
