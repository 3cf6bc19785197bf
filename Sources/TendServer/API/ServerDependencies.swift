import Foundation
import Hummingbird
import NIOCore
import TendAPI
import TendCore
import TendHTTP
import TendReminders
import TendStore
import TendWeb
import TendWords

/// What every route collection of the JSON API (`…API`) works with.
struct ServerDependencies: RequestDependencies {
    let configuration: ServerConfiguration
    let store: any ServerStore
    let metrics: ServerMetrics
    /// The server's keys and the deliverer of test notifications.
    let reminders: ReminderDelivery
    /// Signing up, in and out, shared with the web pages (one rate limit for both).
    let accounts: AccountService
    /// `GET /today`'s answers, read as the web's Today page is (shared with it).
    let today: TodayReader
    /// Settings read in the last second, shared with the web pages (a check-in's day check).
    let recentSettings: RecentSettings
    /// Push subscriptions, webhooks and the calendar feed: checked as the web pages check them.
    let targets: ReminderTargets
    /// Imports running at once, shared with the web pages.
    let importGate: ImportGate
    /// Bytes each user pushed through sync in the last hour (``ServerConfiguration/syncPushBytesPerHour``).
    let syncPushes: RateLimiter

    init(
        configuration: ServerConfiguration, store: any ServerStore, metrics: ServerMetrics, accounts: AccountService,
        recentSettings: RecentSettings = RecentSettings(), importGate: ImportGate? = nil, reminders: ReminderDelivery,
        today: TodayReader? = nil
    ) {
        self.importGate = importGate ?? ImportGate(capacity: configuration.maximumConcurrentImports)
        self.configuration = configuration
        self.today = today ?? TodayReader(store: store, budget: configuration.cacheBudget, now: configuration.now)
        self.store = store
        self.reminders = reminders
        self.metrics = metrics
        self.accounts = accounts
        self.recentSettings = recentSettings
        targets = ReminderTargets(store: store, allowPrivateTargets: configuration.allowPrivateTargets)
        syncPushes = RateLimiter(limit: configuration.syncPushBytesPerHour, window: 3600)
    }

    var passwords: Passwords { accounts.passwords }
    var client: ClientInfo { accounts.client }

    /// Reads a JSON body of at most the JSON limit.
    func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        try decode(type, from: try await jsonBody(of: request))
    }

    /// The body of a JSON route (at most `limit` bytes, the JSON limit by default): 415 when it
    /// is not empty and not declared `application/json` (see `Request.declaresJSON`). An empty
    /// body needs no type: some routes read none (`…/increment` counts one).
    func jsonBody(of request: Request, limit: Int? = nil) async throws -> ByteBuffer {
        let buffer = try await body(of: request, limit: limit ?? configuration.maximumJSONBody)
        guard buffer.readableBytes == 0 || request.declaresJSON else {
            throw Problem.unsupportedMediaType(request.headers[.contentType])
        }
        return buffer
    }

    func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        guard buffer.readableBytes > 0 else { throw Problem.badRequest(t("the body must be a JSON value")) }
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
}
