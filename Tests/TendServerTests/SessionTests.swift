import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendAPI
import TendServer
import Testing

/// The session cookie's `name=value` from a response.
func sessionCookie(_ response: TestResponse) throws -> (header: String, pair: String) {
    let header = try #require(response.headers[.setCookie], "no Set-Cookie")
    let pair = String(try #require(header.split(separator: ";").first))
    return (header, pair)
}

@Suite("Browser sessions: cookie, CSRF, sign-out")
struct SessionTests {
    @Test("Signing in sets an HttpOnly, SameSite=Lax cookie named tend_session over plain HTTP")
    func plainCookie() async throws {
        try await ServerHarness().run { api in
            _ = try await api.signUp("ana")
            let login = try await api.request(.post, "/api/v1/session", json: #"{"username":"ana","password":"\#(APIClient.password)"}"#)
            #expect(login.status == .ok)
            let (header, pair) = try sessionCookie(login)
            #expect(pair.hasPrefix("tend_session="))
            #expect(header.contains("HttpOnly"))
            #expect(header.contains("SameSite=Lax"))
            #expect(header.contains("Path=/"))
            #expect(!header.contains("Secure"))
            #expect(try login.object()["csrfToken"] is String)
        }
    }

    @Test("Behind a trusted proxy that says https, the cookie is Secure with the __Host- prefix; untrusted, the header is ignored")
    func secureCookie() async throws {
        let https: HTTPFields = [.init("X-Forwarded-Proto")!: "https"]
        try await ServerHarness(live: true) { $0.trustProxy = true }.run { api in
            _ = try await api.signUp("ana")
            let login = try await api.request(
                .post, "/api/v1/session", json: #"{"username":"ana","password":"\#(APIClient.password)"}"#, headers: https)
            let (header, pair) = try sessionCookie(login)
            #expect(pair.hasPrefix("__Host-tend_session="))
            #expect(header.contains("Secure"))
            #expect(header.contains("Path=/"))
            #expect(!header.lowercased().contains("domain="))
        }
        try await ServerHarness().run { api in
            _ = try await api.signUp("ana")
            let login = try await api.request(
                .post, "/api/v1/session", json: #"{"username":"ana","password":"\#(APIClient.password)"}"#, headers: https)
            #expect(try sessionCookie(login).pair.hasPrefix("tend_session="))
        }
    }

    @Test("With the cookie, reads work; a change without the CSRF token is 403 and changes nothing; with it, it works")
    func csrf() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let login = try await api.request(.post, "/api/v1/session", json: #"{"username":"ana","password":"\#(APIClient.password)"}"#)
            let cookie: HTTPFields = [.cookie: try sessionCookie(login).pair]
            let csrf = try #require(try login.object()["csrfToken"] as? String)

            #expect(try await api.request(.get, "/api/v1/habits", headers: cookie).status == .ok)
            try await api.request(.post, "/api/v1/habits", json: #"{"name":"Read"}"#, headers: cookie).expectProblem(
                .forbidden, code: "csrf")
            var wrong = cookie
            wrong[.init("X-CSRF-Token")!] = "forged"
            try await api.request(.post, "/api/v1/habits", json: #"{"name":"Read"}"#, headers: wrong).expectProblem(
                .forbidden, code: "csrf")
            #expect(try await api.request(.get, "/api/v1/habits", token: ana.token).array().isEmpty)

            var right = cookie
            right[.init("X-CSRF-Token")!] = csrf
            #expect(try await api.request(.post, "/api/v1/habits", json: #"{"name":"Read"}"#, headers: right).status == .created)

            // A form post carries the token as a field.
            var form = cookie
            form[.contentType] = "application/x-www-form-urlencoded"
            let encoded = csrf.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? csrf
            let settings = try await api.request(
                .get, "/api/v1/session", headers: cookie)
            #expect(try settings.object()["csrfToken"] as? String == csrf)
            let formPost = try await api.request(.delete, "/api/v1/session", headers: form, body: .init(string: "_csrf=\(encoded)"))
            #expect(formPost.status == .noContent)
            try await api.request(.get, "/api/v1/habits", headers: cookie).expectProblem(.unauthorized)
        }
    }

    @Test("A bearer token needs no CSRF token; a session secret is no API token")
    func bearerNeedsNoCSRF() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            #expect(try await api.request(.post, "/api/v1/habits", token: ana.token, json: #"{"name":"Read"}"#).status == .created)
            let login = try await api.request(.post, "/api/v1/session", json: #"{"username":"ana","password":"\#(APIClient.password)"}"#)
            let secret = String(try sessionCookie(login).pair.split(separator: "=", maxSplits: 1)[1])
            try await api.request(.get, "/api/v1/habits", token: secret).expectProblem(.unauthorized)
        }
    }

    @Test("A session expires after its lifetime")
    func expiry() async throws {
        let harness = try ServerHarness { $0.sessionLifetime = 3600 }
        try await harness.run { api in
            _ = try await api.signUp("ana")
            let login = try await api.request(.post, "/api/v1/session", json: #"{"username":"ana","password":"\#(APIClient.password)"}"#)
            let cookie: HTTPFields = [.cookie: try sessionCookie(login).pair]
            #expect(try await api.request(.get, "/api/v1/habits", headers: cookie).status == .ok)
            harness.clock.advance(by: 3601)
            try await api.request(.get, "/api/v1/habits", headers: cookie).expectProblem(.unauthorized)
        }
    }
}

@Suite("Every response: security headers, problem bodies, health and metrics")
struct ResponseTests {
    static let paths: [(HTTPRequest.Method, String)] = [
        (.get, "/healthz"), (.get, "/api/v1/habits"), (.get, "/nowhere"), (.post, "/api/v1/users"),
    ]

    @Test("Security headers are on every response, errors included")
    func securityHeaders() async throws {
        try await ServerHarness().run { api in
            for (method, path) in Self.paths {
                let response = try await api.request(method, path, json: method == .post ? "{" : nil)
                #expect(
                    response.headers[.contentSecurityPolicy]
                        == "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
                    "\(path)")
                #expect(response.headers[.init("X-Content-Type-Options")!] == "nosniff")
                #expect(response.headers[.init("X-Frame-Options")!] == "DENY")
                #expect(response.headers[.init("Referrer-Policy")!] == "same-origin")
                #expect(response.headers[.init("X-Request-ID")!] != nil)
            }
        }
    }

    @Test("An unknown route is a 404 problem body; / is the web app's (sign in first)")
    func unknownRoute() async throws {
        try await ServerHarness().run { api in
            try await api.request(.get, "/api/v1/nothing-here").expectProblem(.notFound)
            try await api.request(.get, "/nothing-here").expectProblem(.notFound)
            let web = try await api.request(.get, "/")
            #expect(web.status == .seeOther)
            #expect(web.headers[.location] == "/login")
        }
    }

    @Test("/healthz answers 200 without a token")
    func health() async throws {
        try await ServerHarness().run { api in
            let response = try await api.request(.get, "/healthz")
            #expect(response.status == .ok)
            #expect(try response.object()["status"] as? String == "ok")
        }
    }

    @Test("/metrics: open from loopback; from elsewhere only with the owner's token")
    func metrics() async throws {
        // Over a real loopback connection: the forwarded headers count because the peer is a trusted proxy
        try await ServerHarness(live: true) {
            $0.trustProxy = true
            $0.openRegistration = true
        }.run { api in
            let ana = try await api.signUp("ana")
            let bo = try await api.signUp("bo")
            let local: HTTPFields = [.init("X-Forwarded-For")!: "127.0.0.1"]
            let remote: HTTPFields = [.init("X-Forwarded-For")!: "203.0.113.9"]
            let open = try await api.request(.get, "/metrics", headers: local)
            #expect(open.status == .ok)
            #expect(open.text.contains("tend_http_requests_total"))
            #expect(open.text.contains("tend_http_request_duration_seconds"))
            try await api.request(.get, "/metrics", headers: remote).expectProblem(.unauthorized)
            try await api.request(.get, "/metrics", token: bo.token, headers: remote).expectProblem(.forbidden)
            #expect(try await api.request(.get, "/metrics", token: ana.token, headers: remote).status == .ok)
        }
    }
}
