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
        _ name: String = "Read", kind: HabitKind = .good, type: HabitType = .checkmark, target: Int? = nil,
        schedule: Schedule = .daily, routineTime: RoutineTime = .anytime, createdOn: String = "2025-01-01",
        order: Int = 0
    ) -> Habit {
        Habit(
            name: name, kind: kind, type: type, target: target, schedule: schedule, routineTime: routineTime,
            order: order, createdOn: day(createdOn))
    }

    /// A tracked habit with `value` recorded on each of `days`.
    public static func tracked(_ habit: Habit, checked days: [String], value: Int? = nil) -> TrackedHabit {
        let amount = value ?? max(1, habit.target)
        return TrackedHabit(habit: habit, entries: days.map { Entry(day: day($0), value: amount) })
    }
}

/// A deterministic pseudo-random generator (SplitMix64), so generated datasets are the same on
/// every run and machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The performance dataset: `habits` habits with `years` years of history ending on `endingOn`.
public enum Dataset {
    /// 50 habits × 10 years by default, mixing every kind, type and schedule; about 70% of due days
    /// are recorded, some skipped, some with notes.
    public static func generate(
        habits count: Int = 50, years: Int = 10, endingOn end: Day = Fixtures.day("2026-11-22"), seed: UInt64 = 42
    ) -> [TrackedHabit] {
        var random = SeededGenerator(seed: seed)
        let start = end.adding(days: -(years * 365 + years / 4))
        let schedules: [Schedule] = [
            .daily, .weekdays([.monday, .wednesday, .friday]), .timesPerWeek(3), .timesPerMonth(8),
            .everyNDays(interval: 2, start: start), .daysOfMonth([1, 15, 31]), .timesInDays(times: 3, days: 7),
        ]
        let colors = HabitColor.allCases
        return (0..<count).map { index in
            let type: HabitType = [.checkmark, .checkmark, .count, .duration][index % 4]
            let kind: HabitKind = index % 5 == 4 ? .bad : .good
            let target: Int =
                switch (kind, type) {
                case (.good, .checkmark): 1
                case (.bad, .checkmark): 0
                case (_, .count): 8
                case (_, .duration): 1800
                }
            let habit = Habit(
                name: "Habit \(index + 1)", color: colors[index % colors.count], kind: kind, type: type,
                target: target, unit: type == .count ? "glasses" : "", schedule: schedules[index % schedules.count],
                routineTime: RoutineTime.allCases[index % 4], order: index, createdOn: start)
            var entries: [Entry] = []
            entries.reserveCapacity(years * 366)
            var day = start
            while day <= end {
                let roll = Int.random(in: 0..<100, using: &random)
                if roll < 70 {
                    let value =
                        switch type {
                        case .checkmark: kind == .good ? 1 : (roll < 10 ? 1 : 0)
                        case .count: Int.random(in: 0...12, using: &random)
                        case .duration: Int.random(in: 0...3600, using: &random)
                        }
                    if value > 0 {
                        entries.append(Entry(day: day, value: value, note: roll == 0 ? "note" : nil))
                    }
                } else if roll < 73 {
                    entries.append(Entry(day: day, isSkipped: true))
                }
                day = day.next
            }
            return TrackedHabit(habit: habit, entries: entries)
        }
    }
}
