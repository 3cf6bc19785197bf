import Foundation
import TendCore
import TendFixtures
import Testing

/// Start and end dates (a habit that begins next Monday, a 30-day challenge): days outside them
/// are not due, a finished habit's figures are those of its last day whatever day it is, and the
/// days before the end are judged as if there were no end (fixed schedules and "X in Y days").
@Suite("Habit start and end dates")
struct HabitDatesPropertyTests {
    typealias Random = HabitSummaryPropertyTests

    static func dated(_ random: inout SeededGenerator) -> TrackedHabit {
        var tracked = Random.history(Random.habit(&random), &random)
        var habit = tracked.habit
        let start = Random.base.adding(days: Int.random(in: -20...120, using: &random))
        if Bool.random(using: &random) { habit.startsOn = start }
        habit.endsOn = start.adding(days: Int.random(in: 0...90, using: &random))
        tracked = TrackedHabit(habit: habit, entries: tracked.sortedEntries)
        return tracked
    }

    @Test("a finished habit's statistics, streaks and strength after its end equal those on its end", arguments: 0..<4)
    func finishedFiguresHold(batch: Int) {
        for seed in 0..<50 {
            var random = SeededGenerator(seed: UInt64(9_000 + batch * 1000 + seed))
            let tracked = Self.dated(&random)
            let calendar = Random.calendar(&random)
            let end = tracked.habit.endsOn!
            let later = end.adding(days: Int.random(in: 1...400, using: &random))
            var atEnd = tracked.statistics(asOf: end, calendar: calendar)
            let after = tracked.statistics(asOf: later, calendar: calendar)
            #expect(after.asOf == later)
            atEnd.asOf = later
            #expect(after == atEnd, "seed \(seed): \(tracked.habit.schedule)")
            #expect(tracked.streaks(asOf: later, calendar: calendar) == tracked.streaks(asOf: end, calendar: calendar))
            #expect(tracked.strength(on: later) == tracked.strength(on: end))
            let series = tracked.strengthSeries(from: end, through: later)
            #expect(series.allSatisfy { $0 == tracked.strength(on: end) })
        }
    }

    @Test("days outside the dates are not due; before the end, fixed schedules judge as without one", arguments: 0..<4)
    func outsideNotDueInsideUnchanged(batch: Int) {
        for seed in 0..<50 {
            var random = SeededGenerator(seed: UInt64(19_000 + batch * 1000 + seed))
            let tracked = Self.dated(&random)
            let calendar = Random.calendar(&random)
            let habit = tracked.habit
            let today = Random.base.adding(days: Int.random(in: 0...240, using: &random))
            let from = Random.base.adding(days: -40)
            let through = Random.base.adding(days: 240)
            let statuses = tracked.statuses(from: from, through: through, today: today, calendar: calendar)
            var open = habit
            open.endsOn = nil
            let without = TrackedHabit(habit: open, entries: tracked.sortedEntries)
                .statuses(from: from, through: through, today: today, calendar: calendar)
            for (offset, status) in statuses.enumerated() {
                let day = from.adding(days: offset)
                if !habit.isWithinDates(day) {
                    #expect(status == .notDue, "seed \(seed) \(day.iso): \(status)")
                } else if !habit.schedule.isQuota {
                    #expect(status == without[offset], "seed \(seed) \(day.iso): \(habit.schedule)")
                }
            }
        }
    }

