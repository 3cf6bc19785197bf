import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendCore
import TendServer
import TendStore
import Testing

@testable import TendWeb

/// Issue 16, finding 7 on the web pages: the forms that set or clear the session cookie (sign-in,
/// sign-up, sign-out) refuse a request whose `Origin` is another site's, even with a valid form
/// token; Tend's own `Origin`, or none, works.
@Suite("Sign-in, sign-up and sign-out forms refuse another site's Origin")
struct SignInOriginTests {
    static func post(_ browser: Browser, _ path: String, _ fields: [(String, String)], origin: String?) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .accept: "text/html"]
        if let origin { headers[.origin] = origin }
        let body = fields.map { "\(Browser.encode($0.0))=\(Browser.encode($0.1))" }.joined(separator: "&")
        return try await browser.request(.post, path, headers: headers, body: ByteBuffer(string: body))
    }

    @Test("Another site's Origin: 403 and no session; the server's own: signed in")
    func signIn() async throws {
        try await WebHarness(configure: { $0.publicURL = URL(string: "https://habits.example.com") }).run { browser, _ in
            try await browser.signUp("ana")
            let visitor = browser.another()
            let page = try await visitor.get("/login")
            let fields = [("_csrf", try visitor.csrf(in: page)), ("username", "ana"), ("password", Browser.password)]
            let foreign = try await Self.post(visitor, "/login", fields, origin: "https://evil.example")
            #expect(foreign.status == .forbidden)
            #expect(visitor.cookies.keys.allSatisfy { !$0.contains("tend_session") })
            let own = try await Self.post(visitor, "/login", fields, origin: "https://habits.example.com")
            #expect(own.status == .seeOther)
            #expect(visitor.cookies.keys.contains { $0.contains("tend_session") })
        }
    }

    @Test("Sign-up from another site's page is 403 and creates no account")
    func signUp() async throws {
        try await WebHarness().run { browser, store in
            let page = try await browser.get("/signup")
            let fields = [("_csrf", try browser.csrf(in: page)), ("username", "ana"), ("password", Browser.password), ("timeZone", "UTC")]
            let response = try await Self.post(browser, "/signup", fields, origin: "https://evil.example")
            #expect(response.status == .forbidden)
            #expect(try await store.accountCount() == 0)
        }
    }

    @Test("Sign-out from another site's page is 403, with the CSRF token too, and the browser stays signed in")
    func signOut() async throws {
        try await WebHarness().run { browser, _ in
            let csrf = try await browser.signUp("ana")
            let response = try await Self.post(browser, "/logout", [("_csrf", csrf)], origin: "https://evil.example")
            #expect(response.status == .forbidden)
            #expect(try await browser.get("/").status == .ok)
        }
    }
}
