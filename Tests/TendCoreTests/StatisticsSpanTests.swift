import Foundation
import TendTestSupport
import Testing

@testable import TendCore

/// Issue 16, finding 8: statistics walk every day from a habit's start to `asOf`. A creation day
/// of year 1 (stored before days were bounded) made that about 740,000 days per habit; the walk
/// now starts at `RecordableDays.floor` at the earliest.
@Suite("Statistics walk no further back than the floor")
struct StatisticsSpanTests {
    @Test("A habit created in year 1 starts its history on 2000-01-01, entries before the floor too")
    func startAtFloor() {
        let habit = Habit(name: "Old", createdOn: Fixtures.day("0001-01-01"))
        #expect(TrackedHabit(habit: habit).startDay == Fixtures.day("2000-01-01"))
        let early = TrackedHabit(habit: habit, entries: [Entry(day: Fixtures.day("1900-05-01"), value: 1)])
        #expect(early.startDay == Fixtures.day("2000-01-01"))
        // A later start is kept.
        let recent = Habit(name: "New", createdOn: Fixtures.day("2025-06-01"))
        #expect(
            TrackedHabit(habit: recent, entries: [Entry(day: Fixtures.day("2025-05-20"), value: 1)]).startDay == Fixtures.day("2025-05-20"))
    }

    @Test("Its statistics as of a day cover at most the days since the floor")
    func statisticsSpan() {
        let habit = Habit(name: "Old", createdOn: Fixtures.day("0001-01-01"))
        let clock = ContinuousClock()
        let started = clock.now
        let statistics = TrackedHabit(habit: habit).statistics(asOf: Fixtures.day("2025-06-15"), calendar: TendCalendar(timeZone: .gmt))
        #expect(clock.now - started < .seconds(2))
        #expect(statistics.totalDaysMet == 0)
    }
}
