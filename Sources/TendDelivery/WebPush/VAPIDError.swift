import Foundation

/// Why the server cannot identify itself to a push service (RFC 8292).
public enum VAPIDError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stored private key is not a base64url P-256 scalar.
    case invalidStoredPrivateKey
    /// The `sub` claim would be refused; the text says why and what to use.
    case invalidSubject(String, reason: String)
    /// A token must expire after it is made and at most 24 hours later (RFC 8292 §2).
    case invalidValidity(seconds: Int)
    /// The endpoint has no origin to put in `aud`.
    case invalidEndpoint(String)
    case signingFailed

    public var description: String {
        switch self {
        case .invalidStoredPrivateKey:
            "the stored VAPID private key is not a base64url P-256 private key (32 bytes)"
        case .invalidSubject(let subject, let reason):
            "the VAPID subject '\(subject)' cannot be used: \(reason)"
        case .invalidValidity(let seconds):
            "a VAPID token must be valid for more than 0 and at most 86400 seconds (24 hours), not \(seconds)"
        case .invalidEndpoint(let endpoint):
            "the push endpoint '\(endpoint)' is not an absolute http(s) URL with a host"
        case .signingFailed:
            "signing the VAPID token failed"
        }
    }
}
