import Foundation
import TendCore
import TendTestSupport
import Testing

@testable import TendStore

/// What only SQLite has to prove about the firing queue: two stores on one file (a server and a
/// second process) claiming at once get disjoint sets, without row locks, because SQLite has one
/// writer and every claim is one write transaction.
@Suite("SQLite store: reminder firings from two stores on one file")
struct SQLiteReminderTests {
    static let t0 = Date(timeIntervalSince1970: 1_750_000_000)

    @Test("Two stores on one file claiming 200 due firings at once, in batches, get disjoint sets that cover all 200")
    func concurrentClaimsAreDisjoint() async throws {
        // Given 200 firings due now, in a file two stores have open
        let directory = try TemporaryDirectory()
        let a = try SQLiteStore(path: directory.path("tend.sqlite"), device: "a")
        let b = try SQLiteStore(path: directory.path("tend.sqlite"), device: "b")
        let user = try await a.createUser(username: "alice", settings: UserSettings())
        let habit = try await a.createHabit(
            owner: user.id,
            Habit(name: "Read", reminders: [Reminder(time: try TimeOfDay(hour: 8))], createdOn: Fixtures.day("2025-01-01")))
        let firings = (0..<200).map { minute in
            ReminderFiring(
                habit: habit.id, reminder: habit.reminders[0].id, day: Fixtures.day("2025-06-15"),
                firesAt: Self.t0 - TimeInterval(minute * 60), kind: .scheduled)
        }
        try await a.replacePlannedFirings(owner: user.id, habit: habit.id, firings)
        // When four claimants on each store claim batches of 7 until nothing is left for them
        let claims = try await withThrowingTaskGroup(of: [ReminderFiring.ID].self) { group in
            for worker in 0..<8 {
                let store = worker.isMultiple(of: 2) ? a : b
                group.addTask {
                    var mine: [ReminderFiring.ID] = []
                    while true {
                        let batch = try await store.claimDueFirings(now: Self.t0, limit: 7, claimant: "worker-\(worker)", lease: 300)
                        if batch.isEmpty { return mine }
                        mine += batch.map(\.firing.id)
                    }
                }
            }
            return try await group.reduce(into: [[ReminderFiring.ID]]()) { $0.append($1) }
        }
        // Then every firing was claimed exactly once
        let all = claims.flatMap { $0 }
        #expect(all.count == 200)
        #expect(Set(all) == Set(firings.map(\.id)))
        // (And the claims did interleave: more than one claimant got some.)
        #expect(claims.filter { !$0.isEmpty }.count > 1)
        #expect(try await b.claimDueFirings(now: Self.t0 + 299, limit: 500, claimant: "late", lease: 300).isEmpty)
    }
}
