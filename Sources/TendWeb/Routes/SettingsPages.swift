import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore

/// `/settings`: a form posting time zone, day start and first weekday (with `_csrf`); 303 back
/// with "Saved." on success, 422 with the messages and the values as chosen otherwise.
struct SettingsPages {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(WebPaths.settings.route(), use: show)
        group.post(WebPaths.settings.route(), use: save)
        group.post(WebPaths.switchZone.route(), use: switchZone)
        group.post(WebPaths.devices.route(), use: addDevice)
        group.post(WebPaths.revokeDevice.route(), use: revoke)
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
            if settings != user.settings {
                _ = try await web.store.updateSettings(owner: user.id, settings)
                web.recentSettings.forget(user.id)
            }
            return Page.redirect(WebPaths.settings() + "?saved=1")
        case .failure(let errors):
            model.errors = errors.messages
            model.devices = SettingsPage.devices(try await web.store.tokens(owner: user.id, kind: .api, now: web.now))
            return Page.html(SettingsView.page(model, session: try web.session(context, user: user)), status: .unprocessableContent)
        }
    }

    /// `POST /settings/zone` `timeZone=…&return=…`: the travel banner's switch to the device's zone
    /// (app.js shows it when the browser's zone is not the account's). Only the zone changes;
    /// days already recorded stay on their dates, and today and reminders follow the new zone.
    /// An unknown zone is 422 and changes nothing.
    @Sendable func switchZone(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let form = try await request.form()
        var settings = user.settings
        settings.timeZone = (form["timeZone"] ?? "").trimmingCharacters(in: .whitespaces)
        try settings.validate()
        if settings != user.settings {
            _ = try await web.store.updateSettings(owner: user.id, settings)
            web.recentSettings.forget(user.id)
        }
        return Page.redirect(Page.localPath(form["return"], fallback: WebPaths.today()))
    }

    /// `POST /settings/devices` `name=…`: a new API token (as `POST /api/v1/tokens` makes one,
    /// but for the signed-in user: the session and its CSRF token prove who asks). The page
    /// answers with the secret shown this once (not a redirect: it is never stored, so no later
    /// page can show it), `Cache-Control: no-store`; a bad name answers 422 with nothing made.
    @Sendable func addDevice(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let form = try await request.form()
        var model = SettingsPage(settings: user.settings)
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= AccountService.maximumTokenNameLength, !name.contains(where: \.isNewline) else {
            model.deviceName = form["name"] ?? ""
            model.errors["deviceName"] =
                name.isEmpty
                ? "Give the token a name, e.g. “Backup script”."
                : "A token's name is one line of at most \(AccountService.maximumTokenNameLength) characters."
            model.devices = SettingsPage.devices(try await web.store.tokens(owner: user.id, kind: .api, now: web.now))
            return Page.html(SettingsView.page(model, session: try web.session(context, user: user)), status: .unprocessableContent)
        }
        let secret = Secrets.generate()
        let token = try await web.store.createToken(
            AuthToken(owner: user.id, kind: .api, name: name, createdAt: web.now), hash: Secrets.hash(secret))
        model.newToken = .init(id: token.id.description, name: token.name, secret: secret)
        model.devices = SettingsPage.devices(try await web.store.tokens(owner: user.id, kind: .api, now: web.now))
        return Page.html(
            SettingsView.page(model, session: try web.session(context, user: user)), headers: [.cacheControl: "no-store"])
    }

    /// `POST /settings/devices/{id}/revoke`: that API token stops working at once.
    @Sendable func revoke(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: AuthToken.ID = try context.pathID("id", "device")
        guard try await web.store.tokens(owner: owner, kind: .api, now: web.now).contains(where: { $0.id == id }) else {
            throw Problem.notFound("device not found")
        }
        try await web.store.revokeToken(owner: owner, id: id)
        return Page.redirect(WebPaths.settings() + "#devices-title")
    }
}
