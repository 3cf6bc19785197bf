import Foundation
import HTTPTypes
import Hummingbird
import TendCore
import TendHTTP
import TendStore

/// `/settings`: a form posting time zone, day start and first weekday (with `_csrf`); 303 back
/// with "Saved." on success, 422 with the messages and the values as chosen otherwise.
struct SettingsController {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("settings", use: show)
        group.post("settings", use: save)
        group.post("settings/devices/:id/revoke", use: revoke)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        var model = SettingsPage(settings: user.settings, saved: request.query("saved") == "1")
        model.devices = SettingsPage.devices(try await web.store.tokens(owner: user.id, kind: .api, now: web.now))
        return Page.html(SettingsView.page(model, session: try web.session(context, user: user)))
    }

    @Sendable func save(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        var model = SettingsPage(form: try await request.form())
        switch model.settings(base: user.settings) {
        case .success(let settings):
            if settings != user.settings { _ = try await web.store.updateSettings(owner: user.id, settings) }
            return Page.redirect("/settings?saved=1")
        case .failure(let errors):
            model.errors = errors.messages
            model.devices = SettingsPage.devices(try await web.store.tokens(owner: user.id, kind: .api, now: web.now))
            return Page.html(SettingsView.page(model, session: try web.session(context, user: user)), status: .unprocessableContent)
        }
    }

    /// `POST /settings/devices/{id}/revoke`: that API token stops working at once.
    @Sendable func revoke(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: AuthToken.ID = try context.pathID("id", "device")
        guard try await web.store.tokens(owner: owner, kind: .api, now: web.now).contains(where: { $0.id == id }) else {
            throw Problem.notFound("device not found")
        }
        try await web.store.revokeToken(owner: owner, id: id)
        return Page.redirect("/settings#devices-title")
    }
}
