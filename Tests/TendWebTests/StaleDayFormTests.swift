import Foundation
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendHTTP
import TendStore
import Testing

@testable import TendWeb

/// A page left open overnight: its forms name the day it showed as today. Sent after that day
/// ended they record nothing and bring the page back at the new day, saying so; a page showing an
/// earlier day on purpose (`?date=`) records on it; the page says when its day ends.
@Suite("Day forms from a page whose day is over")
struct StaleDayFormTests {
    /// 2025-06-15 in Berlin (UTC+2): the day ends at 22:00 UTC.
    static let sunday = WebFixtures.day("2025-06-15")
    static let monday = WebFixtures.day("2025-06-16")
    static let endOfSunday = Date(timeIntervalSince1970: 1_750_024_800)  // 2025-06-15T22:00:00Z

    func entries(_ store: any ServerStore, owner: User.ID, habit: Habit.ID) async throws -> [Day: Amount] {
        Dictionary(
            uniqueKeysWithValues: try await store.entries(owner: owner, habit: habit, from: Self.sunday, through: Self.monday).map {
                ($0.day, $0.value)
            })
    }

    @Test("Today and the habit page carry the instant their day ends, in the account's zone; an earlier day's page does not")
    func dayEnds() async throws {
        try await WebHarness().run { browser, store in
            _ = try await browser.signUp("ana", timeZone: "Europe/Berlin")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (water, _, _) = try await DayEntryTests.setUp(store, owner: owner)
            let ends = #"data-day-ends="1750024800000""#
            #expect(try await browser.get("/").text.contains(ends))
            #expect(try await browser.get("/habits/\(water.id)").text.contains(ends))
            #expect(!(try await browser.get("/?date=2025-06-14").text.contains("data-day-ends")))
        }
    }

    @Test(
        "Sent the morning after from Today or the habit page, each day form records nothing and comes back at the new day with a notice",
        arguments: ["tap", "value", "decrement", "skip", "reset"])
    func refusedTheMorningAfter(action: String) async throws {
        let harness = WebHarness()
        try await harness.run { browser, store in
            let csrf = try await browser.signUp("ana", timeZone: "Europe/Berlin")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (water, _, _) = try await DayEntryTests.setUp(store, owner: owner)
            _ = try await browser.post("/habits/\(water.id)/days/2025-06-15/value", [("_csrf", csrf), ("value", "3"), ("return", "/")])
            let before = try await store.latestOperationSequence(owner: owner)

            // 08:00 in Berlin on Monday; the pages were loaded on Sunday
            harness.clock.set(Date(timeIntervalSince1970: 1_750_053_600))
            let fromToday = try await browser.post(
                "/habits/\(water.id)/days/2025-06-15/\(action)", [("_csrf", csrf), ("value", "5"), ("return", "/")])
            #expect(fromToday.status == .seeOther)
            #expect(fromToday.headers[.location] == "/?stale=2025-06-15#habit-\(water.id)")
            let fromHabitPage = try await browser.post(
                "/habits/\(water.id)/days/2025-06-15/\(action)",
                [("_csrf", csrf), ("value", "5"), ("return", "/habits/\(water.id)?month=2025-06")])
            #expect(fromHabitPage.headers[.location] == "/habits/\(water.id)?month=2025-06&stale=2025-06-15#habit-\(water.id)")
            #expect(try await store.latestOperationSequence(owner: owner) == before)
            #expect(try await entries(store, owner: owner, habit: water.id) == [Self.sunday: 3])

            // The pages they come back to: the new day, and what happened
            let today = try await browser.get("/?stale=2025-06-15")
            #expect(today.status == .ok)
            #expect(today.text.contains(#"id="stale-day""#))
            #expect(today.text.contains("the page still showed Sunday, 15 June 2025, and it is Monday, 16 June 2025 now"))
            #expect(today.text.contains(#"href="/?date=2025-06-15""#))
            #expect(today.text.contains(#"data-day-ends="1750111200000""#))
            let habitPage = try await browser.get("/habits/\(water.id)?month=2025-06&stale=2025-06-15")
            #expect(habitPage.text.contains(#"id="stale-day""#))
            #expect(habitPage.text.contains(#"href="/?date=2025-06-15#habit-\#(water.id)""#))
            // Said once: the page without the mark, and a mark that is not an earlier day, say nothing
            #expect(!(try await browser.get("/").text.contains("stale-day")))
            #expect(!(try await browser.get("/?stale=2025-06-16").text.contains("stale-day")))
            #expect(!(try await browser.get("/?stale=soon").text.contains("stale-day")))
        }
    }

    @Test("Sunday's page on purpose (?date=) records on Sunday the morning after; Today's own forms record until the day ends")
    func recordedWhenMeant() async throws {
        let harness = WebHarness()
        try await harness.run { browser, store in
            let csrf = try await browser.signUp("ana", timeZone: "Europe/Berlin")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (water, _, _) = try await DayEntryTests.setUp(store, owner: owner)

            // 23:59:59 in Berlin: still Sunday
            harness.clock.set(Self.endOfSunday - 1)
            let late = try await browser.post("/habits/\(water.id)/days/2025-06-15/tap", [("_csrf", csrf), ("return", "/")])
            #expect(late.headers[.location] == "/#habit-\(water.id)")
            #expect(try await entries(store, owner: owner, habit: water.id) == [Self.sunday: 1])

            // Monday: Sunday's page, opened as Sunday's, records on Sunday
            harness.clock.set(Self.endOfSunday + 8 * 3600)
            let meant = try await browser.post(
                "/habits/\(water.id)/days/2025-06-15/tap", [("_csrf", csrf), ("return", "/?date=2025-06-15")])
            #expect(meant.headers[.location] == "/?date=2025-06-15#habit-\(water.id)")
            // Today's form for Monday records on Monday
            let monday = try await browser.post("/habits/\(water.id)/days/2025-06-16/tap", [("_csrf", csrf), ("return", "/")])
            #expect(monday.headers[.location] == "/#habit-\(water.id)")
            #expect(try await entries(store, owner: owner, habit: water.id) == [Self.sunday: 2, Self.monday: 1])
        }
    }

    @Test("Which forms showed their day as today: Today without a date and a habit page without a chosen day, nothing else")
    func showedToday() {
        func form(_ back: String?) -> FormData { FormData(back.map { "return=" + Browser.encode($0) } ?? "") }
        #expect(StaleDayForm.showedToday(form("/")))
        #expect(StaleDayForm.showedToday(form("/?by=groups")))
        #expect(StaleDayForm.showedToday(form("/habits/abc")))
        #expect(StaleDayForm.showedToday(form("/habits/abc?month=2025-06")))
        #expect(!StaleDayForm.showedToday(form("/?date=2025-06-14")))
        #expect(!StaleDayForm.showedToday(form("/habits/abc?day=2025-06-14&month=2025-06")))
        #expect(!StaleDayForm.showedToday(form("/habits/abc/edit")))
        #expect(!StaleDayForm.showedToday(form("//evil.example/")))
        #expect(!StaleDayForm.showedToday(form(nil)))
    }
}
