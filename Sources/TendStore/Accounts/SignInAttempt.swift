import Foundation

/// An OpenID Connect sign-in under way, kept by the store between the browser's trips to the
/// provider and back, so any server instance can finish what another began. The browser holds
/// only its random id (a cookie); the store keeps the SHA-256 of that id, and taking an attempt
/// deletes it, so a replayed callback finds nothing.
public struct SignInAttempt: Hashable, Sendable, Codable {
    public enum Stage: String, Hashable, Sendable, Codable {
        /// Sent to the provider: waiting for its callback with `state` and a code.
        case authorizing
        /// The provider vouched for `subject`, who has no linked account yet: waiting for the
        /// person to give an account's password (to link) or to create an account.
        case verified
    }

    public var stage: Stage
    public var issuer: String
    /// The `state` parameter sent to the provider (authorizing).
    public var state: String
    /// The `nonce` the ID token must carry (authorizing).
    public var nonce: String
    /// The PKCE code verifier (RFC 7636) whose S256 challenge went to the provider (authorizing).
    public var codeVerifier: String
    /// The provider's id of the person (verified).
    public var subject: String
    /// The name the provider gave (`preferred_username`, else the email's local part; verified):
    /// offered as the new account's username.
    public var suggestedUsername: String
    /// Email or username, kept as the link's label (verified).
    public var label: String
    public var expiresAt: Date

    public init(
        stage: Stage, issuer: String, state: String = "", nonce: String = "", codeVerifier: String = "", subject: String = "",
        suggestedUsername: String = "", label: String = "", expiresAt: Date
    ) {
        self.stage = stage
        self.issuer = issuer
        self.state = state
        self.nonce = nonce
        self.codeVerifier = codeVerifier
        self.subject = subject
        self.suggestedUsername = suggestedUsername
        self.label = label
        self.expiresAt = expiresAt
    }
}
