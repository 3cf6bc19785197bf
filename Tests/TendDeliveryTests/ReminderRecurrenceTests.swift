import Foundation
import TendCore
import TendDelivery
import TendTestSupport
import Testing

@Suite("ReminderRecurrence: a reminder's ring days as RRULEs, schedule by schedule")
struct ReminderRecurrenceTests {
    typealias Case = (schedule: Schedule, ringDays: Set<Weekday>, rules: [String])

    static let cases: [Case] = [
        (.daily, [], ["FREQ=DAILY"]),
        (.daily, [.saturday, .sunday], ["FREQ=WEEKLY;BYDAY=SA,SU"]),
        (.weekdays([.monday, .wednesday, .friday]), [], ["FREQ=WEEKLY;BYDAY=MO,WE,FR"]),
        (.weekdays([.monday, .wednesday, .friday]), [.wednesday, .sunday], ["FREQ=WEEKLY;BYDAY=WE"]),
        (.weekdays(Set(Weekday.allCases)), [], ["FREQ=DAILY"]),
        (.weekdays([.monday]), [.sunday], []),
        (.everyNDays(interval: 1, start: Fixtures.day("2026-01-01")), [], ["FREQ=DAILY"]),
        (.everyNDays(interval: 3, start: Fixtures.day("2026-01-01")), [], ["FREQ=DAILY;INTERVAL=3"]),
        (.everyNDays(interval: 2, start: Fixtures.day("2026-01-01")), [.monday], ["FREQ=DAILY;INTERVAL=2;BYDAY=MO"]),
        (.daysOfMonth([15, 1]), [], ["FREQ=MONTHLY;BYMONTHDAY=1,15"]),
        (.daysOfMonth([31]), [], ["FREQ=MONTHLY;BYMONTHDAY=-1"]),
        (.daysOfMonth([10, 31]), [.friday], ["FREQ=MONTHLY;BYMONTHDAY=10,-1;BYDAY=FR"]),
        (
            .daysOfMonth([1, 30]), [],
            ["FREQ=MONTHLY;BYMONTH=1,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=1,30", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=1,-1"]
        ),
        (
            .daysOfMonth([29, 31]), [.monday],
            [
                "FREQ=MONTHLY;BYMONTH=1,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=29,-1;BYDAY=MO", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1;BYDAY=MO",
            ]
        ),
        (.timesPerWeek(3), [], ["FREQ=DAILY"]),
        (.timesPerMonth(10), [.tuesday, .thursday], ["FREQ=WEEKLY;BYDAY=TU,TH"]),
        (.timesInDays(times: 2, days: 5), [], ["FREQ=DAILY"]),
    ]

    @Test("Each schedule and ring-day choice maps to its rules", arguments: cases)
    func rules(schedule: Schedule, ringDays: Set<Weekday>, rules: [String]) throws {
        let reminder = Reminder(time: try TimeOfDay(parsing: "08:00"), weekdays: ringDays)
        #expect(ReminderRecurrence.recurrences(of: reminder, schedule: schedule).map(\.rule) == rules)
    }

    @Test("The first day is the first one the reminder rings and the habit is due, so DTSTART is an occurrence")
    func firstDay() throws {
        let weekend = Reminder(time: try TimeOfDay(parsing: "09:00"), weekdays: [.saturday, .sunday])
        // The last day of the month, on a weekend: 2026-01-31 is a Saturday
        let rent = try #require(ReminderRecurrence.recurrences(of: weekend, schedule: .daysOfMonth([31])).first)
        #expect(rent.firstDay(onOrAfter: Fixtures.day("2026-01-10")) == Fixtures.day("2026-01-31"))
        // Every 3 days from a Sunday, on weekdays only: Sunday 11th is due but rests, Wednesday 14th rings
        let weekdays = Reminder(time: try TimeOfDay(parsing: "07:15"), weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday])
        let stretch = try #require(
            ReminderRecurrence.recurrences(of: weekdays, schedule: .everyNDays(interval: 3, start: Fixtures.day("2026-01-11"))).first)
        #expect(stretch.firstDay(onOrAfter: Fixtures.day("2026-01-01")) == Fixtures.day("2026-01-14"))
        // The February rule of "the 30th" starts on the last day of the next February
        let daily = Reminder(time: try TimeOfDay(parsing: "19:00"))
        let february = ReminderRecurrence.recurrences(of: daily, schedule: .daysOfMonth([30]))[1]
        #expect(february.months == .february)
        #expect(february.firstDay(onOrAfter: Fixtures.day("2026-03-05")) == Fixtures.day("2027-02-28"))
        #expect(february.includes(Fixtures.day("2028-02-29")))
        #expect(!february.includes(Fixtures.day("2028-02-28")))
    }
}
