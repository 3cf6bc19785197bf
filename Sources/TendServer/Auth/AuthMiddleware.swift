import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TendStore

/// The session cookie's name and attributes.
enum SessionCookie {
    /// Over TLS the cookie is `Secure` and carries the `__Host-` prefix (bound to this host, path
    /// `/`, never set over plain HTTP); otherwise it is `tend_session`.
    static let secureName = "__Host-tend_session"
    static let plainName = "tend_session"

    static func cookie(secret: String, secure: Bool, maxAge: Int) -> Cookie {
        Cookie(
            name: secure ? secureName : plainName, value: secret, maxAge: maxAge, path: "/", secure: secure,
            httpOnly: true, sameSite: .lax)
    }

    static func cleared(secure: Bool) -> Cookie {
        Cookie(name: secure ? secureName : plainName, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// The session secret a request carries, if any.
    static func secret(in request: Request) -> String? {
        let cookies = request.cookies
        for name in [secureName, plainName] {
            if let value = cookies[name]?.value, !value.isEmpty { return value }
        }
        return nil
    }
}

extension Request {
    /// The bearer token of `Authorization: Bearer <token>`, if any.
    var bearerToken: String? {
        guard let header = headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// Whether the method may change state (everything but GET, HEAD and OPTIONS).
    var isStateChanging: Bool {
        ![.get, .head, .options].contains(method)
    }
}

/// Who the client is and how it connects, read honestly: proxy headers count only with
/// `--trust-proxy`.
struct ClientInfo {
    let configuration: ServerConfiguration

    /// The client's IP address: the last `X-Forwarded-For` entry (the one the trusted proxy added)
    /// with `--trust-proxy`, else the connection's peer; `nil` when unknown (router tests).
    func address(_ request: Request, context: TendRequestContext) -> String? {
        if configuration.trustProxy, let forwarded = request.headers[.xForwardedFor],
            let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty
        {
            return last
        }
        return context.remoteAddress?.ipAddress
    }

    /// Whether the client connects from this machine.
    func isLoopback(_ request: Request, context: TendRequestContext) -> Bool {
        guard let address = address(request, context: context) else { return false }
        return address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }

    /// Whether the client reached Tend over TLS: the request's scheme, or a trusted proxy's
    /// `X-Forwarded-Proto: https`.
    func isSecure(_ request: Request) -> Bool {
        if request.head.scheme == "https" { return true }
        if configuration.trustProxy, let proto = request.headers[.xForwardedProto] {
            return proto.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
        }
        return false
    }
}

/// Authenticates every request of the routes inside it: an API token (`Authorization: Bearer`)
/// or the session cookie, else 401. A state-changing request made with the cookie must carry the
/// session's CSRF token (`X-CSRF-Token` header, or a `_csrf` form field), else 403.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = TendRequestContext

    let store: any TendStore & AccountStore
    let configuration: ServerConfiguration

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        var context = context
        context.identity = try await authenticate(&request, maximumFormBody: configuration.maximumJSONBody)
        return try await next(request, context)
    }

    func authenticate(_ request: inout Request, maximumFormBody: Int) async throws -> Identity {
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
            let given = try await csrfToken(in: &request, maximumFormBody: maximumFormBody)
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
    private func csrfToken(in request: inout Request, maximumFormBody: Int) async throws -> String? {
        if let header = request.headers[.xCSRFToken] { return header }
        guard let type = request.headers[.contentType]?.lowercased(), type.hasPrefix("application/x-www-form-urlencoded") else {
            return nil
        }
        let body = try await request.collectBody(upTo: maximumFormBody)
        let text = String(buffer: body)
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == "_csrf" {
                return String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            }
        }
        return nil
    }
}
