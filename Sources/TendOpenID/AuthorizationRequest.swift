/// What starting a sign-in makes: the provider's URL to send the browser to, and the secrets to
/// keep until its callback (state to compare, nonce for the ID token, PKCE verifier for the code).
public struct AuthorizationRequest: Hashable, Sendable {
    public var url: String
    public var state: String
    public var nonce: String
    public var codeVerifier: String
}
