import Foundation
import TendCore

/// A bearer credential: a browser session (cookie) or a device's API token. The store keeps only
/// the SHA-256 hash (hex) of the secret.
public struct AuthToken: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = TypedID<AuthToken>

    public enum Kind: String, Hashable, Sendable, Codable {
        case session
        case api
    }

    public var id: ID
    public var owner: User.ID
    public var kind: Kind
    /// The device's name for an API token; a short description of the browser for a session.
    public var name: String
    public var createdAt: Date
    /// Updated at most every few minutes (``AccountRules/lastUsedResolution``), so checking a
    /// token is a read.
    public var lastUsedAt: Date?
    /// `nil`: until revoked.
    public var expiresAt: Date?

    public init(
        id: ID = ID(), owner: User.ID, kind: Kind, name: String, createdAt: Date, lastUsedAt: Date? = nil,
        expiresAt: Date? = nil
    ) {
        self.id = id
        self.owner = owner
        self.kind = kind
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.expiresAt = expiresAt
    }
}
