import Foundation
import TendCore
import TendFixtures
import Testing

/// Pauses (a holiday, an illness): their days are neither due nor missed, a streak carries across
/// them, the strength holds through them, and nothing outside them is judged more harshly.
@Suite("Habit pauses")
struct HabitPausePropertyTests {
    typealias Random = HabitSummaryPropertyTests

    /// A random habit and history with one to three pauses (one of them open-ended at times).
    static func paused(_ random: inout SeededGenerator) -> (paused: TrackedHabit, plain: TrackedHabit) {
        let plain = Random.history(Random.habit(&random), &random)
        var habit = plain.habit
        var start = Random.base.adding(days: Int.random(in: -30...40, using: &random))
        for index in 0..<Int.random(in: 1...3, using: &random) {
            let length = Int.random(in: 1...30, using: &random)
            let open = index == 2 && Bool.random(using: &random)
            habit.pauses = habit.pauses(adding: HabitPause(start: start, end: open ? nil : start.adding(days: length - 1)))
            start = start.adding(days: length + Int.random(in: 1...40, using: &random))
        }
        return (TrackedHabit(habit: habit, entries: plain.sortedEntries), plain)
    }

    /// `tracked` with nothing recorded inside its pauses: what a person resting records.
    static func resting(_ tracked: TrackedHabit) -> TrackedHabit {
        TrackedHabit(habit: tracked.habit, entries: tracked.sortedEntries.filter { !tracked.habit.isPaused(on: $0.day) })
    }

    @Test("paused days are paused; outside them a fixed schedule judges every day as without a pause", arguments: 0..<4)
    func pausedDaysApart(batch: Int) {
        for seed in 0..<50 {
            var random = SeededGenerator(seed: UInt64(41_000 + batch * 1000 + seed))
            let (tracked, plain) = Self.paused(&random)
            let calendar = Random.calendar(&random)
            let today = Random.base.adding(days: Int.random(in: 0...240, using: &random))
            let from = Random.base.adding(days: -40)
            let through = Random.base.adding(days: 240)
            let statuses = tracked.statuses(from: from, through: through, today: today, calendar: calendar)
            let without = plain.statuses(from: from, through: through, today: today, calendar: calendar)
            for (offset, status) in statuses.enumerated() {
                let day = from.adding(days: offset)
                if tracked.habit.isPaused(on: day) {
                    #expect(status == .paused || status == .notDue, "seed \(seed) \(day.iso): \(status)")
                    #expect(!status.isDue)
                } else if !tracked.habit.schedule.isQuota {
                    #expect(status == without[offset], "seed \(seed) \(day.iso): \(tracked.habit.schedule)")
                }
            }
        }
    }

    @Test("a pause never breaks a streak: resting through it, no day is missed that was not, no streak is shorter", arguments: 0..<4)
    func pauseNeverBreaksStreak(batch: Int) {
        for seed in 0..<50 {
            var random = SeededGenerator(seed: UInt64(51_000 + batch * 1000 + seed))
            let (paused, _) = Self.paused(&random)
            let tracked = Self.resting(paused)
            var open = tracked.habit
            open.pauses = []
            let plain = TrackedHabit(habit: open, entries: tracked.sortedEntries)
            let calendar = Random.calendar(&random)
            // Judged once every pause and its periods are over: a quota week or month that a pause
            // cuts asks for its prorated share, and "X in Y days" does not count a window into it.
            let today = Random.base.adding(days: 400)
            let from = tracked.startDay
            let statuses = tracked.statuses(from: from, through: today, today: today, calendar: calendar)
            let without = plain.statuses(from: from, through: today, today: today, calendar: calendar)
            for (offset, status) in statuses.enumerated() where status == .missed {
                #expect(without[offset] == .missed, "seed \(seed) \(from.adding(days: offset).iso): \(tracked.habit.schedule)")
            }
            for day in stride(from: 0, through: from.days(to: today), by: 7).map(from.adding(days:)) {
                let with = tracked.streaks(asOf: day, calendar: calendar)
                let plainStreaks = plain.streaks(asOf: day, calendar: calendar)
                #expect(with.current >= plainStreaks.current - Self.pausedDays(tracked.habit, through: day), "seed \(seed) \(day.iso)")
                #expect(with.best >= plainStreaks.best - Self.pausedDays(tracked.habit, through: day), "seed \(seed) \(day.iso)")
            }
        }
    }

