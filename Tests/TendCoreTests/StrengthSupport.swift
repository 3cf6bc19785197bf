import Foundation
import TendCore
import TendTestSupport

/// Small helpers shared by the strength, status, streak and day-score suites.
enum ScoringSupport {
    /// Loop's daily multiplier for frequency `f`: m = 0.5^(√f / 13).
    static func multiplier(_ f: Double) -> Double { pow(0.5, f.squareRoot() / 13) }

    /// The ISO days `from…through`, inclusive.
    static func isoDays(_ from: String, _ through: String) -> [String] {
        (Fixtures.day(from)...Fixtures.day(through)).map(\.iso)
    }

    /// A tracked habit with explicit values per day and planned rest days.
    static func tracked(_ habit: Habit, values: [String: Amount] = [:], skipped: [String] = []) -> TrackedHabit {
        var tracked = TrackedHabit(habit: habit)
        for (day, value) in values { tracked.setValue(value, on: Fixtures.day(day)) }
        for day in skipped { tracked.setSkipped(true, on: Fixtures.day(day)) }
        return tracked
    }

    /// Statuses of `tracked` from `from` through `through`, judged on `today`.
    static func statuses(
        _ tracked: TrackedHabit, _ from: String, _ through: String, today: String,
        calendar: TendCalendar = Fixtures.calendar()
    ) -> [DayStatus] {
        tracked.statuses(
            from: Fixtures.day(from), through: Fixtures.day(through), today: Fixtures.day(today), calendar: calendar)
    }
}
