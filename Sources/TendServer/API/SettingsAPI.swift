import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore

/// The user's settings: zone, day start, first weekday, locale.
struct SettingsAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.on(APIRoute.settings, use: show)
        group.on(APIRoute.updateSettings, use: update)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        return try Reply.json(SettingsJSON(user.settings, today: user.settings.today(now: server.now)))
    }

    /// `PUT /settings`: the fields given change; all are checked before any is kept.
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        let body = try await server.decode(SettingsUpdate.self, from: request)
        let settings = body.applied(to: user.settings)
        try HabitRules.validate(settings)
        let updated = try await server.store.updateSettings(owner: user.id, settings)
        server.recentSettings.forget(user.id)
        return try Reply.json(SettingsJSON(updated.settings, today: updated.settings.today(now: server.now)))
    }
}
