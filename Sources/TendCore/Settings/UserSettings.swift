import Foundation
import TendWords

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
    /// Device zones against which the person chose to keep the account's zone (the web's travel
    /// banner: "Keep Europe/Berlin"), so no other browser of theirs asks again for the same two
    /// zones. Each remembers the account zone it was kept for: after the account's zone changes,
    /// a device elsewhere is asked again. The most recent ``keptZonesLimit`` are kept.
    public var keptZones: [KeptZone]
    /// The language Tend speaks to this account (a shipped language's tag, `de`, `pt-BR`);
    /// `nil` follows the browser's `Accept-Language` or the shell's locale.
    public var language: String?

    public init(
        timeZone: String = "UTC", dayStartHour: Int = 0, firstWeekday: Int? = nil, locale: String = "en_US",
        snoozeMinutes: Int = UserSettings.defaultSnoozeMinutes, keptZones: [KeptZone] = [], language: String? = nil
    ) {
        self.timeZone = timeZone
        self.dayStartHour = dayStartHour
        self.firstWeekday = firstWeekday
        self.locale = locale
        self.snoozeMinutes = snoozeMinutes
        self.keptZones = keptZones
        self.language = language
    }

    public static let defaultSnoozeMinutes = 10
    public static let snoozeMinutesRange = 1...240
    public static let keptZonesLimit = 10

    /// A device zone kept against an account zone.
    public struct KeptZone: Codable, Hashable, Sendable {
        public var device: String
        public var account: String

        public init(device: String, account: String) {
            self.device = device
            self.account = account
        }
    }

    /// Remembers that a device in `deviceZone` keeps the account's current zone (a repeat moves
    /// it to the end; the oldest beyond ``keptZonesLimit`` are forgotten).
    public mutating func keep(deviceZone: String) {
        let kept = KeptZone(device: deviceZone, account: timeZone)
        keptZones.removeAll { $0 == kept }
        keptZones.append(kept)
        keptZones = Array(keptZones.suffix(Self.keptZonesLimit))
    }

    /// The device zones kept against the account's current zone.
    public var keptDeviceZones: [String] {
        keptZones.filter { $0.account == timeZone }.map(\.device)
    }

    /// The kept zones as one line per pair ("device account"), as the stores keep them in a
    /// column (zone identifiers have no spaces or line breaks).
    public var keptZonesText: String {
        keptZones.map { "\($0.device) \($0.account)" }.joined(separator: "\n")
    }

    /// The pairs of ``keptZonesText``; a malformed line is skipped (the column only ever holds
    /// what ``keptZonesText`` wrote).
    public static func keptZones(text: String) -> [KeptZone] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            return parts.count == 2 ? KeptZone(device: String(parts[0]), account: String(parts[1])) : nil
        }
    }

    private enum CodingKeys: String, CodingKey { case timeZone, dayStartHour, firstWeekday, locale, snoozeMinutes, keptZones, language }

    // Settings written before snooze existed (op logs, exports) have no `snoozeMinutes`: the default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        timeZone = try c.decode(String.self, forKey: .timeZone)
        dayStartHour = try c.decode(Int.self, forKey: .dayStartHour)
        firstWeekday = try c.decodeIfPresent(Int.self, forKey: .firstWeekday)
        locale = try c.decode(String.self, forKey: .locale)
        snoozeMinutes = try c.decodeIfPresent(Int.self, forKey: .snoozeMinutes) ?? Self.defaultSnoozeMinutes
        keptZones = try c.decodeIfPresent([KeptZone].self, forKey: .keptZones) ?? []
        language = try c.decodeIfPresent(String.self, forKey: .language)
    }

    // The default is not written, so settings without a snooze choice encode exactly as before it existed.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(timeZone, forKey: .timeZone)
        try c.encode(dayStartHour, forKey: .dayStartHour)
        try c.encodeIfPresent(firstWeekday, forKey: .firstWeekday)
        try c.encode(locale, forKey: .locale)
        if snoozeMinutes != Self.defaultSnoozeMinutes { try c.encode(snoozeMinutes, forKey: .snoozeMinutes) }
        if !keptZones.isEmpty { try c.encode(keptZones, forKey: .keptZones) }
        try c.encodeIfPresent(language, forKey: .language)
    }

    public func validate() throws(SettingsError) {
        guard TimeZone(identifier: timeZone) != nil else { throw .unknownTimeZone(timeZone) }
        guard (0...23).contains(dayStartHour) else { throw .dayStartHour(dayStartHour) }
        if let firstWeekday, !(1...7).contains(firstWeekday) { throw .firstWeekday(firstWeekday) }
        guard !locale.isEmpty, locale.count <= 40,
            locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "@" || $0 == "=") })
        else { throw .locale(locale) }
        guard Self.snoozeMinutesRange.contains(snoozeMinutes) else { throw .snoozeMinutes(snoozeMinutes) }
        guard keptZones.count <= Self.keptZonesLimit else { throw .keptZones(keptZones.count) }
        for kept in keptZones {
            for zone in [kept.device, kept.account] where TimeZone(identifier: zone) == nil { throw .unknownTimeZone(zone) }
        }
        if let language, Language(rawValue: language) == nil { throw .language(language) }
    }

    /// The language this account chose (`nil`: none, or one this release no longer ships).
    public var chosenLanguage: Language? { language.flatMap(Language.init(rawValue:)) }

    /// What reminders and other messages sent without a request speak: the account's choice,
    /// else English (no browser is asking).
    public var reminderLanguage: Language { chosenLanguage ?? .english }

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
    case keptZones(Int)
    case language(String)

    public var description: String {
        switch self {
        case .unknownTimeZone(let zone): t("unknown time zone '{zone}' (use an IANA name such as Europe/Berlin)", ["zone": zone])
        case .dayStartHour(let hour): t("day start must be an hour from 0 to 23, not {hour}", ["hour": String(hour)])
        case .firstWeekday(let day): t("first weekday must be 1 (Sunday) to 7 (Saturday), not {day}", ["day": String(day)])
        case .locale(let locale): t("'{locale}' is not a locale identifier (such as en_US)", ["locale": locale])
        case .snoozeMinutes(let minutes): t("\"Later\" waits 1 to 240 minutes, not {minutes}", ["minutes": String(minutes)])
        case .keptZones(let count):
            tPlural(
                "at most {count} kept zone, not {given}", "at most {count} kept zones, not {given}", count: UserSettings.keptZonesLimit,
                ["given": String(count)])
        case .language(let language):
            t("'{language}' is not a language Tend speaks ({languages})", ["language": language, "languages": Language.shippedList])
        }
    }
}
