import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TendStore

/// Proves who a request comes from: an API token (`Authorization: Bearer`) or the session
/// cookie, else 401. A state-changing request made with the cookie must carry the session's CSRF
/// token (`X-CSRF-Token` header, a `_csrf` form field, or for a file upload `?_csrf=`), else 403. The JSON API and the web
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
    package func authenticate(_ request: inout Request, context: TendRequestContext) async throws -> Identity {
        let now = configuration.now()
        if let secret = request.bearerToken {
            guard let token = try await store.authenticate(tokenHash: Secrets.hash(secret), now: now), token.kind == .api else {
                throw Problem.unauthorized("the API token is not valid (revoked, expired or mistyped)")
            }
            return Identity(owner: token.owner, token: token, method: .bearer, secret: secret)
        }
        guard
            let secret = SessionCookie.secret(
                in: request, secure: ClientInfo(configuration: configuration).isSecure(request, context: context))
        else {
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
                    detail:
                        "a change made with the session cookie needs the session's CSRF token (X-CSRF-Token header or _csrf field; for a file upload the header or ?_csrf=)"
                )
            }
        }
        return Identity(owner: token.owner, token: token, method: .session, secret: secret)
    }

    /// The CSRF token from the header, or from a form body's `_csrf` field (the body is kept for
    /// the route). A file upload (`multipart/form-data`, the web's import form) carries it in the
    /// header or the query (`?_csrf=…`, the form's action), never in the body: its body may be as
    /// large as an import, and is streamed to disk by the route, once.
    private func csrfToken(in request: inout Request) async throws -> String? {
        if let header = request.headers[.xCSRFToken] { return header }
        guard let type = request.headers[.contentType] else { return nil }
        if type.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            let body = try await request.collectBody(upTo: configuration.maximumJSONBody)
            return FormData(String(buffer: body))["_csrf"]
        }
        if MultipartForm.boundary(contentType: type) != nil {
            return request.query("_csrf")
        }
        return nil
    }
}
