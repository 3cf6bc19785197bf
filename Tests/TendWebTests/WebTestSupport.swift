import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization
import TendCore
import TendSQLite
import TendServer
import TendStore
import Testing

@testable import TendWeb

/// A clock tests move by hand: 2025-06-15T15:06:40Z (a Sunday afternoon in UTC) to begin with.
final class WebClock: Sendable {
    private let current: Mutex<Date>

    init(_ date: Date = Date(timeIntervalSince1970: 1_750_000_000)) { current = Mutex(date) }

    var now: Date { current.withLock { $0 } }

    func set(_ date: Date) { current.withLock { $0 = date } }
}

/// The whole application (API and web pages) on an SQLite store in memory, through HummingbirdTesting's
/// router framework: no socket.
struct WebHarness: Sendable {
    let clock = WebClock()
    var configure: @Sendable (inout ServerConfiguration) -> Void = { _ in }
    /// Scheduled backups, for a store that can write them.
    var backups: ScheduledBackups.Configuration? = nil

    func run<Value: Sendable>(
        store given: (any ServerStore)? = nil,
        _ body: @Sendable (Browser, any ServerStore) async throws -> Value
    ) async throws -> Value {
        let store = try given ?? SQLiteStore(inMemoryDevice: "memory")
        var logger = Logger(label: "tend.web.test")
        logger.logLevel = .critical
        let clock = clock
        // Router tests have no peer address, so no sign-up is "from this machine": the first one
        // gives the setup code, as one from another machine must.
        var configuration = ServerConfiguration(setupCode: Browser.setupCode, bcryptCost: 4, now: { clock.now })
        configure(&configuration)
        let app = buildApplication(configuration, store: store, backups: backups, logger: logger)
        return try await app.test(.router) { client in
            try await body(Browser(client: client), store)
        }
    }
}

/// A browser in a test: keeps cookies, reads CSRF tokens from forms, follows nothing by itself.
final class Browser: Sendable {
    let client: any TestClientProtocol
    private let jar = Mutex<[String: String]>([:])
    /// The `Accept-Language` it sends (`nil`: none), as a browser set to a language does.
    private let languages = Mutex<String?>(nil)

    static let password = "correct horse battery"
    static let setupCode = "TEST-SETU-PC0D-E000"

    init(client: any TestClientProtocol) { self.client = client }

    var cookies: [String: String] { jar.withLock { $0 } }

    /// From now on, sends `acceptLanguage` with every request (`nil`: none).
    func speak(_ acceptLanguage: String?) { languages.withLock { $0 = acceptLanguage } }

    /// A second browser on the same server (its own cookies).
    func another() -> Browser { Browser(client: client) }

    @discardableResult
    func request(
        _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: ByteBuffer? = nil
    ) async throws -> TestResponse {
        var headers = headers
        let cookie = jar.withLock { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        if !cookie.isEmpty { headers[.cookie] = cookie }
        if headers[.acceptLanguage] == nil, let languages = languages.withLock({ $0 }) { headers[.acceptLanguage] = languages }
        let response = try await client.execute(uri: path, method: method, headers: headers, body: body)
        for header in response.headers[values: .setCookie] {
            guard let pair = header.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]).trimmingCharacters(in: .whitespaces)
            let value = String(pair[pair.index(after: equals)...])
            jar.withLock { jar in
                if value.isEmpty || header.lowercased().contains("max-age=0") { jar[name] = nil } else { jar[name] = value }
            }
        }
        return response
    }

    func get(_ path: String) async throws -> TestResponse {
        try await request(.get, path, headers: [.accept: "text/html"])
    }

    func post(_ path: String, _ fields: [(String, String)]) async throws -> TestResponse {
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await request(
            .post, path, headers: [.contentType: "application/x-www-form-urlencoded", .accept: "text/html"], body: ByteBuffer(string: body))
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// Signs up through the form (the first account becomes the owner); answers the session's
    /// CSRF token as the Today page carries it.
    @discardableResult
    func signUp(_ username: String, invite: String? = nil, timeZone: String = "UTC") async throws -> String {
        let page = try await get("/signup" + (invite.map { "?invite=\($0)" } ?? ""))
        #expect(page.status == .ok)
        var fields = [("_csrf", try csrf(in: page)), ("username", username), ("password", Self.password), ("timeZone", timeZone)]
        if let invite { fields.append(("invite", invite)) }
        if page.text.contains(#"name="setupCode""#) { fields.append(("setupCode", Self.setupCode)) }
        let created = try await post("/signup", fields)
        try #require(created.status == .seeOther, "sign-up of \(username): \(created.status) \(created.text)")
        #expect(created.headers[.location] == "/")
        return try csrf(in: try await get("/"))
    }

    /// Signs in through the form with the test password.
    func signIn(_ username: String) async throws {
        let page = try await get("/login")
        let signedIn = try await post("/login", [("_csrf", try csrf(in: page)), ("username", username), ("password", Self.password)])
        try #require(signedIn.status == .seeOther, "sign-in of \(username): \(signedIn.status) \(signedIn.text.prefix(300))")
    }

    /// The `_csrf` value of the first form of a page.
    func csrf(in response: TestResponse) throws -> String {
        try #require(Self.firstMatch(#"name="_csrf" value="([^"]+)""#, in: response.text), "no _csrf field in \(response.text.prefix(400))")
    }

    static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}

/// Habits with fixed ids, for pages that must render the same every time.
enum WebFixtures {
    static func id(_ n: Int) -> Habit.ID {
        Habit.ID(rawValue: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))!)
    }

    static func habit(
        _ n: Int, _ name: String, emoji: String = "✅", color: HabitColor = .blue, kind: HabitKind = .good, type: HabitType = .checkmark,
        target: Amount? = nil, unit: String = "", schedule: Schedule = .daily, routineTime: RoutineTime = .anytime,
        createdOn: String = "2025-01-01"
    ) -> Habit {
        Habit(
            id: id(n), name: name, emoji: emoji, color: color, kind: kind, type: type, target: target, unit: unit, schedule: schedule,
            routineTime: routineTime, order: n, createdOn: day(createdOn))
    }

    static func day(_ iso: String) -> Day { try! Day(iso: iso) }

    static func tracked(_ habit: Habit, _ values: [String: Amount] = [:], skipped: [String] = []) -> TrackedHabit {
        TrackedHabit(
            habit: habit,
            entries: values.map { Entry(day: day($0.key), value: $0.value) } + skipped.map { Entry(day: day($0), isSkipped: true) })
    }
}
