import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendCore
import TendServer
import TendStore
import Testing

@testable import TendWeb

/// Issue 16, finding 6 (open redirect): `next=/%09/evil.example` passed the return-address check
/// and browsers, which drop tabs from a `Location`, went to `//evil.example`. Only a parsed
/// local path is followed now.
@Suite("Return addresses are local paths only")
struct LocalPathTests {
    @Test(
        "Texts a browser could turn into another site, or that are no path, give the fallback",
        arguments: [
            "/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "/ /evil.example", "/\u{0}/evil.example",
            "/\u{0B}/evil.example", "/\u{0C}/evil.example", "/\u{A0}/evil.example", "/\u{2028}/evil.example", "//evil.example",
            "/\\evil.example", "\\/evil.example", "https://evil.example", "javascript:alert(1)", "evil.example", "", " /today",
            "/é", "/" + String(repeating: "a", count: 2048),
        ])
    func refused(_ text: String) {
        #expect(Page.localPath(text, fallback: "/fallback") == "/fallback")
    }

    @Test(
        "Tend's own paths, with queries and fragments, are kept",
        arguments: ["/", "/?date=2025-06-01", "/habits/00000000-0000-0000-0000-000000000001?month=2025-06", "/settings#devices", "/%09x"])
    func kept(_ text: String) {
        #expect(Page.localPath(text, fallback: "/fallback") == text)
    }

    @Test("Signed in, /login?next=/%09/evil.example redirects home, not to another site")
    func loginNext() async throws {
        try await WebHarness().run { browser, _ in
            try await browser.signUp("ana")
            for next in ["/%09/evil.example", "/%0A/evil.example", "/%5Cevil.example", "%2F%2Fevil.example"] {
                let response = try await browser.get("/login?next=\(next)")
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/", "\(next) → \(response.headers[.location] ?? "")")
            }
        }
    }

    @Test("Signing in with a form whose next is /\\t/evil.example lands home")
    func loginFormNext() async throws {
        try await WebHarness().run { browser, _ in
            try await browser.signUp("ana")
            _ = try await browser.post("/logout", [("_csrf", try browser.csrf(in: try await browser.get("/")))])
            let page = try await browser.get("/login")
            let response = try await browser.post(
                "/login",
                [("_csrf", try browser.csrf(in: page)), ("username", "ana"), ("password", Browser.password), ("next", "/\t/evil.example")])
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
        }
    }
}
