/// Why a sign-in through a provider failed. Every description is safe to show the person: it
/// names what went wrong, never a secret or a token.
public enum OpenIDError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Tend's own settings are wrong (`--oidc`).
    case configuration(String)
    /// The provider could not be reached or answered something unusable (discovery, keys, the
    /// code exchange).
    case provider(String)
    /// The provider answered the sign-in with an error (`error=access_denied`, …).
    case refused(String)
    /// The ID token failed a check: signature, issuer, audience, expiry, nonce.
    case invalidToken(String)

    public var description: String {
        switch self {
        case .configuration(let text): text
        case .provider(let text): "the sign-in provider could not be used: \(text)"
        case .refused(let text): "the sign-in provider refused: \(text)"
        case .invalidToken(let text): "the sign-in provider's ID token was not accepted: \(text)"
        }
    }
}
