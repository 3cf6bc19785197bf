import Foundation
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendHTTP
import TendStore
import Testing

@testable import TendWeb

@Suite("Habit page and habit list")
struct HabitPageTests {
    static let today = WebFixtures.day("2025-06-15")
    static let calendar = UserSettings().calendar

    static func read() -> TrackedHabit {
        // Done 10–14 June, missed 9 June, a note on the 12th.
        var entries = (10...14).map { Entry(day: WebFixtures.day("2025-06-\($0)"), value: 1) }
        entries += (1...8).map { Entry(day: WebFixtures.day("2025-06-0\($0)"), value: 1) }
        entries[2].note = "Finished the book"
        return TrackedHabit(habit: WebFixtures.habit(1, "Read", emoji: "📚", color: .green, createdOn: "2025-06-01"), entries: entries)
    }

    @Test("Streaks, strength and rates are TendCore's statistics, as `tend stats` shows them")
    func statistics() {
        let tracked = Self.read()
        let page = HabitPage(tracked: tracked, today: Self.today, calendar: Self.calendar)
        let statistics = tracked.statistics(asOf: Self.today, calendar: Self.calendar)
        #expect(page.currentStreak == statistics.currentStreak)
        #expect(page.currentStreak == 5)
        #expect(page.bestStreak == 8)
        #expect(page.strengthPercent == Int((tracked.strength(on: Self.today) * 100).rounded()))
        #expect(page.stats.first { $0.label == "Days done" }?.value == "13")
        // en_US writes "83%", as `tend stats` does; de_DE would write "83 %".
        #expect(page.stats.first { $0.label == "Last 7 days" }?.value == statistics.completionRate7.map { "\(Int(($0 * 100).rounded()))%" })
        let german = HabitPage(
            tracked: tracked, today: Self.today,
            calendar: TendCalendar(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "de_DE")))
        #expect(
            german.stats.first { $0.label == "Last 7 days" }?.value
                == statistics.completionRate7.map { "\(Int(($0 * 100).rounded()))\u{00A0}%" })
        #expect(page.subtitle == "Every day · Any time · Build")
    }

    @Test("Totals: days done by week for a checkmark, the sum with its unit by month for a count; links choose the period")
    func totals() throws {
        let read = HabitPage(tracked: Self.read(), today: Self.today, calendar: Self.calendar)
        #expect(read.totals.period == .week)
        // Sunday-first weeks: 1–7 June done every day, 8–14 June all but the 9th, today (the 15th) not yet.
        #expect(read.totals.bars.suffix(3).map(\.text) == ["7 days", "6 days", "0 days"])
        #expect(read.totals.bars.suffix(3).map(\.label) == ["1 Jun", "8 Jun", "15 Jun"])
        #expect(read.totals.choices.map(\.link).last == "/habits/\(WebFixtures.id(1))?totals=year#totals")
        let water = TrackedHabit(
            habit: Habit(name: "Water", type: .count, target: 8, unit: "glasses", createdOn: WebFixtures.day("2025-04-20")),
            entries: [Entry(day: WebFixtures.day("2025-04-30"), value: 5), Entry(day: WebFixtures.day("2025-06-02"), value: 9)])
        let page = HabitPage(tracked: water, today: Self.today, totals: .month, calendar: Self.calendar)
        #expect(page.totals.bars.map(\.label) == ["Apr 2025", "May 2025", "Jun 2025"])
        #expect(page.totals.bars.map(\.text) == ["5 glasses", "0 glasses", "9 glasses"])
        #expect(page.totals.summary == "Total by month, the last 3: Apr 2025 5 glasses, May 2025 0 glasses, Jun 2025 9 glasses.")
        let html = HabitView.totals(page).render()
        #expect(html.contains(#"<a href="/habits/\#(water.id)?totals=month#totals" aria-current="true">Months</a>"#))
        #expect(html.contains(#"height="100""#) && html.contains(#"height="0""#))
    }

    @Test("By weekday: days with a value per weekday, from the user's first weekday, in bars and in words")
    func weekdays() throws {
        // 1–8 and 10–14 June 2025: Sunday 1, 8; Monday 2; Tuesday 3, 10; … Saturday 7, 14.
        let tracked = Self.read()
        let sundayFirst = HabitPage(tracked: tracked, today: Self.today, calendar: Self.calendar)
        #expect(sundayFirst.weekdays.map(\.name) == ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"])
        #expect(sundayFirst.weekdays.map(\.count) == [2, 1, 2, 2, 2, 2, 2])
        let mondayFirst = HabitPage(
            tracked: tracked, today: Self.today,
            calendar: TendCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: Locale(identifier: "de_DE")))
        #expect(mondayFirst.weekdays.map(\.name).first == "Monday")
        #expect(mondayFirst.weekdays.map(\.count) == [1, 2, 2, 2, 2, 2, 2])
        let html = HabitView.weekdays(mondayFirst).render()
        #expect(
            html.contains("Days with a value, by weekday: Monday 1, Tuesday 2, Wednesday 2, Thursday 2, Friday 2, Saturday 2, Sunday 2."))
        // The most-recorded weekdays fill the chart's height; Monday's bar is half of it.
        #expect(html.components(separatedBy: "height=\"100\"").count - 1 == 6)
        #expect(html.contains("height=\"50\""))
    }

    @Test("Week strip, month grid with navigation, 53-week year grid, weekly strength points and notes")
    func views() {
        let page = HabitPage(tracked: Self.read(), today: Self.today, calendar: Self.calendar)
        #expect(page.week.count == 7)
        #expect(page.week.last?.day == Self.today)
        #expect(page.monthTitle == "June 2025")
        #expect(page.month.count == 35)
        #expect(page.previousMonthLink == "/habits/\(WebFixtures.id(1))?month=2025-05#month")
        #expect(page.nextMonthLink == nil)
        #expect(page.year.count == 371)
        #expect(page.year.last?.column == 52)
        #expect(page.year.first { $0.label.hasPrefix("Monday, 9 June 2025") }?.cssClass == "yc yc-missed")
        #expect(page.year.first { $0.label.hasPrefix("Tuesday, 10 June 2025") }?.cssClass == "yc yc-met")
        #expect(page.strength.count == 53)
        #expect(page.strength.last?.day == Self.today)
        #expect(page.strength.first?.value == 0)
        #expect(page.strength.last.map { $0.value > 0 } == true)
        #expect(
            page.notes == [
                .init(
                    day: WebFixtures.day("2025-06-12"), date: "Thursday, 12 June 2025", text: "Finished the book",
                    editLink: "/habits/\(WebFixtures.id(1))?note=2025-06-12#note-form")
            ])
        // The note form shows today's (empty) note, or the chosen day's; never a later day.
        #expect(page.noteForm == .init(day: Self.today.iso, text: "", latest: Self.today.iso))
        let chosen = HabitPage(tracked: Self.read(), today: Self.today, noteDay: WebFixtures.day("2025-06-12"), calendar: Self.calendar)
        #expect(chosen.noteForm == .init(day: "2025-06-12", text: "Finished the book", latest: Self.today.iso))
        let later = HabitPage(tracked: Self.read(), today: Self.today, noteDay: Self.today.adding(days: 3), calendar: Self.calendar)
        #expect(later.noteForm.day == Self.today.iso)

        let may = HabitPage(tracked: Self.read(), today: Self.today, month: WebFixtures.day("2025-05-01"), calendar: Self.calendar)
        #expect(may.monthTitle == "May 2025")
        #expect(may.nextMonthLink == "/habits/\(WebFixtures.id(1))?month=2025-06#month")
        let future = HabitPage(tracked: Self.read(), today: Self.today, month: WebFixtures.day("2026-01-01"), calendar: Self.calendar)
        #expect(future.monthTitle == "June 2025")
    }

    @Test("The rendered page: chart and year grid are SVG images with summaries, no inline style")
    func rendered() {
        let html = HabitView.page(
            HabitPage(tracked: Self.read(), today: Self.today, calendar: Self.calendar),
            session: SessionInfo(username: "ana", csrfToken: "t")
        ).render()
        #expect(html.contains("<polyline class=\"chart-line\""))
        #expect(html.contains("role=\"img\" aria-label=\"Strength over the last year"))
        #expect(html.components(separatedBy: "<rect class=\"yc").count - 1 == 371)
        #expect(html.contains("Finished the book"))
        #expect(!html.contains("style="))
    }

    @Test("The list: active habits in order, finished and archived ones in their sections")
    func list() {
        var old = WebFixtures.habit(3, "Old")
        old.isArchived = true
        let today = WebFixtures.day("2025-03-10")
        var challenge = WebFixtures.habit(4, "Challenge")
        challenge.endsOn = today.previous
        var later = WebFixtures.habit(5, "Later")
        later.startsOn = today.next
        let page = HabitsListPage(
            habits: [WebFixtures.habit(2, "Water"), old, WebFixtures.habit(1, "Read"), challenge, later], today: today,
            amounts: AmountStyle(locale: "en_US"))
        #expect(page.active.map(\.name) == ["Read", "Water", "Later"])
        #expect(page.finished.map(\.name) == ["Challenge"])
        #expect(page.finished[0].subtitle.contains("Finished 9 Mar 2025"))
        #expect(page.active[2].subtitle.contains("Starts 11 Mar 2025"))
        #expect(page.archived.map(\.name) == ["Old"])
        #expect(page.active[0].link == "/habits/\(WebFixtures.id(1))")
        #expect(page.active[0].editLink == "/habits/\(WebFixtures.id(1))/edit")
    }

    @Test("Served: the habit page, a month by query, the list linking to it and Today linking to it; another user's: 404")
    func served() async throws {
        try await WebHarness { $0.openRegistration = true }.run { browser, store in
            try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let read = try await store.createHabit(owner: owner, Habit(name: "Read", emoji: "📚", createdOn: WebFixtures.day("2025-05-01")))
            _ = try await store.check(owner: owner, habit: read.id, day: WebFixtures.day("2025-06-14"))
            let page = try await browser.get("/habits/\(read.id)")
            #expect(page.status == .ok)
            #expect(page.text.contains("<h1 id=\"habit-title\">Read</h1>"))
            #expect(page.text.contains("June 2025"))
            #expect(try await browser.get("/habits/\(read.id)?month=2025-05").text.contains("May 2025"))
            #expect(try await browser.get("/habits/new").text.contains("New habit"))
            let list = try await browser.get("/habits")
            #expect(list.text.contains("href=\"/habits/\(read.id)\""))
            #expect(list.text.contains("href=\"/habits/new\""))
            #expect(try await browser.get("/").text.contains("<a href=\"/habits/\(read.id)\">Read</a>"))
            let mallory = browser.another()
            try await mallory.signUp("mallory")
            #expect(try await mallory.get("/habits/\(read.id)").status == .notFound)
            #expect(!(try await mallory.get("/habits").text.contains("Read")))
        }
    }
}
