import Foundation
import PostgresNIO
import TendCore
import TendTestSupport
import Testing

@testable import TendStore

/// What only PostgreSQL has to prove about the firing queue: server instances on one database
/// claim disjoint sets, a lease that runs out passes the firing on, and the instance that lost
/// it cannot record it. (The contract, run on every store, covers the rest.)
@Suite("PostgreSQL store: reminder firings across instances")
struct PostgresReminderTests {
    static let t0 = Date(timeIntervalSince1970: 1_750_000_000)
    static let lease: TimeInterval = 300

    /// A user with one habit and `count` firings of its reminder, all due at t0 (one a minute before).
    static func queue(_ store: PostgresStore, count: Int) async throws -> (User, Habit, [ReminderFiring]) {
        let user = try await store.createUser(username: "alice", settings: UserSettings())
        let habit = try await store.createHabit(
            owner: user.id,
            Habit(name: "Read", reminders: [Reminder(time: try TimeOfDay(hour: 8))], createdOn: Fixtures.day("2025-01-01")))
        let firings = (0..<count).map { minute in
            ReminderFiring(
                habit: habit.id, reminder: habit.reminders[0].id, day: Fixtures.day("2025-06-15"),
                firesAt: t0 - TimeInterval(minute * 60), kind: .scheduled)
        }
        try await store.replacePlannedFirings(owner: user.id, habit: habit.id, firings)
        return (user, habit, firings)
    }

    @Test("Two instances claiming 200 due firings at once, in batches, get disjoint sets that cover all 200")
    func concurrentClaimsAreDisjoint() async throws {
        try await PostgresAccountTests.withTwoInstances { a, b in
            // Given 200 firings due now
            let (_, _, firings) = try await Self.queue(a, count: 200)
            // When four claimants on each instance claim batches of 7 until nothing is left for them
            let claims = try await withThrowingTaskGroup(of: [ReminderFiring.ID].self) { group in
                for worker in 0..<8 {
                    let store = worker.isMultiple(of: 2) ? a : b
                    group.addTask {
                        var mine: [ReminderFiring.ID] = []
                        while true {
                            let batch = try await store.claimDueFirings(
                                now: Self.t0, limit: 7, claimant: "worker-\(worker)", lease: Self.lease)
                            if batch.isEmpty { return mine }
                            #expect(batch.allSatisfy { $0.claimant == "worker-\(worker)" })
                            mine += batch.map(\.firing.id)
                        }
                    }
                }
                return try await group.reduce(into: [[ReminderFiring.ID]]()) { $0.append($1) }
            }
            // Then every firing was claimed exactly once, and by more than one claimant
            let all = claims.flatMap { $0 }
            #expect(all.count == 200)
            #expect(Set(all) == Set(firings.map(\.id)))
            #expect(claims.filter { !$0.isEmpty }.count > 1)
            // And the database agrees: each row has one claimant, and nothing is left to claim before the lease ends
            let holders = try await a.read { c in
                try await a.rows("SELECT count(*) FROM reminder_firings WHERE claimed_by IS NOT NULL", on: c).first?.decode(Int.self)
            }
            #expect(holders == 200)
            #expect(try await b.claimDueFirings(now: Self.t0 + Self.lease - 1, limit: 500, claimant: "late", lease: Self.lease).isEmpty)
        }
    }

