import Foundation
import TendCore

/// An invitation to create an account, made by the owner. The store keeps only the code's hash.
public struct Invite: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = TypedID<Invite>

    public var id: ID
    public var createdBy: User.ID
    public var createdAt: Date
    public var expiresAt: Date
    /// Set when a sign-up consumed it; an invite works once.
    public var usedBy: User.ID?

    public init(id: ID = ID(), createdBy: User.ID, createdAt: Date, expiresAt: Date, usedBy: User.ID? = nil) {
        self.id = id
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedBy = usedBy
    }
}
