import Foundation
import TendAPI
import TendCore
import TendHTTP
import TendStore

/// `/settings`: time zone, day start, first weekday. The zone is the saved one; app.js offers the
/// browser's zone beside it (a button that fills the field), never applies it by itself.
struct SettingsPage: Sendable, Hashable {
    var timeZone: String
    var dayStartHour: String
    /// "" follows the locale; "1"…"7" otherwise.
    var firstWeekday: String
    var zones: [String]
    var errors: [String: String] = [:]
    var saved = false
    /// API tokens (devices), newest first.
    var devices: [Device] = []
    /// The name typed in the "Add a device" form (kept when refused).
    var deviceName = ""
    /// A token just made: its secret is shown on this one page and never again.
    var newToken: NewToken?

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
                id: token.id.description, name: token.name.isEmpty ? "Unnamed token" : token.name,
                detail: "Added \(token.createdAt.formatted(format))"
                    + (token.lastUsedAt.map { ", last used \($0.formatted(format))" } ?? ", never used"),
                revokeAction: WebPaths.revokeDevice(token.id))
        }
    }

    init(settings: UserSettings, saved: Bool = false) {
        timeZone = settings.timeZone
        dayStartHour = String(settings.dayStartHour)
        firstWeekday = settings.firstWeekday.map(String.init) ?? ""
        zones = SignupPage.zoneList
        self.saved = saved
    }

    init(form: FormData) {
        timeZone = form["timeZone"] ?? ""
        dayStartHour = form["dayStartHour"] ?? ""
        firstWeekday = form["firstWeekday"] ?? ""
        zones = SignupPage.zoneList
    }

    /// The settings this form describes on top of `base` (the locale is kept), or the messages.
    func settings(base: UserSettings) -> Result<UserSettings, SettingsPageErrors> {
        var settings = base
        var errors: [String: String] = [:]
        settings.timeZone = timeZone
        if let hour = Int(dayStartHour) { settings.dayStartHour = hour } else { errors["dayStartHour"] = "Choose an hour." }
        if firstWeekday.isEmpty {
            settings.firstWeekday = nil
        } else if let day = Int(firstWeekday) {
            settings.firstWeekday = day
        } else {
            errors["firstWeekday"] = "Choose a weekday."
        }
        if errors.isEmpty {
            do {
                try settings.validate()
            } catch {
                let message = error.description.prefix(1).uppercased() + error.description.dropFirst() + "."
                switch error {
                case .unknownTimeZone: errors["timeZone"] = message
                case .dayStartHour: errors["dayStartHour"] = message
                case .firstWeekday: errors["firstWeekday"] = message
                case .locale: errors["timeZone"] = message
                case .snoozeMinutes: errors["snoozeMinutes"] = message
                }
            }
        }
        return errors.isEmpty ? .success(settings) : .failure(SettingsPageErrors(messages: errors))
    }

    static let weekdays = [("", "As the locale has it")] + (1...7).map { (String($0), TodayPage.weekdayNames[$0 - 1]) }
}

struct SettingsPageErrors: Error, Hashable, Sendable {
    var messages: [String: String]
}
