import Foundation
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendHTTP
import TendStore
import Testing

@testable import TendWeb

/// A routine on its days and its walk-through on the web (issue 41, item 3).
@Suite("A routine's Start on the web")
struct RoutineRunWebTests {
    /// The harness's today is Sunday 15 June 2025.
    static func setUp(_ store: any ServerStore, owner: User.ID) async throws -> (routine: Routine, water: Habit, stretch: Habit) {
        let created = WebFixtures.day("2025-06-01")
        let water = try await store.createHabit(
            owner: owner, Habit(name: "Water", type: .count, target: 8, unit: "glasses", order: 0, createdOn: created))
        let stretch = try await store.createHabit(owner: owner, Habit(name: "Stretch", order: 1, createdOn: created))
        let routine = try await store.createRoutine(
            owner: owner,
            Routine(
                name: "Morning", start: try TimeOfDay(hour: 6, minute: 30), weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday],
                habitIDs: [water.id, stretch.id]))
        return (routine, water, stretch)
    }

    @Test("A weekday routine and its Start are on Friday's Today, not on Sunday's; its habits are listed by time on Sunday")
    func onItsDays() async throws {
        try await WebHarness().run { browser, store in
            _ = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (routine, water, _) = try await Self.setUp(store, owner: owner)
            let sunday = try await browser.get("/")
            #expect(!sunday.text.contains("group-routine-\(routine.id)"))
            #expect(!sunday.text.contains("Morning · 06:30"))
            #expect(sunday.text.contains("id=\"tap-\(water.id)\""))
            let friday = try await browser.get("/?date=2025-06-13")
            #expect(friday.text.contains("Morning · 06:30"))
            #expect(friday.text.contains("href=\"/routines/\(routine.id)/start?date=2025-06-13\""))
        }
    }

    @Test("Start walks the habits in order: Done records the target, Later comes back, Skip skips; then the routine is done")
    func walk() async throws {
        try await WebHarness { $0.openRegistration = true }.run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let (routine, water, stretch) = try await Self.setUp(store, owner: owner)
            let start = "/routines/\(routine.id)/start?date=2025-06-13"
            let friday = WebFixtures.day("2025-06-13")
            func value(_ habit: Habit) async throws -> Entry? {
                try await store.entries(owner: owner, habit: habit.id, from: friday, through: friday).first
            }

            let first = try await browser.get(start)
            #expect(first.status == .ok)
            #expect(first.text.contains("<h2 id=\"run-step-name\">Water</h2>"))
            #expect(first.text.contains("Step 1 of 2"))
            #expect(first.text.contains("action=\"/habits/\(water.id)/days/2025-06-13/check\""))
            let next = "/routines/\(routine.id)/start?date=2025-06-13&step=1"
            #expect(first.text.contains("href=\"\(next.replacingOccurrences(of: "&", with: "&amp;"))\" id=\"run-later\""))

            // Later: Stretch is asked about; and Later on it comes back to Water.
            let later = try await browser.get(next)
            #expect(later.text.contains("<h2 id=\"run-step-name\">Stretch</h2>"))
            let again = try await browser.get("/routines/\(routine.id)/start?date=2025-06-13&step=2")
            #expect(again.text.contains("<h2 id=\"run-step-name\">Water</h2>"))
            // A step that is not a number is the first step (the address is only ever the page's own link).
            let garbled = try await browser.get("/routines/\(routine.id)/start?date=2025-06-13&step=abc")
            #expect(garbled.status == .ok && garbled.text.contains("<h2 id=\"run-step-name\">Water</h2>"))

            // Done on Water records its target and comes to the next step.
            let done = try await browser.post("/habits/\(water.id)/days/2025-06-13/check", [("_csrf", csrf), ("return", next)])
            #expect(done.status == .seeOther)
            #expect(done.headers[.location]?.hasPrefix(next) == true)
            #expect(try await value(water)?.value == 8)
            #expect(try await browser.get(next).text.contains("<h2 id=\"run-step-name\">Stretch</h2>"))

            // Skip on Stretch: the routine is done.
            _ = try await browser.post(
                "/habits/\(stretch.id)/days/2025-06-13/skip", [("_csrf", csrf), ("skip", "true"), ("return", next)])
            #expect(try await value(stretch)?.isSkipped == true)
            let finished = try await browser.get(start)
            #expect(finished.text.contains("Morning is done"))
            #expect(finished.text.contains("2 of 2 done"))

            // On Sunday the routine does not run, and says so; a day that has not come is today.
            let sunday = try await browser.get("/routines/\(routine.id)/start")
            #expect(sunday.text.contains("Morning does not run on Sundays."))
            #expect(try await browser.get("/routines/\(routine.id)/start?date=2099-01-01").text.contains("does not run on Sundays"))
            // Another user's routine is not found.
            let other = browser.another()
            _ = try await other.signUp("ben")
            #expect(try await other.get(start).status == .notFound)
        }
    }
}
