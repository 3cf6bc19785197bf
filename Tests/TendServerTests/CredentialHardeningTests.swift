import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import TendAPI
import TendCore
import TendDelivery
import TendSQLite
import TendServer
import TendStore
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The hardening issue's "credentials and sessions" findings (docs/security.md): who counts as
/// the person at the machine behind a proxy, the setup code of a fresh server, cookies over TLS,
/// what a new password ends, tokens that expire, and connections that idle.
@Suite("Hardening: proxies, the setup code, cookies over TLS, tokens that end")
struct CredentialHardeningTests {
    static func request(_ headers: HTTPFields = [:], scheme: String? = nil) -> Request {
        Request(
            head: HTTPRequest(method: .get, scheme: scheme, authority: "tend.example", path: "/", headerFields: headers),
            body: RequestBody(buffer: ByteBuffer()))
    }

    static func forwarded(_ chain: String, proto: String? = nil) -> HTTPFields {
        var fields: HTTPFields = [.init("X-Forwarded-For")!: chain]
        if let proto { fields[.init("X-Forwarded-Proto")!] = proto }
        return fields
    }

    @Test("Forwarded headers count only from a trusted proxy; the client is the rightmost untrusted hop")
    func forwardedHeaders() throws {
        let trusting = ClientInfo(configuration: ServerConfiguration(trustProxy: true))
        let docker = ClientInfo(
            configuration: ServerConfiguration(trustProxy: true, trustedProxies: [try #require(IPNetwork("172.17.0.0/16"))]))
        let plain = ClientInfo(configuration: ServerConfiguration())

        // A client that connects directly and claims to be this machine is not believed
        let spoofed = Self.request(Self.forwarded("127.0.0.1", proto: "https"))
        #expect(trusting.resolve(spoofed, peer: "203.0.113.9").address == "203.0.113.9")
        #expect(!trusting.isLoopback(spoofed, peer: "203.0.113.9"))
        #expect(!trusting.isSecure(spoofed, peer: "203.0.113.9"))
        #expect(!docker.isLoopback(spoofed, peer: "203.0.113.9"))

        // Through the proxy, a client's own entry is left of the one the proxy appended
        let relayed = Self.request(Self.forwarded("127.0.0.1, 198.51.100.7", proto: "https"))
        #expect(trusting.resolve(relayed, peer: "127.0.0.1").address == "198.51.100.7")
        #expect(!trusting.isLoopback(relayed, peer: "127.0.0.1"))
        #expect(trusting.isSecure(relayed, peer: "127.0.0.1"))
        #expect(docker.resolve(relayed, peer: "172.17.0.1").address == "198.51.100.7")
        #expect(docker.isSecure(relayed, peer: "::ffff:172.17.0.1"))
        // Proxies in a row: every trusted hop is skipped
        let twoHops = Self.request(Self.forwarded("198.51.100.7, 172.17.0.3"))
        #expect(docker.resolve(twoHops, peer: "172.17.0.2").address == "198.51.100.7")
        // Something that is no address where the client should be: unknown, never loopback
        let garbage = Self.request(Self.forwarded("localhost"))
        #expect(trusting.resolve(garbage, peer: "127.0.0.1").address == nil)
        #expect(!trusting.isLoopback(garbage, peer: "127.0.0.1"))

        // Without --trust-proxy a proxy on this machine relays others: nobody it relays is loopback
        #expect(plain.resolve(relayed, peer: "127.0.0.1").address == "127.0.0.1")
        #expect(!plain.isLoopback(relayed, peer: "127.0.0.1"))
        #expect(!plain.isLoopback(Self.request([.init("X-Real-IP")!: "127.0.0.1"]), peer: "127.0.0.1"))
        #expect(!plain.isLoopback(Self.request([.init("Forwarded")!: "for=127.0.0.1"]), peer: "127.0.0.1"))
        #expect(!plain.isSecure(relayed, peer: "127.0.0.1"))
        // And a request straight from this machine is
        #expect(plain.isLoopback(Self.request(), peer: "127.0.0.1"))
        #expect(plain.isLoopback(Self.request(), peer: "::1"))
        #expect(plain.isLoopback(Self.request(), peer: "::ffff:127.0.0.1"))
        #expect(!plain.isLoopback(Self.request(), peer: nil))
        #expect(plain.isSecure(Self.request(scheme: "https"), peer: nil))
    }

    @Test("CIDR blocks parse strictly and match by prefix")
    func networks() throws {
        let block = try #require(IPNetwork("10.1.0.0/16"))
        #expect(block.contains(try #require(IPAddress("10.1.255.3"))))
        #expect(!block.contains(try #require(IPAddress("10.2.0.1"))))
        #expect(block.contains(try #require(IPAddress("::ffff:10.1.0.9"))))
        let six = try #require(IPNetwork("fd00::/8"))
        #expect(six.contains(try #require(IPAddress("fd12::1"))))
        #expect(!six.contains(try #require(IPAddress("fe80::1"))))
        #expect(try #require(IPNetwork("0.0.0.0/0")).contains(try #require(IPAddress("8.8.8.8"))))
        for bad in ["10.0.0.0/33", "proxy.local", "10.0.0.0/", "10.0.0.0/-1", "", "::1/129", "10.0.0.0/+8"] {
            #expect(IPNetwork(bad) == nil, "\(bad)")
        }
    }

    @Test("/metrics through a proxy on this machine without --trust-proxy needs the owner's token")
    func metricsBehindUntrustedProxy() async throws {
        try await ServerHarness(live: true).run { api in
            #expect(try await api.request(.get, "/metrics").status == .ok)
            try await api.request(.get, "/metrics", headers: Self.forwarded("203.0.113.9")).expectProblem(.unauthorized)
            try await api.request(.get, "/metrics", headers: [.init("X-Real-IP")!: "203.0.113.9"]).expectProblem(.unauthorized)
        }
    }

    @Test("A fresh server's first account needs the setup code unless it comes from this machine", arguments: StoreKind.allCases)
    func setupCode(kind: StoreKind) async throws {
        try await ServerHarness(kind: kind).run { api in
            let body = #"{"username":"ana","password":"\#(APIClient.password)""#
            // Router tests have no peer: like a sign-up from another machine
            try await api.request(.post, "/api/v1/users", json: body + "}").expectProblem(.forbidden, code: "setup-code")
            try await api.request(.post, "/api/v1/users", json: body + #","setupCode":"AAAA-BBBB-CCCC-DDDD"}"#).expectProblem(
                .forbidden)
            // Nothing was created by the refusals
            try await api.request(.post, "/api/v1/tokens", json: body + #","name":"x"}"#).expectProblem(.unauthorized)
            // As people type it: lower case, no dashes
            let typed = APIClient.setupCode.lowercased().replacingOccurrences(of: "-", with: " ")
            #expect(try await api.request(.post, "/api/v1/users", json: body + #","setupCode":"\#(typed)"}"#).status == .created)
        }
        // Over a real connection from this machine no code is asked for
        try await ServerHarness(kind: kind, live: true).run { api in
            let created = try await api.request(
                .post, "/api/v1/users", json: #"{"username":"ana","password":"\#(APIClient.password)"}"#)
            #expect(created.status == .created)
        }
        // A proxy on this machine relays someone else: the code is asked for (without --trust-proxy too)
        try await ServerHarness(kind: kind, live: true).run { api in
            try await api.request(
                .post, "/api/v1/users", json: #"{"username":"ana","password":"\#(APIClient.password)"}"#,
                headers: Self.forwarded("203.0.113.9")
            ).expectProblem(.forbidden)
        }
        // A server that issued no code takes its first account from this machine only
        try await ServerHarness(kind: kind) { $0.setupCode = nil }.run { api in
            try await api.request(
                .post, "/api/v1/users", json: #"{"username":"ana","password":"\#(APIClient.password)","setupCode":""}"#
            ).expectProblem(.forbidden)
        }
    }

    @Test("The setup code is 80 random bits in four groups of Crockford base32")
    func setupCodeShape() {
        let codes = (0..<50).map { _ in SetupCode.generate() }
        #expect(Set(codes).count == 50)
        for code in codes {
            #expect(code.count == 19)
            #expect(code.split(separator: "-").map(\.count) == [4, 4, 4, 4])
            #expect(code.allSatisfy { "0123456789ABCDEFGHJKMNPQRSTVWXYZ-".contains($0) })
            #expect(SetupCode.matches(code.lowercased(), code))
        }
        #expect(!SetupCode.matches(String(repeating: "A", count: 100), String(repeating: "A", count: 100)))
    }

    @Test("Over TLS only the __Host- session cookie is accepted; the form cookie has the prefix too; HSTS is sent")
    func cookiesOverTLS() async throws {
        let https = Self.forwarded("198.51.100.7", proto: "https")
        try await ServerHarness(live: true) {
            $0.trustProxy = true
            $0.openRegistration = true
        }.run { api in
            _ = try await api.request(.post, "/api/v1/users", json: #"{"username":"ana","password":"\#(APIClient.password)"}"#)
            let login = try await api.request(
                .post, "/api/v1/session", json: #"{"username":"ana","password":"\#(APIClient.password)"}"#, headers: https)
            let (header, pair) = try sessionCookie(login)
            #expect(pair.hasPrefix("__Host-tend_session="))
            #expect(header.contains("Secure"))
            #expect(login.headers[.init("Strict-Transport-Security")!] == "max-age=31536000")
            let secret = String(pair.dropFirst("__Host-tend_session=".count))

            var prefixed = https
            prefixed[.cookie] = "__Host-tend_session=\(secret)"
            #expect(try await api.request(.get, "/api/v1/session", headers: prefixed).status == .ok)
            // The same secret under the plain name (planted over HTTP or by a sibling subdomain) is refused over TLS
            var plainNamed = https
            plainNamed[.cookie] = "tend_session=\(secret)"
            try await api.request(.get, "/api/v1/session", headers: plainNamed).expectProblem(.unauthorized)
            // Over plain HTTP the plain name works, and no HSTS is sent
            let plain = try await api.request(.get, "/api/v1/session", headers: [.cookie: "tend_session=\(secret)"])
            #expect(plain.status == .ok)
            #expect(plain.headers[.init("Strict-Transport-Security")!] == nil)

            // The sign-in form's own cookie
            let form = try await api.request(.get, "/login", headers: https)
            #expect(form.headers[.setCookie]?.hasPrefix("__Host-tend_form=") == true)
            #expect(form.headers[.setCookie]?.contains("Secure") == true)
            #expect(try await api.request(.get, "/login").headers[.setCookie]?.hasPrefix("tend_form=") == true)
        }
        // Without --trust-proxy a forwarded https is not believed: no HSTS, no Secure cookie
        try await ServerHarness(live: true).run { api in
            // A server with an account (without one, /login sends its first visitor to /signup).
            _ = try await api.signUp("ana")
            let response = try await api.request(.get, "/login", headers: Self.forwarded("198.51.100.7", proto: "https"))
            #expect(response.headers[.init("Strict-Transport-Security")!] == nil)
            #expect(response.headers[.setCookie]?.hasPrefix("tend_form=") == true)
        }
    }

    @Test("A new password revokes the API tokens (all but the one asking) unless they are kept", arguments: StoreKind.allCases)
    func passwordChangeRevokesTokens(kind: StoreKind) async throws {
        try await ServerHarness(kind: kind).run { api in
            let ana = try await api.signUp("ana")
            let laptop = try await api.token("ana", name: "laptop")
            let change = #"{"current":"\#(APIClient.password)","new":"a brand new passphrase"}"#
            #expect(try await api.request(.put, "/api/v1/account/password", token: ana.token, json: change).status == .noContent)
            // The token that asked stays; the laptop's ended
            #expect(try await api.request(.get, "/api/v1/habits", token: ana.token).status == .ok)
            try await api.request(.get, "/api/v1/habits", token: laptop).expectProblem(.unauthorized)

            // Kept on request
            let phone = try await api.request(
                .post, "/api/v1/tokens", json: #"{"username":"ana","password":"a brand new passphrase","name":"phone"}"#)
            let phoneToken = try #require(try phone.object()["token"] as? String)
            let keep = #"{"current":"a brand new passphrase","new":"yet another passphrase","keepTokens":true}"#
            #expect(try await api.request(.put, "/api/v1/account/password", token: ana.token, json: keep).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/habits", token: phoneToken).status == .ok)
        }
    }

    @Test("An API token can be given an expiry; it is listed, and refused once past it", arguments: StoreKind.allCases)
    func tokenExpiry(kind: StoreKind) async throws {
        let harness = try ServerHarness(kind: kind)
        try await harness.run { api in
            let ana = try await api.signUp("ana")
            let made = try await api.request(
                .post, "/api/v1/tokens", json: #"{"username":"ana","password":"\#(APIClient.password)","name":"ci","expiresInDays":2}"#)
            #expect(made.status == .created)
            let token = try #require(try made.object()["token"] as? String)
            #expect(try made.object()["expiresAt"] is String)
            let listed = try await api.request(.get, "/api/v1/tokens", token: ana.token)
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.text.utf8)) as? [[String: Any]])
            #expect(rows.contains { $0["name"] as? String == "ci" && $0["expiresAt"] is String })
            #expect(rows.contains { $0["name"] as? String == "test" && $0["expiresAt"] is NSNull })
            #expect(try await api.request(.get, "/api/v1/habits", token: token).status == .ok)
            harness.clock.advance(by: 2 * 86_400 + 1)
            try await api.request(.get, "/api/v1/habits", token: token).expectProblem(.unauthorized)
            for bad in ["0", "3651", "-1", "1.5", "\"2\""] {
                let refused = try await api.request(
                    .post, "/api/v1/tokens",
                    json: #"{"username":"ana","password":"\#(APIClient.password)","name":"x","expiresInDays":\#(bad)}"#)
                #expect([400, 422].contains(refused.status.code), "expiresInDays \(bad): \(refused.status)")
            }
        }
    }

    @Test("The sweeper deletes expired sessions as a service of the server")
    func sweeper() async throws {
        let store = try SQLiteStore(inMemoryDevice: "memory")
        let account = try await store.createAccount(
            username: "ana", passwordHash: "h", settings: UserSettings(), policy: .open, now: Date(timeIntervalSince1970: 0))
        _ = try await store.createToken(
            AuthToken(
                owner: account.user.id, kind: .session, name: "old", createdAt: Date(timeIntervalSince1970: 0),
                expiresAt: Date(timeIntervalSince1970: 10)),
            hash: "old")
        let sweeper = ExpiredTokenSweeper(store: store, now: { Date(timeIntervalSince1970: 100) }, logger: .init(label: "test"))
        await sweeper.sweep()
        #expect(try await store.tokens(owner: account.user.id, kind: .session, now: Date(timeIntervalSince1970: 0)).isEmpty)
    }

    @Test("Idle, the sweeper sweeps at the start and once an interval, never in a loop, and stops when cancelled")
    func sweeperIdle() async throws {
        let sweeper = ExpiredTokenSweeper(
            store: try SQLiteStore(inMemoryDevice: "memory"), interval: .milliseconds(200), now: { Date() }, logger: .init(label: "test"))
        let running = Task { try await sweeper.run() }
        let started = ContinuousClock.now
        while sweeper.sweeps < 3, ContinuousClock.now - started < .seconds(60) {
            try await Task.sleep(for: .milliseconds(50))
        }
        let elapsed = ContinuousClock.now - started
        running.cancel()
        _ = await running.result
        let sweeps = sweeper.sweeps
        #expect(sweeps >= 3, "\(sweeps) sweeps in \(elapsed)")
        // One at the start and one per 200 ms: a loop would have made thousands
        #expect(Double(sweeps) <= 2 + 5 * (Double(elapsed.components.seconds) + 1), "\(sweeps) sweeps in \(elapsed)")
        // Cancelled, it sweeps no more
        try await Task.sleep(for: .milliseconds(500))
        #expect(sweeper.sweeps == sweeps)
    }

    @Test("A connection that sends nothing, or stops halfway through its request, is closed after the idle timeout")
    func idleConnections() async throws {
        try await ServerHarness(live: true) { $0.idleTimeout = .seconds(1) }.run { api in
            let port = try #require(api.client.port)
            for opening in ["", "GET /healthz HTTP/1.1\r\nHost: x\r\n"] {
                let started = ContinuousClock.now
                let closed = try await Self.waitForClose(port: port, sending: opening, within: 30)
                #expect(closed, "the server kept an idle connection open (\(opening.isEmpty ? "nothing sent" : "half a request"))")
                #expect(ContinuousClock.now - started >= .milliseconds(900))
            }
        }
    }

    /// Connects to 127.0.0.1:`port`, writes `opening`, and waits (on a thread of its own, not the
    /// test's) until the server closes the connection or `within` seconds pass.
    static func waitForClose(port: Int, sending opening: String, within seconds: Int) async throws -> Bool {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                guard socket >= 0 else { return continuation.resume(throwing: POSIXError(.EIO)) }
                defer { close(socket) }
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = in_port_t(UInt16(port).bigEndian)
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                let connected = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
                guard connected == 0 else { return continuation.resume(throwing: POSIXError(.ECONNREFUSED)) }
                var timeout = timeval(tv_sec: seconds, tv_usec: 0)
                setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                if !opening.isEmpty { _ = opening.withCString { send(socket, $0, strlen($0), 0) } }
                var buffer = [UInt8](repeating: 0, count: 512)
                // 0: the server closed it; -1 with EAGAIN: still open when the wait ended
                while true {
                    let count = recv(socket, &buffer, buffer.count, 0)
                    if count == 0 || (count < 0 && errno == ECONNRESET) { return continuation.resume(returning: true) }
                    if count < 0 { return continuation.resume(returning: false) }
                }
            }
        }
    }
}
