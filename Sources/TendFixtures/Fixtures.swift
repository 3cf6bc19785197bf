import Foundation
import TendCore

/// Named fixtures shared by every test suite and the benchmarks.
public enum Fixtures {
    /// Zones every calendar rule is tested in: DST north and south, a 30-minute DST
    /// (Lord Howe), a skipped day (Apia, 2011-12-30), a half-hour offset without DST, and UTC.
    public static let zoneIdentifiers = [
        "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata", "UTC",
    ]

    /// Locales every calendar rule is tested in: Sunday-first (en_US, ar_SA) and Monday-first
    /// (de_DE, fr_FR) weeks, Latin and Arabic weekday names.
    public static let localeIdentifiers = ["en_US", "de_DE", "fr_FR", "ar_SA"]

    public static func zone(_ identifier: String) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { fatalError("unknown zone \(identifier)") }
        return zone
    }

    /// A Gregorian calendar in `zone` and `locale`.
    public static func calendar(_ zone: String = "UTC", locale: String = "en_US") -> TendCalendar {
        TendCalendar(timeZone: self.zone(zone), locale: Locale(identifier: locale))
    }

    /// Every (zone, locale) pair of the fixtures.
    public static var calendars: [TendCalendar] {
        zoneIdentifiers.flatMap { zone in localeIdentifiers.map { calendar(zone, locale: $0) } }
    }

    /// `day("2025-03-09")`: a day from a literal that is known to be valid.
    public static func day(_ iso: String) -> Day {
        do {
            return try Day(iso: iso)
        } catch {
            fatalError("bad fixture day \(iso): \(error)")
        }
    }

    /// An instant from an ISO 8601 date-time with offset, e.g. `"2025-03-09T01:30:00-05:00"`.
    public static func instant(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: text) else { fatalError("bad fixture instant \(text)") }
        return date
    }

    /// A habit with readable defaults (a daily good checkmark created on 2025-01-01).
    public static func habit(
        _ name: String = "Read", kind: HabitKind = .good, type: HabitType = .checkmark, target: Amount? = nil,
        schedule: Schedule = .daily, routineTime: RoutineTime = .anytime, createdOn: String = "2025-01-01",
        order: Int = 0
    ) -> Habit {
        Habit(
            name: name, kind: kind, type: type, target: target, schedule: schedule, routineTime: routineTime,
            order: order, createdOn: day(createdOn))
    }

    /// A tracked habit with `value` recorded on each of `days`.
    public static func tracked(_ habit: Habit, checked days: [String], value: Amount? = nil) -> TrackedHabit {
        let amount = value ?? max(1, habit.target)
        return TrackedHabit(habit: habit, entries: days.map { Entry(day: day($0), value: amount) })
    }
}
