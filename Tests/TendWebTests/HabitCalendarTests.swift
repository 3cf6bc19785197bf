import Foundation
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendStore
import Testing

@testable import TendWeb

/// Fixing a past day on the web (issue 41, item 1): every day of the habit page's week and month
/// from 2000 through today taps as Today's ring does, and chooses that day for the check-in panel
/// (value, −1, +1, reset, skip, note); days before the habit's creation too; an un-tap never
/// makes a day unreachable, on the habit page or on that day's Today.
@Suite("The habit page's calendars record past days")
struct HabitCalendarTests {
    static let today = WebFixtures.day("2025-06-15")

    static func button(_ habit: Habit.ID, _ day: String) -> String {
        "formaction=\"/habits/\(habit)/days/\(day)/tap\""
    }

    @Test("Each day of the week and month up to today is a tap button with its words; days after today are not")
    func buttons() {
        let water = TodayPageTests.water
        let tracked = WebFixtures.tracked(water, ["2025-06-10": 8, "2025-06-14": 3])
        let page = HabitPage(tracked: tracked, today: Self.today, calendar: UserSettings().calendar)
        let html = HabitView.page(page, session: SnapshotTests.session).render()
        for day in ["2025-06-01", "2025-06-10", "2025-06-14", "2025-06-15"] {
            #expect(html.contains(Self.button(water.id, day)), "\(day)")
        }
        // The grid shows the week that runs into July: those days have not come.
        #expect(!html.contains(Self.button(water.id, "2025-06-16")))
        #expect(html.contains("id=\"month-2025-06-14\""))
        #expect(html.contains("id=\"week-2025-06-14\""))
        #expect(html.contains("aria-label=\"Saturday, 14 June 2025: missed, 3 / 8 glasses. Tap to add one (glasses)\""))
        // A count at its target says that a tap stops there, and where to go past it.
        #expect(
            html.contains(
                "aria-label=\"Tuesday, 10 June 2025: done, 8 / 8 glasses. Target reached: a tap adds nothing more; the menu’s +1 goes past it\""
            ))
        // The tap comes back to the page with the day chosen, at the calendar it was made on.
        #expect(html.contains("name=\"return\" value=\"/habits/\(water.id)?day=2025-06-14&amp;month=2025-06\""))
        #expect(html.contains("data-day-link=\"/habits/\(water.id)?day=2025-06-14&amp;month=2025-06#checkin-title\""))
    }

    @Test("A chosen day's panel records on that day: ring, value, −1, +1, reset, skip, and its note in the note form")
    func chosenDay() {
        let water = TodayPageTests.water
        let tracked = WebFixtures.tracked(water, ["2025-06-14": 3])
        let page = HabitPage(tracked: tracked, today: Self.today, day: WebFixtures.day("2025-06-14"), calendar: UserSettings().calendar)
        #expect(page.checkIn.title == "Saturday, 14 June 2025")
        #expect(page.checkIn.valueText == "3 / 8 glasses")
        #expect(page.checkIn.returnPath == "/habits/\(water.id)?day=2025-06-14&month=2025-06")
        #expect(page.noteForm.day == "2025-06-14")
        let html = HabitView.page(page, session: SnapshotTests.session).render()
        for action in ["tap", "value", "decrement", "increment", "reset", "skip"] {
            #expect(html.contains("action=\"/habits/\(water.id)/days/2025-06-14/\(action)\""), "\(action)")
        }
        // Days after today, or before 2000, are not chosen: the panel stays on today.
        for day in ["2025-06-16", "1999-12-31"] {
            let other = HabitPage(tracked: tracked, today: Self.today, day: WebFixtures.day(day), calendar: UserSettings().calendar)
            #expect(["Today", "Saturday, 1 January 2000"].contains(other.checkIn.title), "\(day)")
            #expect(other.checkIn.day <= Self.today && other.checkIn.day >= RecordableDays.floor)
        }
    }

    @Test(
        "Over HTTP: a day before the habit's creation is tapped on its calendar, undone, and stays reachable; the days between are not missed"
    )
    func beforeCreation() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            // A habit created today (Sunday 15 June).
            let read = try await store.createHabit(owner: owner, Habit(name: "Read", order: 0, createdOn: Self.today))
            let page = try await browser.get("/habits/\(read.id)?day=2025-06-10")
            #expect(page.status == .ok)
            #expect(page.text.contains("<h2 id=\"checkin-title\">Tuesday, 10 June 2025</h2>"))
            #expect(page.text.contains(Self.button(read.id, "2025-06-10")))

            // A tap on Tuesday's cell records it and comes back to the page with Tuesday chosen.
            let back = "/habits/\(read.id)?day=2025-06-10&month=2025-06"
            let tap = try await browser.post("/habits/\(read.id)/days/2025-06-10/tap", [("_csrf", csrf), ("return", back)])
            #expect(tap.status == .seeOther)
            #expect(tap.headers[.location] == back + "#habit-\(read.id)")
            let day = WebFixtures.day("2025-06-10")
            #expect(try await store.entries(owner: owner, habit: read.id, from: day, through: day).first?.value == 1)
            let after = try await browser.get("/habits/\(read.id)?day=2025-06-10&month=2025-06")
            // Wednesday to Saturday were not recorded and came before the creation: unknown, not missed.
            #expect(after.text.contains("Wednesday, 11 June 2025: not due"))
            #expect(!after.text.contains("Friday, 13 June 2025: missed"))

            // Tapped again (unchecked), the day is still there to tap: on the habit page and on its Today.
            _ = try await browser.post("/habits/\(read.id)/days/2025-06-10/tap", [("_csrf", csrf), ("return", back)])
            #expect(try await store.entries(owner: owner, habit: read.id, from: day, through: day).first?.value ?? 0 == 0)
            #expect(try await browser.get("/habits/\(read.id)").text.contains(Self.button(read.id, "2025-06-10")))
            let yesterday = try await browser.get("/?date=2025-06-10")
            #expect(yesterday.text.contains("id=\"tap-\(read.id)\""), "the habit created later is listed on an earlier day")
        }
    }

    @Test(
        "The days up to the user's today, in their zone: a day ahead of UTC in Kiritimati (UTC+14), a day behind on New York's spring-forward night before the day starts at 4"
    )
    func daysInTheUsersZone() async throws {
        let harness = WebHarness()
        try await harness.run { browser, store in
            let csrf = try await browser.signUp("ana", timeZone: "Pacific/Kiritimati")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let read = try await store.createHabit(owner: owner, Habit(name: "Read", order: 0, createdOn: Self.today))
            // 15:06 UTC on Sunday 15 June is 05:06 on Monday 16 June in Kiritimati.
            let page = try await browser.get("/habits/\(read.id)?day=2025-06-16")
            #expect(page.text.contains(Self.button(read.id, "2025-06-16")))
            #expect(!page.text.contains(Self.button(read.id, "2025-06-17")))
            #expect(page.text.contains("<h2 id=\"checkin-title\">Today</h2>"))
            let tap = try await browser.post(
                "/habits/\(read.id)/days/2025-06-16/tap", [("_csrf", csrf), ("return", "/habits/\(read.id)?day=2025-06-16")])
            #expect(tap.status == .seeOther)
            let monday = WebFixtures.day("2025-06-16")
            #expect(try await store.entries(owner: owner, habit: read.id, from: monday, through: monday).first?.value == 1)

            // 07:30 UTC on 9 March 2025 is 03:30 EDT, the first hour after the clocks jumped; with
            // the day starting at 4 it is still Saturday 8 March.
            var settings = try await store.user(id: owner).settings
            settings.timeZone = "America/New_York"
            settings.dayStartHour = 4
            _ = try await store.updateSettings(owner: owner, settings)
            harness.clock.set(Date(timeIntervalSince1970: 1_741_505_400))
            let march = try await browser.get("/habits/\(read.id)?day=2025-03-09&month=2025-03")
            #expect(march.text.contains(Self.button(read.id, "2025-03-08")))
            #expect(!march.text.contains(Self.button(read.id, "2025-03-09")))
            #expect(march.text.contains("<h2 id=\"checkin-title\">Today</h2>"), "a day not yet come falls back to today")
            let back = try await browser.get("/habits/\(read.id)?day=2025-03-07&month=2025-03")
            #expect(back.text.contains("<h2 id=\"checkin-title\">Friday, 7 March 2025</h2>"))
        }
    }

    @Test("Today of a day before a habit's creation lists it to back-fill; a tap there records it")
    func todayBeforeCreation() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let run = try await store.createHabit(owner: owner, Habit(name: "Run", order: 0, createdOn: Self.today))
            let weekend = try await store.createHabit(
                owner: owner, Habit(name: "Hike", schedule: .weekdays([.saturday, .sunday]), order: 1, createdOn: Self.today))
            let yesterday = try await browser.get("/?date=2025-06-14")
            #expect(yesterday.text.contains("id=\"tap-\(run.id)\""))
            #expect(yesterday.text.contains("id=\"tap-\(weekend.id)\""))
            // A weekend habit is not listed on a Friday, before its creation as after.
            #expect(!(try await browser.get("/?date=2025-06-13")).text.contains("id=\"tap-\(weekend.id)\""))
            let tap = try await browser.post("/habits/\(run.id)/days/2025-06-14/tap", [("_csrf", csrf), ("return", "/?date=2025-06-14")])
            #expect(tap.status == .seeOther)
            let day = WebFixtures.day("2025-06-14")
            #expect(try await store.entries(owner: owner, habit: run.id, from: day, through: day).first?.value == 1)
            // Nothing after today, and nothing before 2000.
            #expect(!(try await browser.get("/?date=1999-12-31")).text.contains("id=\"tap-\(run.id)\""))
        }
    }

    @Test("+1 goes past a count's target, where the tap stops; from the card's menu and the habit page")
    func pastTheTarget() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (water, meditate, _) = try await DayEntryTests.setUp(store, owner: owner)
            func value(_ habit: Habit) async throws -> Amount {
                try await store.entries(owner: owner, habit: habit.id, from: Self.today, through: Self.today).first?.value ?? 0
            }
            _ = try await browser.post("/habits/\(water.id)/days/2025-06-15/value", [("_csrf", csrf), ("value", "8"), ("return", "/")])
            _ = try await browser.post("/habits/\(water.id)/days/2025-06-15/tap", [("_csrf", csrf), ("return", "/")])
            #expect(try await value(water) == 8, "the tap stops at the target")
            let page = try await browser.get("/")
            #expect(page.text.contains("Water: 8 / 8 glasses. Target reached: a tap adds nothing more; the menu’s +1 goes past it"))
            #expect(page.text.contains("id=\"increment-\(water.id)\""))
            let more = try await browser.post("/habits/\(water.id)/days/2025-06-15/increment", [("_csrf", csrf), ("return", "/")])
            #expect(more.status == .seeOther)
            #expect(try await value(water) == 9)
            _ = try await browser.post(
                "/habits/\(meditate.id)/days/2025-06-15/increment", [("_csrf", csrf), ("return", "/habits/\(meditate.id)")])
            #expect(try await value(meditate) == 60)
            // A day that has not come is refused, as on every day form.
            let future = try await browser.post("/habits/\(water.id)/days/2025-06-16/increment", [("_csrf", csrf), ("return", "/")])
            #expect(future.status == .unprocessableContent)
        }
    }
}