    @Test("a summary made under dates gives the statuses the whole history gives", arguments: 0..<4)
    func summariesHoldDates(batch: Int) {
        for seed in 0..<50 {
            var random = SeededGenerator(seed: UInt64(29_000 + batch * 1000 + seed))
            let tracked = Self.dated(&random)
            let calendar = Random.calendar(&random)
            let today = Random.base.adding(days: Int.random(in: 0...240, using: &random))
            let summary = HabitSummary(tracked, today: today, calendar: calendar)
            let summarized = TrackedHabit(habit: tracked.habit, entries: tracked.sortedEntries, summary: summary)
            let from = tracked.startDay
            #expect(
                summarized.statuses(from: from, through: today, today: today, calendar: calendar)
                    == tracked.statuses(from: from, through: today, today: today, calendar: calendar))
            // The same summary under other dates is not used.
            var moved = tracked.habit
            moved.endsOn = moved.endsOn!.next
            #expect(!summary.isUsable(for: moved, calendar: calendar))
        }
    }

    @Test("a 30-day challenge: completed 27 of 30 days, off Today after its end, figures kept")
    func thirtyDayChallenge() {
        let start = Fixtures.day("2026-03-01")
        let end = start.adding(days: 29)
        let habit = Habit(name: "No sugar", createdOn: start, startsOn: start, endsOn: end)
        let missed: Set<Int> = [4, 11, 20]
        let entries = (0..<30).filter { !missed.contains($0) }.map { Entry(day: start.adding(days: $0), value: 1) }
        let tracked = TrackedHabit(habit: habit, entries: entries)
        let calendar = TendCalendar(timeZone: Fixtures.zone("Europe/Berlin"))
        let later = end.adding(days: 40)
        let stats = tracked.statistics(asOf: later, calendar: calendar)
        #expect((stats.totalDaysMet, stats.totalDaysJudged) == (27, 30))
        #expect(stats.currentStreak == 9)
        #expect(habit.isFinished(today: end.next) && !habit.isFinished(today: end))
        let plan = TodayPlan(habits: [tracked], day: end.next, today: end.next, current: .anytime, calendar: calendar)
        #expect(plan.groups.isEmpty && plan.score == nil)
        let lastDay = TodayPlan(habits: [tracked], day: end, today: end, current: .anytime, calendar: calendar)
        #expect(lastDay.groups.flatMap(\.items).map(\.habit.id) == [habit.id])
    }

    @Test("a habit that starts next Monday is not on Today before it, nor listed to back-fill")
    func startsLater() {
        // In New York, across the spring-forward night (8 March 2026) before its start.
        let today = Fixtures.day("2026-03-06")
        let monday = Fixtures.day("2026-03-09")
        let habit = Habit(name: "Run", createdOn: today, startsOn: monday)
        let tracked = TrackedHabit(habit: habit)
        let calendar = TendCalendar(timeZone: Fixtures.zone("America/New_York"), locale: Locale(identifier: "en_US"))
        for day in [today, today.next, today.adding(days: 2)] {
            #expect(tracked.status(on: day, today: day, calendar: calendar) == .notDue)
            #expect(TodayPlan(habits: [tracked], day: day, today: day, current: .anytime, calendar: calendar).groups.isEmpty)
        }
        #expect(tracked.status(on: monday, today: monday, calendar: calendar) == .pending)
        #expect(tracked.status(on: monday, today: monday.next, calendar: calendar) == .missed)
        #expect(tracked.streaks(asOf: monday.next, calendar: calendar) == Streaks(current: 0, best: 0))
        // A "3 per week" challenge of five days asks for a prorated count in its short weeks.
        var quota = Habit(name: "Swim", schedule: .timesPerWeek(3), createdOn: today, startsOn: monday, endsOn: monday.adding(days: 1))
        quota.id = habit.id
        let swim = TrackedHabit(habit: quota, entries: [Entry(day: monday, value: 1)])
        #expect(swim.status(on: monday.next, today: monday.adding(days: 3), calendar: calendar) == .satisfied)
    }

    @Test("end before start, or dates before 2000, are refused with a reason")
    func validation() {
        let day = Fixtures.day("2026-03-06")
        #expect(throws: HabitValidationError.self) { try Habit(name: "A", createdOn: day, startsOn: day, endsOn: day.previous).validate() }
        #expect(throws: HabitValidationError.self) { try Habit(name: "A", createdOn: day, startsOn: Fixtures.day("1999-12-31")).validate() }
        #expect(throws: Never.self) { try Habit(name: "A", createdOn: day, startsOn: day, endsOn: day).validate() }
    }

    @Test("dates survive the wire: a habit's JSON and a patch that clears one")
    func wire() throws {
        let day = Fixtures.day("2026-03-06")
        let habit = Habit(name: "A", createdOn: day, startsOn: day.next, endsOn: day.adding(days: 30))
        let decoded = try JSONDecoder().decode(Habit.self, from: JSONEncoder().encode(habit))
        #expect(decoded == habit)
        let plain = Habit(name: "B", createdOn: day)
        #expect(!String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("startsOn"))
        var cleared = habit
        cleared.endsOn = nil
        let patch = HabitPatch(from: habit, to: cleared)
        #expect(patch.endsOn == DayBound.cleared && patch.startsOn == nil)
        let carried = try JSONDecoder().decode(HabitPatch.self, from: JSONEncoder().encode(patch))
        #expect(carried.applied(to: habit) == cleared)
    }
}
