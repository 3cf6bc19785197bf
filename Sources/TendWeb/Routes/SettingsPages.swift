import Foundation
import HTTPTypes
import Hummingbird
import Logging
import TendAPI
import TendCore
import TendHTTP
import TendReminders
import TendStore
import TendWords

/// `/settings`: a form posting time zone, day start and first weekday (with `_csrf` and the
/// settings it showed, so that only the settings changed are saved); 303 back with "Saved." on
/// success, 422 with the messages and the values as chosen otherwise.
struct SettingsPages {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(WebPaths.settings.route(), use: show)
        group.post(WebPaths.settings.route(), use: save)
        group.post(WebPaths.switchZone.route(), use: switchZone)
        group.post(WebPaths.devices.route(), use: addDevice)
        group.post(WebPaths.revokeDevice.route(), use: revoke)
        group.post(WebPaths.revokePush.route(), use: revokePush)
        group.post(WebPaths.webhooks.route(), use: addWebhook)
        group.post(WebPaths.deleteWebhook.route(), use: deleteWebhook)
        group.post(WebPaths.rotateCalendar.route(), use: rotateCalendar)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        var model = SettingsPage(settings: user.settings, saved: request.query("saved") == "1")
        model.notifications.pushEnabled = request.query("push") == "enabled"
        model.notifications.calendarRotated = request.query("calendar") == "new"
        try await fill(&model, user: user, request: request, context: context)
        return Page.html(SettingsView.page(model, session: try web.session(context, user: user)))
    }

    /// The lists below the form: API tokens, push devices, webhooks, the calendar address.
    private func fill(_ model: inout SettingsPage, user: User, request: Request, context: Context) async throws {
        model.devices = SettingsPage.devices(try await web.store.tokens(owner: user.id, kind: .api, now: web.now))
        model.notifications.devices = SettingsPage.pushDevices(try await web.store.pushSubscriptions(owner: user.id))
        model.notifications.webhooks = SettingsPage.webhookRows(try await web.store.webhooks(owner: user.id))
        do {
            model.notifications.calendarURL =
                web.accounts.client.origin(request, context: context) + (try await web.reminders.calendarPath(owner: user.id))
        } catch {
            // The rest of the settings must stay usable when the feed cannot be had; the page says so.
            context.logger.error("calendar feed address unavailable", metadata: ["error": "\(error)"])
        }
    }

    @Sendable func save(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        var model = SettingsPage(form: try await request.form())
        // Only the settings the person changed: a stale form keeps another device's newer values.
        switch model.settings(stored: user.settings) {
        case .success(let settings):
            if settings != user.settings {
                _ = try await web.store.updateSettings(owner: user.id, settings)
                web.recentSettings.forget(user.id)
            }
            return Page.redirect(WebPaths.settings() + "?saved=1")
        case .failure(let errors):
            model.errors = errors.messages
            try await fill(&model, user: user, request: request, context: context)
            return Page.html(SettingsView.page(model, session: try web.session(context, user: user)), status: .unprocessableContent)
        }
    }

    /// `POST /settings/zone` `timeZone=…&return=…`: the travel banner's switch to the device's zone
    /// (app.js shows it when the browser's zone is not the account's). Only the zone changes;
    /// days already recorded stay on their dates, and today and reminders follow the new zone.
    /// With `keep=1` the account keeps its zone and remembers the device's as kept, so no other
    /// browser of the account asks again for the same two zones. An unknown zone is 422 and
    /// changes nothing.
    @Sendable func switchZone(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let form = try await request.form()
        var settings = user.settings
        let zone = (form["timeZone"] ?? "").trimmingCharacters(in: .whitespaces)
        if form["keep"] == "1" {
            guard TimeZone(identifier: zone) != nil else { throw SettingsError.unknownTimeZone(zone) }
            settings.keep(deviceZone: zone)
        } else {
            settings.timeZone = zone
        }
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
        guard !name.isEmpty, name.count <= AccountService.maximumTokenNameLength, name.isOneLineLabel else {
            model.deviceName = form["name"] ?? ""
            model.errors["deviceName"] =
                name.isEmpty
                ? t("Give the token a name, e.g. “Backup script”.")
                : tPlural(
                    "A token's name is one line of at most {count} character.", "A token's name is one line of at most {count} characters.",
                    count: AccountService.maximumTokenNameLength)
            try await fill(&model, user: user, request: request, context: context)
            return Page.html(SettingsView.page(model, session: try web.session(context, user: user)), status: .unprocessableContent)
        }
        let secret = Secrets.generate()
        let token = try await web.store.createToken(
            AuthToken(owner: user.id, kind: .api, name: name, createdAt: web.now), hash: Secrets.hash(secret))
        model.newToken = .init(id: token.id.description, name: token.name, secret: secret)
        try await fill(&model, user: user, request: request, context: context)
        return Page.html(
            SettingsView.page(model, session: try web.session(context, user: user)), headers: [.cacheControl: "no-store"])
    }

    /// `POST /settings/devices/{id}/revoke`: that API token stops working at once.
    @Sendable func revoke(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: AuthToken.ID = try context.pathID("id", "device")
        guard try await web.store.tokens(owner: owner, kind: .api, now: web.now).contains(where: { $0.id == id }) else {
            throw Problem.notFound(t("device not found"))
        }
        try await web.store.revokeToken(owner: owner, id: id)
        return Page.redirect(WebPaths.settings() + "#devices-title")
    }

    // MARK: Notifications

    /// `POST /settings/push/{id}/revoke`: that browser receives no more notifications (another
    /// user's id: 404).
    @Sendable func revokePush(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: PushSubscription.ID = try context.pathID("id", "device")
        try await web.store.deletePushSubscription(owner: owner, id: id)
        return Page.redirect(WebPaths.settings() + "#push-devices-title")
    }

    /// `POST /settings/webhooks` `url=…&format=json|ntfy&accessToken=…`: checked as the API
    /// checks it; a refused one answers 422 with the form as typed (but not the token) and the
    /// message beside its field, nothing stored.
    @Sendable func addWebhook(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let form = try await request.form()
        do {
            _ = try await web.reminders.addWebhook(
                owner: user.id, url: form["url"] ?? "", format: form["format"] ?? "", accessToken: form["accessToken"], now: web.now)
            return Page.redirect(WebPaths.settings() + "#webhooks-title")
        } catch let refusal as ReminderTargetError {
            var model = SettingsPage(settings: user.settings)
            model.notifications.webhookURL = form["url"] ?? ""
            model.notifications.webhookFormat = form["format"] ?? "json"
            model.errors[refusal.field] = refusal.description.prefix(1).uppercased() + refusal.description.dropFirst() + "."
            try await fill(&model, user: user, request: request, context: context)
            return Page.html(SettingsView.page(model, session: try web.session(context, user: user)), status: .unprocessableContent)
        }
    }

    @Sendable func deleteWebhook(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Webhook.ID = try context.pathID("id", "webhook")
        try await web.store.deleteWebhook(owner: owner, id: id)
        return Page.redirect(WebPaths.settings() + "#webhooks-title")
    }

    /// `POST /settings/calendar/rotate`: a new feed address; the old one answers 404 from now on.
    @Sendable func rotateCalendar(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        _ = try await web.reminders.rotateCalendar(owner: owner)
        return Page.redirect(WebPaths.settings() + "?calendar=new#calendar-title")
    }
}
