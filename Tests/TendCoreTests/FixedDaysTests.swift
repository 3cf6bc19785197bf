import PropertyBased
import TendTestSupport
import Testing

@testable import TendCore

/// The fast day walker used by every history computation must agree with the schedule's own
/// definition of its days.
@Suite("Fixed-day walker agrees with Schedule.isScheduled")
struct FixedDaysTests {
    @Test("For random fixed schedules and start days, walking day by day gives the schedule's own answers")
    func agreesWithSchedule() async {
        await propertyCheck(
            count: 300,
            input: Gen.int(in: 0...3), Gen.int(in: 1...127), Gen.int(in: 1...0x7FFF_FFFF), Gen.int(in: 1...40),
            Gen.int(in: -40_000...40_000)
        ) { kind, weekdayMask, monthMask, interval, startOrdinal in
            // Given a fixed schedule built from the random numbers
            let start = Day(ordinal: startOrdinal)
            let schedule: Schedule
            switch kind {
            case 0: schedule = .daily
            case 1: schedule = .weekdays(Set(Weekday.allCases.filter { weekdayMask & (1 << ($0.rawValue - 1)) != 0 }))
            case 2: schedule = .daysOfMonth(Set((1...31).filter { monthMask & (1 << ($0 - 1)) != 0 }))
            default: schedule = .everyNDays(interval: interval, start: start.adding(days: interval * 3))
            }
            // When three years are walked from the start day
            var walker = FixedDays(schedule, from: start)
            for offset in 0..<(3 * 366) {
                let day = start.adding(days: offset)
                // Then every day's answer is the schedule's
                let walked = walker.next()
                if walked != schedule.isScheduled(on: day) {
                    Issue.record("\(schedule) on \(day): walker says \(walked)")
                    return
                }
            }
        }
    }

    @Test("Days 29, 30 and 31 cover February's last day in leap and common years, once")
    func februaryEnd() {
        var walker = FixedDays(.daysOfMonth([30]), from: Fixtures.day("2024-02-01"))
        let leap = (0..<29).filter { _ in walker.next() }
        #expect(leap == [28])  // Feb 29, 2024
        walker = FixedDays(.daysOfMonth([29, 31]), from: Fixtures.day("2025-02-01"))
        let common = (0..<28).filter { _ in walker.next() }
        #expect(common == [27])  // Feb 28, 2025, once although both 29 and 31 fall on it
    }
}
