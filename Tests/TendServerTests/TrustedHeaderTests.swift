import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendAPI
import TendHTTP
import TendServer
import Testing

/// Sign-in by a signing-in reverse proxy's header (`--trusted-header`), over real loopback
/// connections: the connection's peer address decides whether the header is believed.
@Suite("Household sign-in: the trusted header")
struct TrustedHeaderTests {
    static let user = HTTPField.Name("X-Forwarded-User")!
    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!

    static func username(_ response: TestResponse) throws -> String? {
        (try response.object()["account"] as? [String: Any])?["username"] as? String
    }

    @Test("From a trusted proxy the header signs its user in with a session of Tend's own; changes still need its CSRF token")
    func signsIn() async throws {
        try await ServerHarness(live: true) { $0.trustedHeader = "X-Forwarded-User" }.run { api in
            _ = try await api.signUp("ana")
            let first = try await api.request(.get, "/api/v1/session", headers: [Self.user: "Ana"])
            #expect(first.status == .ok)
            #expect(try Self.username(first) == "ana")
            let cookie = try sessionCookie(first)
            let csrf = try #require(try first.object()["csrfToken"] as? String)
            // The same person again with the cookie: the same session, no new cookie.
            let again = try await api.request(.get, "/api/v1/habits", headers: [Self.user: "ana", .cookie: cookie.pair])
            #expect(again.status == .ok && again.headers[.setCookie] == nil)
            // A change needs the session's CSRF token, as with a password's session.
            try await api.request(.post, "/api/v1/habits", json: #"{"name":"Read"}"#, headers: [Self.user: "ana", .cookie: cookie.pair])
                .expectProblem(.forbidden, code: "csrf")
            let made = try await api.request(
                .post, "/api/v1/habits", json: #"{"name":"Read"}"#,
                headers: [Self.user: "ana", .cookie: cookie.pair, Self.csrfHeader: csrf])
            #expect(made.status == .created)
            // A change as the very first request (no session yet) cannot carry a CSRF token: refused, nothing made.
            try await api.request(.post, "/api/v1/habits", json: #"{"name":"Run"}"#, headers: [Self.user: "ana"])
                .expectProblem(.forbidden, code: "csrf")
            let habits = try await api.request(.get, "/api/v1/habits", headers: [Self.user: "ana", .cookie: cookie.pair]).array()
            #expect(habits.count == 1)
        }
    }

    @Test(
        "Someone else behind the proxy gets their own session, even with the previous person's cookie; an API token keeps its own identity")
    func switchesPeople() async throws {
        try await ServerHarness(live: true) {
            $0.trustedHeader = "X-Forwarded-User"
            $0.openRegistration = true
        }.run { api in
            let ana = try await api.signUp("ana")
            _ = try await api.signUp("ben")
            let anas = try sessionCookie(try await api.request(.get, "/api/v1/session", headers: [Self.user: "ana"]))
            let switched = try await api.request(.get, "/api/v1/session", headers: [Self.user: "ben", .cookie: anas.pair])
            #expect(try Self.username(switched) == "ben")
            #expect(try sessionCookie(switched).pair != anas.pair)
            let account = try await api.request(.get, "/api/v1/account", token: ana.token, headers: [Self.user: "ben"])
            #expect(try account.object()["username"] as? String == "ana")
        }
    }

    @Test("A user without an account is refused unless sign-up by header is on; then one account is made, and a bad name is refused")
    func signUp() async throws {
        let header = HTTPField.Name("Remote-User")!
        try await ServerHarness(live: true) { $0.trustedHeader = "Remote-User" }.run { api in
            _ = try await api.signUp("ana")
            try await api.request(.get, "/api/v1/habits", headers: [header: "ben"]).expectProblem(.forbidden, code: "no-account")
        }
        try await ServerHarness(live: true) {
            $0.trustedHeader = "Remote-User"
            $0.trustedHeaderSignup = true
        }.run { api in
            _ = try await api.signUp("ana")
            let first = try await api.request(.get, "/api/v1/session", headers: [header: "ben"])
            #expect(first.status == .ok)
            #expect(try Self.username(first) == "ben")
            let second = try await api.request(.get, "/api/v1/session", headers: [header: "BEN"])
            #expect(try Self.username(second) == "ben")
            // Ben's account is a member's, not a second owner's; and it has no password anyone knows.
            #expect(try (first.object()["account"] as? [String: Any])?["role"] as? String == "member")
            try await api.request(.post, "/api/v1/tokens", json: #"{"username":"ben","password":"\#(APIClient.password)","name":"x"}"#)
                .expectProblem(.unauthorized)
            try await api.request(.get, "/api/v1/habits", headers: [header: "not a name!"]).expectProblem(.forbidden, code: "no-account")
        }
    }

    @Test("From an address that is no trusted proxy the header is ignored and counted; it signs no one in")
    func untrustedAddress() async throws {
        try await ServerHarness(live: true) {
            $0.trustedHeader = "X-Forwarded-User"
            $0.trustedProxies = [IPNetwork("10.0.0.0/8")!]
            $0.trustedHeaderSignup = true
        }.run { api in
            let ana = try await api.signUp("ana")
            try await api.request(.get, "/api/v1/habits", headers: [Self.user: "ana"]).expectProblem(.unauthorized)
            try await api.request(.get, "/api/v1/session", headers: [Self.user: "mallory"]).expectProblem(.unauthorized)
            // Loopback asks /metrics without a token.
            let metrics = try await api.request(.get, "/metrics", token: ana.token).text
            #expect(metrics.contains(#"tend_trusted_header_total{result="ignored-untrusted-address"} 2"#))
            #expect(metrics.contains(#"tend_trusted_header_total{result="signed-up"} 0"#))
        }
    }
}