    /// Paused days up to `day`: the days a streak no longer counts (they carry it, they do not
    /// lengthen it), which a plain history may have counted as rest days of a quota.
    static func pausedDays(_ habit: Habit, through day: Day) -> Int {
        habit.pauses.reduce(0) { total, pause in
            guard pause.start <= day else { return total }
            return total + pause.start.days(to: min(pause.end ?? day, day)) + 1
        }
    }

    @Test("a streak carries across a pause: met before, paused, met after is one run")
    func streakCarriesAcross() {
        let calendar = TendCalendar(timeZone: Fixtures.zone("America/St_Johns"), locale: Locale(identifier: "de_DE"))
        let start = Fixtures.day("2026-10-20")
        // A fortnight's holiday over the night Newfoundland leaves daylight saving (1 Nov 2026).
        let pause = HabitPause(start: Fixtures.day("2026-10-25"), end: Fixtures.day("2026-11-07"))
        let habit = Habit(name: "Run", createdOn: start, pauses: [pause])
        let days = (0..<25).map(start.adding(days:)).filter { !pause.contains($0) }
        let tracked = TrackedHabit(habit: habit, entries: days.map { Entry(day: $0, value: 1) })
        let today = start.adding(days: 24)
        #expect(tracked.streaks(asOf: today, calendar: calendar) == Streaks(current: days.count, best: days.count))
        #expect(tracked.status(on: Fixtures.day("2026-11-01"), today: today, calendar: calendar) == .paused)
        let stats = tracked.statistics(asOf: today, calendar: calendar)
        #expect(stats.totalDaysMet == days.count)
        #expect(stats.totalDaysJudged == days.count)
    }

    @Test("the strength holds through a pause: every paused day has the score of the day before it began", arguments: 0..<4)
    func strengthHolds(batch: Int) {
        for seed in 0..<50 {
            var random = SeededGenerator(seed: UInt64(61_000 + batch * 1000 + seed))
            let (tracked, _) = Self.paused(&random)
            let from = tracked.startDay
            let through = Random.base.adding(days: 300)
            let series = tracked.strengthSeries(from: from, through: through)
            for pause in tracked.habit.pauses where pause.start > from {
                let before = series[from.days(to: pause.start) - 1]
                let last = min(pause.end ?? through, through)
                guard pause.start <= last else { continue }
                for day in stride(from: from.days(to: pause.start), through: from.days(to: last), by: 1) {
                    // Exactly: a paused day is not a step of Loop's formula at all.
                    #expect(series[day] == before, "seed \(seed) \(from.adding(days: day).iso): a paused day moved the score")
                }
            }
        }
    }

