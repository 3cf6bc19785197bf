import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendCore
import TendStore
import Testing

@testable import TendWeb

/// The web's habit forms go through the same use cases as the CLI and the API
/// (`TendStore/UseCases`): what they refuse and which tips they retire is decided there.
@Suite("The web's habit forms use the shared use cases")
struct HabitUseCaseTests {
    @Test("Editing a habit in the editor retires “Manage a habit”, and a new reminder “Make it obvious”")
    func editRetiresTips() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let water = try await store.createHabit(
                owner: owner, Habit(name: "Water", type: .count, target: 8, unit: "glasses", createdOn: Day("2025-06-01")!))
            #expect(!(try await store.tipState(owner: owner)).isRetired(.manageHabit))
            let saved = try await browser.post("/habits/\(water.id)/edit", HabitEditorTests.fields(csrf))
            #expect(saved.status == .seeOther)
            let state = try await store.tipState(owner: owner)
            #expect(state.isRetired(.manageHabit))
            #expect(state.isRetired(.makeItObvious), "the form gave it a reminder at 08:00")
        }
    }

    @Test("Archiving on the habits page retires “Manage a habit”; archiving twice writes once")
    func archiveRetiresTip() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let read = try await store.createHabit(owner: owner, Habit(name: "Read", createdOn: Day("2025-06-01")!))
            let archived = try await browser.post("/habits/\(read.id)/archive", [("_csrf", csrf), ("archived", "true")])
            #expect(archived.status == .seeOther)
            #expect(try await store.habit(owner: owner, id: read.id).isArchived)
            #expect(try await store.tipState(owner: owner).isRetired(.manageHabit))
            let operations = try await store.operations(owner: owner, after: 0, limit: 100).count
            _ = try await browser.post("/habits/\(read.id)/archive", [("_csrf", csrf), ("archived", "true")])
            #expect(try await store.operations(owner: owner, after: 0, limit: 100).count == operations)
        }
    }

    @Test("The habit page's totals follow ?totals= (weeks, months, years); an unknown period shows weeks")
    func totalsPeriod() async throws {
        try await WebHarness().run { browser, store in
            _ = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let read = try await store.createHabit(owner: owner, Habit(name: "Read", createdOn: Day("2024-06-01")!))
            for (query, current) in [("?totals=year", "Years"), ("?totals=month", "Months"), ("?totals=bogus", "Weeks"), ("", "Weeks")] {
                let page = try await browser.get("/habits/\(read.id)\(query)")
                #expect(page.status == .ok)
                let html = String(buffer: page.body)
                #expect(html.contains(#"aria-current="true">\#(current)</a>"#), "\(query)")
                #expect(html.contains(#"<section class="panel" id="totals""#))
            }
        }
    }
}
