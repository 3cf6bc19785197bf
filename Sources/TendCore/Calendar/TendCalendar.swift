import Foundation
import Synchronization

/// A Gregorian `Calendar` with an explicit time zone and locale: the one door between instants
/// (`Date`) and civil days (``Day``), and the home of the seeds' calendar helpers.
///
/// Whatever calendar a locale prefers (ar_SA prefers Umm al-Qura), days are Gregorian civil
/// dates; the locale still decides the first weekday and the weekday names.
public struct TendCalendar: Sendable, Hashable {
    /// The underlying Gregorian calendar (zone, locale and first weekday set).
    public let calendar: Calendar

    /// - Parameters:
    ///   - firstWeekday: 1 (Sunday) … 7 (Saturday); `nil` takes the locale's.
    public init(timeZone: TimeZone, locale: Locale = Locale(identifier: "en_US_POSIX"), firstWeekday: Int? = nil) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        if let firstWeekday {
            precondition((1...7).contains(firstWeekday), "firstWeekday must be 1…7")
            calendar.firstWeekday = firstWeekday
        }
        self.calendar = calendar
    }

    /// First letter of each weekday's short name, indexed by `Weekday.rawValue - 1`, per locale.
    /// Made on first use, not when a calendar is made: the names come from an ICU date formatter
    /// whose creation would slow `tend today`, which shows no weekday letters.
    private static let letters = Mutex<[String: [String]]>([:])

    private var dayLetters: [String] {
        let locale = self.locale
        if let known = Self.letters.withLock({ $0[locale.identifier] }) { return known }
        let made = calendar.shortWeekdaySymbols.map { String($0.prefix(1)).uppercased(with: locale) }
        Self.letters.withLock { $0[locale.identifier] = made }
        return made
    }

    /// Adopts another calendar's zone, locale and first weekday, keeping Gregorian days.
    public init(_ calendar: Calendar) {
        self.init(
            timeZone: calendar.timeZone, locale: calendar.locale ?? Locale(identifier: "en_US_POSIX"),
            firstWeekday: calendar.firstWeekday)
    }

    public var timeZone: TimeZone { calendar.timeZone }
    public var locale: Locale { calendar.locale ?? Locale(identifier: "en_US_POSIX") }
    /// 1 (Sunday) … 7 (Saturday).
    public var firstWeekday: Int { calendar.firstWeekday }

    // MARK: Instants and days

    /// The civil day that contains `date` in this calendar's zone.
    public func day(for date: Date) -> Day {
        Day(ordinal: localTime(of: date).ordinal)
    }

    /// The local civil day (as an ordinal) and second of the day of `date`, from the zone's offset.
    ///
    /// Not `Calendar.dateComponents`: Foundation's `.gregorian` calendar switches to the Julian
    /// calendar before 1582-10-15, while `Day` is proleptic Gregorian (and `firstInstant` reads
    /// wall times with the zone's offsets), so the two directions would disagree on old days.
    private func localTime(of date: Date) -> (ordinal: Int, second: Int) {
        let utcSeconds = date.timeIntervalSince1970.rounded(.down)
        let local = Int(utcSeconds) + calendar.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: utcSeconds))
        let second = (local % 86_400 + 86_400) % 86_400
        return ((local - second) / 86_400, second)
    }

    /// The first instant of `day` in this zone. A day that a zone skipped entirely
    /// (Pacific/Apia's 2011-12-30) starts at the first instant of the next day that exists.
    public func startDate(of day: Day) -> Date {
        firstInstant(on: day, hour: 0, minute: 0)
    }

    /// The first instant at or after the wall-clock time `hour:minute` on `day`.
    ///
    /// A time that falls in a spring-forward gap (02:30 when clocks jump from 02:00 to 03:00)
    /// gives the instant the gap ends (03:00); a time that happens twice (fall-back) gives
    /// the first of the two.
    public func firstInstant(on day: Day, hour: Int, minute: Int, second: Int = 0) -> Date {
        let zone = calendar.timeZone
        // Seconds since 1970 of the wall-clock time, read as if it were UTC.
        let wall = Double(day.ordinal * 86_400 + hour * 3600 + minute * 60 + second)
        let offsetBefore = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400 * 2)))
        let offsetAfter = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86_400 * 2)))
        let candidates = Set([offsetBefore, offsetAfter]).map { wall - $0 }.sorted()
        for instant in candidates {
            let date = Date(timeIntervalSince1970: instant)
            if Double(zone.secondsFromGMT(for: date)) == wall - instant {
                return date
            }
        }
        // The wall time does not exist: it lies in a gap, which ends at the zone's next transition.
        let earliest = Date(timeIntervalSince1970: candidates.first!)
        if let transition = zone.nextDaylightSavingTimeTransition(after: earliest - 1),
            transition.timeIntervalSince1970 <= candidates.last!
        {
            return transition
        }
        return Date(timeIntervalSince1970: candidates.last!)
    }

    /// The day a person is living at `now` when their day starts at `dayStartHour` (0–23).
    public func today(now: Date, dayStartHour: Int = 0) -> Day {
        precondition((0...23).contains(dayStartHour), "day start hour must be 0…23")
        let (ordinal, second) = localTime(of: now)
        let day = Day(ordinal: ordinal)
        return second / 3600 < dayStartHour ? day.previous : day
    }

    /// The instant the day a person is living at `now` ends: the next day's `dayStartHour` in this
    /// zone (when that hour is skipped by a clock change, the instant the gap ends). A page that
    /// shows "today" is out of date from then on.
    public func endOfToday(now: Date, dayStartHour: Int = 0) -> Date {
        firstInstant(on: today(now: now, dayStartHour: dayStartHour).next, hour: dayStartHour, minute: 0)
    }

    /// The wall-clock hour and minute of `date` in this zone.
    public func timeOfDay(for date: Date) -> TimeOfDay {
        let second = localTime(of: date).second
        return TimeOfDay(uncheckedHour: second / 3600, minute: second % 3600 / 60)
    }

    // MARK: The seeds' helpers

    /// The first day of the week containing `day`, by this locale's first weekday
    /// (Monday in de_DE, Sunday in en_US).
    public func startOfWeek(for day: Day) -> Day {
        day.adding(days: -((day.weekday.rawValue - firstWeekday + 7) % 7))
    }

    /// The last day of the week containing `day`.
    public func endOfWeek(for day: Day) -> Day {
        startOfWeek(for: day).adding(days: 6)
    }

    /// Every day of the whole weeks that cover `start…end`, in order; empty when `start > end`.
    public func generateFullWeeksCovering(from start: Day, to end: Day) -> [Day] {
        guard start <= end else { return [] }
        return Array(startOfWeek(for: start)...endOfWeek(for: end))
    }

    /// The localized first letter of the weekday's short name ("L" for Monday in fr_FR).
    public func getDayLetter(for day: Day) -> String {
        dayLetters[day.weekday.rawValue - 1]
    }

    /// The localized first letter of `weekday`'s short name.
    public func getDayLetter(for weekday: Weekday) -> String {
        dayLetters[weekday.rawValue - 1]
    }

    /// The seven weekdays in this locale's order, starting with its first weekday.
    public var orderedWeekdays: [Weekday] {
        (0..<7).map { Weekday(rawValue: (firstWeekday - 1 + $0) % 7 + 1)! }
    }

    /// Geko's `isoDay(for:in:)`: the ISO day (`YYYY-MM-DD`) that contains `date` in this zone.
    public func isoDay(for date: Date) -> String {
        day(for: date).iso
    }

    // MARK: Date forms of the helpers, for code written against the seeds

    /// The first instant of the week containing `date`.
    public func startOfWeek(for date: Date) -> Date {
        startDate(of: startOfWeek(for: day(for: date)))
    }

    /// The first instant of the last day of the week containing `date`.
    public func endOfWeek(for date: Date) -> Date {
        startDate(of: endOfWeek(for: day(for: date)))
    }

    /// The first instant of every day of the whole weeks covering `start…end`.
    public func generateFullWeeksCovering(from start: Date, to end: Date) -> [Date] {
        guard start <= end else { return [] }
        return generateFullWeeksCovering(from: day(for: start), to: day(for: end)).map(startDate(of:))
    }

    /// The localized first letter of the weekday of `date`.
    public func getDayLetter(for date: Date) -> String {
        getDayLetter(for: day(for: date))
    }

    public static func == (lhs: TendCalendar, rhs: TendCalendar) -> Bool { lhs.calendar == rhs.calendar }
    public func hash(into hasher: inout Hasher) { hasher.combine(calendar) }
}
