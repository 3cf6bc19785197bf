import Foundation

/// The claims of a VAPID token (RFC 8292 §2): who may use it (`aud`), until when (`exp`), and
/// whom the push service can contact (`sub`).
public struct VAPIDClaims: Hashable, Sendable, Codable {
    /// The push resource's origin, `scheme://host[:port]`.
    public var aud: String
    /// Expiry, seconds since 1970 (a JWT NumericDate).
    public var exp: Int
    /// A `mailto:` or `https:` contact.
    public var sub: String

    public init(aud: String, exp: Int, sub: String) {
        self.aud = aud
        self.exp = exp
        self.sub = sub
    }
}
