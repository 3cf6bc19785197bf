import Foundation
import TendCore
import TendFixtures
import Testing

/// Changes that apply from a day (``HabitVersion``): the days before keep the rule they had, so
/// nothing judged before the day moves, and the days from it are judged by the new rule.
@Suite("Habit rules changed from a day")
struct HabitVersionPropertyTests {
    typealias Random = HabitSummaryPropertyTests

    /// A rule a habit could have: a count (as the random habits are) or a checkmark.
    static func rule(_ random: inout SeededGenerator) -> HabitRule {
        let schedule = Random.schedule(&random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return HabitRule(kind: .good, type: .checkmark, target: 1, schedule: schedule)
        case 1: return HabitRule(kind: .bad, type: .checkmark, target: 0, schedule: schedule)
        default:
            var rule = Random.habit(&random).rule
            rule.schedule = schedule
            if rule.kind == .good, rule.target == 0 { rule.target = 1 }
            return rule
        }
    }

    /// A random history with up to two earlier changes, then one more from `day`.
    static func changed(_ random: inout SeededGenerator) -> (before: TrackedHabit, after: TrackedHabit, day: Day) {
        var tracked = Random.history(Random.habit(&random), &random)
        var habit = tracked.habit
        if habit.kind == .good, habit.target == 0 { habit.target = 1 }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            habit = habit.changingRule(to: rule(&random), from: .day(Random.base.adding(days: Int.random(in: 0...150, using: &random))))
        }
        tracked = TrackedHabit(habit: habit, entries: tracked.sortedEntries)
        let day = Random.base.adding(days: Int.random(in: 10...180, using: &random))
        let after = TrackedHabit(habit: habit.changingRule(to: rule(&random), from: .day(day)), entries: tracked.sortedEntries)
        return (tracked, after, day)
    }

    @Test("a change from day D leaves every status, streak, rate and score before D exactly as it was", arguments: 0..<4)
    func pastUnmoved(batch: Int) throws {
        // How many changes judged the days from D differently: the property is not vacuous.
        var moved = 0
        for seed in 0..<40 {
            var random = SeededGenerator(seed: UInt64(81_000 + batch * 1000 + seed))
            let (before, after, day) = Self.changed(&random)
            try after.habit.validate()
            let calendar = Random.calendar(&random)
            let from = min(before.startDay, after.startDay)
            // Judged on any later day: the days before D are the same.
            let today = day.adding(days: Int.random(in: 0...120, using: &random))
            if from < day {
                #expect(
                    after.statuses(from: from, through: day.previous, today: today, calendar: calendar)
                        == before.statuses(from: from, through: day.previous, today: today, calendar: calendar),
                    "seed \(seed): \(before.habit.versions) → \(after.habit.versions)")
            }
            let later = day.adding(days: 30)
            if after.statuses(from: day, through: later, today: today, calendar: calendar)
                != before.statuses(from: day, through: later, today: today, calendar: calendar)
            {
                moved += 1
            }
            // And the figures as of each day before D: streaks, rates, totals, strength.
            for asOf in stride(from: max(from, day.adding(days: -60)).ordinal, to: day.ordinal, by: 3).map(Day.init(ordinal:)) {
                #expect(
                    after.statistics(asOf: asOf, calendar: calendar) == before.statistics(asOf: asOf, calendar: calendar),
                    "seed \(seed) \(asOf.iso)")
                #expect(after.strength(on: asOf) == before.strength(on: asOf), "seed \(seed) \(asOf.iso)")
            }
        }
        #expect(moved >= 20, "only \(moved) of 40 changes moved a day from D on")
    }

    @Test("from D on, a fixed schedule judges every day by the new rule, as a habit that started on D", arguments: 0..<4)
    func futureByNewRule(batch: Int) {
        for seed in 0..<40 {
            var random = SeededGenerator(seed: UInt64(91_000 + batch * 1000 + seed))
            let (_, after, day) = Self.changed(&random)
            guard !after.habit.schedule.isQuota, day > after.habit.createdOn else { continue }
            let calendar = Random.calendar(&random)
            let today = day.adding(days: Int.random(in: 0...60, using: &random))
            var fresh = after.habit
            fresh.versions = []
            fresh.startsOn = max(day, fresh.startsOn ?? day)
            let plain = TrackedHabit(habit: fresh, entries: after.sortedEntries)
            #expect(
                after.statuses(from: day, through: today, today: today, calendar: calendar)
                    == plain.statuses(from: day, through: today, today: today, calendar: calendar), "seed \(seed)")
        }
    }

    @Test("a summary made under versions gives the statuses the whole history gives, and not under others", arguments: 0..<2)
    func summariesHoldVersions(batch: Int) {
        for seed in 0..<40 {
            var random = SeededGenerator(seed: UInt64(95_000 + batch * 1000 + seed))
            let (_, tracked, day) = Self.changed(&random)
            let calendar = Random.calendar(&random)
            let today = day.adding(days: Int.random(in: 0...90, using: &random))
            let summary = HabitSummary(tracked, today: today, calendar: calendar)
            let summarized = TrackedHabit(habit: tracked.habit, entries: tracked.sortedEntries, summary: summary)
            #expect(
                summarized.statuses(from: tracked.startDay, through: today, today: today, calendar: calendar)
                    == tracked.statuses(from: tracked.startDay, through: today, today: today, calendar: calendar), "seed \(seed)")
            var other = tracked.habit
            other.versions = []
            #expect(tracked.habit.versions.isEmpty || !summary.isUsable(for: other, calendar: calendar))
        }
    }

    @Test("3 a week, then every day from 1 December: November's streak and score stand, December asks for every day")
    func threeAWeekThenDaily() {
        // Berlin leaves daylight saving on 25 October 2026, inside the first rule.
        let calendar = TendCalendar(timeZone: Fixtures.zone("Europe/Berlin"), locale: Locale(identifier: "de_DE"))
        let start = Fixtures.day("2026-10-05")
        let habit = Habit(name: "Run", schedule: .timesPerWeek(3), createdOn: start)
        // Mondays, Wednesdays and Fridays through November, then every day of December but the 3rd.
        let runs =
            (0..<57).map(start.adding(days:)).filter { [1, 3, 5].contains($0.weekday.rawValue - 1) }
            + (0..<10).map { Fixtures.day("2026-12-01").adding(days: $0) }.filter { $0 != Fixtures.day("2026-12-03") }
        let entries = runs.map { Entry(day: $0, value: 1) }
        let december = Fixtures.day("2026-12-01")
        let changed = habit.changingRule(to: HabitRule(kind: .good, type: .checkmark, target: 1, schedule: .daily), from: .day(december))
        #expect(changed.versions == [HabitVersion(rule: habit.rule, through: december.previous)])
        let before = TrackedHabit(habit: habit, entries: entries)
        let after = TrackedHabit(habit: changed, entries: entries)
        let today = Fixtures.day("2026-12-10")
        let november = Fixtures.day("2026-11-30")
        #expect(after.statistics(asOf: november, calendar: calendar) == before.statistics(asOf: november, calendar: calendar))
        #expect(after.strength(on: november) == before.strength(on: november))
        #expect(after.status(on: Fixtures.day("2026-12-03"), today: today, calendar: calendar) == .missed)
        #expect(before.status(on: Fixtures.day("2026-12-03"), today: today, calendar: calendar) != .missed)
        // From the beginning instead: every day is judged daily, November's rest days missed.
        let rewritten = TrackedHabit(habit: changed.changingRule(to: changed.rule, from: .beginning), entries: entries)
        #expect(rewritten.habit.versions.isEmpty)
        #expect(rewritten.status(on: Fixtures.day("2026-11-03"), today: today, calendar: calendar) == .missed)
        #expect(after.status(on: Fixtures.day("2026-11-03"), today: today, calendar: calendar) != .missed)
    }

    @Test("changes join equal neighbours; a change back to the old rule from the same day undoes it")
    func joins() {
        let start = Fixtures.day("2026-01-05")
        let habit = Habit(name: "Water", type: .count, target: 8, createdOn: start)
        var twenty = habit.rule
        twenty.target = 20
        let day = Fixtures.day("2026-03-01")
        let once = habit.changingRule(to: twenty, from: .day(day))
        #expect(once.versions.count == 1 && once.target == 20)
        #expect(once.changingRule(to: habit.rule, from: .day(day)).versions.isEmpty)
        // The same rule again from a later day changes nothing before it.
        let again = once.changingRule(to: twenty, from: .day(day.adding(days: 10)))
        #expect(again.versions == once.versions)
        // A change from the earliest day Tend records judges every day by it.
        #expect(once.changingRule(to: habit.rule, from: .day(RecordableDays.floor)).versions.isEmpty)
        #expect(once.ruled(on: day.previous).target == 8 && once.ruled(on: day).target == 20)
    }

    @Test("versions survive the wire and are refused when wrong")
    func wireAndValidation() throws {
        let day = Fixtures.day("2026-03-06")
        let habit = Habit(name: "Run", createdOn: day.adding(days: -100)).changingRule(
            to: HabitRule(kind: .good, type: .count, target: 5, schedule: .timesPerWeek(3)), from: .day(day))
        let decoded = try JSONDecoder().decode(Habit.self, from: try JSONEncoder().encode(habit))
        #expect(decoded == habit)
        #expect(!String(decoding: try JSONEncoder().encode(Habit(name: "A", createdOn: day)), as: UTF8.self).contains("versions"))
        let bad = [HabitVersion(rule: HabitRule(kind: .good, type: .checkmark, target: 3, schedule: .daily), through: day)]
        #expect(throws: HabitValidationError.self) { try HabitVersion.validate(bad) }
        let twice = Array(repeating: habit.versions[0], count: 2)
        #expect(throws: HabitValidationError.self) { try HabitVersion.validate(twice) }
    }
}
