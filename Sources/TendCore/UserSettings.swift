import Foundation

/// A user's settings: their zone, when their day starts, their week, how long "Later" waits.
public struct UserSettings: Codable, Hashable, Sendable {
    /// An IANA zone identifier (`Europe/Berlin`).
    public var timeZone: String
    /// 0–23: before this hour, it is still yesterday.
    public var dayStartHour: Int
    /// 1 (Sunday) … 7 (Saturday); `nil` follows the locale.
    public var firstWeekday: Int?
    /// A locale identifier (`de_DE`) for weekday names and the default first weekday.
    public var locale: String
    /// Minutes a reminder's "Later" waits before it rings again (``snoozeMinutesRange``).
    public var snoozeMinutes: Int

    public init(
        timeZone: String = "UTC", dayStartHour: Int = 0, firstWeekday: Int? = nil, locale: String = "en_US",
        snoozeMinutes: Int = UserSettings.defaultSnoozeMinutes
    ) {
        self.timeZone = timeZone
        self.dayStartHour = dayStartHour
        self.firstWeekday = firstWeekday
        self.locale = locale
        self.snoozeMinutes = snoozeMinutes
    }

    public static let defaultSnoozeMinutes = 10
    public static let snoozeMinutesRange = 1...240

    private enum CodingKeys: String, CodingKey { case timeZone, dayStartHour, firstWeekday, locale, snoozeMinutes }

    // Settings written before snooze existed (op logs, exports) have no `snoozeMinutes`: the default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        timeZone = try c.decode(String.self, forKey: .timeZone)
        dayStartHour = try c.decode(Int.self, forKey: .dayStartHour)
        firstWeekday = try c.decodeIfPresent(Int.self, forKey: .firstWeekday)
        locale = try c.decode(String.self, forKey: .locale)
        snoozeMinutes = try c.decodeIfPresent(Int.self, forKey: .snoozeMinutes) ?? Self.defaultSnoozeMinutes
    }

    // The default is not written, so settings without a snooze choice encode exactly as before it existed.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(timeZone, forKey: .timeZone)
        try c.encode(dayStartHour, forKey: .dayStartHour)
        try c.encodeIfPresent(firstWeekday, forKey: .firstWeekday)
        try c.encode(locale, forKey: .locale)
        if snoozeMinutes != Self.defaultSnoozeMinutes { try c.encode(snoozeMinutes, forKey: .snoozeMinutes) }
    }

    public func validate() throws(SettingsError) {
        guard TimeZone(identifier: timeZone) != nil else { throw .unknownTimeZone(timeZone) }
        guard (0...23).contains(dayStartHour) else { throw .dayStartHour(dayStartHour) }
        if let firstWeekday, !(1...7).contains(firstWeekday) { throw .firstWeekday(firstWeekday) }
        guard !locale.isEmpty, locale.count <= 40,
            locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "@" || $0 == "=") })
        else { throw .locale(locale) }
        guard Self.snoozeMinutesRange.contains(snoozeMinutes) else { throw .snoozeMinutes(snoozeMinutes) }
    }

    /// The user's calendar (an unknown zone falls back to UTC; settings are validated on the way in).
    public var calendar: TendCalendar {
        TendCalendar(
            timeZone: TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!,
            locale: Locale(identifier: locale), firstWeekday: firstWeekday)
    }

    /// The user's "today" at `now`.
    public func today(now: Date) -> Day {
        calendar.today(now: now, dayStartHour: dayStartHour)
    }

    /// When the user's "today" at `now` ends (their zone, their day start).
    public func endOfToday(now: Date) -> Date {
        calendar.endOfToday(now: now, dayStartHour: dayStartHour)
    }
}

public enum SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownTimeZone(String)
    case dayStartHour(Int)
    case firstWeekday(Int)
    case locale(String)
    case snoozeMinutes(Int)

    public var description: String {
        switch self {
        case .unknownTimeZone(let zone): "unknown time zone '\(zone)' (use an IANA name such as Europe/Berlin)"
        case .dayStartHour(let hour): "day start must be an hour from 0 to 23, not \(hour)"
        case .firstWeekday(let day): "first weekday must be 1 (Sunday) to 7 (Saturday), not \(day)"
        case .locale(let locale): "'\(locale)' is not a locale identifier (such as en_US)"
        case .snoozeMinutes(let minutes): "\"Later\" waits 1 to 240 minutes, not \(minutes)"
        }
    }
}
