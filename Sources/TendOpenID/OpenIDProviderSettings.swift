import Foundation

/// One OpenID Connect provider Tend signs people in with, as `tend serve --oidc
/// ISSUER_URL,CLIENT_ID[,SECRET]` names it. The client secret is optional: a public client
/// (PKCE alone) is how Authelia, Authentik, Keycloak and Dex can all be set up.
public struct OpenIDProviderSettings: Hashable, Sendable {
    /// The issuer URL, exactly as the provider's ID tokens carry it in `iss`.
    public var issuer: String
    public var clientID: String
    public var clientSecret: String?

    public init(issuer: String, clientID: String, clientSecret: String? = nil) {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
    }

    /// Parses `ISSUER_URL,CLIENT_ID[,SECRET]`. The issuer must be an absolute `https` URL (or
    /// `http` on this machine, for a provider on loopback) without query or fragment, as OpenID
    /// Connect Discovery requires.
    public init(parsing text: String) throws(OpenIDError) {
        let parts = text.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .configuration("--oidc takes ISSUER_URL,CLIENT_ID[,CLIENT_SECRET], got “\(text)”")
        }
        try Self.checkIssuer(parts[0])
        self.init(issuer: parts[0], clientID: parts[1], clientSecret: parts.count > 2 && !parts[2].isEmpty ? parts[2] : nil)
    }

    /// A short stable name for URLs (`/login/oidc/{slug}`): the first 10 hex digits of the issuer's
    /// SHA-256, so the issuer URL itself never has to fit in a path segment.
    public var slug: String { OpenIDText.shortHash(issuer) }

    /// The provider's host as the sign-in page names it ("Sign in with auth.example.org").
    public var displayName: String { Self.displayName(issuer: issuer) }

    /// An issuer's host (the whole issuer if it has none): how pages name a provider.
    public static func displayName(issuer: String) -> String {
        URLComponents(string: issuer)?.host ?? issuer
    }

    static func checkIssuer(_ issuer: String) throws(OpenIDError) {
        guard let url = URLComponents(string: issuer), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
            url.query == nil, url.fragment == nil
        else {
            throw .configuration("the OpenID issuer “\(issuer)” is not an absolute URL without query and fragment")
        }
        guard scheme == "https" || (scheme == "http" && OpenIDText.isLoopback(host: host)) else {
            throw .configuration("the OpenID issuer “\(issuer)” must use https (http only for a provider on this machine)")
        }
    }
}
