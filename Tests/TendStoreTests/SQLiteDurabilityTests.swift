import Foundation
import GRDB
import Logging
import ServiceLifecycle
import TendCore
import TendTestSupport
import Testing

@testable import TendSQLite
@testable import TendStore

/// What only the SQLite store has to prove: durability settings, refusing files it must not
/// touch, migrations, the shape of dashboard loading, backup and restore, and several processes
/// on one file.
@Suite("SQLite store: files, durability, migrations, backup")
struct SQLiteFileTests {
    let day = Fixtures.day("2025-03-01")

    /// The database file's bytes, and those of its write-ahead log (which holds committed
    /// transactions not yet copied into the file). The shared-memory index is not content.
    func sha(_ path: String) throws -> [Data] {
        [path, path + "-wal"].map { FileManager.default.contents(atPath: $0) ?? Data() }
    }

    @Test("An acknowledged write is durable: WAL journal and synchronous = FULL, read back from the database")
    func durabilitySettings() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("tend.sqlite"), device: "test")
        #expect(try store.synchronousSetting() == 2)  // FULL
        let mode = try store.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        let foreignKeys = try store.writer.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }
        #expect(foreignKeys == true)
    }

    @Test(
        "A database whose writer died keeps its write-ahead log, and opens with everything committed in it, as a pool and as the CLI's single connection"
    )
    func opensAfterCrash() async throws {
        let directory = try TemporaryDirectory()
        let live = directory.path("live.sqlite")
        let store = try SQLiteStore(path: live, device: "test")
        let alice = try await store.createUser(username: "alice", settings: UserSettings())
        let habit = try await store.createHabit(owner: alice.id, Habit(name: "Read", createdOn: day))
        _ = try await store.check(owner: alice.id, habit: habit.id, day: day)
        // The files as a SIGKILL can leave them while the store is open: the database, its log
        // with committed transactions not yet copied into it, and the log's index (-shm) in a
        // state that needs rebuilding (here: zeroed, as when the process died while writing it).
        let wal = try #require(FileManager.default.contents(atPath: live + "-wal"))
        let index = try #require(FileManager.default.contents(atPath: live + "-shm"))
        #expect(!wal.isEmpty && !index.isEmpty)
        for (name, connections) in [("pool.sqlite", SQLiteStore.Connections.pool), ("single.sqlite", .single)] {
            let crashed = directory.path(name)
            try FileManager.default.copyItem(atPath: live, toPath: crashed)
            try wal.write(to: URL(fileURLWithPath: crashed + "-wal"))
            try Data(count: index.count).write(to: URL(fileURLWithPath: crashed + "-shm"))
            let reopened = try SQLiteStore(path: crashed, device: "test", connections: connections)
            let user = try #require(try await reopened.user(named: "alice"))
            #expect(try await reopened.entries(owner: user.id, habit: habit.id, from: day, through: day).first?.value == 1)
        }
    }

    @Test("A database from a newer Tend is refused with a clear message and left byte for byte untouched")
    func refusesNewerSchema() async throws {
        // Given a Tend database that a future version migrated further
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        do {
            let store = try SQLiteStore(path: path, device: "test")
            _ = try await store.createUser(username: "alice", settings: UserSettings())
        }
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        }
        try queue.close()
        let before = try sha(path)
        // When this version opens it
        do {
            _ = try SQLiteStore(path: path, device: "test")
            Issue.record("a newer database was opened")
        } catch let error as StoreError {
            // Then it says why, and nothing in the file changed
            guard case .newerSchema(let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(message.contains("newer version of Tend"))
            #expect(message.contains("v99-from-the-future"))
        }
        #expect(try sha(path) == before)
    }

    @Test("A SQLite file that is not Tend's (a Loop backup, say) is refused and left untouched")
    func refusesForeignDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("Loop.db")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO Habits VALUES (1, 'Run')")
        }
        try queue.close()
        let before = try sha(path)
        #expect(throws: StoreError.self) { _ = try SQLiteStore(path: path, device: "test") }
        #expect(try sha(path) == before)
    }

    @Test("A file that is not a database at all is refused and left untouched")
    func refusesGarbage() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        try Data("these are my notes, not a database\n".utf8).write(to: URL(fileURLWithPath: path))
        let before = try sha(path)
        #expect(throws: StoreError.self) { _ = try SQLiteStore(path: path, device: "test") }
        #expect(try sha(path) == before)
    }

    @Test("A database made by the first schema opens, upgrades and keeps its data")
    func migratesFromFirstSchema() async throws {
        // Given a database at schema v1 with a user, a habit and an entry, written by v1's SQL
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        let queue = try DatabaseQueue(path: path)
        try SQLiteStore.migrator.migrate(queue, upTo: "v1")
        let userID = UUID().uuidString.lowercased()
        let habitID = UUID().uuidString.lowercased()
        try await queue.write { db in
            try db.execute(
                sql: "INSERT INTO users VALUES (?, 'alice', 'alice', 'Europe/Berlin', 4, NULL, 'de_DE')", arguments: [userID])
            try db.execute(
                sql: """
                    INSERT INTO habits VALUES (?, ?, 'Read', 'read', '📚', 'green', '', 'good', 'checkmark', 1, '',
                        '{"type":"daily"}', 'evening', '[]', 0, 0, ?)
                    """,
                arguments: [userID, habitID, day.ordinal])
            try db.execute(
                sql: "INSERT INTO entries VALUES (?, ?, ?, 1, 0, 'chapter 1')", arguments: [userID, habitID, day.ordinal])
        }
        #expect(try await queue.read { db in try SQLiteStore.migrator.appliedIdentifiers(db) } == ["v1"])
        try queue.close()
        // When the current Tend opens it
        let store = try SQLiteStore(path: path, device: "test")
        // Then every migration has run and the data reads back intact
        #expect(
            try await store.writer.read { db in try SQLiteStore.migrator.appliedIdentifiers(db) } == [
                "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19",
            ])
        let owner = User.ID(rawValue: UUID(uuidString: userID)!)
        let user = try await store.user(id: owner)
        #expect(user.username == "alice" && user.settings.timeZone == "Europe/Berlin" && user.settings.dayStartHour == 4)
        let tracked = try await store.trackedHabits(owner: owner, includeArchived: true)
        #expect(tracked.map(\.habit.name) == ["Read"])
        #expect(tracked.first?.entry(on: day) == Entry(day: day, value: 1, note: "chapter 1"))
        // And it keeps working
        _ = try await store.check(owner: owner, habit: tracked[0].id, day: day.next)
    }

    @Test("Loading the dashboard takes two queries, however many habits there are")
    func dashboardQueryCount() async throws {
        let store = try SQLiteStore(inMemoryDevice: "test")
        let alice = try await store.createUser(username: "alice", settings: UserSettings())
        for index in 0..<20 {
            let habit = try await store.createHabit(owner: alice.id, Habit(name: "H\(index)", createdOn: day))
            _ = try await store.check(owner: alice.id, habit: habit.id, day: day)
        }
        let counter = QueryCounter()
        try await store.writer.writeWithoutTransaction { db in
            db.trace(options: .statement) { event in
                // Queries start with SELECT or with a WITH clause.
                if case .statement(let statement) = event,
                    ["SELECT", "WITH"].contains(where: statement.sql.uppercased().hasPrefix)
                {
                    counter.increment()
                }
            }
        }
        let tracked = try await store.trackedHabits(owner: alice.id, includeArchived: false)
        #expect(tracked.count == 20)
        #expect(counter.value == 2)
    }

    @Test("Backup is taken while another store writes; restore verifies and brings the data back")
    func backupAndRestore() async throws {
        // Given a store with data, and a second store on the same file writing at the same time
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        let store = try SQLiteStore(path: path, device: "server")
        let alice = try await store.createUser(username: "alice", settings: UserSettings())
        let habit = try await store.createHabit(
            owner: alice.id, Habit(name: "Water", type: .count, target: 100_000, createdOn: day))
        for offset in 0..<50 {
            _ = try await store.setValue(owner: alice.id, habit: habit.id, day: day.adding(days: offset), Amount(offset + 1))
        }
        let other = try SQLiteStore(path: path, device: "cli")
        let writing = Task {
            for offset in 50..<150 {
                _ = try await other.setValue(owner: alice.id, habit: habit.id, day: day.adding(days: offset), Amount(offset + 1))
            }
        }
        // When a backup is taken meanwhile
        let backupPath = directory.path("backup.sqlite")
        try store.backup(to: backupPath)
        try await writing.value
        // Then the backup is a sound Tend database holding at least the first 50 days
        try SQLiteStore.verifyBackup(path: backupPath)
        let backup = try SQLiteStore(path: backupPath, device: "check")
        let saved = try await backup.entries(owner: alice.id, habit: habit.id, from: day, through: day.adding(days: 200))
        #expect(saved.count >= 50)
        #expect(saved.allSatisfy { $0.value == Amount(day.days(to: $0.day) + 1) })
        // And a backup file is never overwritten
        #expect(throws: StoreError.self) { try store.backup(to: backupPath) }

        // When the live database changes and the backup is restored
        try await store.deleteHabit(owner: alice.id, id: habit.id)
        try store.restore(from: backupPath)
        // Then the habit and its entries are back, as in the backup
        let restored = try await store.entries(owner: alice.id, habit: habit.id, from: day, through: day.adding(days: 200))
        #expect(restored == saved)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test("Restoring from a damaged or foreign file is refused and changes nothing")
    func restoreRefusesBadFiles() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("tend.sqlite"), device: "test")
        let alice = try await store.createUser(username: "alice", settings: UserSettings())
        let habit = try await store.createHabit(owner: alice.id, Habit(name: "Read", createdOn: day))
        _ = try await store.check(owner: alice.id, habit: habit.id, day: day)
        let before = try await store.exportState(owner: alice.id)

        // A truncated copy of a real backup
        let backupPath = directory.path("backup.sqlite")
        try store.backup(to: backupPath)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: backupPath))
        let truncated = directory.path("truncated.sqlite")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        // Garbage
        let garbage = directory.path("garbage.sqlite")
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: garbage))
        // A SQLite database that is not Tend's
        let foreign = directory.path("foreign.sqlite")
        let queue = try DatabaseQueue(path: foreign)
        try await queue.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        try queue.close()

        for path in [truncated, garbage, foreign, directory.path("missing.sqlite")] {
            #expect(throws: StoreError.self, "restoring \(path)") { try store.restore(from: path) }
        }
        #expect(try await store.exportState(owner: alice.id) == before)
    }

    @Test("Two stores on one file (the CLI and the server) both count concurrent increments")
    func twoProcessesOneFile() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        let server = try SQLiteStore(path: path, device: "server")
        let cli = try SQLiteStore(path: path, device: "cli")
        let alice = try await server.createUser(username: "alice", settings: UserSettings())
        let habit = try await server.createHabit(owner: alice.id, Habit(name: "Water", type: .count, target: 1000, createdOn: day))
        async let a: Void = { for _ in 0..<50 { _ = try await server.increment(owner: alice.id, habit: habit.id, day: day) } }()
        async let b: Void = { for _ in 0..<50 { _ = try await cli.increment(owner: alice.id, habit: habit.id, day: day) } }()
        _ = try await (a, b)
        #expect(try await server.entries(owner: alice.id, habit: habit.id, from: day, through: day).first?.value == 100)
        let devices = Set(try await cli.operations(owner: alice.id, after: 0, limit: 1000).map(\.operation.device))
        #expect(devices == ["server", "cli"])
    }

    @Test("Writes waiting for the writer share one transaction; a refused one rolls back only itself")
    func groupCommit() async throws {
        // Given a store whose writer is busy, so that the check-ins below all wait for it
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("tend.sqlite"), device: "test")
        let alice = try await store.createUser(username: "alice", settings: UserSettings())
        let habit = try await store.createHabit(owner: alice.id, Habit(name: "Water", type: .count, target: 1000, createdOn: day))
        let before = store.commits.statistics
        let gate = DispatchSemaphore(value: 0)
        store.writer.asyncWriteWithoutTransaction { _ in gate.wait() }

        // When 30 check-ins arrive, every fifth of them invalid (unknown habit, negative value)
        let results = Task {
            await withTaskGroup(of: (Int, Result<Entry, any Error>).self) { group in
                for index in 0..<30 {
                    group.addTask {
                        let target = index % 10 == 0 ? Habit.ID() : habit.id
                        let value = index % 10 == 5 ? -1 : index + 1
                        do {
                            return (
                                index,
                                .success(
                                    try await store.setValue(
                                        owner: alice.id, habit: target, day: self.day.adding(days: index), Amount(value)))
                            )
                        } catch {
                            return (index, .failure(error))
                        }
                    }
                }
                var results: [Int: Result<Entry, any Error>] = [:]
                for await (index, result) in group { results[index] = result }
                return results
            }
        }
        // (all of them queued, however slowly a loaded machine starts the tasks)
        let deadline = ContinuousClock.now + .seconds(60)
        while store.commits.waiting < 30, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(store.commits.waiting == 30)
        gate.signal()
        let answers = await results.value

        // Then they ran in one transaction, each got its own answer, and only the valid ones wrote
        let after = store.commits.statistics
        #expect(after.writes - before.writes == 30)
        #expect(after.transactions - before.transactions == 1)
        for index in 0..<30 {
            switch (index % 10, answers[index]!) {
            case (0, .failure(StoreError.notFound)), (5, .failure(StoreError.invalid)): break
            case (let kind, .success(let entry)) where kind != 0 && kind != 5:
                #expect(entry == Entry(day: day.adding(days: index), value: Amount(index + 1)))
            case (_, let result): Issue.record("check-in \(index): unexpected \(result)")
            }
        }
        let stored = try await store.entries(owner: alice.id, habit: habit.id, from: day, through: day.adding(days: 30))
        #expect(stored.map(\.value) == (0..<30).filter { $0 % 5 != 0 }.map { Amount($0 + 1) })
        #expect(try await store.operations(owner: alice.id, after: 0, limit: 100).count == 1 + 24)
    }

    @Test("A server's store checkpoints beside its writer: commits never copy the log, and the log starts over while writes go on")
    func checkpointsBesideWriter() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        let store = try SQLiteStore(path: path, device: "test")
        let checkpointer = try #require(store.checkpointer)
        try await withRunningServices(of: store) {
            #expect(try await store.writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA wal_autocheckpoint") } == 0)
            let alice = try await store.createUser(username: "alice", settings: UserSettings())
            let habit = try await store.createHabit(owner: alice.id, Habit(name: "Water", type: .count, target: 1000, createdOn: day))

            // 3,000 check-ins one after the other, each its own commit of at least four pages (the
            // entry's, the op log's and its indexes'): at least 12,000 frames of 4 KiB, 48 MiB of
            // log if it never started over.
            let writes = 3_000
            for index in 0..<writes {
                _ = try await store.setValue(owner: alice.id, habit: habit.id, day: day.adding(days: index % 400), Amount(index % 7 + 1))
            }
            let log = try #require(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int)
            #expect(checkpointer.restarts >= 1)
            #expect(log < 20 << 20, "the log grew to \(log) bytes")
            let entries = try await store.entries(owner: alice.id, habit: habit.id, from: day, through: day.adding(days: 399))
            #expect(entries.count == 400)
            #expect(
                entries.allSatisfy { entry in
                    let last = (0..<writes).last { $0 % 400 == day.distance(to: entry.day) }!
                    return entry.value == Amount(last % 7 + 1)
                })
        }
    }

    @Test(
        "A server's store has its checkpointer as a service; graceful shutdown stops it after a last round and gives the checkpoints back to the writer"
    )
    func checkpointerStopsOnGracefulShutdown() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        // Given a pool store (a server's) and a single-connection one (the CLI's)
        #expect(try SQLiteStore(path: directory.path("cli.sqlite"), device: "cli", connections: .single).services.isEmpty)
        let store = try SQLiteStore(path: path, device: "test")
        let checkpointer = try #require(store.checkpointer)
        #expect(store.services.count == 1)
        func automaticCheckpoints() async throws -> Int? {
            try await store.writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA wal_autocheckpoint") }
        }
        #expect(try await automaticCheckpoints() == 1000)

        // When its services run, it writes, and the group is shut down gracefully
        try await withRunningServices(of: store) {
            #expect(checkpointer.isRunning)
            #expect(try await automaticCheckpoints() == 0)
            let alice = try await store.createUser(username: "alice", settings: UserSettings())
            _ = try await store.createHabit(owner: alice.id, Habit(name: "Read", createdOn: day))
        }

        // Then the checkpointer has stopped and the writer checkpoints by itself again
        #expect(!checkpointer.isRunning)
        #expect(try await automaticCheckpoints() == 1000)
    }

    /// Runs the store's services in a `ServiceGroup` around `body` (from when the checkpointer has
    /// taken over), then shuts the group down gracefully and waits until every service returned.
    func withRunningServices(of store: SQLiteStore, _ body: () async throws -> Void) async throws {
        let group = ServiceGroup(configuration: .init(services: store.services, logger: Logger(label: "tend.test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            let start = ContinuousClock.now
            // Starting takes one write on the store's queue: milliseconds alone, but seconds under
            // the whole suite on two cores (10 s was not always enough there).
            while store.checkpointer?.isRunning != true {
                guard ContinuousClock.now - start < .seconds(60) else { throw CancellationError() }
                try await Task.sleep(for: .milliseconds(5))
            }
            do {
                try await body()
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    @Test("A reopened store's clock continues after its last operation, even if the wall clock went back")
    func clockResumes() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        let later = Date(timeIntervalSince1970: 2_000_000_000)
        do {
            let store = try SQLiteStore(path: path, device: "laptop", now: { later })
            let alice = try await store.createUser(username: "alice", settings: UserSettings())
            try await store.dismissTip(owner: alice.id, .twoMinuteRule)
        }
        let earlier = Date(timeIntervalSince1970: 1_000_000_000)
        let store = try SQLiteStore(path: path, device: "laptop", now: { earlier })
        let alice = try await store.user(named: "alice")!
        try await store.dismissTip(owner: alice.id, .neverMissTwice)
        let operations = try await store.operations(owner: alice.id, after: 0, limit: 10)
        #expect(operations.count == 2)
        #expect(operations[0].operation.timestamp < operations[1].operation.timestamp)
    }
}

/// Counts events from a trace callback (called on GRDB's connection thread).
final class QueryCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
