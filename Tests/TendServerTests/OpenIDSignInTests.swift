import AsyncHTTPClient
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import TendCore
import TendHTTP
import TendOpenID
import TendSQLite
import TendServer
import TendStore
import TendTestSupport
import Testing

/// A browser's cookies, as far as these tests need them: every `Set-Cookie` taken, a cleared one
/// dropped.
struct CookieJar: Sendable {
    var cookies: [String: String] = [:]

    mutating func take(_ response: TestResponse) {
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";").first.map(String.init) ?? ""
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard let name = parts.first else { continue }
            let value = parts.count > 1 ? parts[1] : ""
            if value.isEmpty || header.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
    }

    var headers: HTTPFields {
        cookies.isEmpty ? [:] : [.cookie: cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")]
    }
}

/// Signing in through an OpenID Connect provider (`--oidc`), through the web pages, against a
/// provider double on loopback that signs real tokens.
@Suite("Household sign-in: OpenID Connect")
struct OpenIDSignInTests {
    /// Follows no redirects: the test plays the browser and looks at each one.
    static let browser = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))

    static func harness(_ provider: OpenIDProviderDouble, configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> ServerHarness
    {
        try ServerHarness {
            $0.openIDProviders = [OpenIDProviderSettings(issuer: provider.issuer, clientID: provider.clientID)]
            $0.openIDKeyRefreshInterval = 0
            // The provider signs with the real clock; ID tokens are checked against the server's.
            $0.now = { Date() }
            configure(&$0)
        }
    }

    static func location(_ response: TestResponse) throws -> String {
        try #require(response.headers[.location], "no Location (status \(response.status)): \(String(buffer: response.body).prefix(3000))")
    }

    /// From the sign-in button to Tend's answer to the provider's callback.
    static func providerSignIn(
        _ api: APIClient, _ provider: OpenIDProviderDouble, jar: inout CookieJar
    ) async throws
        -> (response: TestResponse, callback: String, before: CookieJar)
    {
        let slug = OpenIDProviderSettings(issuer: provider.issuer, clientID: provider.clientID).slug
        let start = try await api.request(.get, "/login/oidc/start/\(slug)", headers: jar.headers)
        #expect(start.status == .seeOther)
        jar.take(start)
        let authorize = try await browser.execute(HTTPClientRequest(url: try location(start)), timeout: .seconds(10))
        #expect(authorize.status.code == 302)
        let redirect = try #require(authorize.headers.first(name: "location"))
        let back = try #require(URLComponents(string: redirect))
        let callback = back.path + "?" + (back.percentEncodedQuery ?? "")
        let before = jar
        let response = try await api.request(.get, callback, headers: jar.headers)
        jar.take(response)
        return (response, callback, before)
    }

    static func formToken(_ page: TestResponse) throws -> String {
        let html = String(buffer: page.body)
        let range = try #require(html.range(of: #"name="_csrf" value="([^"]+)""#, options: .regularExpression))
        return String(html[range].dropFirst(#"name="_csrf" value=""#.count).dropLast())
    }

    static func post(_ api: APIClient, _ path: String, _ fields: [String: String], jar: inout CookieJar) async throws -> TestResponse {
        var headers = jar.headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        let body = fields.map { "\($0.key)=\(OpenIDTestText.encoded($0.value))" }.joined(separator: "&")
        let response = try await api.request(.post, path, headers: headers, body: ByteBuffer(string: body))
        jar.take(response)
        return response
    }

    /// The link page's forms, posted as a browser does (its form token cookie and field).
    static func choose(_ api: APIClient, _ path: String, _ fields: [String: String], jar: inout CookieJar) async throws -> TestResponse {
        let page = try await api.request(.get, "/login/oidc/link", headers: jar.headers)
        #expect(page.status == .ok)
        jar.take(page)
        var fields = fields
        fields["_csrf"] = try formToken(page)
        return try await post(api, path, fields, jar: &jar)
    }

    static func isSignedIn(_ api: APIClient, jar: CookieJar) async throws -> String? {
        let session = try await api.request(.get, "/api/v1/session", headers: jar.headers)
        guard session.status == .ok else { return nil }
        return (try session.object()["account"] as? [String: Any])?["username"] as? String
    }

    @Test(
        "A new identity is linked only with the account's password; after that the provider signs in directly, and a replayed callback signs no one in"
    )
    func linksAfterPassword() async throws {
        try await OpenIDProviderDouble.run { provider in
            let store = try SQLiteStore(inMemoryDevice: "memory")
            try await Self.harness(provider).run(store: store) { api in
                _ = try await api.signUp("ana")
                let login = try await api.request(.get, "/login")
                #expect(String(buffer: login.body).contains("Sign in with 127.0.0.1"))
                var jar = CookieJar()
                let (callback, _, _) = try await Self.providerSignIn(api, provider, jar: &jar)
                #expect(try Self.location(callback) == "/login/oidc/link")
                let page = try await api.request(.get, "/login/oidc/link", headers: jar.headers)
                #expect(String(buffer: page.body).contains("ana@example.org"))
                // Without open registration or approvals there is no new-account form.
                #expect(!String(buffer: page.body).contains("Create my account"))
                let wrong = try await Self.choose(api, "/login/oidc/link", ["username": "ana", "password": "wrong password"], jar: &jar)
                #expect(wrong.status == .unauthorized)
                #expect(try await store.identityOwner(issuer: provider.issuer, subject: "subject-1") == nil)
                let right = try await Self.choose(api, "/login/oidc/link", ["username": "ana", "password": APIClient.password], jar: &jar)
                #expect(try right.status == .seeOther && Self.location(right) == "/")
                #expect(try await Self.isSignedIn(api, jar: jar) == "ana")
                let anaAccount = try #require(await store.account(named: "ana"))
                #expect(try await store.identities(owner: anaAccount.user.id).map(\.label) == ["ana@example.org"])

                // Another browser: the provider alone signs Ana in now.
                var other = CookieJar()
                let (direct, replay, before) = try await Self.providerSignIn(api, provider, jar: &other)
                #expect(try direct.status == .seeOther && Self.location(direct) == "/")
                #expect(try await Self.isSignedIn(api, jar: other) == "ana")
                // The same callback again with the cookies it first came with: refused, nobody signed in.
                #expect(before.cookies["tend_oidc"] != nil)
                let again = try await api.request(.get, replay, headers: before.headers)
                #expect(again.status == .forbidden && again.headers[.setCookie]?.contains("tend_session") != true)
            }
        }
    }

    @Test("A callback without this browser's sign-in, with another state, or a refusal by the provider signs no one in")
    func refusesForeignCallbacks() async throws {
        try await OpenIDProviderDouble.run { provider in
            let store = try SQLiteStore(inMemoryDevice: "memory")
            try await Self.harness(provider).run(store: store) { api in
                _ = try await api.signUp("ana")
                // The callback URL in a browser that did not start the sign-in (login CSRF).
                var started = CookieJar()
                let (_, callback, _) = try await Self.providerSignIn(api, provider, jar: &started)
                var jar = CookieJar()
                let foreign = try await api.request(.get, callback, headers: jar.headers)
                #expect(foreign.status == .forbidden)
                // The browser's own sign-in with another state.
                let slug = OpenIDProviderSettings(issuer: provider.issuer, clientID: provider.clientID).slug
                let start = try await api.request(.get, "/login/oidc/start/\(slug)")
                jar.take(start)
                let forged = try await api.request(.get, "/login/oidc/callback?code=abc&state=not-the-state", headers: jar.headers)
                #expect(forged.status == .forbidden)
                #expect(String(buffer: forged.body).contains("does not belong"))
                // The person says no at the provider.
                provider.denyNext()
                var denied = CookieJar()
                let (refused, _, _) = try await Self.providerSignIn(api, provider, jar: &denied)
                #expect(refused.status == .forbidden && String(buffer: refused.body).contains("access_denied"))
                provider.denyNext(false)
                // A token for another client.
                provider.spoil(.audience("another-app"))
                var spoiled = CookieJar()
                let (bad, _, _) = try await Self.providerSignIn(api, provider, jar: &spoiled)
                #expect(bad.status == .forbidden && String(buffer: bad.body).contains("another client"))
                #expect(try await Self.isSignedIn(api, jar: spoiled) == nil)
                // An unknown provider.
                #expect(try await api.request(.get, "/login/oidc/start/0123456789").status == .notFound)
                #expect(try await store.accountCount() == 1)
            }
        }
    }

    @Test("With --approve-signups a new person's account waits: no session until the owner approves it on the sign-in settings page")
    func approvals() async throws {
        try await OpenIDProviderDouble.run { provider in
            let store = try SQLiteStore(inMemoryDevice: "memory")
            try await Self.harness(provider) { $0.approveSignups = true }.run(store: store) { api in
                let owner = try await api.signUp("ana")
                provider.signInNext(.init(subject: "ben-at-provider", username: "ben", email: "ben@example.org"))
                var jar = CookieJar()
                _ = try await Self.providerSignIn(api, provider, jar: &jar)
                let page = try await api.request(.get, "/login/oidc/link", headers: jar.headers)
                #expect(String(buffer: page.body).contains("Create my account") && String(buffer: page.body).contains(#"value="ben""#))
                // The owner's name is taken; then a free one makes a waiting account.
                let taken = try await Self.choose(api, "/login/oidc/signup", ["username": "ANA"], jar: &jar)
                #expect(taken.status == .conflict)
                let made = try await Self.choose(api, "/login/oidc/signup", ["username": "ben", "timeZone": "Asia/Kathmandu"], jar: &jar)
                #expect(made.status == .ok && String(buffer: made.body).contains("Waiting for approval"))
                #expect(try await Self.isSignedIn(api, jar: jar) == nil)
                let ben = try #require(try await store.account(named: "ben"))
                #expect(!ben.isApproved && ben.user.settings.timeZone == "Asia/Kathmandu")
                // Signing in again through the provider: still waiting.
                var again = CookieJar()
                let (waiting, _, _) = try await Self.providerSignIn(api, provider, jar: &again)
                #expect(waiting.status == .forbidden && String(buffer: waiting.body).contains("approval"))
                // A password sign-up waits too, and cannot sign in.
                let cara = try await api.request(
                    .post, "/api/v1/users", json: #"{"username":"cara","password":"\#(APIClient.password)"}"#)
                #expect(try cara.status == .created && cara.object()["approved"] as? Bool == false)
                try await api.request(.post, "/api/v1/session", json: #"{"username":"cara","password":"\#(APIClient.password)"}"#)
                    .expectProblem(.forbidden, code: "awaiting-approval")

                // The owner approves Ben on the sign-in settings page.
                let session = try await api.request(
                    .post, "/api/v1/session", json: #"{"username":"ana","password":"\#(APIClient.password)"}"#)
                var ownerJar = CookieJar()
                ownerJar.take(session)
                let csrf = try #require(try session.object()["csrfToken"] as? String)
                let settings = try await api.request(.get, "/settings/sign-in", headers: ownerJar.headers)
                #expect(String(buffer: settings.body).contains("waiting-ben") && String(buffer: settings.body).contains("waiting-cara"))
                var headers = ownerJar.headers
                headers[HTTPField.Name("X-CSRF-Token")!] = csrf
                let approved = try await api.request(.post, "/settings/sign-in/accounts/\(ben.user.id)/approve", headers: headers)
                #expect(approved.status == .seeOther)
                let declined = try await api.request(
                    .post, "/settings/sign-in/accounts/\(try #require(cara.object()["id"] as? String))/decline", headers: headers)
                #expect(declined.status == .seeOther)
                #expect(try await store.account(named: "cara") == nil)
                // Approving an account that does not wait: 404; a member cannot approve: 403.
                #expect(
                    try await api.request(.post, "/settings/sign-in/accounts/\(owner.id)/approve", headers: headers).status == .notFound)
                var benJar = CookieJar()
                let (signedIn, _, _) = try await Self.providerSignIn(api, provider, jar: &benJar)
                #expect(signedIn.status == .seeOther)
                #expect(try await Self.isSignedIn(api, jar: benJar) == "ben")
            }
        }
    }

    @Test("Unlinking a provider on the sign-in settings page: the next provider sign-in asks for a password again")
    func unlinks() async throws {
        try await OpenIDProviderDouble.run { provider in
            let store = try SQLiteStore(inMemoryDevice: "memory")
            try await Self.harness(provider).run(store: store) { api in
                let ana = try await api.signUp("ana")
                let anaID = try #require(UUID(uuidString: ana.id))
                try await store.linkIdentity(
                    LinkedIdentity(
                        issuer: provider.issuer, subject: "subject-1", owner: .init(rawValue: anaID), label: "ana", createdAt: Date()))
                var jar = CookieJar()
                _ = try await Self.providerSignIn(api, provider, jar: &jar)
                let page = try await api.request(.get, "/settings/sign-in", headers: jar.headers)
                #expect(String(buffer: page.body).contains("Unlink 127.0.0.1"))
                let csrf = try Self.formToken(page)
                let unlinked = try await Self.post(
                    api, "/settings/sign-in/unlink", ["_csrf": csrf, "issuer": provider.issuer, "subject": "subject-1"], jar: &jar)
                #expect(unlinked.status == .seeOther)
                var next = CookieJar()
                let (choose, _, _) = try await Self.providerSignIn(api, provider, jar: &next)
                #expect(try Self.location(choose) == "/login/oidc/link")
            }
        }
    }
}

enum OpenIDTestText {
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
