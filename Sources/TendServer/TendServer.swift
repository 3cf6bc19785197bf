import Foundation
import Hummingbird
import Logging
import NIOCore
import TendAPI
import TendCore
import TendStore

/// `tend serve`'s HTTP application.
public enum TendServer {
    /// Builds the application: the JSON API under `/api/v1`, `/healthz` and `/metrics`, with
    /// problem bodies for every error, security headers and a log line per request. The same
    /// function serves production (`tend serve`) and tests (`app.test(.router)`).
    public static func makeApplication(
        _ configuration: ServerConfiguration,
        store: any TendStore & AccountStore,
        logger: Logger,
        metrics: ServerMetrics = ServerMetrics(),
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = makeRouter(configuration, store: store, metrics: metrics)
        return Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Tend"),
            onServerRunning: onServerRunning,
            logger: logger)
    }

    /// The router with every route and middleware, for ``makeApplication(_:store:logger:metrics:onServerRunning:)``.
    public static func makeRouter(
        _ configuration: ServerConfiguration, store: any TendStore & AccountStore, metrics: ServerMetrics
    ) -> Router<TendRequestContext> {
        let router = Router(context: TendRequestContext.self)
        router.add(middleware: RequestLogMiddleware(metrics: metrics))
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ProblemMiddleware())

        let server = ServerDependencies(configuration: configuration, store: store, metrics: metrics)
        OperationsController(server: server).addRoutes(to: router)

        let open = router.group(RouterPath(APIPaths.base))
        let signedIn = router.group(RouterPath(APIPaths.base)).add(middleware: AuthMiddleware(store: store, configuration: configuration))
        AccountController(server: server).addRoutes(open: open, signedIn: signedIn)
        HabitController(server: server).addRoutes(to: signedIn)
        DayController(server: server).addRoutes(to: signedIn)
        ViewController(server: server).addRoutes(to: signedIn)
        RoutineController(server: server).addRoutes(to: signedIn)
        ReminderController(server: server).addRoutes(to: signedIn)
        SettingsController(server: server).addRoutes(to: signedIn)
        DataController(server: server).addRoutes(to: signedIn)
        return router
    }
}

/// What every controller works with.
struct ServerDependencies: Sendable {
    let configuration: ServerConfiguration
    let store: any TendStore & AccountStore
    let metrics: ServerMetrics
    let passwords: Passwords
    let loginLimiter: RateLimiter
    let client: ClientInfo

    init(configuration: ServerConfiguration, store: any TendStore & AccountStore, metrics: ServerMetrics) {
        self.configuration = configuration
        self.store = store
        self.metrics = metrics
        passwords = Passwords(cost: configuration.bcryptCost)
        loginLimiter = RateLimiter(limit: configuration.loginAttemptsPerWindow, window: configuration.loginWindow)
        client = ClientInfo(configuration: configuration)
    }

    var now: Date { configuration.now() }

    /// The signed-in user's account data: their settings decide their today.
    func user(_ context: TendRequestContext) async throws -> User {
        try await store.user(id: context.requireIdentity().owner)
    }

    /// Reads a JSON body of at most the JSON limit.
    func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        let buffer = try await body(of: request, limit: configuration.maximumJSONBody)
        guard buffer.readableBytes > 0 else { throw Problem.badRequest("the body must be a JSON value") }
        return try APIJSON.decoder().decode(T.self, from: Data(buffer.readableBytesView))
    }

    /// The request body, refused with 413 beyond `limit` bytes (by its Content-Length before
    /// reading any of it, or while reading).
    func body(of request: Request, limit: Int) async throws -> ByteBuffer {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw Problem.tooLarge(limit)
        }
        do {
            return try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw Problem.tooLarge(limit)
        }
    }

    /// Records an action that retires tips (only when it retires one not yet retired, so the op
    /// log gains nothing for nothing). A failure here never fails the request.
    func recordTip(_ event: TipEvent, owner: User.ID) async {
        guard let state = try? await store.tipState(owner: owner),
            TipCatalog.all.contains(where: { $0.retiredBy == event && !state.isRetired($0.id) })
        else { return }
        try? await store.recordTipEvent(owner: owner, event)
    }
}

/// Building responses.
enum Reply {
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        let data = try APIJSON.encoder().encode(value)
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLength] = String(data.count)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func noContent(headers: HTTPFields = [:]) -> Response {
        Response(status: .noContent, headers: headers)
    }
}

/// Reading path and query parameters.
extension TendRequestContext {
    /// A path id; text that is no UUID names nothing, so it is not found.
    func pathID<Owner>(_ name: String, _ what: String) throws -> TypedID<Owner> {
        guard let text = parameters.get(name), let uuid = UUID(uuidString: text) else {
            throw Problem.notFound("\(what) not found")
        }
        return TypedID(rawValue: uuid)
    }

    /// A path day, `YYYY-MM-DD` (400 for `2025-02-30`).
    func day(_ name: String) throws -> Day {
        try Day(iso: parameters.get(name) ?? "")
    }
}

extension Request {
    func query(_ name: String) -> String? {
        uri.queryParameters[Substring(name)].map(String.init)
    }

    /// A query day: `YYYY-MM-DD`, `today`, `yesterday` or `tomorrow` (absent: `default`).
    func queryDay(_ name: String, today: Day, default fallback: Day? = nil) throws -> Day {
        guard let text = query(name), !text.isEmpty else { return fallback ?? today }
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.previous
        case "tomorrow": return today.next
        default: return try Day(iso: text)
        }
    }

    func queryInt(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = query(name), !text.isEmpty else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw Problem.badRequest("'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func queryBool(_ name: String) throws -> Bool {
        guard let text = query(name)?.lowercased(), !text.isEmpty else { return false }
        switch text {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw Problem.badRequest("'\(name)' must be true or false")
        }
    }
}
