import Foundation
import Hummingbird
import Logging
import NIOCore
@_exported import TendHTTP
import TendAPI
import TendCore
import TendStore
import TendWeb

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
        router.add(middleware: ProblemMiddleware(page: TendWeb.errorPage))

        let accounts = AccountService(configuration: configuration, store: store)
        let changes = ChangeNotifier()
        let authenticator = Authenticator(store: store, configuration: configuration)
        let recentSettings = RecentSettings()
        let server = ServerDependencies(
            configuration: configuration, store: store, metrics: metrics, accounts: accounts, recentSettings: recentSettings)
        OperationsAPI(server: server).addRoutes(to: router)

        let open = router.group(RouterPath(APIPaths.base))
        let signedIn = router.group(RouterPath(APIPaths.base))
            .add(middleware: AuthMiddleware(authenticator: authenticator, changes: changes))
        AccountsAPI(server: server).addRoutes(open: open, signedIn: signedIn)
        HabitsAPI(server: server).addRoutes(to: signedIn)
        DaysAPI(server: server).addRoutes(to: signedIn)
        ViewsAPI(server: server).addRoutes(to: signedIn)
        RoutinesAPI(server: server).addRoutes(to: signedIn)
        RemindersAPI(server: server).addRoutes(to: signedIn)
        SettingsAPI(server: server).addRoutes(to: signedIn)
        DataAPI(server: server).addRoutes(to: signedIn)

        let live = LiveUpdates(store: store, changes: changes)
        metrics.observe(live)
        TendWeb.addRoutes(
            to: router,
            WebDependencies(
                configuration: configuration, store: store, accounts: accounts, authenticator: authenticator, changes: changes,
                live: live, recentSettings: recentSettings))
        return router
    }
}

/// What every route collection of the JSON API (`…API`) works with.
struct ServerDependencies: Sendable {
    let configuration: ServerConfiguration
    let store: any TendStore & AccountStore
    let metrics: ServerMetrics
    /// Signing up, in and out, shared with the web pages (one rate limit for both).
    let accounts: AccountService
    /// The last `GET /today` answer of each user (see ``TodayAnswerCache``).
    let todayAnswers = TodayAnswerCache.make()
    /// Settings read in the last second, shared with the web pages (a check-in's day check).
    let recentSettings: RecentSettings

    init(
        configuration: ServerConfiguration, store: any TendStore & AccountStore, metrics: ServerMetrics, accounts: AccountService,
        recentSettings: RecentSettings = RecentSettings()
    ) {
        self.configuration = configuration
        self.store = store
        self.metrics = metrics
        self.accounts = accounts
        self.recentSettings = recentSettings
    }

    var passwords: Passwords { accounts.passwords }
    var client: ClientInfo { accounts.client }

    var now: Date { configuration.now() }

    /// The path's `{day}`, when the owner can record on it (else 422; see `TendStore.recordableDay`).
    func recordableDay(_ context: TendRequestContext, owner: User.ID) async throws -> Day {
        try await store.recordableDay(try context.day("day"), owner: owner, now: now, settings: recentSettings)
    }

    /// The signed-in user's account data: their settings decide their today.
    func user(_ context: TendRequestContext) async throws -> User {
        try await store.user(id: context.requireIdentity().owner)
    }

    /// Reads a JSON body of at most the JSON limit.
    func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        try decode(type, from: try await body(of: request, limit: configuration.maximumJSONBody))
    }

    func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
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

    /// Records an action that retires tips (see `TendStore.recordTip`).
    func recordTip(_ event: TipEvent, owner: User.ID) async {
        await store.recordTip(event, owner: owner)
    }
}

/// Building responses.
enum Reply {
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        json(encoded: ByteBuffer(bytes: try APIJSON.encoder().encode(value)), status: status, headers: headers)
    }

    /// JSON already encoded (a kept answer); the buffer is shared, not copied.
    static func json(encoded buffer: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLength] = String(buffer.readableBytes)
        return Response(status: status, headers: headers, body: .init(byteBuffer: buffer))
    }

    /// A day's entry, the answer to every check-in: the same bytes as ``json(_:status:headers:)``
    /// (sorted keys; a note only when there is one), written directly when the note needs no
    /// escaping — JSONEncoder was a tenth of a check-in's own cost.
    static func entry(_ entry: Entry) throws -> Response {
        guard let bytes = entryJSON(entry) else { return try json(entry) }
        return json(encoded: bytes)
    }

    /// `nil` when the note has a character JSON escapes (a quote, a backslash, a control character).
    static func entryJSON(_ entry: Entry) -> ByteBuffer? {
        if let note = entry.note, note.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return nil
        }
        var buffer = ByteBuffer()
        buffer.reserveCapacity(64 + (entry.note?.utf8.count ?? 0))
        buffer.writeString(#"{"day":""#)
        buffer.writeString(entry.day.iso)
        buffer.writeString(entry.isSkipped ? #"","isSkipped":true,"# : #"","isSkipped":false,"#)
        if let note = entry.note {
            buffer.writeString(#""note":""#)
            buffer.writeString(note)
            buffer.writeString(#"","#)
        }
        buffer.writeString(#""value":"#)
        buffer.writeString(String(entry.value))
        buffer.writeString("}")
        return buffer
    }

    static func noContent(headers: HTTPFields = [:]) -> Response {
        Response(status: .noContent, headers: headers)
    }
}