    @Test("a summary made under pauses gives the statuses the whole history gives, and is not used under others", arguments: 0..<2)
    func summariesHoldPauses(batch: Int) {
        for seed in 0..<50 {
            var random = SeededGenerator(seed: UInt64(71_000 + batch * 1000 + seed))
            let (tracked, _) = Self.paused(&random)
            let calendar = Random.calendar(&random)
            let today = Random.base.adding(days: Int.random(in: 0...240, using: &random))
            let summary = HabitSummary(tracked, today: today, calendar: calendar)
            let summarized = TrackedHabit(habit: tracked.habit, entries: tracked.sortedEntries, summary: summary)
            #expect(
                summarized.statuses(from: tracked.startDay, through: today, today: today, calendar: calendar)
                    == tracked.statuses(from: tracked.startDay, through: today, today: today, calendar: calendar))
            var moved = tracked.habit
            moved.pauses.removeLast()
            #expect(!summary.isUsable(for: moved, calendar: calendar))
        }
    }

    @Test("pauses merge when they touch, resume ends the running one yesterday and cancels later ones")
    func mergeAndResume() {
        let day = Fixtures.day("2026-03-27")
        var habit = Habit(name: "Swim", createdOn: day.adding(days: -100))
        habit.pauses = habit.pauses(adding: HabitPause(start: day, end: day.adding(days: 6)))
        habit.pauses = habit.pauses(adding: HabitPause(start: day.adding(days: 7), end: day.adding(days: 9)))
        #expect(habit.pauses == [HabitPause(start: day, end: day.adding(days: 9))])
        habit.pauses = habit.pauses(adding: HabitPause(start: day.adding(days: 3)))
        #expect(habit.pauses == [HabitPause(start: day)])
        habit.pauses = habit.pauses(adding: HabitPause(start: day.adding(days: -30), end: day.adding(days: -20)))
        #expect(habit.pauses.count == 2)
        // Resumed on the pause's fourth day: it ends on the third; the past pause stays.
        let resumed = habit.pausesResumed(today: day.adding(days: 3))
        #expect(
            resumed == [
                HabitPause(start: day.adding(days: -30), end: day.adding(days: -20)), HabitPause(start: day, end: day.adding(days: 2)),
            ])
        // Resumed before it began: the pause is gone; with nothing running, nothing to resume.
        #expect(habit.pausesResumed(today: day) == [HabitPause(start: day.adding(days: -30), end: day.adding(days: -20))])
        #expect(Habit(name: "A", createdOn: day).pausesResumed(today: day) == nil)
    }

    @Test("overlapping, reversed or pre-2000 pauses are refused with a reason")
    func validation() {
        let day = Fixtures.day("2026-03-06")
        #expect(throws: HabitValidationError.self) {
            try HabitPause.validate([HabitPause(start: day, end: day.adding(days: 5)), HabitPause(start: day.adding(days: 5))])
        }
        #expect(throws: HabitValidationError.self) { try HabitPause.validate([HabitPause(start: day, end: day.previous)]) }
        #expect(throws: HabitValidationError.self) { try HabitPause.validate([HabitPause(start: Fixtures.day("1999-12-31"))]) }
        let many = (0...HabitPause.maximumPerHabit).map { HabitPause(start: day.adding(days: 2 * $0), end: day.adding(days: 2 * $0)) }
        #expect(throws: HabitValidationError.self) { try HabitPause.validate(many) }
        #expect(throws: Never.self) { try HabitPause.validate(Array(many.dropLast())) }
    }

    @Test("Today lists a paused habit apart, with its last day, and never counts it in the score")
    func todayApart() {
        let calendar = TendCalendar(timeZone: Fixtures.zone("Asia/Kolkata"))
        let today = Fixtures.day("2026-12-07")
        let read = Habit(name: "Read", createdOn: today.adding(days: -10))
        var run = Habit(name: "Run", createdOn: today.adding(days: -10))
        run.pauses = [HabitPause(start: today.adding(days: -2), end: today.adding(days: 4))]
        let plan = TodayPlan(
            habits: [TrackedHabit(habit: read, entries: [Entry(day: today, value: 1)]), TrackedHabit(habit: run)],
            day: today, today: today, current: .anytime, calendar: calendar)
        #expect(plan.groups.flatMap(\.items).map(\.habit.name) == ["Read"])
        #expect(plan.paused.map(\.habit.name) == ["Run"])
        #expect(plan.paused.first?.until == today.adding(days: 4))
        #expect(plan.score == 1)
    }

    @Test("pauses survive the wire: a habit's JSON and a patch")
    func wire() throws {
        let day = Fixtures.day("2026-03-06")
        var habit = Habit(name: "Run", createdOn: day)
        #expect(!String(decoding: try JSONEncoder().encode(habit), as: UTF8.self).contains("pauses"))
        habit.pauses = [HabitPause(start: day, end: day.adding(days: 3)), HabitPause(start: day.adding(days: 10))]
        let decoded = try JSONDecoder().decode(Habit.self, from: try JSONEncoder().encode(habit))
        #expect(decoded.pauses == habit.pauses)
        let patch = HabitPatch(from: Habit(name: "Run", createdOn: day), to: habit)
        let patched = try JSONDecoder().decode(HabitPatch.self, from: try JSONEncoder().encode(patch))
        #expect(patched.applied(to: Habit(name: "Run", createdOn: day)).pauses == habit.pauses)
    }
}
