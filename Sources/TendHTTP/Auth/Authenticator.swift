import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TendStore
import TendWords

/// Proves who a request comes from: an API token (`Authorization: Bearer`) or the session
/// cookie, else 401. A state-changing request made with the cookie must carry the session's CSRF
/// token (`X-CSRF-Token` header, a `_csrf` form field, or for a file upload `?_csrf=`), else 403. The JSON API and the web
/// pages share it, so both accept exactly the same credentials.
package struct Authenticator: Sendable {
    package let store: any TendStore & AccountStore
    package let configuration: ServerConfiguration
    /// Sign-in by a trusted proxy's header (`--trusted-header`), when configured.
    package let trustedHeader: TrustedHeaderSignIn?

    package init(
        store: any TendStore & AccountStore, configuration: ServerConfiguration,
        trustedHeaderCounts: TrustedHeaderCounts = TrustedHeaderCounts()
    ) {
        self.store = store
        self.configuration = configuration
        trustedHeader = TrustedHeaderSignIn(store: store, configuration: configuration, counts: trustedHeaderCounts)
    }

    /// The identity of a request, or a 401/403 problem. A form body read for its `_csrf` field
    /// is kept for the route.
    package func authenticate(_ request: inout Request, context: TendRequestContext) async throws -> Identity {
        try await authenticateSigningIn(&request, context: context).identity
    }

    /// The identity of a request, and the session cookie to set when a trusted proxy's header
    /// signed the person in just now (``TrustedHeaderSignIn``). An API token decides before the
    /// header does (a script behind the same proxy keeps its own identity).
    package func authenticateSigningIn(
        _ request: inout Request, context: TendRequestContext
    ) async throws -> (identity: Identity, cookie: Cookie?) {
        let now = configuration.now()
        if let secret = request.bearerToken {
            guard let token = try await store.authenticate(tokenHash: Secrets.hash(secret), now: now), token.kind == .api else {
                throw Problem.unauthorized(t("the API token is not valid (revoked, expired or mistyped)"))
            }
            return (Identity(owner: token.owner, token: token, method: .bearer, secret: secret), nil)
        }
        let secure = ClientInfo(configuration: configuration).isSecure(request, context: context)
        let cookieSecret = SessionCookie.secret(in: request, secure: secure)
        if let trustedHeader, let username = trustedHeader.vouchedUsername(request, context: context) {
            let account = try await trustedHeader.account(for: username)
            if let secret = cookieSecret, let token = try await store.authenticate(tokenHash: Secrets.hash(secret), now: now),
                token.kind == .session, token.owner == account.user.id
            {
                return (try await sessionIdentity(token, secret: secret, request: &request), nil)
            }
            // No session, or another person's (the proxy now signs in someone else): a new one.
            // A change cannot ride on it: the page that sent it could not know its CSRF token.
            guard !request.isStateChanging else {
                throw Problem(
                    .forbidden, code: "csrf",
                    detail: t("the proxy signed you in just now: load the page again, then make the change"))
            }
            let session = try await AccountService.createSession(
                owner: account.user.id, store: store, configuration: configuration, request: request, secure: secure)
            trustedHeader.counts.signedIn()
            return (Identity(owner: account.user.id, token: session.token, method: .session, secret: session.secret), session.cookie)
        }
        guard let secret = cookieSecret else {
            throw Problem.unauthorized(t("sign in first: send an API token (Authorization: Bearer) or the session cookie"))
        }
        guard let token = try await store.authenticate(tokenHash: Secrets.hash(secret), now: now), token.kind == .session else {
            throw Problem.unauthorized(t("the session has ended; sign in again"))
        }
        return (try await sessionIdentity(token, secret: secret, request: &request), nil)
    }

    /// A session's identity; a change made with it must carry its CSRF token.
    private func sessionIdentity(_ token: AuthToken, secret: String, request: inout Request) async throws -> Identity {
        if request.isStateChanging {
            let expected = Secrets.csrfToken(forSession: secret)
            let given = try await csrfToken(in: &request)
            guard let given, Secrets.constantTimeEqual(given, expected) else {
                throw Problem(
                    .forbidden, code: "csrf",
                    detail: t(
                        "a change made with the session cookie needs the session's CSRF token (X-CSRF-Token header or _csrf field; for a file upload the header or ?_csrf=)"
                    ))
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
