import Foundation

/// What Tend reads of a provider's discovery document (`/.well-known/openid-configuration`,
/// OpenID Connect Discovery 1.0 §3).
public struct OpenIDMetadata: Hashable, Sendable, Decodable {
    public var issuer: String
    public var authorizationEndpoint: String
    public var tokenEndpoint: String
    public var jwksURI: String
    public var codeChallengeMethodsSupported: [String]?
    public var tokenEndpointAuthMethodsSupported: [String]?

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case jwksURI = "jwks_uri"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
    }

    /// Refuses a document for another issuer (§4.3: it must equal the URL it was fetched for),
    /// endpoints that are not https (http only on loopback), and a provider that says it cannot
    /// do S256 PKCE.
    func check(for settings: OpenIDProviderSettings) throws(OpenIDError) {
        guard issuer == settings.issuer else {
            throw .provider("its discovery document names the issuer “\(issuer)”, not “\(settings.issuer)”")
        }
        for endpoint in [authorizationEndpoint, tokenEndpoint, jwksURI] {
            guard let url = URLComponents(string: endpoint), let scheme = url.scheme?.lowercased(), let host = url.host,
                scheme == "https" || (scheme == "http" && OpenIDText.isLoopback(host: host))
            else { throw .provider("its discovery document has the endpoint “\(endpoint)”, which is not an https URL") }
        }
        if let methods = codeChallengeMethodsSupported, !methods.contains(PKCE.method) {
            throw .provider("it does not support PKCE with S256 (code_challenge_methods_supported: \(methods))")
        }
    }
}
