import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization
import TendAPI
import TendCore
import TendFixtures
import TendPostgres
import TendSQLite
import TendServer
import TendStore
import TendTestSupport
import Testing

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ date: Date = Date(timeIntervalSince1970: 1_750_000_000)) {  // 2025-06-15T15:06:40Z
        current = Mutex(date)
    }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    func set(_ date: Date) {
        current.withLock { $0 = date }
    }
}

/// The stores the server tests run on: SQLite in memory (the default, fast), SQLite on a file
/// (WAL, the pool of readers) and PostgreSQL.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory, sqlite, postgres

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty store of this kind (PostgreSQL: a database of its own on the
    /// server `scripts/with-postgres` started, dropped afterwards).
    func withStore<Value>(clock: TestClock, _ body: (any ServerStore) async throws -> Value) async throws -> Value {
        switch self {
        case .memory:
            return try await body(try SQLiteStore(inMemoryDevice: "server-test", now: { clock.now }))
        case .sqlite:
            let directory = try TemporaryDirectory()
            return try await body(try SQLiteStore(path: directory.path("tend.sqlite"), device: "server-test", now: { clock.now }))
        case .postgres:
            return try await PostgresTestDatabase.withDatabase { location in
                let store = try await PostgresStore.connect(
                    location: location, device: "server-test", maximumConnections: 4, timeout: .seconds(90), now: { clock.now })
                do {
                    let value = try await body(store)
                    await store.close()
                    return value
                } catch {
                    await store.close()
                    throw error
                }
            }
        }
    }
}

/// A server in a test: a literal configuration (bcrypt cost 4, a hand-moved clock) and a new store.
struct ServerHarness: Sendable {
    let clock: TestClock
    let kind: StoreKind
    let configuration: ServerConfiguration
    /// Over a real loopback connection (a peer address, `127.0.0.1`) instead of the router alone.
    let live: Bool

    init(kind: StoreKind = .memory, live: Bool = false, configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        let clock = TestClock()
        self.clock = clock
        self.kind = kind
        self.live = live
        // Router tests have no peer address, so no sign-up is "from this machine": the first one
        // gives the setup code, as one from another machine must.
        var configuration = ServerConfiguration(setupCode: APIClient.setupCode, bcryptCost: 4, now: { clock.now })
        configure(&configuration)
        self.configuration = configuration
    }

    /// Runs `body` against the application on `store`, which the test reads and writes too.
    func run<Value: Sendable>(store: any ServerStore, _ body: @Sendable (APIClient) async throws -> Value) async throws -> Value {
        var logger = Logger(label: "tend.server.test")
        logger.logLevel = .warning
        let app = buildApplication(configuration, store: store, logger: logger)
        return try await app.test(live ? .live : .router) { client in try await body(APIClient(client: client)) }
    }

    /// Runs `body` against the application through HummingbirdTesting's router framework.
    func run<Value: Sendable>(_ body: @Sendable (APIClient) async throws -> Value) async throws -> Value {
        var logger = Logger(label: "tend.server.test")
        logger.logLevel = .warning
        let configuration = configuration
        return try await kind.withStore(clock: clock) { store in
            let app = buildApplication(configuration, store: store, logger: logger)
            return try await app.test(live ? .live : .router) { client in
                try await body(APIClient(client: client))
            }
        }
    }
}

/// A signed-in user of a test: the API token and the account's id.
struct Login: Sendable {
    var username: String
    var token: String
    var id: String
}

/// Requests as tests write them.
struct APIClient: Sendable {
    let client: any TestClientProtocol

    static let password = "correct horse battery"
    static let setupCode = "TEST-SETU-PC0D-E000"

    @discardableResult
    func request(
        _ method: HTTPRequest.Method, _ path: String, token: String? = nil, json: String? = nil, headers: HTTPFields = [:],
        body: ByteBuffer? = nil
    ) async throws -> TestResponse {
        var headers = headers
        if let token { headers[.authorization] = "Bearer \(token)" }
        var buffer = body
        if let json {
            buffer = ByteBuffer(string: json)
            if headers[.contentType] == nil { headers[.contentType] = "application/json" }
        }
        return try await client.execute(uri: path, method: method, headers: headers, body: buffer)
    }

    /// Creates an account and an API token for it.
    func signUp(_ username: String, invite: String? = nil) async throws -> Login {
        let inviteField = invite.map { #","invite":"\#($0)""# } ?? ""
        let created = try await request(
            .post, "/api/v1/users",
            json: #"{"username":"\#(username)","password":"\#(Self.password)","setupCode":"\#(Self.setupCode)"\#(inviteField)}"#)
        try #require(created.status == .created, "sign-up of \(username): \(created.status) \(created.text)")
        let id = try created.object()["id"] as? String ?? ""
        return Login(username: username, token: try await token(username), id: id)
    }

    func token(_ username: String, name: String = "test") async throws -> String {
        let response = try await request(
            .post, "/api/v1/tokens", json: #"{"username":"\#(username)","password":"\#(Self.password)","name":"\#(name)"}"#)
        try #require(response.status == .created, "token for \(username): \(response.status) \(response.text)")
        return try #require(try response.object()["token"] as? String)
    }

    /// Creates a habit from JSON and answers its id.
    func createHabit(_ login: Login, _ json: String) async throws -> String {
        let response = try await request(.post, "/api/v1/habits", token: login.token, json: json)
        try #require(response.status == .created, "create habit: \(response.status) \(response.text)")
        return try #require(try response.object()["id"] as? String)
    }

    /// The user's whole export: compared before and after a refused request.
    func export(_ login: Login) async throws -> String {
        let response = try await request(.get, "/api/v1/export", token: login.token)
        try #require(response.status == .ok, "export: \(response.status) \(response.text)")
        return response.text
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    func object() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any], "not an object: \(text)")
    }

    func array() throws -> [Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [Any], "not an array: \(text)")
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: Data(body.readableBytesView))
    }

    /// Checks that this is an RFC 9457 problem body with `status`, and answers it.
    @discardableResult
    func expectProblem(
        _ status: HTTPResponse.Status, code: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ProblemDetails {
        #expect(self.status == status, "expected \(status), got \(self.status): \(text)", sourceLocation: sourceLocation)
        #expect(headers[.contentType] == "application/problem+json", sourceLocation: sourceLocation)
        let object = try object()
        #expect(Set(object.keys).isSuperset(of: ["type", "title", "status", "detail"]), sourceLocation: sourceLocation)
        let problem = try decode(ProblemDetails.self)
        #expect(problem.status == Int(status.code), sourceLocation: sourceLocation)
        if let code { #expect(problem.code == code, "code: \(problem.code)", sourceLocation: sourceLocation) }
        return problem
    }
}
