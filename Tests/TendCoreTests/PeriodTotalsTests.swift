import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

@Suite("Totals per week, month and year")
struct PeriodTotalsTests {
    static let today = Fixtures.day("2026-03-04")  // a Wednesday
    static let mondayFirst = TendCalendar(timeZone: Fixtures.zone("Europe/Berlin"), locale: Locale(identifier: "de_DE"))
    static let sundayFirst = TendCalendar(timeZone: Fixtures.zone("America/New_York"), locale: Locale(identifier: "en_US"))

    static func pages(createdOn: String = "2025-01-01", values: [String: Amount]) -> TrackedHabit {
        TrackedHabit(
            habit: Habit(name: "Pages", type: .count, target: 10, unit: "pages", createdOn: Fixtures.day(createdOn)),
            entries: values.map { Entry(day: Fixtures.day($0.key), value: $0.value) })
    }

    @Test("Weeks start on the user's first weekday; the week under way counts up to today")
    func weeks() {
        let habit = Self.pages(values: ["2026-03-01": 4, "2026-03-02": 10, "2026-03-04": 12, "2026-03-05": 99, "2026-02-22": 7])
        let monday = habit.totals(per: .week, count: 2, today: Self.today, calendar: Self.mondayFirst)
        #expect(monday.map(\.start.iso) == ["2026-02-23", "2026-03-02"])
        #expect(monday.map(\.end.iso) == ["2026-03-01", "2026-03-08"])
        #expect(monday.map(\.value) == [4, 22], "the 5th is after today")
        #expect(monday.map(\.daysMet) == [0, 2])
        let sunday = habit.totals(per: .week, count: 2, today: Self.today, calendar: Self.sundayFirst)
        #expect(sunday.map(\.start.iso) == ["2026-02-22", "2026-03-01"])
        #expect(sunday.map(\.value) == [7, 26])
        // New York springs forward on Sunday 8 March 2026 (a 23-hour day): the week is still 8–14 March.
        let dst = Self.pages(values: ["2026-03-07": 2, "2026-03-08": 3, "2026-03-09": 4])
            .totals(per: .week, count: 2, today: Fixtures.day("2026-03-10"), calendar: Self.sundayFirst)
        #expect(dst.map(\.start.iso) == ["2026-03-01", "2026-03-08"])
        #expect(dst.map(\.end.iso) == ["2026-03-07", "2026-03-14"])
        #expect(dst.map(\.value) == [2, 7])
        // Kiritimati (UTC+14) keeps the same civil weeks.
        let kiritimati = TendCalendar(timeZone: Fixtures.zone("Pacific/Kiritimati"), locale: Locale(identifier: "de_DE"))
        #expect(habit.totals(per: .week, count: 2, today: Self.today, calendar: kiritimati) == monday)
    }

    @Test("Months and years, across a year's end; none before the habit's history starts")
    func monthsAndYears() {
        let habit = Self.pages(createdOn: "2025-11-20", values: ["2025-11-30": 3, "2025-12-31": 5, "2026-01-01": 6, "2026-03-04": 1])
        let months = habit.totals(per: .month, count: 12, today: Self.today, calendar: Self.mondayFirst)
        #expect(months.map(\.start.iso) == ["2025-11-01", "2025-12-01", "2026-01-01", "2026-02-01", "2026-03-01"])
        #expect(months.map(\.value) == [3, 5, 6, 0, 1])
        #expect(months.last?.end.iso == "2026-03-31")
        let years = habit.totals(per: .year, count: 5, today: Self.today, calendar: Self.mondayFirst)
        #expect(years.map(\.start.iso) == ["2025-01-01", "2026-01-01"])
        #expect(years.map(\.end.iso) == ["2025-12-31", "2026-12-31"])
        #expect(years.map(\.value) == [8, 7])
    }

    @Test("Over random histories: the periods add up to the values and met days from the first period's start to today")
    func addsUp() async {
        let days = Gen.int(in: 0...120).array(of: 0...60)
        await propertyCheck(count: 200, input: days, Gen.int(in: 0...2), Gen.int(in: 1...8)) { offsets, periodIndex, count in
            let habit = TrackedHabit(
                habit: Habit(name: "Pages", type: .count, target: 3, createdOn: Self.today.adding(days: -120)),
                entries: Set(offsets).map { Entry(day: Self.today.adding(days: -$0), value: Amount(thousandths: Int64($0 % 5) * 1_250)) })
            let period = TotalsPeriod.allCases[periodIndex]
            let totals = habit.totals(per: period, count: count, today: Self.today, calendar: Self.mondayFirst)
            #expect(totals.count <= count && !totals.isEmpty)
            #expect(totals.last.map { $0.start <= Self.today && Self.today <= $0.end } == true)
            for (earlier, later) in zip(totals, totals.dropFirst()) { #expect(earlier.end.adding(days: 1) == later.start) }
            let from = max(totals[0].start, habit.startDay)
            let statuses = habit.statuses(from: from, through: Self.today, today: Self.today, calendar: Self.mondayFirst)
            #expect(totals.reduce(0) { $0 + $1.daysMet } == statuses.filter { $0 == .met }.count)
            #expect(totals.reduce(0) { $0 + $1.daysDue } == statuses.filter(\.isDue).count)
            #expect(totals.reduce(0) { $0 + $1.value } == (from...Self.today).reduce(0) { $0 + habit.completionCount(on: $1) })
        }
    }
}
