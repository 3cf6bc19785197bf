import Foundation
import TendWords

/// A civil date (year-month-day) in the proleptic Gregorian calendar, independent of any time zone.
///
/// Check-ins belong to a `Day`, never to an instant. Stepping from one day to the next is pure
/// civil-calendar arithmetic, so it can never skip or repeat a day, whatever a zone's clocks do.
/// Turning an instant into a day (or back) needs a zone and goes through ``TendCalendar``.
public struct Day: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01 (negative before it).
    public let ordinal: Int

    /// The first and last day Tend accepts: ISO 8601 four-digit years.
    public static let minimum = Day(uncheckedYear: 1, month: 1, day: 1)
    public static let maximum = Day(uncheckedYear: 9999, month: 12, day: 31)

    public init(ordinal: Int) {
        self.ordinal = ordinal
    }

    /// A validated civil date; `Day(year: 2025, month: 2, day: 30)` throws.
    public init(year: Int, month: Int, day: Int) throws(DayError) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Day.daysInMonth(year: year, month: month)).contains(day)
        else {
            throw .invalidDate(String(format: "%04d-%02d-%02d", year, month, day))
        }
        self.init(uncheckedYear: year, month: month, day: day)
    }

    /// Parses a strict ISO 8601 calendar date, `YYYY-MM-DD` (for example `2025-02-14`).
    public init(iso text: String) throws(DayError) {
        guard let (year, month, day) = Self.components(Array(text.utf8)[...]) else { throw .invalidFormat(text) }
        do {
            try self.init(year: year, month: month, day: day)
        } catch {
            throw .invalidDate(text)
        }
    }

    /// ``init(iso:)`` from the text's UTF-8 bytes (a day read by ``JSONScanner``); `nil` where that
    /// one throws.
    public init?(isoUTF8 bytes: ArraySlice<UInt8>) {
        guard let (year, month, day) = Self.components(bytes), let parsed = try? Day(year: year, month: month, day: day) else {
            return nil
        }
        self = parsed
    }

    /// `YYYY-MM-DD`'s numbers, unchecked as a date.
    private static func components(_ bytes: ArraySlice<UInt8>) -> (Int, Int, Int)? {
        guard bytes.count == 10 else { return nil }
        let start = bytes.startIndex
        guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[start + index]
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return (year, month, day)
    }

    init(uncheckedYear year: Int, month: Int, day: Int) {
        ordinal = Day.ordinal(year: year, month: month, day: day)
    }

    // MARK: Components

    /// Year, month (1–12) and day of month (1–31).
    public var components: (year: Int, month: Int, day: Int) {
        Day.civil(fromOrdinal: ordinal)
    }

    public var year: Int { components.year }
    public var month: Int { components.month }
    public var dayOfMonth: Int { components.day }

    /// The day of the week; 1970-01-01 was a Thursday.
    public var weekday: Weekday {
        Weekday(rawValue: ((ordinal + 4) % 7 + 7) % 7 + 1)!
    }

    /// The ISO 8601 text, `YYYY-MM-DD`. (Built by hand: it is written for every entry of every
    /// export and op, and `String(format:)` costs ten times more.)
    public var iso: String {
        let (year, month, day) = components
        guard (0...9999).contains(year) else { return String(format: "%04d-%02d-%02d", year, month, day) }
        let zero = UInt8(ascii: "0")
        let digits: [UInt8] = [
            zero + UInt8(year / 1000 % 10), zero + UInt8(year / 100 % 10), zero + UInt8(year / 10 % 10),
            zero + UInt8(year % 10), UInt8(ascii: "-"), zero + UInt8(month / 10), zero + UInt8(month % 10),
            UInt8(ascii: "-"), zero + UInt8(day / 10), zero + UInt8(day % 10),
        ]
        return String(decoding: digits, as: UTF8.self)
    }

    // MARK: Arithmetic

    public func adding(days: Int) -> Day { Day(ordinal: ordinal + days) }

    /// The same day of the month `months` later, clamped to the last day of a shorter month.
    public func adding(months: Int) -> Day {
        let (year, month, day) = components
        let index = year * 12 + (month - 1) + months
        let newYear = index / 12
        let newMonth = index % 12 + 1
        let newDay = min(day, Day.daysInMonth(year: newYear, month: newMonth))
        return Day(uncheckedYear: newYear, month: newMonth, day: newDay)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: Day) -> Int { other.ordinal - ordinal }

    public var next: Day { adding(days: 1) }
    public var previous: Day { adding(days: -1) }

    public var firstOfMonth: Day { adding(days: 1 - dayOfMonth) }
    public var lastOfMonth: Day {
        let (year, month, day) = components
        return adding(days: Day.daysInMonth(year: year, month: month) - day)
    }
    public var daysInMonth: Int {
        let (year, month, _) = components
        return Day.daysInMonth(year: year, month: month)
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.ordinal < rhs.ordinal }

    // MARK: "Today"

    /// The day a person is living at instant `now` in `timeZone`, when their day starts at
    /// `dayStartHour` (0–23): with day start 4, 01:30 still belongs to yesterday.
    public static func today(now: Date, timeZone: TimeZone, dayStartHour: Int = 0) -> Day {
        TendCalendar(timeZone: timeZone).today(now: now, dayStartHour: dayStartHour)
    }

    // MARK: Civil calendar arithmetic (proleptic Gregorian, after H. Hinnant's algorithms)

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func ordinal(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromOrdinal ordinal: Int) -> (year: Int, month: Int, day: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}

extension Day: Strideable {
    public func distance(to other: Day) -> Int { other.ordinal - ordinal }
    public func advanced(by n: Int) -> Day { Day(ordinal: ordinal + n) }
}

extension Day: CustomStringConvertible, LosslessStringConvertible {
    public var description: String { iso }

    public init?(_ description: String) {
        guard let day = try? Day(iso: description) else { return nil }
        self = day
    }
}

extension Day: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try Day(iso: text)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}

/// Why a text is not a `Day`.
public enum DayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not of the shape `YYYY-MM-DD`.
    case invalidFormat(String)
    /// Of the right shape, but no such day (`2025-02-30`).
    case invalidDate(String)

    public var description: String {
        switch self {
        case .invalidFormat(let text):
            t("'{text}' is not a date: expected YYYY-MM-DD, for example 2025-02-14", ["text": text])
        case .invalidDate(let text):
            t("'{text}' is not a day of the calendar", ["text": text])
        }
    }
}
