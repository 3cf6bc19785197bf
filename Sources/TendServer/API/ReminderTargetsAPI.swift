import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendReminders
import TendStore

/// Where a user's reminders are delivered: the Web Push key and subscriptions, webhooks, and the
/// delivery log. Targets are checked when saved (``ReminderTargets``); another user's ids are 404.
struct ReminderTargetsAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    static let deliveryLimit = 1...500

    func addRoutes(to group: RouterGroup<Context>) {
        group.on(APIRoute.pushKey, use: pushKey)
        group.on(APIRoute.pushSubscriptions, use: listSubscriptions)
        group.on(APIRoute.subscribePush, use: subscribe)
        group.on(APIRoute.unsubscribePush, use: unsubscribe)
        group.on(APIRoute.webhooks, use: listWebhooks)
        group.on(APIRoute.addWebhook, use: addWebhook)
        group.on(APIRoute.deleteWebhook, use: deleteWebhook)
        group.on(APIRoute.deliveries, use: deliveries)
    }

    /// `GET /push/key`: the VAPID public key for `pushManager.subscribe({applicationServerKey})`.
    @Sendable func pushKey(_ request: Request, context: Context) async throws -> Response {
        _ = try context.requireIdentity()
        return try Reply.json(PushKeyJSON(publicKey: try await server.reminders.publicKey()))
    }

    @Sendable func listSubscriptions(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        return try Reply.json(try await server.store.pushSubscriptions(owner: owner).map(Self.json))
    }

    /// `POST /push/subscriptions` with `PushSubscription.toJSON()`: 201; the same endpoint again
    /// updates its keys (same id).
    @Sendable func subscribe(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let body = try await server.decode(PushSubscriptionInput.self, from: request)
        let subscription = try await server.targets.subscribe(
            owner: owner, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, now: server.now)
        return try Reply.json(Self.json(subscription), status: .created)
    }

    @Sendable func unsubscribe(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: PushSubscription.ID = try context.pathID("id", "push subscription")
        try await server.store.deletePushSubscription(owner: owner, id: id)
        return Reply.noContent()
    }

    @Sendable func listWebhooks(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        return try Reply.json(try await server.store.webhooks(owner: owner).map(Self.json))
    }

    /// `POST /webhooks` `{"url","format","accessToken"?}`: 201; the token is never answered.
    @Sendable func addWebhook(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let body = try await server.decode(WebhookInput.self, from: request)
        let webhook = try await server.targets.addWebhook(
            owner: owner, url: body.url, format: body.format, accessToken: body.accessToken, now: server.now)
        return try Reply.json(Self.json(webhook), status: .created)
    }

    @Sendable func deleteWebhook(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Webhook.ID = try context.pathID("id", "webhook")
        try await server.store.deleteWebhook(owner: owner, id: id)
        return Reply.noContent()
    }

    /// `GET /reminders/deliveries?limit=50`: the delivery log, newest first, with habit names.
    @Sendable func deliveries(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let limit = try request.queryInt("limit", default: 50, range: Self.deliveryLimit)
        let entries = try await server.store.deliveries(owner: owner, limit: limit)
        let names = Dictionary(
            try await server.store.habits(owner: owner, includeArchived: true).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        return try Reply.json(entries.map { Self.json($0, habitName: names[$0.habit]) })
    }

    static func json(_ subscription: PushSubscription) -> PushSubscriptionJSON {
        PushSubscriptionJSON(id: subscription.id.description, endpoint: subscription.endpoint, createdAt: subscription.createdAt)
    }

    static func json(_ webhook: Webhook) -> WebhookJSON {
        WebhookJSON(
            id: webhook.id.description, url: webhook.url, format: webhook.format.rawValue, hasAccessToken: webhook.accessToken != nil,
            createdAt: webhook.createdAt)
    }

    static func json(_ entry: DeliveryLogEntry, habitName: String?) -> DeliveryJSON {
        DeliveryJSON(
            id: entry.id.description, time: entry.time, habitId: entry.habit.description, habit: habitName,
            reminderId: entry.reminder.description, kind: entry.kind.name,
            repeatNumber: entry.kind.repeatNumber == 0 ? nil : entry.kind.repeatNumber, day: entry.day, firesAt: entry.firesAt,
            channel: entry.target?.channel, targetId: entry.target.map { $0.id.uuidString.lowercased() }, status: entry.status.rawValue,
            skipReason: entry.skipReason?.rawValue, latencyMilliseconds: entry.latencyMilliseconds, attempts: entry.attempts,
            nextRetryAt: entry.nextRetryAt, error: entry.error)
    }
}
