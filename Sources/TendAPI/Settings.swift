import Foundation
import TendCore

/// `PUT /api/v1/settings`: the fields given change (`firstWeekday` 0 goes back to the locale's):
/// the same value as the op log's settings change, so what a person sets is what is logged.
public typealias SettingsUpdate = SettingsPatch

/// `GET /api/v1/settings`: the settings and the user's today by them.
public struct SettingsJSON: Codable, Hashable, Sendable {
    public var timeZone: String
    public var dayStartHour: Int
    @NullWhenAbsent public var firstWeekday: Int?
    public var locale: String
    public var snoozeMinutes: Int
    /// The language chosen for this account (`null`: the browser's or the shell's).
    @NullWhenAbsent public var language: String?
    public var today: Day

    public init(_ settings: UserSettings, today: Day) {
        timeZone = settings.timeZone
        dayStartHour = settings.dayStartHour
        firstWeekday = settings.firstWeekday
        locale = settings.locale
        snoozeMinutes = settings.snoozeMinutes
        language = settings.language
        self.today = today
    }

    private enum CodingKeys: String, CodingKey { case timeZone, dayStartHour, firstWeekday, locale, snoozeMinutes, language, today }
}
