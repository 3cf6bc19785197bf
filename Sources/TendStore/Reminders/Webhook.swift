import Foundation
import TendCore

/// A URL that receives a POST per delivered reminder: Tend's JSON or ntfy's format.
public struct Webhook: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = TypedID<Webhook>

    public enum Format: String, Hashable, Sendable, Codable, CaseIterable {
        case json
        case ntfy
    }

    public var id: ID
    public var owner: User.ID
    public var url: String
    public var format: Format
    /// Sent as a bearer token (an ntfy access token), when set.
    public var accessToken: String?
    public var createdAt: Date

    public init(id: ID = ID(), owner: User.ID, url: String, format: Format, accessToken: String? = nil, createdAt: Date) {
        self.id = id
        self.owner = owner
        self.url = url
        self.format = format
        self.accessToken = accessToken
        self.createdAt = createdAt
    }
}
