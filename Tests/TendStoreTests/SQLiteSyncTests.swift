import Foundation
import GRDB
import TendCore
import TendTestSupport
import Testing

@testable import TendSQLite
@testable import TendStore

@Suite("SQLite store: sync's op log")
struct SQLiteSyncTests {
    @Test("A database at schema v5 upgrades to v6: its operations are filed by habit and day, and a late one refolds only its day")
    func migratesFromV5() async throws {
        // Given a v5 database whose log holds a habit's creation and two check-ins, written as v5 wrote them
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        let queue = try DatabaseQueue(path: path)
        try SQLiteStore.migrator.migrate(queue, upTo: "v5")
        let alice = User.ID()
        let habit = Habit(name: "Read", type: .count, target: 10, createdOn: Fixtures.day("2025-01-01"))
        let day = Fixtures.day("2025-03-01")
        let changes: [Change] = [
            .habitCreated(habit: habit), .entryIncremented(habit: habit.id, day: day, by: 2),
            .entryIncremented(habit: habit.id, day: day.next, by: 1),
        ]
        try await queue.write { db in
            try db.execute(
                sql:
                    "INSERT INTO users (id, username, username_key, time_zone, day_start_hour, locale) VALUES (?, 'alice', 'alice', 'UTC', 0, 'en_US')",
                arguments: [alice.description])
            for (index, change) in changes.enumerated() {
                switch change {
                case .habitCreated(let habit): try OldSchemaRows.insertHabit(habit, owner: alice, db: db)
                case .entryIncremented(let habit, let day, let by):
                    try OldSchemaRows.increment(habit: habit, day: day, by: by.whole, owner: alice, db: db)
                default: Issue.record("not a change this test writes: \(change)")
                }
                try db.execute(
                    sql: "INSERT INTO ops (user_id, id, device, hlc, change) VALUES (?, ?, 'laptop', ?, ?)",
                    arguments: [
                        alice.description, UUID().text(),
                        HybridTimestamp(milliseconds: 1_740_000_000_000 + Int64(index), counter: 0, device: "laptop").description,
                        try StoredJSON.text(change),
                    ])
            }
        }
        try queue.close()

        // When the current Tend opens it
        let store = try SQLiteStore(path: path, device: "server")

        // Then every operation is filed under its habit, the check-ins under their days
        let filed = try await store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT habit_id, day FROM ops ORDER BY seq").map {
                [$0[0] as String?, ($0[1] as Int?).map(String.init)]
            }
        }
        #expect(
            filed == [
                [habit.id.description, nil], [habit.id.description, String(day.ordinal)], [habit.id.description, String(day.next.ordinal)],
            ])
        #expect(try await !store.operationLogID().isEmpty)
        // And a phone's increment made before the laptop's, arriving now, counts on its day only
        let late = ChangeOperation(
            device: "phone", timestamp: HybridTimestamp(milliseconds: 1_740_000_000_000, counter: 5, device: "phone"),
            change: .entryIncremented(habit: habit.id, day: day, by: 3))
        #expect(try await store.receive(owner: alice, [late]).accepted == 1)
        let entries = try await store.entries(owner: alice, habit: habit.id, from: day, through: day.next)
        #expect(entries.map(\.value) == [5, 1])
    }

    @Test(
        "A first push's compaction leaves the fold alone, sends the structure and one import per habit, and happens only to an unpushed log of enough entry changes",
        arguments: 1...4 as ClosedRange<UInt64>)
    func compaction(seed: UInt64) async throws {
        let directory = try TemporaryDirectory()
        let cli = try SQLiteStore(path: directory.path("cli.sqlite"), device: "cli", uniqueDevice: true, connections: .single)
        let me = try await cli.createUser(username: User.localUsername, settings: UserSettings(timeZone: "UTC"))
        // A random local history: whatever the store takes of it, one change at a time.
        for operation in SyncHistory.operations(seed: seed, devices: 1, count: 400) {
            try? await cli.applyChanges(owner: me.id, [operation.change])
        }
        let logged = try await cli.operations(owner: me.id, after: 0, limit: 10_000).map(\.operation)
        let entryChanges = logged.filter { !$0.change.isStructural }.count
        #expect(entryChanges > 100)
        let before = try await cli.exportState(owner: me.id)

        // Not linked, or too few: nothing.
        #expect(try await cli.compactUnsharedEntryOperations(owner: me.id, minimum: 1) == 0)
        try await cli.link(to: "https://tend.example")
        #expect(try await cli.compactUnsharedEntryOperations(owner: me.id, minimum: entryChanges + 1) == 0)
        #expect(try await cli.operations(owner: me.id, after: 0, limit: 10_000).map(\.operation) == logged)

        #expect(try await cli.compactUnsharedEntryOperations(owner: me.id, minimum: entryChanges) == entryChanges)
        #expect(try await cli.exportState(owner: me.id) == before, "the state did not move")
        let log = try await cli.operations(owner: me.id, after: 0, limit: 10_000).map(\.operation)
        #expect(Set(logged.map(\.id)).isSubset(of: Set(log.map(\.id))), "every operation stays in the log")
        #expect(OperationSet(log).state(settings: me.settings).habits == before.habits, "whose fold is the state")

        let pending = try await cli.pendingOperations(owner: me.id, limit: 10_000).map(\.operation)
        let imports = pending.filter { !$0.change.isStructural }
        #expect(imports.allSatisfy { $0.change.isEntriesImport })
        #expect(imports.count == before.habits.values.filter { !$0.entries.isEmpty }.count)
        #expect(pending.count == logged.count - entryChanges + imports.count)
        #expect(OperationSet(pending).state(settings: me.settings).habits == before.habits, "what is sent folds to the state too")

        // A server taking what waits holds the same; once pushed, never again.
        let server = try SQLiteStore(path: directory.path("server.sqlite"), device: "server", connections: .single)
        let ana = try await server.createUser(username: "ana", settings: UserSettings(timeZone: "UTC"))
        _ = try await server.receive(owner: ana.id, pending, from: "cli")
        #expect(try await server.exportState(owner: ana.id).habits == before.habits)
        try await cli.recordSyncRound(
            owner: me.id, pushedThrough: try await cli.pendingOperations(owner: me.id, limit: 10_000).last?.sequence, pulled: [],
            cursor: nil, reset: false, at: Date())
        #expect(try await cli.pendingCount(owner: me.id) == 0)
        #expect(try await cli.compactUnsharedEntryOperations(owner: me.id, minimum: 1) == 0)
    }

    @Test("A CLI database makes its own device id once and keeps it")
    func uniqueDevice() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        let first = try SQLiteStore(path: path, device: "cli", uniqueDevice: true, connections: .single)
        let user = try await first.createUser(username: "me", settings: UserSettings(timeZone: "UTC"))
        let habit = try await first.createHabit(owner: user.id, Habit(name: "Read", createdOn: Fixtures.day("2025-01-01")))
        let device = try await first.operations(owner: user.id, after: 0, limit: 1)[0].operation.device
        #expect(device.hasPrefix("cli-") && device.count == 12)
        let second = try SQLiteStore(path: path, device: "cli", uniqueDevice: true, connections: .single)
        _ = try await second.check(owner: user.id, habit: habit.id, day: Fixtures.day("2025-01-02"))
        #expect(try await second.operations(owner: user.id, after: 1, limit: 1)[0].operation.device == device)
        let other = try SQLiteStore(path: directory.path("other.sqlite"), device: "cli", uniqueDevice: true, connections: .single)
        let someone = try await other.createUser(username: "me", settings: UserSettings(timeZone: "UTC"))
        _ = try await other.createHabit(owner: someone.id, Habit(name: "Read", createdOn: Fixtures.day("2025-01-01")))
        #expect(try await other.operations(owner: someone.id, after: 0, limit: 1)[0].operation.device != device)
    }

    @Test(
        "A late check-in, a late habit change and a late import among a habit's imports: the write lock reads no logged change, and the fold is right"
    )
    func lateOperationsOffTheWriteLock() async throws {
        // Given a habit with four imports of 2,000 entries each (the log's largest rows) and a few check-ins
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("tend.sqlite"), device: "server")
        let alice = try await store.createUser(username: "alice", settings: UserSettings(timeZone: "UTC"))
        let habit = Habit(name: "Read", type: .count, target: 10, createdOn: Fixtures.day("2000-01-01"))
        let base: Int64 = 1_760_000_000_000
        func operation(_ offset: Int64, _ change: Change) -> ChangeOperation {
            ChangeOperation(
                device: "phone", timestamp: HybridTimestamp(milliseconds: base + offset, counter: 0, device: "phone"), change: change)
        }
        var operations = [operation(0, .habitCreated(habit: habit))]
        for part in 0..<4 {
            let entries = (0..<2_000).map {
                Entry(day: Fixtures.day("2001-01-01").adding(days: part * 2_000 + $0), value: 2, note: "imported")
            }
            operations.append(operation(10 + Int64(part), .entriesImported(habit: habit.id, entries: entries)))
        }
        operations.append(operation(20, .entryIncremented(habit: habit.id, day: Fixtures.day("2024-06-01"), by: 1)))
        _ = try await store.receive(owner: alice.id, operations, from: "phone")

        // When operations stamped before the imports arrive, one at a time, with the writer's statements traced
        let statements = Statements()
        try await store.writer.writeWithoutTransaction { db in db.trace { statements.add($0.description) } }
        let late = [
            operation(5, .entryIncremented(habit: habit.id, day: Fixtures.day("2024-06-01"), by: 3)),
            operation(6, .habitUpdated(id: habit.id, patch: HabitPatch(name: "Reading"))),
            operation(7, .entriesImported(habit: habit.id, entries: [Entry(day: Fixtures.day("2019-01-01"), value: 5)])),
            // A day the imports hold: its refold folds the imports cut to that day (the import,
            // later, sets it to 2 over the 7)
            operation(8, .entryIncremented(habit: habit.id, day: Fixtures.day("2010-05-05"), by: 7)),
        ]
        for operation in late {
            statements.clear()
            _ = try await store.receive(owner: alice.id, [operation], from: "laptop")
            // Then no statement on the writer read a logged change (only ids, off the indexes)
            let reads = statements.all.filter { $0.contains("change FROM ops") }
            #expect(reads.isEmpty, "\(reads.map { $0.prefix(160) })")
        }
        try await store.writer.writeWithoutTransaction { db in db.trace(nil) }

        // And the state is the fold of every operation
        let state = try await store.exportState(owner: alice.id)
        let expected = OperationSet(operations + late).state(settings: state.settings)
        #expect(state.habits == expected.habits)
        #expect(state.habits[habit.id]?.habit.name == "Reading")
        #expect(state.habits[habit.id]?.entries[Fixtures.day("2024-06-01")]?.value == 4)
        #expect(
            state.habits[habit.id]?.entries[Fixtures.day("2010-05-05")] == expected.habits[habit.id]?.entries[Fixtures.day("2010-05-05")])
        #expect(state.habits[habit.id]?.entries[Fixtures.day("2010-05-05")]?.value == 2)
    }
}

/// Statements a trace saw, from the writer's thread.
private final class Statements: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []
    func add(_ statement: String) { lock.withLock { seen.append(statement) } }
    func clear() { lock.withLock { seen.removeAll() } }
    var all: [String] { lock.withLock { seen } }
}
