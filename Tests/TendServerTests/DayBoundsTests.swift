import Foundation
import HTTPTypes
import HummingbirdTesting
import TendAPI
import TendCore
import TendSQLite
import TendServer
import TendStore
import Testing

/// Issue 16, finding 8: every day a request carries lies between `RecordableDays.floor`
/// (2000-01-01) and a year after the user's today (days recorded on: today at the latest), and
/// one person keeps at most 1,000 habits. The test clock's today is 2025-06-15 (UTC).
@Suite("Days a request carries are bounded; habits per person are bounded")
struct DayBoundsTests {
    @Test(
        "A habit's createdOn before the floor or after today is 422 and creates nothing; the floor itself is fine",
        arguments: [("0001-01-01", 422), ("1999-12-31", 422), ("2025-06-16", 422), ("2000-01-01", 201), ("2025-06-15", 201)])
    func createdOn(_ day: String, _ status: Int) async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let response = try await api.request(.post, "/api/v1/habits", token: ana.token, json: #"{"name":"Read","createdOn":"\#(day)"}"#)
            #expect(response.status.code == status, "\(day): \(response.status) \(response.text)")
            if status == 422 {
                try response.expectProblem(.unprocessableContent, code: "invalid")
                #expect(try await api.request(.get, "/api/v1/habits", token: ana.token).array().isEmpty)
            }
        }
    }

    @Test("An \"every N days\" start out of range, as text or as an object, on create or change, is 422 and changes nothing")
    func scheduleStart() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let read = try await api.createHabit(ana, #"{"name":"Read"}"#)
            let before = try await api.export(ana)
            let schedules = [
                #""every 3 days from 0001-01-01""#, #""every 3 days from 2027-01-01""#,
                #"{"type":"everyNDays","interval":3,"start":"0001-01-01"}"#,
                #"{"type":"everyNDays","interval":3,"start":"9999-12-31"}"#,
            ]
            for schedule in schedules {
                try await api.request(.post, "/api/v1/habits", token: ana.token, json: #"{"name":"Run","schedule":\#(schedule)}"#)
                    .expectProblem(.unprocessableContent, code: "invalid")
                try await api.request(.patch, "/api/v1/habits/\(read)", token: ana.token, json: #"{"schedule":\#(schedule)}"#)
                    .expectProblem(.unprocessableContent, code: "invalid")
            }
            #expect(try await api.export(ana) == before)
            // A start within a year is a plan, and fine.
            let fine = try await api.request(
                .patch, "/api/v1/habits/\(read)", token: ana.token, json: #"{"schedule":"every 3 days from 2025-07-01"}"#)
            #expect(fine.status == .ok, "\(fine.text)")
        }
    }

    @Test("Query days before the floor or more than a year after today are 400 on every route that reads one")
    func queryDays() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let read = try await api.createHabit(ana, #"{"name":"Read"}"#)
            let paths = [
                "/api/v1/habits/\(read)/days?from=0001-01-01", "/api/v1/habits/\(read)/days?from=1999-12-31&to=2000-01-05",
                "/api/v1/habits/\(read)/days?to=9999-12-31", "/api/v1/today?date=0001-01-01", "/api/v1/today?date=2026-06-17",
                "/api/v1/heatmap?date=0001-01-01", "/api/v1/habits/\(read)/cells?view=year&date=0001-01-01",
                "/api/v1/habits/\(read)/stats?asOf=1999-12-31", "/api/v1/stats?asOf=0001-01-01", "/api/v1/stats?asOf=2026-06-17",
            ]
            for path in paths {
                let response = try await api.request(.get, path, token: ana.token)
                #expect(response.status == .badRequest, "\(path): \(response.status)")
                if response.status == .badRequest { try response.expectProblem(.badRequest, code: "bad-request") }
            }
            // The edges are fine.
            for path in [
                "/api/v1/habits/\(read)/days?from=2000-01-01", "/api/v1/today?date=2026-06-16", "/api/v1/stats?asOf=2026-06-16",
            ] {
                #expect(try await api.request(.get, path, token: ana.token).status == .ok, "\(path)")
            }
        }
    }

    @Test("Synced operations may not record before the floor or after the latest today on Earth")
    func syncedDays() async throws {
        let harness = try ServerHarness()
        try await harness.run { api in
            let ana = try await api.signUp("ana")
            var laptop = SyncAPITests.Device("cli-laptop")
            let habit = Habit(name: "Read", createdOn: Day("2025-06-01")!)
            let created = laptop.operation(.habitCreated(habit: habit), at: harness.clock.now)
            _ = try await SyncAPITests.sync(api, ana, SyncRequest(device: "cli-laptop", operations: [created]))
            let before = try await api.export(ana)
            let refused: [Change] = [
                .entrySet(habit: habit.id, day: Day("1900-01-01")!, value: 1),
                .entrySkipped(habit: habit.id, day: Day("2025-06-18")!, skipped: true),
                .habitCreated(habit: Habit(name: "Old", createdOn: Day("0001-01-01")!)),
                .habitUpdated(id: habit.id, patch: HabitPatch(schedule: .everyNDays(interval: 2, start: Day("9999-01-01")!))),
            ]
            for change in refused {
                let operation = laptop.operation(change, at: harness.clock.now)
                let response = try await api.request(
                    .post, "/api/v1/sync", token: ana.token,
                    json: try SyncAPITests.body(SyncRequest(device: "cli-laptop", operations: [operation])))
                try response.expectProblem(.unprocessableContent, code: "invalid")
            }
            #expect(try await api.export(ana) == before)
        }
    }

    @Test("The 1,001st habit is refused with 422 and creates nothing, archived habits counting")
    func habitsPerPerson() async throws {
        let store = try SQLiteStore(inMemoryDevice: "memory")
        try await ServerHarness().run(store: store) { api in
            let ana = try await api.signUp("ana")
            let user = try #require(try await store.account(named: "ana")).user
            for n in 0..<1_000 {
                let habit = try await store.createHabit(owner: user.id, Habit(name: "Habit \(n)", order: n, createdOn: Day("2025-06-01")!))
                if n == 0 { _ = try await store.setArchived(owner: user.id, habit: habit.id, true) }
            }
            try await api.request(.post, "/api/v1/habits", token: ana.token, json: #"{"name":"One too many"}"#)
                .expectProblem(.unprocessableContent, code: "invalid")
            #expect(try await store.habits(owner: user.id, includeArchived: true).count == 1_000)
            // One fewer, and there is room again.
            let habits = try await store.habits(owner: user.id, includeArchived: true)
            try await store.deleteHabit(owner: user.id, id: habits[0].id)
            #expect(try await api.request(.post, "/api/v1/habits", token: ana.token, json: #"{"name":"One too many"}"#).status == .created)
        }
    }
}