    @Test("A lease that runs out passes the firing to another instance; the first can then neither finish nor begin")
    func leaseExpiryAcrossInstances() async throws {
        try await PostgresAccountTests.withTwoInstances { a, b in
            let (alice, habit, firings) = try await Self.queue(a, count: 1)
            let push = try await a.addPushSubscription(
                owner: alice.id, endpoint: "https://push.example/a", p256dh: "k", auth: "s", now: Self.t0)
            // Given instance A holds the firing
            #expect(try await a.claimDueFirings(now: Self.t0, limit: 10, claimant: "A", lease: Self.lease).count == 1)
            // When B looks a second before the lease ends, it gets nothing; at the end, the firing
            #expect(try await b.claimDueFirings(now: Self.t0 + Self.lease - 1, limit: 10, claimant: "B", lease: Self.lease).isEmpty)
            let taken = try await b.claimDueFirings(now: Self.t0 + Self.lease, limit: 10, claimant: "B", lease: Self.lease)
            #expect(taken.map(\.firing.id) == firings.map(\.id))
            // Then A, slow, is refused both a delivery and the finish; nothing of A's is written
            await #expect(throws: StoreError.self) {
                _ = try await a.beginDelivery(
                    owner: alice.id, firing: firings[0].id, target: .push(push.id), claimant: "A", now: Self.t0 + Self.lease)
            }
            let next = ReminderFiring(
                habit: habit.id, reminder: habit.reminders[0].id, day: Fixtures.day("2025-06-16"), firesAt: Self.t0 + 86_400,
                kind: .scheduled)
            await #expect(throws: StoreError.self) {
                try await a.finishFiring(
                    owner: alice.id, firings[0].id, claimant: "A", deliveries: [:], skipped: nil, next: [next], now: Self.t0 + Self.lease)
            }
            #expect(try await b.plannedFirings(owner: alice.id).map(\.id) == firings.map(\.id))
            // And B delivers and finishes it
            let delivery = try #require(
                try await b.beginDelivery(
                    owner: alice.id, firing: firings[0].id, target: .push(push.id), claimant: "B", now: Self.t0 + Self.lease))
            try await b.finishFiring(
                owner: alice.id, firings[0].id, claimant: "B", deliveries: [delivery: .sent(latencyMilliseconds: 300_000)], skipped: nil,
                next: [next], now: Self.t0 + Self.lease + 1)
            #expect(try await a.plannedFirings(owner: alice.id) == [next])
            #expect(try await a.deliveries(owner: alice.id, limit: 10).map(\.status) == [.sent])
        }
    }

    @Test("When a late finish races a re-claim, exactly one of them wins, every time")
    func finishRacesReclaim() async throws {
        try await PostgresAccountTests.withTwoInstances { a, b in
            let (alice, _, firings) = try await Self.queue(a, count: 20)
            #expect(try await a.claimDueFirings(now: Self.t0, limit: 20, claimant: "A", lease: Self.lease).count == 20)
            // When, for each firing, A's finish and B's claim run at once after A's lease ran out
            let expired = Self.t0 + Self.lease
            let outcomes = try await withThrowingTaskGroup(of: (finished: Bool, claimed: Int).self) { group in
                for firing in firings {
                    group.addTask {
                        do {
                            try await a.finishFiring(
                                owner: alice.id, firing.id, claimant: "A", deliveries: [:], skipped: nil, next: [], now: expired)
                            return (true, 0)
                        } catch StoreError.conflict {
                            return (false, 0)
                        }
                    }
                }
                group.addTask {
                    (false, try await b.claimDueFirings(now: expired, limit: 20, claimant: "B", lease: Self.lease).count)
                }
                return try await group.reduce(into: [(finished: Bool, claimed: Int)]()) { $0.append($1) }
            }
            // Then each firing is either finished by A or held by B, never both, never neither
            let finished = outcomes.filter(\.finished).count
            let claimed = outcomes.map(\.claimed).reduce(0, +)
            #expect(finished + claimed == 20)
            let stillPlanned = try await a.plannedFirings(owner: alice.id).count
            #expect(stillPlanned == claimed)
        }
    }

    @Test("Instances asking for a server secret at once all end with the same value")
    func serverSecretRace() async throws {
        try await PostgresAccountTests.withTwoInstances { a, b in
            let values = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<16 {
                    let store = index.isMultiple(of: 2) ? a : b
                    group.addTask { try await store.serverSecret(named: "vapid", create: { "key-\(index)" }) }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(values.count == 16 && Set(values).count == 1)
            #expect(try await a.serverSecret(named: "vapid", create: { "another" }) == values[0])
        }
    }
}
