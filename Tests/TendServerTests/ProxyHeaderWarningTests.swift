import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import TendSQLite
import TendServer
import TendStore
import TendTestSupport
import Testing

/// A reverse proxy on the same machine that adds no `X-Forwarded-For` (issue 40): its requests
/// come from loopback, so without care each would be "the person at the machine".
@Suite("A proxy on this machine that forgets X-Forwarded-For gets no one's trust, and a warning once")
struct ProxyHeaderWarningTests {
    /// A live server (peer 127.0.0.1) whose log is `log`.
    static func live(
        log: CapturedLog, trustProxy: Bool = false, _ body: @Sendable (APIClient) async throws -> Void
    ) async throws {
        var configuration = try ServerHarness().configuration
        configuration.trustProxy = trustProxy
        let app = buildApplication(configuration, store: try SQLiteStore(inMemoryDevice: "memory"), logger: log.logger(level: .info))
        try await app.test(.live) { client in try await body(APIClient(client: client)) }
    }

    static let hostOnly: HTTPFields = [.init("X-Forwarded-Host")!: "tend.example.com"]
    static let protoOnly: HTTPFields = [.init("X-Forwarded-Proto")!: "https"]

    static func warnings(_ log: CapturedLog) -> [String] {
        log.entries.filter { $0.hasPrefix("warning reverse proxy misconfigured") }
    }

    @Test("Without --trust-proxy, requests from loopback with X-Forwarded-Host log one warning that says what to set")
    func warnsOnce() async throws {
        let log = CapturedLog()
        try await Self.live(log: log) { api in
            // Given a request from this machine with no proxy header: no warning
            _ = try await api.request(.get, "/healthz")
            #expect(Self.warnings(log).isEmpty)
            // When a proxy's requests arrive with X-Forwarded-Host but no X-Forwarded-For, five times
            for _ in 0..<5 { _ = try await api.request(.get, "/healthz", headers: Self.hostOnly) }
        }
        // Then one warning names the fix
        let warnings = Self.warnings(log)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("--trust-proxy") == true)
        #expect(warnings.first?.contains("X-Forwarded-For") == true)
    }

    @Test("With --trust-proxy, a proxy on loopback that sends X-Forwarded-Proto but no X-Forwarded-For is warned about once")
    func trustedProxyWithoutForwardedFor() async throws {
        let log = CapturedLog()
        try await Self.live(log: log, trustProxy: true) { api in
            for _ in 0..<3 { _ = try await api.request(.get, "/healthz", headers: Self.protoOnly) }
            // A proxy that names the client is no mistake
            _ = try await api.request(.get, "/healthz", headers: [.init("X-Forwarded-For")!: "203.0.113.9"])
        }
        let warnings = Self.warnings(log)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("without X-Forwarded-For") == true)
    }

    @Test(
        "A request from loopback carrying any forwarding header is not the person at the machine (/metrics, first sign-up)",
        arguments: ["X-Forwarded-Host", "X-Forwarded-Proto", "X-Forwarded-For", "Forwarded", "X-Real-IP"],
        [false, true])
    func forwardingHeaderIsNotTheMachine(header: String, trustProxy: Bool) async throws {
        let value = header == "Forwarded" ? "for=203.0.113.9" : header == "X-Forwarded-Host" ? "tend.example.com" : "203.0.113.9"
        let headers: HTTPFields = [.init(header)!: header == "X-Forwarded-Proto" ? "https" : value]
        try await Self.live(log: CapturedLog(), trustProxy: trustProxy) { api in
            // Given the machine itself reads /metrics without a token
            #expect(try await api.request(.get, "/metrics").status == .ok)
            // When a proxy on it relays a request with the header
            // Then the token is asked for, and the first account needs the setup code
            try await api.request(.get, "/metrics", headers: headers).expectProblem(.unauthorized)
            try await api.request(
                .post, "/api/v1/users", json: #"{"username":"ana","password":"\#(APIClient.password)"}"#, headers: headers
            ).expectProblem(.forbidden)
        }
    }
}
