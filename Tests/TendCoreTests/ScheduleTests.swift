import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

@Suite("Schedule: text form, JSON form, frequency and fixed days")
struct ScheduleTests {
    static let start = Fixtures.day("2025-03-03")
    static let anchor = Fixtures.day("2025-01-06")
    static let monToFri: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    // MARK: Parsing

    @Test(
        "What people type is parsed into the schedule they mean",
        arguments: [
            ("daily", Schedule.daily),
            ("every day", .daily),
            ("Every Day", .daily),
            ("weekdays", .weekdays(monToFri)),
            ("weekends", .weekdays([.saturday, .sunday])),
            ("mon,wed,fri", .weekdays([.monday, .wednesday, .friday])),
            ("Mon, Wed", .weekdays([.monday, .wednesday])),
            ("tuesday thursday", .weekdays([.tuesday, .thursday])),
            ("days 1,15,31", .daysOfMonth([1, 15, 31])),
            ("days 1, 15", .daysOfMonth([1, 15])),
            ("every 3 days", .everyNDays(interval: 3, start: start)),
            ("every 3 days from 2025-01-06", .everyNDays(interval: 3, start: anchor)),
            ("every other day", .everyNDays(interval: 2, start: start)),
            ("3/week", .timesPerWeek(3)),
            ("3x week", .timesPerWeek(3)),
            ("3 times a week", .timesPerWeek(3)),
            ("2/month", .timesPerMonth(2)),
            ("2 times per month", .timesPerMonth(2)),
            ("3 in 7 days", .timesInDays(times: 3, days: 7)),
            ("3/7", .timesInDays(times: 3, days: 7)),
        ])
    func parsing(text: String, expected: Schedule) throws {
        // Given text as a person types it, and the day the habit starts
        // When it is parsed
        let schedule = try Schedule(parsing: text, startingOn: Self.start)
        // Then it is the schedule meant
        #expect(schedule == expected)
    }

