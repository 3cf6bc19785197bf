import AsyncHTTPClient
import Logging
import TendOpenID

/// The OpenID Connect providers this server signs people in with (`--oidc`), one client each,
/// made once per server so discovery documents and keys are fetched once, not per sign-in.
package struct SignInProviders: Sendable {
    package let clients: [OpenIDClient]

    package init(configuration: ServerConfiguration, http: HTTPClient = .shared, logger: Logger = Logger(label: "tend.oidc")) {
        clients = configuration.openIDProviders.map {
            OpenIDClient(settings: $0, http: http, keyRefreshInterval: configuration.openIDKeyRefreshInterval, logger: logger)
        }
    }

    package var isEmpty: Bool { clients.isEmpty }

    /// The provider of a sign-in URL's `{provider}` segment.
    package func client(slug: String) -> OpenIDClient? {
        clients.first { $0.settings.slug == slug }
    }

    package func client(issuer: String) -> OpenIDClient? {
        clients.first { $0.settings.issuer == issuer }
    }
}
