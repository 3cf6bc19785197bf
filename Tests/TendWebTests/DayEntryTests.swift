import Foundation
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendHTTP
import TendStore
import Testing

@testable import TendWeb

/// Entering a day's value on the web (issue 12, item 6): a typed amount (recorded as typed, above
/// the target too), −1 (never below 0) and the day's note, from a Today card's menu and on the
/// habit page; bad input answers the page again with the message and changes nothing.
@Suite("A day's value, −1 and note on the web")
struct DayEntryTests {
    // MARK: Reading what was typed

    @Test(
        "Durations read as people type them; a bare number is minutes",
        arguments: [
            ("45", 2700), ("45m", 2700), ("45 min", 2700), ("1h30", 5400), ("1:30", 5400), ("1 h 30 min", 5400), ("1h30m", 5400),
            ("2h", 7200), ("1.5h", 5400), ("0:05", 300), ("90s", 90), ("12m30s", 750), ("12m30", 750), ("0", 0), ("24h", 86_400),
        ])
    func durations(typed: String, seconds: Int) {
        #expect(TypedValue.parse(typed, type: .duration, locale: "en_US") == .success(Amount(seconds)))
    }

    @Test(
        "Counts are amounts with up to three decimals, read in the person's locale",
        arguments: [
            ("12", "en_US", 12), (" 3 ", "en_US", 3), ("0", "en_US", 0), ("1000000", "en_US", 1_000_000), ("2.5", "en_US", 2.5),
            ("0.125", "en_US", 0.125), ("2,5", "de_DE", 2.5), ("1,25", "fr_FR", 1.25), ("7.5", "de_DE", 7.5), (".5", "en_US", 0.5),
        ] as [(String, String, Amount)])
    func counts(typed: String, locale: String, value: Amount) {
        #expect(TypedValue.parse(typed, type: .count, locale: locale) == .success(value))
    }

    @Test(
        "Input that cannot be a day's value is refused, with a reason",
        arguments: [
            ("", HabitType.count), ("-3", .count), ("−3", .count), ("abc", .count), ("3.5", .checkmark), ("0.0001", .count),
            ("1000001", .count),
            ("99999999999999999999", .count), ("", .duration), ("-45", .duration), ("soon", .duration), ("25h", .duration),
            ("1:75", .duration), ("30m1h", .duration), ("1h1h", .duration), ("1:3", .duration), ("h", .duration), ("45x", .duration),
        ])
    func refused(typed: String, type: HabitType) {
        guard case .failure(let refusal) = TypedValue.parse(typed, type: type, locale: "en_US") else {
            Issue.record("“\(typed)” was accepted as a \(type)")
            return
        }
        #expect(!refusal.description.isEmpty)
    }