    @Test(
        "Text that asks for an impossible or unknown schedule is rejected",
        arguments: [
            "0/week", "8/week", "every 0 days", "8 in 7 days", "days 0", "days 32", "fortnightly", "", "   ",
            "days", "days x", "every 3 days from 2025-02-30", "every 3 days from", "0/month", "32/month",
            "mon,funday", "3 in 7 weeks",
        ])
    func rejectedText(text: String) {
        #expect {
            _ = try Schedule(parsing: text, startingOn: Self.start)
        } throws: { error in
            guard case .schedule(let reason) = error as? HabitValidationError else { return false }
            return !reason.isEmpty
        }
    }

    // MARK: Canonical text

    static let everyCase: [(Schedule, String)] = [
        (.daily, "daily"),
        (.weekdays([.friday, .wednesday, .monday]), "mon,wed,fri"),
        (.weekdays([.saturday, .sunday]), "sun,sat"),
        (.daysOfMonth([31, 1, 15]), "days 1,15,31"),
        (.everyNDays(interval: 3, start: anchor), "every 3 days from 2025-01-06"),
        (.timesPerWeek(3), "3/week"),
        (.timesPerMonth(2), "2/month"),
        (.timesInDays(times: 3, days: 7), "3 in 7 days"),
    ]

    @Test("Every schedule has a canonical text form", arguments: everyCase)
    func description(schedule: Schedule, text: String) {
        #expect(schedule.description == text)
    }

    @Test("Parsing a schedule's description gives the same schedule back, whatever the start day", arguments: everyCase)
    func descriptionRoundTrip(schedule: Schedule, text: String) throws {
        // Given a schedule's canonical text
        // When it is parsed with an unrelated start day
        let parsed = try Schedule(parsing: schedule.description, startingOn: Fixtures.day("2030-12-31"))
        // Then the very same schedule comes back
        #expect(parsed == schedule)
    }

    @Test("Any valid schedule survives description → parse")
    func descriptionRoundTripProperty() async {
        let weekdays = Gen.element(of: Weekday.allCases).compactMap { $0 }.set(ofAtMost: 1...7)
        let days = Gen.int(in: 1...31).set(ofAtMost: 1...31)
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...6), weekdays, days, Gen.int(in: 1...365), Gen.int(in: 1...365),
            Gen.int(in: -20_000...20_000)
        ) { kind, weekdays, days, a, b, ordinal in
            let schedule: Schedule =
                switch kind {
                case 0: .daily
                case 1: .weekdays(weekdays.isEmpty ? [.monday] : weekdays)
                case 2: .daysOfMonth(days.isEmpty ? [1] : days)
                case 3: .everyNDays(interval: a, start: Day(ordinal: ordinal))
                case 4: .timesPerWeek(a % 7 + 1)
                case 5: .timesPerMonth(a % 31 + 1)
                default: .timesInDays(times: min(a, b), days: max(a, b))
                }
            #expect(throws: Never.self) { try schedule.validate() }
            let parsed = try? Schedule(parsing: schedule.description, startingOn: Self.start)
            #expect(parsed == schedule, "\(schedule.description)")
        }
    }

    // MARK: JSON

    @Test(
        "Every schedule has a pinned JSON form",
        arguments: [
            (Schedule.daily, #"{"type":"daily"}"#),
            (.weekdays([.friday, .monday]), #"{"type":"weekdays","weekdays":["mon","fri"]}"#),
            (.daysOfMonth([15, 1]), #"{"days":[1,15],"type":"daysOfMonth"}"#),
            (.everyNDays(interval: 3, start: anchor), #"{"interval":3,"start":"2025-01-06","type":"everyNDays"}"#),
            (.timesPerWeek(3), #"{"times":3,"type":"timesPerWeek"}"#),
            (.timesPerMonth(2), #"{"times":2,"type":"timesPerMonth"}"#),
            (.timesInDays(times: 3, days: 7), #"{"days":7,"times":3,"type":"timesInDays"}"#),
        ])
    func json(schedule: Schedule, json: String) throws {
        // The encoded text is exactly the pinned form (keys sorted)
        #expect(try ModelJSON.encode(schedule) == json)
        // And the pinned form decodes to the schedule
        #expect(try ModelJSON.decode(Schedule.self, json) == schedule)
    }

    @Test("Schedule JSON is read whatever the order of its keys and weekdays")
    func jsonKeyOrderDoesNotMatter() throws {
        #expect(
            try ModelJSON.decode(Schedule.self, #"{"weekdays":["fri","mon"],"type":"weekdays"}"#)
                == .weekdays([.monday, .friday]))
        #expect(
            try ModelJSON.decode(Schedule.self, #"{"start":"2025-01-06","type":"everyNDays","interval":3}"#)
                == .everyNDays(interval: 3, start: Self.anchor))
    }

    @Test(
        "Malformed schedule JSON is rejected",
        arguments: [
            #"{"type":"hourly"}"#,
            #"{"kind":"daily"}"#,
            #"{"type":"weekdays","weekdays":["mon","xyz"]}"#,
            #"{"type":"weekdays"}"#,
            #"{"type":"everyNDays","interval":3,"start":"2025-02-30"}"#,
            #"{"type":"everyNDays","interval":3,"start":"6 Jan 2025"}"#,
            #"{"type":"everyNDays","interval":3}"#,
            #"{"type":"timesPerWeek"}"#,
            #"{"type":"timesInDays","times":3}"#,
            #"{"type":"daysOfMonth","days":["1"]}"#,
            #""daily""#,
        ])
    func malformedJSON(json: String) {
        #expect(throws: DecodingError.self) { try ModelJSON.decode(Schedule.self, json) }
    }

    // MARK: Frequency

    @Test(
        "Each schedule has Loop's frequency as numerator over denominator",
        arguments: [
            (Schedule.daily, 1, 1),
            (.weekdays([.monday, .wednesday, .friday]), 3, 7),
            (.weekdays(monToFri), 5, 7),
            (.daysOfMonth([1, 15]), 2, 30),
            (.everyNDays(interval: 3, start: anchor), 1, 3),
            (.timesPerWeek(3), 3, 7),
            (.timesPerMonth(2), 2, 30),
            (.timesInDays(times: 3, days: 10), 3, 10),
        ])
    func frequency(schedule: Schedule, numerator: Int, denominator: Int) {
        let frequency = schedule.frequency
        #expect(frequency.numerator == numerator)
        #expect(frequency.denominator == denominator)
    }

    @Test("Only 'N per week', 'N per month' and 'X in Y days' are quotas")
    func quotas() {
        #expect(Schedule.timesPerWeek(3).isQuota)
        #expect(Schedule.timesPerMonth(3).isQuota)
        #expect(Schedule.timesInDays(times: 3, days: 7).isQuota)
        #expect(!Schedule.daily.isQuota)
        #expect(!Schedule.weekdays([.monday]).isQuota)
        #expect(!Schedule.daysOfMonth([1]).isQuota)
        #expect(!Schedule.everyNDays(interval: 2, start: Self.anchor).isQuota)
    }

    // MARK: Fixed days

    @Test(
        "Day 31 of the month falls on the last day of shorter months",
        arguments: [
            ("2025-04-30", true), ("2025-04-29", false), ("2025-03-31", true), ("2025-03-30", false),
            ("2025-02-28", true), ("2025-02-27", false), ("2024-02-29", true), ("2024-02-28", false),
        ])
    func dayThirtyOne(day: String, expected: Bool) {
        #expect(Schedule.daysOfMonth([31]).isScheduled(on: Fixtures.day(day)) == expected)
    }

    @Test("Day 30 is the 28th or 29th in February and the 30th elsewhere")
    func dayThirty() {
        let schedule = Schedule.daysOfMonth([30])
        #expect(schedule.isScheduled(on: Fixtures.day("2025-02-28")))
        #expect(schedule.isScheduled(on: Fixtures.day("2024-02-29")))
        #expect(!schedule.isScheduled(on: Fixtures.day("2024-02-28")))
        #expect(schedule.isScheduled(on: Fixtures.day("2025-03-30")))
        #expect(!schedule.isScheduled(on: Fixtures.day("2025-03-31")))
    }

    @Test("Days 29, 30 and 31 together make February's last day due once, and nothing else in its last week")
    func lateDaysInFebruary() {
        let schedule = Schedule.daysOfMonth([29, 30, 31])
        let february2025 = Fixtures.day("2025-02-01")...Fixtures.day("2025-02-28")
        #expect(february2025.filter(schedule.isScheduled(on:)) == [Fixtures.day("2025-02-28")])
        let february2024 = Fixtures.day("2024-02-01")...Fixtures.day("2024-02-29")
        #expect(february2024.filter(schedule.isScheduled(on:)) == [Fixtures.day("2024-02-29")])
    }

    @Test("Every month has exactly one due day for 'days 31'")
    func oneDayThirtyOnePerMonth() {
        let schedule = Schedule.daysOfMonth([31])
        var month = Fixtures.day("2024-01-01")
        for _ in 0..<24 {
            let due = (month...month.lastOfMonth).filter(schedule.isScheduled(on:))
            #expect(due == [month.lastOfMonth], "\(month)")
            month = month.adding(months: 1)
        }
    }

    @Test("Weekday schedules are due on their weekdays only")
    func weekdaySchedule() {
        let schedule = Schedule.weekdays([.monday, .friday])
        // 2025-03-03 is a Monday
        let week = (0..<7).map { Self.start.adding(days: $0) }
        #expect(week.map(schedule.isScheduled(on:)) == [true, false, false, false, true, false, false])
    }

    @Test("'Every 3 days' is due on its start and every third day after, never before the start")
    func everyNDaysSchedule() {
        let schedule = Schedule.everyNDays(interval: 3, start: Self.anchor)
        #expect(schedule.isScheduled(on: Self.anchor))
        #expect(!schedule.isScheduled(on: Self.anchor.adding(days: 1)))
        #expect(!schedule.isScheduled(on: Self.anchor.adding(days: 2)))
        #expect(schedule.isScheduled(on: Self.anchor.adding(days: 3)))
        #expect(schedule.isScheduled(on: Self.anchor.adding(days: 300)))
        #expect(!schedule.isScheduled(on: Self.anchor.adding(days: -3)))
    }

    @Test("Daily and quota schedules have every day as a candidate day")
    func everyDayCandidates() {
        let days = (0..<40).map { Self.start.adding(days: $0) }
        for schedule in [Schedule.daily, .timesPerWeek(2), .timesPerMonth(5), .timesInDays(times: 2, days: 9)] {
            #expect(days.allSatisfy(schedule.isScheduled(on:)), "\(schedule)")
        }
    }
}
