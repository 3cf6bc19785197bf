import Foundation
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// `/settings`: time zone, day start, first weekday. The zone is the saved one; app.js offers the
/// browser's zone beside it (a button that fills the field), never applies it by itself.
struct SettingsPage: Sendable, Hashable {
    var timeZone: String
    var dayStartHour: String
    /// "" follows the locale; "1"…"7" otherwise.
    var firstWeekday: String
    /// Minutes "Later" waits, as typed.
    var snoozeMinutes: String
    /// A language's tag, "" for the browser's; `nil`: a form from before the field existed.
    var language: String?
    var zones: [String]
    /// The settings as the form first showed them (``snapshot(_:)``), posted back in a hidden
    /// field so that saving applies only the settings the person changed: a form opened before
    /// another device changed a setting does not put the old value back.
    var original: String?
    var errors: [String: String] = [:]
    var saved = false
    /// API tokens (devices), newest first.
    var devices: [Device] = []
    /// The name typed in the "Add a device" form (kept when refused).
    var deviceName = ""
    /// A token just made: its secret is shown on this one page and never again.
    var newToken: NewToken?
    /// Where reminders go: this account's push subscriptions, webhooks and calendar feed.
    var notifications = Notifications()

    struct NewToken: Sendable, Hashable {
        var id: String
        var name: String
        var secret: String
    }

    struct Device: Sendable, Hashable {
        var id: String
        var name: String
        var detail: String
        var revokeAction: String
    }

    static func devices(_ tokens: [AuthToken]) -> [Device] {
        let format = Date.ISO8601FormatStyle().year().month().day()
        return tokens.sorted { $0.createdAt > $1.createdAt }.map { token in
            Device(
                id: token.id.description, name: token.name.isEmpty ? t("Unnamed token") : token.name,
                detail: token.lastUsedAt.map {
                    t("Added {added}, last used {used}", ["added": token.createdAt.formatted(format), "used": $0.formatted(format)])
                } ?? t("Added {added}, never used", ["added": token.createdAt.formatted(format)]),
                revokeAction: WebPaths.revokeDevice(token.id))
        }
    }

    init(settings: UserSettings, saved: Bool = false) {
        timeZone = settings.timeZone
        dayStartHour = String(settings.dayStartHour)
        firstWeekday = settings.firstWeekday.map(String.init) ?? ""
        snoozeMinutes = String(settings.snoozeMinutes)
        language = settings.language ?? ""
        zones = SignupPage.zoneList
        original = Self.snapshot(settings)
        self.saved = saved
    }

    init(form: FormData) {
        timeZone = form["timeZone"] ?? ""
        dayStartHour = form["dayStartHour"] ?? ""
        firstWeekday = form["firstWeekday"] ?? ""
        snoozeMinutes = form["snoozeMinutes"] ?? ""
        language = form["language"]
        zones = SignupPage.zoneList
        original = form["original"]
    }

    /// The hidden field's text for `settings` (their JSON).
    static func snapshot(_ settings: UserSettings) -> String { FormSnapshot.text(settings) }

    /// The settings a posted snapshot describes (``FormSnapshot/value(_:from:)``).
    static func settings(fromSnapshot text: String?) -> UserSettings? { FormSnapshot.value(UserSettings.self, from: text) }

    /// The settings saving this form makes of `stored`: the form read against the settings it
    /// showed (``original``) gives the settings the person changed, and only those are set on the
    /// settings as stored now. Without a snapshot the whole form applies.
    func settings(stored: UserSettings) -> Result<UserSettings, SettingsPageErrors> {
        guard let shown = Self.settings(fromSnapshot: original) else { return settings(base: stored) }
        return settings(base: shown).map { SettingsPatch(from: shown, to: $0).applied(to: stored) }
    }

    /// The settings this form describes on top of `base` (the locale is kept), or the messages.
    func settings(base: UserSettings) -> Result<UserSettings, SettingsPageErrors> {
        var settings = base
        var errors: [String: String] = [:]
        settings.timeZone = timeZone
        if let hour = Int(dayStartHour) { settings.dayStartHour = hour } else { errors["dayStartHour"] = t("Choose an hour.") }
        if firstWeekday.isEmpty {
            settings.firstWeekday = nil
        } else if let day = Int(firstWeekday) {
            settings.firstWeekday = day
        } else {
            errors["firstWeekday"] = t("Choose a weekday.")
        }
        // Absent (a form from before the field existed): unchanged.
        let snooze = snoozeMinutes.trimmingCharacters(in: .whitespaces)
        if snooze.isEmpty {
            settings.snoozeMinutes = base.snoozeMinutes
        } else if let minutes = Int(snooze) {
            settings.snoozeMinutes = minutes
        } else {
            errors["snoozeMinutes"] = t("Give a number of minutes, from 1 to 240.")
        }
        // Absent (a form from before the field existed): unchanged.
        if let language { settings.language = language.isEmpty ? nil : language }
        if errors.isEmpty {
            do {
                try settings.validate()
            } catch {
                let message = Self.sentence(error)
                switch error {
                case .unknownTimeZone: errors["timeZone"] = message
                case .dayStartHour: errors["dayStartHour"] = message
                case .firstWeekday: errors["firstWeekday"] = message
                case .locale, .keptZones: errors["timeZone"] = message
                case .snoozeMinutes: errors["snoozeMinutes"] = message
                case .language: errors["language"] = message
                }
            }
        }
        return errors.isEmpty ? .success(settings) : .failure(SettingsPageErrors(messages: errors))
    }

