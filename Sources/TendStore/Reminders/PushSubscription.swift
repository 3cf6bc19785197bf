import Foundation
import TendCore

/// A browser's Web Push subscription (`PushSubscription.toJSON()`): where to send, and the keys
/// to encrypt for (RFC 8291). One per owner and endpoint: subscribing again updates the keys.
public struct PushSubscription: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = TypedID<PushSubscription>

    public var id: ID
    public var owner: User.ID
    public var endpoint: String
    /// The browser's P-256 public key, base64url as the browser gives it.
    public var p256dh: String
    /// The 16-byte auth secret, base64url.
    public var auth: String
    public var createdAt: Date

    public init(id: ID = ID(), owner: User.ID, endpoint: String, p256dh: String, auth: String, createdAt: Date) {
        self.id = id
        self.owner = owner
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.createdAt = createdAt
    }
}
