import Foundation
import PostgresNIO
import TendCore
import TendTestSupport
import Testing

@testable import TendPostgres
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

    @Test("A lease that runs out passes the firing to another instance; the first can then no longer finish it")
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
            // Then A, slow, is refused the finish with its delivery; nothing of A's is written
            let sent = SentDelivery(id: DeliveryLogEntry.ID(), target: .push(push.id), result: .sent(latencyMilliseconds: 300_000))
            let next = ReminderFiring(
                habit: habit.id, reminder: habit.reminders[0].id, day: Fixtures.day("2025-06-16"), firesAt: Self.t0 + 86_400,
                kind: .scheduled)
            await #expect(throws: StoreError.self) {
                try await a.finishFiring(
                    owner: alice.id, firings[0].id, claimant: "A", deliveries: [sent], skipped: nil, next: [next], now: Self.t0 + Self.lease
                )
            }
            #expect(try await a.deliveries(owner: alice.id, limit: 10).isEmpty)
            #expect(try await b.plannedFirings(owner: alice.id).map(\.id) == firings.map(\.id))
            // And B delivers and finishes it
            try await b.finishFiring(
                owner: alice.id, firings[0].id, claimant: "B", deliveries: [sent], skipped: nil, next: [next], now: Self.t0 + Self.lease + 1
            )
            #expect(try await a.plannedFirings(owner: alice.id) == [next])
            #expect(try await a.deliveries(owner: alice.id, limit: 10).map(\.status) == [.sent])
        }
    }

    @Test("A delivery row an older Tend began before sending is recorded over by the firing's finish: one row per target")
    func finishRecordsOverABegunRow() async throws {
        try await PostgresTestDatabase.withDatabase { location in
            let store = try await PostgresStore.connect(location: location, device: "a", maximumConnections: 2, timeout: .seconds(90))
            do {
                let (alice, _, firings) = try await Self.queue(store, count: 1)
                let hook = try await store.addWebhook(
                    owner: alice.id, url: "https://hooks.example/a", format: .json, accessToken: nil, now: Self.t0)
                _ = try await store.claimDueFirings(now: Self.t0, limit: 10, claimant: "old", lease: 60)
                // Given the old claimant wrote its `sending` row, as Tend did before deliveries were recorded with the finish
                let begun = UUID()
                try await PostgresTestDatabase.execute(
                    """
                    INSERT INTO reminder_deliveries (id, user_id, firing_id, channel, target_id, claimant, status, attempts, updated_at)
                    VALUES ('\(begun)', '\(alice.id.rawValue)', '\(firings[0].id.rawValue)', 'webhook', '\(hook.id.rawValue)', 'old',
                            'sending', 0, now())
                    """, on: location)
                // When the firing's next claimant sends it and finishes
                _ = try await store.claimDueFirings(now: Self.t0 + 60, limit: 10, claimant: "new", lease: 60)
                try await store.finishFiring(
                    owner: alice.id, firings[0].id, claimant: "new",
                    deliveries: [
                        SentDelivery(id: DeliveryLogEntry.ID(), target: .webhook(hook.id), result: .sent(latencyMilliseconds: 60_000))
                    ],
                    skipped: nil, next: [], now: Self.t0 + 61)
                // Then the begun row is the one recorded
                let log = try await store.deliveries(owner: alice.id, limit: 10)
                #expect(log.map(\.id.rawValue) == [begun] && log.map(\.status) == [.sent] && log.map(\.latencyMilliseconds) == [60_000])
            } catch {
                await store.close()
                throw error
            }
            await store.close()
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
                                owner: alice.id, firing.id, claimant: "A", deliveries: [], skipped: nil, next: [], now: expired)
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

    @Test("Planners on two instances, at once, plan each marked owner exactly once")
    func concurrentPlanningIsDisjoint() async throws {
        try await PostgresAccountTests.withTwoInstances { a, b in
            // Given twelve owners marked for planning
            var owners: Set<User.ID> = []
            for index in 0..<12 {
                let user = try await a.createUser(username: "user\(index)", settings: UserSettings())
                try await b.requestPlanning(owner: user.id)
                owners.insert(user.id)
            }
            // When two planners on each instance plan two owners at a time until none is left,
            // each holding every owner it plans for a while
            let passes = try await withThrowingTaskGroup(of: [User.ID].self) { group in
                for worker in 0..<4 {
                    let store = worker.isMultiple(of: 2) ? a : b
                    group.addTask {
                        var mine: [User.ID] = []
                        while true {
                            let batch = try await store.planReminders(now: Self.t0, limit: 2) { _, _ in
                                Thread.sleep(forTimeInterval: 0.02)
                                return []
                            }
                            if batch.isEmpty { return mine }
                            mine += batch
                        }
                    }
                }
                return try await group.reduce(into: [[User.ID]]()) { $0.append($1) }
            }
            // Then every owner was planned exactly once, and by more than one planner
            let all = passes.flatMap { $0 }
            #expect(all.count == 12)
            #expect(Set(all) == owners)
            #expect(passes.filter { !$0.isEmpty }.count > 1)
            let left = try await a.read { c in
                try await a.rows("SELECT count(*) FROM reminder_plan_requests", on: c).first?.decode(Int.self)
            }
            #expect(left == 0)
        }
    }

    @Test("A habit changed on another instance while its owner is planned waits for the planning and leaves the owner marked")
    func changeDuringPlanning() async throws {
        try await PostgresAccountTests.withTwoInstances { a, b in
            let (alice, habit, _) = try await Self.queue(a, count: 0)
            var renamed = habit
            renamed.name = "Read more"
            let rename = Recorded<Task<Habit, any Error>?>(nil)
            let seen = Recorded<[String]>([])
            // When instance B renames the habit while A plans Alice, holding her long enough for
            // B's transaction to reach her lock
            let first = try await a.planReminders(now: Self.t0, limit: 10) { [renamed] _, habits in
                seen.set(habits.map(\.name))
                rename.set(Task { try await b.updateHabit(owner: alice.id, renamed) })
                Thread.sleep(forTimeInterval: 0.3)
                return []
            }
            #expect(first == [alice.id])
            #expect(seen.value == ["Read"])
            // Then the rename succeeded after the planning, and Alice is marked again for it
            #expect(try await rename.value?.value.name == "Read more")
            let second = try await b.planReminders(now: Self.t0, limit: 10) { _, habits in
                seen.set(habits.map(\.name))
                return []
            }
            #expect(second == [alice.id])
            #expect(seen.value == ["Read more"])
        }
    }

    @Test("A planner skips an owner whose write is in progress, and takes them once it has committed")
    func plannerSkipsOwnerBeingWritten() async throws {
        try await PostgresAccountTests.withTwoInstances { a, b in
            let (alice, _, _) = try await Self.queue(a, count: 0)
            let bob = try await a.createUser(username: "bob", settings: UserSettings())
            try await a.requestPlanning(owner: bob.id)
            // Given a transaction on A holding Alice's lock, as every write of hers does first
            let planned = try await a.write { c in
                try await a.lockOwner(alice.id, on: c)
                // When B plans meanwhile, it neither waits nor takes her: Bob only
                return try await b.planReminders(now: Self.t0, limit: 10, plan: { _, _ in [] })
            }
            #expect(planned == [bob.id])
            // Then, the write committed, she is planned
            #expect(try await b.planReminders(now: Self.t0, limit: 10, plan: { _, _ in [] }) == [alice.id])
        }
    }

    @Test("A database at version 3 upgrades: users get the default snooze and generation 0, owners with habits are marked")
    func migratesFromVersion3() async throws {
        try await PostgresTestDatabase.withDatabase { location in
            // Given a database at version 3 with two users, one of them with a habit, written by those versions' SQL
            let alice = UUID()
            let bob = UUID()
            let habit = Habit(name: "Read", reminders: [Reminder(time: try TimeOfDay(hour: 8))], createdOn: Fixtures.day("2025-01-01"))
            let earlier = PostgresMigrations.all.prefix(3)
            #expect(earlier.map(\.version) == [1, 2, 3])
            _ = try await PostgresTestDatabase.query(
                [
                    """
                    CREATE TABLE schema_migrations (
                        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """
                ] + earlier.flatMap(\.statements)
                    + earlier.map { "INSERT INTO schema_migrations (version, name) VALUES (\($0.version), 'v')" }
                    + [
                        """
                        INSERT INTO users (id, username, username_key, time_zone, day_start_hour, first_weekday, locale)
                        VALUES ('\(alice)', 'alice', 'alice', 'Europe/Berlin', 4, NULL, 'de_DE'),
                               ('\(bob)', 'bob', 'bob', 'UTC', 0, NULL, 'en_US')
                        """,
                        """
                        INSERT INTO habits (user_id, id, name, name_key, emoji, color, notes, kind, type, target, unit, schedule,
                                            routine_time, reminders, is_archived, sort_order, created_on)
                        VALUES ('\(alice)', '\(habit.id)', 'Read', 'read', '\(habit.emoji)', '\(habit.color.rawValue)', '',
                                '\(habit.kind.rawValue)', '\(habit.type.rawValue)', \(habit.target), '',
                                '\(try StoredJSON.text(habit.schedule))', '\(habit.routineTime.rawValue)',
                                '\(try StoredJSON.text(habit.reminders))', false, 0, \(habit.createdOn.ordinal))
                        """,
                    ], on: location)

            // When the current Tend connects
            let store = try await PostgresStore.connect(location: location, device: "server", maximumConnections: 2, timeout: .seconds(90))
            do {
                // Then it is at the latest version, with the users' settings and the default snooze
                let versions = try await PostgresTestDatabase.query(
                    ["SELECT version FROM schema_migrations ORDER BY version"], on: location
                ).map { try $0.decode(Int.self) }
                #expect(versions == PostgresMigrations.all.map(\.version))
                #expect(
                    try await store.user(id: User.ID(rawValue: alice)).settings
                        == UserSettings(timeZone: "Europe/Berlin", dayStartHour: 4, locale: "de_DE", snoozeMinutes: 10))
                #expect(try await store.calendarFeedGeneration(owner: User.ID(rawValue: alice)) == 0)
                // And only Alice, who has a habit, is to be planned, with it
                let seen = Recorded<[Habit]>([])
                let planned = try await store.planReminders(now: Self.t0, limit: 10) { _, habits in
                    seen.set(habits)
                    return []
                }
                #expect(planned == [User.ID(rawValue: alice)])
                #expect(seen.value == [habit])
            } catch {
                await store.close()
                throw error
            }
            await store.close()
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
