import Foundation
import GRDB
import TendCore
import TendTestSupport
import Testing

@testable import TendSQLite
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

    @Test("A delivery row an older Tend began before sending is recorded over by the firing's finish: one row per target")
    func finishRecordsOverABegunRow() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("tend.sqlite"), device: "a")
        let user = try await store.createUser(username: "alice", settings: UserSettings())
        let habit = try await store.createHabit(
            owner: user.id,
            Habit(name: "Read", reminders: [Reminder(time: try TimeOfDay(hour: 8))], createdOn: Fixtures.day("2025-01-01")))
        let hook = try await store.addWebhook(owner: user.id, url: "https://hooks.example/a", format: .json, accessToken: nil, now: Self.t0)
        let due = ReminderFiring(
            habit: habit.id, reminder: habit.reminders[0].id, day: Fixtures.day("2025-06-15"), firesAt: Self.t0, kind: .scheduled)
        try await store.replacePlannedFirings(owner: user.id, habit: habit.id, [due])
        _ = try await store.claimDueFirings(now: Self.t0, limit: 10, claimant: "old", lease: 60)
        // Given the old claimant wrote its `sending` row, as Tend did before deliveries were recorded with the finish
        let begun = UUID()
        try await DatabaseQueue(path: directory.path("tend.sqlite")).write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_deliveries (id, user_id, firing_id, channel, target_id, claimant, status, attempts, updated_at)
                    VALUES (?, ?, ?, 'webhook', ?, 'old', 'sending', 0, ?)
                    """,
                arguments: [begun.text(), user.id.description, due.id.description, hook.id.description, Self.t0.timeIntervalSince1970])
        }
        // When the firing's next claimant sends it and finishes
        _ = try await store.claimDueFirings(now: Self.t0 + 60, limit: 10, claimant: "new", lease: 60)
        try await store.finishFiring(
            owner: user.id, due.id, claimant: "new",
            deliveries: [SentDelivery(id: DeliveryLogEntry.ID(), target: .webhook(hook.id), result: .sent(latencyMilliseconds: 60_000))],
            skipped: nil, next: [], now: Self.t0 + 61)
        // Then the begun row is the one recorded
        let log = try await store.deliveries(owner: user.id, limit: 10)
        #expect(log.map(\.id.rawValue) == [begun] && log.map(\.status) == [.sent] && log.map(\.latencyMilliseconds) == [60_000])
    }

    @Test("A database at schema v4 upgrades to v5: users get the default snooze and generation 0, owners with habits are marked")
    func migratesFromV4() async throws {
        // Given a database at schema v4 with two users, one of them with a habit
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        let queue = try DatabaseQueue(path: path)
        try SQLiteStore.migrator.migrate(queue, upTo: "v4")
        let alice = User.ID()
        let bob = User.ID()
        let habit = Habit(name: "Read", reminders: [Reminder(time: try TimeOfDay(hour: 8))], createdOn: Fixtures.day("2025-01-01"))
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO users VALUES (?, 'alice', 'alice', 'Europe/Berlin', 4, NULL, 'de_DE'),
                                             (?, 'bob', 'bob', 'UTC', 0, NULL, 'en_US')
                    """,
                arguments: [alice.description, bob.description])
            try OldSchemaRows.insertHabit(habit, owner: alice, db: db)
        }
        try queue.close()

        // When the current Tend opens it
        let store = try SQLiteStore(path: path, device: "server")

        // Then v5 has run; the users read back with the default snooze and generation 0
        #expect(
            try await store.writer.read { db in try SQLiteStore.migrator.appliedIdentifiers(db) } == [
                "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19",
            ])
        #expect(
            try await store.user(id: alice).settings
                == UserSettings(timeZone: "Europe/Berlin", dayStartHour: 4, locale: "de_DE", snoozeMinutes: 10))
        #expect(try await store.calendarFeedGeneration(owner: bob) == 0)
        // And only Alice, who has a habit, is to be planned, with it
        let seen = Recorded<[Habit]>([])
        let planned = try await store.planReminders(now: Self.t0, limit: 10) { _, habits in
            seen.set(habits)
            return []
        }
        #expect(planned == [alice])
        #expect(seen.value == [habit])
    }

    @Test("Snooze minutes, the calendar generation, answers and planning marks survive reopening the file")
    func survivesReopening() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        // Given a user with 45 minutes, a rotated feed, an answered firing and a mark, written by one store
        let user: User
        let rang: ReminderFiring
        do {
            let store = try SQLiteStore(path: path, device: "a")
            user = try await store.createUser(username: "alice", settings: UserSettings(snoozeMinutes: 45))
            let habit = try await store.createHabit(
                owner: user.id,
                Habit(name: "Read", reminders: [Reminder(time: try TimeOfDay(hour: 8))], createdOn: Fixtures.day("2025-01-01")))
            rang = ReminderFiring(
                habit: habit.id, reminder: habit.reminders[0].id, day: Fixtures.day("2025-06-15"), firesAt: Self.t0, kind: .scheduled)
            try await store.replacePlannedFirings(owner: user.id, habit: habit.id, [rang])
            #expect(try await store.answerFiring(owner: user.id, rang.id, answer: .done, snooze: nil, now: Self.t0))
            #expect(try await store.rotateCalendarFeed(owner: user.id) == 1)
        }
        // When the file is opened again
        let reopened = try SQLiteStore(path: path, device: "a")
        // Then all of it is as it was
        #expect(try await reopened.user(id: user.id).settings.snoozeMinutes == 45)
        #expect(try await reopened.calendarFeedGeneration(owner: user.id) == 1)
        #expect(try await reopened.answerFiring(owner: user.id, rang.id, answer: .later, snooze: nil, now: Self.t0) == false)
        #expect(try await reopened.planReminders(now: Self.t0, limit: 10, plan: { _, _ in [] }) == [user.id])
    }
}
