import Foundation

/// One entry of the op log: a change, who made it and when (by the hybrid clock).
public struct ChangeOperation: Identifiable, Codable, Hashable, Sendable {
    public var id: UUID
    public var device: String
    public var timestamp: HybridTimestamp
    public var change: Change

    public init(id: UUID = UUID(), device: String, timestamp: HybridTimestamp, change: Change) {
        self.id = id
        self.device = device
        self.timestamp = timestamp
        self.change = change
    }
}
