import Foundation
import TendCore
import TendFixtures
import Testing

/// Habits that are only measured (weight, mood): never due, never in the score, their values
/// summed up exactly per period.
@Suite("Measurements")
struct MeasurementTests {
    typealias Random = HabitSummaryPropertyTests

    static func weight(createdOn: Day = Fixtures.day("2026-10-01")) -> Habit {
        Habit(name: "Weight", kind: .measure, type: .count, unit: "kg", createdOn: createdOn)
    }

    @Test("whatever is recorded, every day is not due: no streak, no miss, not in the day score", arguments: 0..<2)
    func neverDue(batch: Int) {
        for seed in 0..<40 {
            var random = SeededGenerator(seed: UInt64(97_000 + batch * 1000 + seed))
            let habit = Self.weight(createdOn: Random.base)
            let tracked = Random.history(habit, &random)
            let calendar = Random.calendar(&random)
            let today = Random.base.adding(days: Int.random(in: 0...200, using: &random))
            let statuses = tracked.statuses(from: tracked.startDay, through: today, today: today, calendar: calendar)
            #expect(statuses.allSatisfy { $0 == .notDue })
            #expect(tracked.streaks(asOf: today, calendar: calendar) == Streaks(current: 0, best: 0))
            // Beside a habit to build, the day score is that habit's alone.
            let read = TrackedHabit(habit: Habit(name: "Read", createdOn: Random.base), entries: [Entry(day: today, value: 1)])
            #expect(
                DayScore.calculateTodayScore([read, tracked], on: today, today: today, calendar: calendar)
                    == DayScore.calculateTodayScore([read], on: today, today: today, calendar: calendar))
        }
    }

    @Test("the mean is exact in thousandths: 0.1 ten times averages 0.1; min, average and max per week in Berlin across DST")
    func stats() {
        #expect(MeasurementStats.mean(Array(repeating: Amount(thousandths: 100), count: 10)) == Amount(thousandths: 100))
        #expect(MeasurementStats.mean([Amount(thousandths: 1), Amount(thousandths: 2)]) == Amount(thousandths: 2))
        // Weeks from Monday in de_DE; clocks go back on 25 October 2026.
        let calendar = TendCalendar(timeZone: Fixtures.zone("Europe/Berlin"), locale: Locale(identifier: "de_DE"))
        let values: [(String, Int64)] = [("2026-10-19", 72_400), ("2026-10-21", 72_600), ("2026-10-25", 72_500), ("2026-10-26", 71_900)]
        let tracked = TrackedHabit(
            habit: Self.weight(),
            entries: values.map { Entry(day: Fixtures.day($0.0), value: Amount(thousandths: $0.1)) }
                + [Entry(day: Fixtures.day("2026-10-27"), isSkipped: true)])
        let weeks = tracked.measurementStats(per: .week, count: 2, today: Fixtures.day("2026-10-28"), calendar: calendar)
        #expect(weeks.map(\.start) == [Fixtures.day("2026-10-19"), Fixtures.day("2026-10-26")])
        #expect(weeks[0].count == 3 && weeks[0].minimum == Amount(thousandths: 72_400) && weeks[0].maximum == Amount(thousandths: 72_600))
        #expect(weeks[0].average == Amount(thousandths: 72_500))
        // A skipped day is no value.
        #expect(weeks[1].count == 1 && weeks[1].average == Amount(thousandths: 71_900))
        #expect(tracked.lastMeasurement(onOrBefore: Fixtures.day("2026-10-28"))?.value == Amount(thousandths: 71_900))
    }

    @Test("Today lists a measurement apart with the day's value or the latest one")
    func today() {
        let calendar = TendCalendar(timeZone: Fixtures.zone("Asia/Kolkata"))
        let today = Fixtures.day("2026-12-07")
        let tracked = TrackedHabit(habit: Self.weight(), entries: [Entry(day: today.adding(days: -2), value: Amount(thousandths: 72_450))])
        let plan = TodayPlan(habits: [tracked], day: today, today: today, current: .anytime, calendar: calendar)
        #expect(plan.groups.isEmpty && plan.score == nil)
        #expect(plan.measurements.count == 1)
        #expect(plan.measurements[0].value == nil && plan.measurements[0].lastValue == Amount(thousandths: 72_450))
        #expect(plan.measurements[0].lastDay == today.adding(days: -2))
    }

    @Test("a measurement is a count or a time without a target; its reminder rings until a value is recorded")
    func rulesAndReminders() throws {
        var habit = Self.weight()
        #expect(throws: Never.self) { try habit.validate() }
        habit.type = .checkmark
        #expect(throws: HabitValidationError.self) { try habit.validate() }
        habit.type = .count
        habit.target = 70
        #expect(throws: HabitValidationError.self) { try habit.validate() }
        habit.target = 0
        habit.reminders = [Reminder(time: try TimeOfDay(hour: 7))]
        let planner = ReminderPlanner(settings: UserSettings(timeZone: "UTC"))
        let day = Fixtures.day("2026-12-07")
        let firing = ReminderFiring(
            habit: habit.id, reminder: habit.reminders[0].id, day: day, firesAt: Fixtures.instant("2026-12-07T07:00:00Z"), kind: .scheduled)
        #expect(planner.decide(firing, for: TrackedHabit(habit: habit), now: firing.firesAt) == .deliver(lateness: 0))
        let weighed = TrackedHabit(habit: habit, entries: [Entry(day: day, value: Amount(thousandths: 72_000))])
        #expect(planner.decide(firing, for: weighed, now: firing.firesAt) == .skip(.habitDone))
    }
}
