import Foundation
import Hummingbird
import NIOCore
import TendStore
import TendWords

/// How a request proved who it comes from.
public enum AuthenticationMethod: String, Sendable {
    /// `Authorization: Bearer <API token>`: needs no CSRF token (browsers never attach it by themselves).
    case bearer
    /// The browser session cookie: state-changing requests must also carry the CSRF token.
    case session
}

/// The signed-in user of a request.
public struct Identity: Sendable {
    public var owner: User.ID
    public var token: AuthToken
    public var method: AuthenticationMethod
    /// The secret the client presented (needed to derive the session's CSRF token).
    package var secret: String

    package init(owner: User.ID, token: AuthToken, method: AuthenticationMethod, secret: String) {
        self.owner = owner
        self.token = token
        self.method = method
        self.secret = secret
    }
}

/// The request context of every Tend route: who is asking (set by ``AuthMiddleware``) and from
/// which address.
public struct TendRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connection's peer (`nil` in router tests).
    public let remoteAddress: SocketAddress?
    /// Set once the request is authenticated.
    public var identity: Identity?
    public var maxUploadSize: Int

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        maxUploadSize = 1 << 20
    }

    /// The authenticated user, or 401.
    public func requireIdentity() throws -> Identity {
        guard let identity else { throw Problem.unauthorized(t("sign in first: send an API token or a session cookie")) }
        return identity
    }

    public var requestDecoder: JSONDecoder { APIJSON.decoder() }
    public var responseEncoder: JSONEncoder { APIJSON.encoder() }
}

/// JSON as the API reads and writes it: ISO 8601 dates, sorted keys.
package enum APIJSON {
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    package static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
