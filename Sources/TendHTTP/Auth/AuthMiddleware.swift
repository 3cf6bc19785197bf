import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TendStore

/// The session cookie's name and attributes.
package enum SessionCookie {
    /// Over TLS the cookie is `Secure` and carries the `__Host-` prefix (bound to this host, path
    /// `/`, never set over plain HTTP); otherwise it is `tend_session`.
    package static let secureName = "__Host-tend_session"
    package static let plainName = "tend_session"

    package static func cookie(secret: String, secure: Bool, maxAge: Int) -> Cookie {
        Cookie(
            name: secure ? secureName : plainName, value: secret, maxAge: maxAge, path: "/", secure: secure,
            httpOnly: true, sameSite: .lax)
    }

    package static func cleared(secure: Bool) -> Cookie {
        Cookie(name: secure ? secureName : plainName, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// The session secret a request carries, if any.
    package static func secret(in request: Request) -> String? {
        let cookies = request.cookies
        for name in [secureName, plainName] {
            if let value = cookies[name]?.value, !value.isEmpty { return value }
        }
        return nil
    }
}

extension Request {
    /// The bearer token of `Authorization: Bearer <token>`, if any.
    /// Every API request reads it, so it works on the header's bytes (Foundation's
    /// `trimmingCharacters` goes through NSString, a tenth of a check-in's own work).
    package var bearerToken: String? {
        guard let header = headers[.authorization] else { return nil }
        var bytes = header.utf8[...]
        let scheme = bytes.prefix { $0 != UInt8(ascii: " ") }
        guard scheme.count == 6, zip(scheme, "bearer".utf8).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        bytes = bytes.dropFirst(6)
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        bytes = bytes.drop(while: isBlank)
        while let last = bytes.last, isBlank(last) { bytes = bytes.dropLast() }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the method may change state (everything but GET, HEAD and OPTIONS).
    package var isStateChanging: Bool {
        ![.get, .head, .options].contains(method)
    }
}

/// Who the client is and how it connects, read honestly: proxy headers count only with
/// `--trust-proxy`.
package struct ClientInfo: Sendable {
    package let configuration: ServerConfiguration

    package init(configuration: ServerConfiguration) { self.configuration = configuration }

    /// The client's IP address: the last `X-Forwarded-For` entry (the one the trusted proxy added)
    /// with `--trust-proxy`, else the connection's peer; `nil` when unknown (router tests).
    package func address(_ request: Request, context: TendRequestContext) -> String? {
        if configuration.trustProxy, let forwarded = request.headers[.xForwardedFor],
            let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty
        {
            return last
        }
        return context.remoteAddress?.ipAddress
    }

    /// Whether the client connects from this machine.
    package func isLoopback(_ request: Request, context: TendRequestContext) -> Bool {
        guard let address = address(request, context: context) else { return false }
        return address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }

    /// Whether the client reached Tend over TLS: the request's scheme, or a trusted proxy's
    /// `X-Forwarded-Proto: https`.
    package func isSecure(_ request: Request) -> Bool {
        if request.head.scheme == "https" { return true }
        if configuration.trustProxy, let proto = request.headers[.xForwardedProto] {
            return proto.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
        }
        return false
    }
}

/// Proves who a request comes from: an API token (`Authorization: Bearer`) or the session
/// cookie, else 401. A state-changing request made with the cookie must carry the session's CSRF
/// token (`X-CSRF-Token` header, or a `_csrf` form field), else 403. The JSON API and the web
/// pages share it, so both accept exactly the same credentials.
package struct Authenticator: Sendable {
    package let store: any TendStore & AccountStore
    package let configuration: ServerConfiguration

    package init(store: any TendStore & AccountStore, configuration: ServerConfiguration) {
        self.store = store
        self.configuration = configuration
    }

    /// The identity of a request, or a 401/403 problem. A form body read for its `_csrf` field
    /// is kept for the route.
    package func authenticate(_ request: inout Request) async throws -> Identity {
        let now = configuration.now()
        if let secret = request.bearerToken {
            guard let token = try await store.authenticate(tokenHash: Secrets.hash(secret), now: now), token.kind == .api else {
                throw Problem.unauthorized("the API token is not valid (revoked, expired or mistyped)")
            }
            return Identity(owner: token.owner, token: token, method: .bearer, secret: secret)
        }
        guard let secret = SessionCookie.secret(in: request) else {
            throw Problem.unauthorized("sign in first: send an API token (Authorization: Bearer) or the session cookie")
        }
        guard let token = try await store.authenticate(tokenHash: Secrets.hash(secret), now: now), token.kind == .session else {
            throw Problem.unauthorized("the session has ended; sign in again")
        }
        if request.isStateChanging {
            let expected = Secrets.csrfToken(forSession: secret)
            let given = try await csrfToken(in: &request)
            guard let given, Secrets.constantTimeEqual(given, expected) else {
                throw Problem(
                    .forbidden, code: "csrf",
                    detail: "a change made with the session cookie needs the session's CSRF token (X-CSRF-Token header or _csrf field)")
            }
        }
        return Identity(owner: token.owner, token: token, method: .session, secret: secret)
    }

    /// The CSRF token from the header, or from a form body's `_csrf` field (the body is kept for
    /// the route).
    private func csrfToken(in request: inout Request) async throws -> String? {
        if let header = request.headers[.xCSRFToken] { return header }
        guard let type = request.headers[.contentType] else { return nil }
        if type.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            let body = try await request.collectBody(upTo: configuration.maximumJSONBody)
            return FormData(String(buffer: body))["_csrf"]
        }
        // A file upload (the web's import form): the body may be as large as an import.
        if let boundary = MultipartForm.boundary(contentType: type) {
            let limit = configuration.maximumImportBody
            if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw Problem.tooLarge(limit) }
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: limit)
            } catch is NIOTooManyBytesError {
                throw Problem.tooLarge(limit)
            }
            return (try? MultipartForm(Data(body.readableBytesView), boundary: boundary))?["_csrf"]?.text
        }
        return nil
    }
}

/// Authenticates every request of the routes inside it (see ``Authenticator``): the identity
/// is the context's from here on. ``ChangeNotificationMiddleware`` goes right after it.
package struct AuthMiddleware: RouterMiddleware {
    package typealias Context = TendRequestContext

    package let authenticator: Authenticator

    package init(authenticator: Authenticator) {
        self.authenticator = authenticator
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        var context = context
        context.identity = try await authenticator.authenticate(&request)
        return try await next(request, context)
    }
}

extension HTTPField.Name {
    package static let xCSRFToken = HTTPField.Name("X-CSRF-Token")!
    package static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    package static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
}
