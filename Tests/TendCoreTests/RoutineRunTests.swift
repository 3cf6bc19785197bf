import Foundation
import TendCore
import TendTestSupport
import Testing

/// A routine's days and its walk-through (issue 41, item 3): a routine is shown on its weekdays
/// only, and is done in order, one habit after the other.
@Suite("A routine on its days, done in order")
struct RoutineRunTests {
    static let friday = Fixtures.day("2026-11-27")
    static let saturday = Fixtures.day("2026-11-28")
    static let stretch = Fixtures.habit("Stretch", createdOn: "2026-11-01", order: 0)
    static let water = Fixtures.habit("Water", type: .count, target: 8, createdOn: "2026-11-01", order: 1)
    static let read = Fixtures.habit("Read", createdOn: "2026-11-01", order: 2)
    static let morning = Routine(
        name: "Morning", start: try! TimeOfDay(hour: 6, minute: 30),
        weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday], habitIDs: [water.id, stretch.id])

    static func habits(water: Amount = 0, stretch: Bool = false, skipStretch: Bool = false) -> [TrackedHabit] {
        let day = saturday
        var tracked = [TrackedHabit(habit: Self.stretch), TrackedHabit(habit: Self.water), TrackedHabit(habit: read)]
        if stretch { tracked[0].setValue(1, on: day) }
        if skipStretch { tracked[0].setSkipped(true, on: day) }
        if water > 0 { tracked[1].setValue(water, on: day) }
        return tracked
    }

    @Test("A weekday routine is a group on Friday, not on Saturday, in every zone and locale", arguments: Fixtures.calendars)
    func onItsDays(calendar: TendCalendar) {
        for (day, shown) in [(Self.friday, true), (Self.saturday, false)] {
            let plan = TodayPlan(
                habits: Self.habits(), day: day, today: Self.saturday, current: .morning, calendar: calendar, routines: [Self.morning])
            #expect(plan.groups.contains { $0.routine?.id == Self.morning.id } == shown, "\(day.iso)")
            // Its habits are listed all the same, by their routine time, on the days it does not run.
            #expect(Set(plan.groups.flatMap(\.items).map(\.habit.name)) == ["Stretch", "Water", "Read"])
        }
    }

    @Test("The walk asks about the routine's habits in its order, the first not done first, coming back to one left for later")
    func walk() {
        let calendar = Fixtures.calendar()
        func run(_ habits: [TrackedHabit], on day: Day = Self.friday) -> RoutineRun {
            RoutineRun(routine: Self.morning, habits: habits, day: day, today: Self.saturday, calendar: calendar, routines: [Self.morning])
        }
        let fresh = run(Self.habits())
        #expect(fresh.runsToday)
        #expect(fresh.steps.map(\.habit.name) == ["Water", "Stretch"])
        #expect(fresh.next() == 0)
        #expect(fresh.next(from: 1) == 1)
        // Later on the last step goes back to the first one not done.
        #expect(fresh.next(from: 2) == 0)

        var done = Self.habits()
        for index in done.indices { done[index].setValue(done[index].habit.target, on: Self.friday) }
        let finished = run(done)
        #expect(finished.next() == nil)
        #expect(finished.doneCount == 2)

        var skipped = Self.habits()
        skipped[0].setSkipped(true, on: Self.friday)
        #expect(run(skipped).next(from: 1) == 0, "a skipped step is done: Water is next")

        // On a day it does not run, a routine has no steps.
        let weekend = run(Self.habits(), on: Self.saturday)
        #expect(!weekend.runsToday)
        #expect(weekend.steps.isEmpty)
        #expect(weekend.next() == nil)
    }
}