    @Test("The value field shows a duration in a form it reads back", arguments: [0, 60, 2700, 3600, 5400, 750, 86_400, 7290])
    func durationText(seconds: Int) {
        #expect(
            TypedValue.parse(TypedValue.durationText(Amount(seconds)), type: .duration, locale: "en_US") == .success(Amount(seconds)))
    }

    // MARK: The controls on the pages

    @Test("A count or time card's menu has −1 and the value field; a checkmark card's only the note; every control has an id")
    func cardControls() {
        let page = TodayPageTests.page()
        let cards = Dictionary(uniqueKeysWithValues: page.groups.flatMap(\.cards).map { ($0.name, $0) })
        let water = try! #require(cards["Water"])
        #expect(water.entry.value?.text == "6")
        #expect(water.entry.value?.label == "How many glasses")
        #expect(water.entry.value?.action == "/habits/\(TodayPageTests.water.id)/days/2025-06-15/value")
        #expect(water.entry.value?.decrementAction == "/habits/\(TodayPageTests.water.id)/days/2025-06-15/decrement")
        #expect(cards["Read"]?.entry.value?.text == "10m")
        #expect(cards["Stretch"]?.entry.value == nil)
        let html = TodayView.page(page, session: SnapshotTests.session).render()
        let id = TodayPageTests.water.id
        for control in [
            "value-\(id)", "value-save-\(id)", "decrement-\(id)", "day-note-\(id)", "skip-\(id)", "reset-\(id)", "mode-\(id)-weekly",
        ] {
            #expect(html.contains("id=\"\(control)\""), "\(control)")
        }
        #expect(!html.contains("id=\"decrement-\(TodayPageTests.stretch.id)\""))
    }

    @Test("The habit page has today's ring, −1 and the value field")
    func habitPageControls() {
        let tracked = WebFixtures.tracked(TodayPageTests.water, ["2025-06-15": 3])
        let page = HabitPage(tracked: tracked, today: WebFixtures.day("2025-06-15"), calendar: UserSettings().calendar)
        #expect(page.checkIn.tapAction == "/habits/\(TodayPageTests.water.id)/days/2025-06-15/tap")
        #expect(page.checkIn.valueText == "3 / 8 glasses")
        // A quota habit reads its count in the period, as its Today card does.
        let swim = WebFixtures.tracked(WebFixtures.habit(20, "Swim", schedule: .timesPerWeek(3)), ["2025-06-15": 1])
        let swimPage = HabitPage(tracked: swim, today: WebFixtures.day("2025-06-15"), calendar: UserSettings().calendar)
        #expect(swimPage.checkIn.valueText == "1 of 3 this week")
        #expect(page.checkIn.entry.value?.text == "3")
        let html = HabitView.page(page, session: SnapshotTests.session).render()
        #expect(html.contains("id=\"tap-\(TodayPageTests.water.id)\""))
        #expect(html.contains("action=\"/habits/\(TodayPageTests.water.id)/days/2025-06-15/value\""))
        #expect(html.contains("action=\"/habits/\(TodayPageTests.water.id)/days/2025-06-15/decrement\""))
    }

    // MARK: Over HTTP, as a browser without JavaScript

    static func setUp(_ store: any ServerStore, owner: User.ID) async throws -> (water: Habit, meditate: Habit, coffee: Habit) {
        let day = WebFixtures.day("2025-06-01")
        let water = try await store.createHabit(
            owner: owner, Habit(name: "Water", type: .count, target: 8, unit: "glasses", order: 0, createdOn: day))
        let meditate = try await store.createHabit(
            owner: owner, Habit(name: "Meditate", type: .duration, target: 600, order: 1, createdOn: day))
        let coffee = try await store.createHabit(
            owner: owner, Habit(name: "Coffee", kind: .bad, type: .count, target: 2, unit: "cups", order: 2, createdOn: day))
        return (water, meditate, coffee)
    }

    static let today = WebFixtures.day("2025-06-15")

    @Test("A typed amount is recorded as typed, beyond the target; 303 back to the card")
    func setValue() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (water, meditate, _) = try await Self.setUp(store, owner: owner)

            let set = try await browser.post(
                "/habits/\(water.id)/days/2025-06-15/value", [("_csrf", csrf), ("value", "12"), ("return", "/")])
            #expect(set.status == .seeOther)
            #expect(set.headers[.location] == "/#habit-\(water.id)")
            #expect(try await store.entries(owner: owner, habit: water.id, from: Self.today, through: Self.today).first?.value == 12)

            for (typed, seconds) in [("45", 2700), ("1h30", 5400), ("1:30", 5400), ("45m", 2700)] {
                let timed = try await browser.post(
                    "/habits/\(meditate.id)/days/2025-06-15/value",
                    [("_csrf", csrf), ("value", typed), ("return", "/habits/\(meditate.id)")])
                #expect(timed.status == .seeOther)
                #expect(timed.headers[.location] == "/habits/\(meditate.id)#habit-\(meditate.id)")
                #expect(
                    try await store.entries(owner: owner, habit: meditate.id, from: Self.today, through: Self.today).first?.value
                        == Amount(seconds),
                    "\(typed)")
            }
            let page = try await browser.get("/")
            #expect(page.text.contains("12 / 8 glasses"))
            #expect(page.text.contains("value=\"12\""))
        }
    }

    @Test("A day that has not come, or before 2000, is refused on every day form (422) and nothing changes")
    func daysOutOfRange() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (water, _, _) = try await Self.setUp(store, owner: owner)
            let before = try await store.latestOperationSequence(owner: owner)
            for day in ["2025-06-16", "2099-01-01", "1900-01-01"] {
                for action in ["value", "decrement", "tap", "skip", "reset"] {
                    let response = try await browser.post(
                        "/habits/\(water.id)/days/\(day)/\(action)", [("_csrf", csrf), ("value", "3"), ("return", "/")])
                    #expect(response.status == .unprocessableContent, "\(action) \(day)")
                }
            }
            #expect(try await store.latestOperationSequence(owner: owner) == before)
        }
    }

    @Test("A card's tap, −1 or reset sent again under its operation id (its answer was lost) counts once")
    func sentAgain() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (_, _, coffee) = try await Self.setUp(store, owner: owner)
            func value() async throws -> Amount {
                try await store.entries(owner: owner, habit: coffee.id, from: Self.today, through: Self.today).first?.value ?? 0
            }
            let tap = UUID().text()
            for _ in 0..<2 {
                let answer = try await browser.post(
                    "/habits/\(coffee.id)/days/2025-06-15/tap", [("_csrf", csrf), ("return", "/"), ("op", tap)])
                #expect(answer.status == .seeOther)
            }
            #expect(try await value() == 1)
            _ = try await browser.post(
                "/habits/\(coffee.id)/days/2025-06-15/tap", [("_csrf", csrf), ("return", "/"), ("op", UUID().text())])
            #expect(try await value() == 2)
            let back = UUID().text()
            for _ in 0..<2 {
                _ = try await browser.post(
                    "/habits/\(coffee.id)/days/2025-06-15/decrement", [("_csrf", csrf), ("return", "/"), ("op", back)])
            }
            #expect(try await value() == 1)
            let reset = UUID().text()
            _ = try await browser.post("/habits/\(coffee.id)/days/2025-06-15/reset", [("_csrf", csrf), ("return", "/"), ("op", reset)])
            _ = try await browser.post("/habits/\(coffee.id)/days/2025-06-15/tap", [("_csrf", csrf), ("return", "/")])
            _ = try await browser.post("/habits/\(coffee.id)/days/2025-06-15/reset", [("_csrf", csrf), ("return", "/"), ("op", reset)])
            #expect(try await value() == 1, "the reset sent again did not undo the tap made after it")
        }
    }

    @Test("−1 takes one step back (a minute for time) and stops at 0: a wrong tap on a bad habit is undone")
    func decrement() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (_, meditate, coffee) = try await Self.setUp(store, owner: owner)
            func value(_ habit: Habit) async throws -> Amount {
                try await store.entries(owner: owner, habit: habit.id, from: Self.today, through: Self.today).first?.value ?? 0
            }

            for _ in 0..<3 { _ = try await browser.post("/habits/\(coffee.id)/days/2025-06-15/tap", [("_csrf", csrf), ("return", "/")]) }
            #expect(try await value(coffee) == 3)
            let undone = try await browser.post("/habits/\(coffee.id)/days/2025-06-15/decrement", [("_csrf", csrf), ("return", "/")])
            #expect(undone.status == .seeOther)
            #expect(undone.headers[.location] == "/#habit-\(coffee.id)")
            #expect(try await value(coffee) == 2)
            for _ in 0..<3 {
                _ = try await browser.post("/habits/\(coffee.id)/days/2025-06-15/decrement", [("_csrf", csrf), ("return", "/")])
            }
            #expect(try await value(coffee) == 0)

            _ = try await store.setValue(owner: owner, habit: meditate.id, day: Self.today, 150)
            _ = try await browser.post("/habits/\(meditate.id)/days/2025-06-15/decrement", [("_csrf", csrf), ("return", "/")])
            #expect(try await value(meditate) == 90)
            _ = try await browser.post("/habits/\(meditate.id)/days/2025-06-15/decrement", [("_csrf", csrf), ("return", "/")])
            _ = try await browser.post("/habits/\(meditate.id)/days/2025-06-15/decrement", [("_csrf", csrf), ("return", "/")])
            #expect(try await value(meditate) == 0)
        }
    }

    @Test("Bad input answers 422 with the page it came from, the text as typed and the message; nothing changes")
    func refusedInput() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (water, meditate, _) = try await Self.setUp(store, owner: owner)
            _ = try await store.setValue(owner: owner, habit: water.id, day: Self.today, 3)
            let before = try await store.latestOperationSequence(owner: owner)

            for typed in ["-2", "lots", "", "5000000"] {
                let today = try await browser.post(
                    "/habits/\(water.id)/days/2025-06-15/value", [("_csrf", csrf), ("value", typed), ("return", "/")])
                #expect(today.status == .unprocessableContent, "\(typed)")
                #expect(today.headers[.contentType] == "text/html; charset=utf-8")
                #expect(today.text.contains("<h1>Today"))
                #expect(today.text.contains("id=\"value-error-\(water.id)\""), "\(typed)")
                #expect(today.text.contains("value=\"\(typed)\""), "\(typed)")
                // The card's menu is open on the refused field.
                #expect(today.text.contains("<details class=\"menu\" id=\"menu-\(water.id)\" open>"))
                #expect(today.text.contains("aria-invalid=\"true\""))
            }
            let absurd = try await browser.post(
                "/habits/\(meditate.id)/days/2025-06-15/value", [("_csrf", csrf), ("value", "30h"), ("return", "/habits/\(meditate.id)")])
            #expect(absurd.status == .unprocessableContent)
            #expect(absurd.text.contains("id=\"habit-title\""))
            #expect(absurd.text.contains("A day has 24 hours"))
            #expect(absurd.text.contains("value=\"30h\""))

            #expect(try await store.latestOperationSequence(owner: owner) == before)
            #expect(try await store.entries(owner: owner, habit: water.id, from: Self.today, through: Self.today).first?.value == 3)
        }
    }

    @Test("The note from a card's menu: saved and back to the card; too long: 422 with Today and the note as typed")
    func cardNote() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (water, _, _) = try await Self.setUp(store, owner: owner)
            let saved = try await browser.post(
                "/habits/\(water.id)/note", [("_csrf", csrf), ("day", "2025-06-14"), ("note", "Hot day"), ("return", "/?date=2025-06-14")])
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/?date=2025-06-14#habit-\(water.id)")
            #expect(try await store.entries(owner: owner, habit: water.id, from: .minimum, through: .maximum).first?.note == "Hot day")
            #expect(try await browser.get("/?date=2025-06-14").text.contains(">Hot day</textarea>"))

            let long = String(repeating: "x", count: Entry.maximumNoteLength + 1)
            let refused = try await browser.post(
                "/habits/\(water.id)/note", [("_csrf", csrf), ("day", "2025-06-14"), ("note", long), ("return", "/?date=2025-06-14")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("id=\"day-note-error-\(water.id)\""))
            #expect(refused.text.contains(">\(long)</textarea>"))
            #expect(try await store.entries(owner: owner, habit: water.id, from: .minimum, through: .maximum).first?.note == "Hot day")
        }
    }

    @Test("Every entry form needs the form token (403) and the owner's habit (404)")
    func scoped() async throws {
        try await WebHarness { $0.openRegistration = true }.run { browser, store in
            try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (water, _, _) = try await Self.setUp(store, owner: owner)
            _ = try await store.setValue(owner: owner, habit: water.id, day: Self.today, 3)
            let before = try await store.latestOperationSequence(owner: owner)
            #expect(try await browser.post("/habits/\(water.id)/days/2025-06-15/value", [("value", "9")]).status == .forbidden)
            #expect(try await browser.post("/habits/\(water.id)/days/2025-06-15/decrement", []).status == .forbidden)
            #expect(
                try await browser.post("/habits/\(water.id)/days/2025-06-15/value", [("_csrf", "forged"), ("value", "9")]).status
                    == .forbidden)

            let mallory = browser.another()
            let malloryCSRF = try await mallory.signUp("mallory")
            #expect(
                try await mallory.post("/habits/\(water.id)/days/2025-06-15/value", [("_csrf", malloryCSRF), ("value", "9")]).status
                    == .notFound)
            #expect(try await mallory.post("/habits/\(water.id)/days/2025-06-15/decrement", [("_csrf", malloryCSRF)]).status == .notFound)
            #expect(try await store.latestOperationSequence(owner: owner) == before)
        }
    }

    @Test("The habit page serves today's check-in: the ring taps, −1 and the value come back to the page")
    func habitPage() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (water, _, _) = try await Self.setUp(store, owner: owner)
            let page = try await browser.get("/habits/\(water.id)")
            #expect(page.text.contains("id=\"tap-\(water.id)\""))
            #expect(page.text.contains("<section class=\"panel checkin\" id=\"habit-\(water.id)\""))
            let tapped = try await browser.post(
                "/habits/\(water.id)/days/2025-06-15/tap", [("_csrf", csrf), ("return", "/habits/\(water.id)")])
            #expect(tapped.headers[.location] == "/habits/\(water.id)#habit-\(water.id)")
            #expect(try await browser.get("/habits/\(water.id)").text.contains("1 / 8 glasses"))
        }
    }
}