    /// A refused setting in a sentence: the English is its error's description, capitalised, with a full stop.
    static func sentence(_ error: SettingsError) -> String {
        switch error {
        case .unknownTimeZone(let zone):
            t("Unknown time zone '{zone}' (use an IANA name such as Europe/Berlin).", ["zone": zone])
        case .dayStartHour(let hour): t("Day start must be an hour from 0 to 23, not {hour}.", ["hour": String(hour)])
        case .firstWeekday(let day): t("First weekday must be 1 (Sunday) to 7 (Saturday), not {day}.", ["day": String(day)])
        case .locale(let locale): t("'{locale}' is not a locale identifier (such as en_US).", ["locale": locale])
        case .snoozeMinutes(let minutes): t("\"Later\" waits 1 to 240 minutes, not {minutes}.", ["minutes": String(minutes)])
        case .keptZones(let count):
            tPlural(
                "At most {count} kept zone, not {given}.", "At most {count} kept zones, not {given}.", count: UserSettings.keptZonesLimit,
                ["given": String(count)])
        case .language(let language):
            t("'{language}' is not a language Tend speaks ({languages}).", ["language": language, "languages": Language.shippedList])
        }
    }

    /// The language choices: the browser's, then each shipped language in its own name.
    static var languages: [(value: String, label: String)] {
        [("", t("As the browser has it"))] + Language.shipped.map { ($0.tag, $0.autonym) }
    }

    static var weekdays: [(String, String)] {
        [("", t("As the locale has it"))] + (1...7).map { (String($0), TodayPage.weekdayName($0)) }
    }
}

struct SettingsPageErrors: Error, Hashable, Sendable {
    var messages: [String: String]
}

extension SettingsPage {
    /// The Notifications section: devices that receive Web Push, webhooks, the calendar feed.
    struct Notifications: Sendable, Hashable {
        var devices: [PushDevice] = []
        var webhooks: [WebhookRow] = []
        /// The add-a-webhook form as typed (kept when refused).
        var webhookURL = ""
        var webhookFormat = "json"
        /// Never filled back in: a refused form does not echo a secret into the page.
        var webhookTokenGiven = false
        /// The feed's absolute secret URL; `nil` when the store could not give it.
        var calendarURL: String?
        /// After "Enable on this device" succeeded (app.js comes back with `?push=enabled`).
        var pushEnabled = false
        /// After the feed's URL was replaced.
        var calendarRotated = false
    }

    struct PushDevice: Sendable, Hashable {
        var id: String
        /// The browser family the push service belongs to ("Chrome or Android"), else its host.
        var name: String
        var endpoint: String
        var detail: String
        var revokeAction: String
    }

    struct WebhookRow: Sendable, Hashable {
        var id: String
        var url: String
        var format: String
        var detail: String
        var deleteAction: String
    }

    static var webhookFormats: [(String, String)] { [("json", t("Tend's JSON")), ("ntfy", "ntfy")] }

    static func pushDevices(_ subscriptions: [PushSubscription]) -> [PushDevice] {
        let format = Date.ISO8601FormatStyle().year().month().day()
        return subscriptions.map { subscription in
            PushDevice(
                id: subscription.id.description, name: pushServiceName(subscription.endpoint), endpoint: subscription.endpoint,
                detail: t("Added {added}", ["added": subscription.createdAt.formatted(format)]),
                revokeAction: WebPaths.revokePush(subscription.id))
        }
    }

    static func webhookRows(_ webhooks: [Webhook]) -> [WebhookRow] {
        let format = Date.ISO8601FormatStyle().year().month().day()
        return webhooks.map { webhook in
            WebhookRow(
                id: webhook.id.description, url: webhook.url, format: webhook.format == .ntfy ? "ntfy" : "JSON",
                detail: webhook.accessToken != nil
                    ? t("Added {added}, with an access token", ["added": webhook.createdAt.formatted(format)])
                    : t("Added {added}", ["added": webhook.createdAt.formatted(format)]),
                deleteAction: WebPaths.deleteWebhook(webhook.id))
        }
    }

    /// Push services name the browser: a person recognises "Firefox", not a host name.
    static func pushServiceName(_ endpoint: String) -> String {
        let host = URL(string: endpoint)?.host?.lowercased() ?? ""
        if host.hasSuffix("googleapis.com") { return t("Chrome or Android") }
        if host.hasSuffix("mozilla.com") { return "Firefox" }
        if host.hasSuffix("push.apple.com") { return t("Safari (iPhone, iPad or Mac)") }
        if host.hasSuffix("notify.windows.com") { return "Edge (Windows)" }
        return host.isEmpty ? t("A browser") : host
    }
}
