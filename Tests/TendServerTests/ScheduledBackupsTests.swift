import Foundation
import Logging
import Synchronization
import TendCore
import TendImport
import TendPostgres
import TendSQLite
import TendServer
import TendStore
import TendTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tend serve --backup-dir`: backups taken while writes go on, named by time, pruned, and a failure
/// that is reported and retried without stopping anything.
@Suite("Scheduled backups")
struct ScheduledBackupsTests {
    static let day = Day("2026-01-05")!

    @Test("A backup taken in the middle of a write load restores every check-in acknowledged before it began")
    func backupDuringWrites() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("tend.sqlite"), device: "server")
        let alice = try await store.createUser(username: "alice", settings: UserSettings())
        let habit = try await store.createHabit(owner: alice.id, Habit(name: "Water", type: .count, target: 100_000, createdOn: Self.day))
        let acknowledged = Mutex<[Int]>([])
        // Check-ins go on, one after another, the whole time the backup is taken.
        let writing = Task {
            for offset in 0..<2_000 {
                if Task.isCancelled { break }
                _ = try await store.setValue(owner: alice.id, habit: habit.id, day: Self.day.adding(days: offset), Amount(offset + 1))
                acknowledged.withLock { $0.append(offset) }
            }
        }
        while acknowledged.withLock({ $0.count }) < 200 { try await Task.sleep(for: .milliseconds(5)) }
        let backups = ScheduledBackups(
            writer: store, configuration: .init(directory: directory.path("backups")), now: { Date() }, logger: Logger(label: "test"))
        let before = acknowledged.withLock { $0 }
        let outcome = await backups.backUp()
        // The writer is not held up for good by the backup: its check-ins go on after it.
        let after = acknowledged.withLock { $0.count }
        while acknowledged.withLock({ $0.count }) < min(after + 50, 2_000) { try await Task.sleep(for: .milliseconds(5)) }
        writing.cancel()
        _ = try? await writing.value
        let path = try #require(outcome.path, "\(outcome.error ?? "")")
        #expect(path.hasSuffix(".sqlite") && URL(fileURLWithPath: path).lastPathComponent.hasPrefix("tend-backup-"))
        #expect(outcome.bytes > 0)

        // Nothing half-written is left beside it
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path("backups"))
        #expect(names == [URL(fileURLWithPath: path).lastPathComponent])

        // Restored into a new database, the backup holds every check-in acknowledged before it began
        try SQLiteStore.verifyBackup(path: path)
        let restoredStore = try SQLiteStore(path: directory.path("restored.sqlite"), device: "restore")
        try restoredStore.restore(from: path)
        let restored = try await restoredStore.entries(
            owner: alice.id, habit: habit.id, from: Self.day, through: Self.day.adding(days: 2_000))
        let days = Set(restored.map { Self.day.days(to: $0.day) })
        #expect(Set(before).isSubset(of: days))
        #expect(restored.allSatisfy { $0.value == Amount(Self.day.days(to: $0.day) + 1) })
    }

    @Test("Old backups beyond the number to keep are deleted; other files in the directory are not")
    func pruning() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("tend.sqlite"), device: "server")
        _ = try await store.createUser(username: "alice", settings: UserSettings())
        let folder = directory.path("backups")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let clock = Mutex(Date(timeIntervalSince1970: 1_780_000_000))
        let backups = ScheduledBackups(
            writer: store, configuration: .init(directory: folder, keep: 3), now: { clock.withLock { $0 } }, logger: Logger(label: "test"))
        var written: [String] = []
        for _ in 0..<5 {
            let outcome = await backups.backUp()
            written.append(URL(fileURLWithPath: try #require(outcome.path)).lastPathComponent)
            clock.withLock { $0 += 3600 }
        }
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(names == Set(written.suffix(3) + ["notes.txt"]))
        #expect(written.first == "tend-backup-20260528T202640Z.sqlite")
        // A backup an hour old is not due yet with a day's interval; one two days old is
        #expect(backups.untilDue() == .seconds(86_400 - 3600))
        clock.withLock { $0 += 2 * 86_400 }
        #expect(backups.untilDue() == .zero)
    }

    @Test("A scheduled backup is 0600 and the backup folder Tend makes is 0700, under umask 022")
    func privateModes() async throws {
        let old = umask(0o022)
        defer { umask(old) }
        // Given a server's database and a backup folder that does not exist yet
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("tend.sqlite"), device: "server")
        _ = try await store.createUser(username: "alice", settings: UserSettings())
        let folder = directory.path("backups/tend")
        let backups = ScheduledBackups(
            writer: store, configuration: .init(directory: folder), now: { Date() }, logger: Logger(label: "test"))
        // When it takes a backup
        let path = try #require(await backups.backUp().path)
        // Then only the owner can read the backup, or list the folders Tend made
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.mode(folder) == 0o700)
        #expect(try Self.mode(directory.path("backups")) == 0o700)
    }

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("Idle, the service backs up at the start and once an interval, never in a loop, and stops when cancelled")
    func idle() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("tend.sqlite"), device: "server")
        _ = try await store.createUser(username: "alice", settings: UserSettings())
        // Every reading of the clock is an hour later, so each backup gets a name of its own.
        let clock = Mutex(Date(timeIntervalSince1970: 1_780_000_000))
        let backups = ScheduledBackups(
            writer: store, configuration: .init(directory: directory.path("backups"), interval: .milliseconds(200), keep: 2),
            now: {
                clock.withLock {
                    $0 += 3600
                    return $0
                }
            }, logger: Logger(label: "test"))
        let running = Task { try await backups.run() }
        let started = ContinuousClock.now
        while backups.attempts < 3, ContinuousClock.now - started < .seconds(60) {
            try await Task.sleep(for: .milliseconds(50))
        }
        let elapsed = ContinuousClock.now - started
        running.cancel()
        _ = await running.result
        let attempts = backups.attempts
        #expect(attempts >= 3, "\(attempts) backups in \(elapsed)")
        // One at the start and one per 200 ms: a loop would have made thousands
        #expect(Double(attempts) <= 2 + 5 * (Double(elapsed.components.seconds) + 1), "\(attempts) backups in \(elapsed)")
        #expect(backups.lastSuccess != nil && backups.latest?.error == nil)
        // Cancelled, it backs up no more
        try await Task.sleep(for: .milliseconds(500))
        #expect(backups.attempts == attempts)
    }

    @Test("A failed backup is reported and counted, leaves nothing behind, and the next one succeeds")
    func failure() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("tend.sqlite"), device: "server")
        _ = try await store.createUser(username: "alice", settings: UserSettings())
        // The backup directory's place is taken by a file
        let folder = directory.path("backups")
        try Data().write(to: URL(fileURLWithPath: folder))
        let metrics = ServerMetrics()
        let backups = ScheduledBackups(
            writer: store, configuration: .init(directory: folder), now: { Date() }, logger: Logger(label: "test"), metrics: metrics)
        let failed = await backups.backUp()
        #expect(failed.path == nil && failed.error != nil)
        #expect(backups.lastSuccess == nil)
        #expect(metrics.exposition().contains(#"tend_backups_total{result="failed"} 1"#))

        try FileManager.default.removeItem(atPath: folder)
        let succeeded = await backups.backUp()
        #expect(succeeded.path != nil && backups.lastSuccess == succeeded)
        let exposition = metrics.exposition()
        #expect(exposition.contains(#"tend_backups_total{result="ok"} 1"#))
        #expect(exposition.contains("tend_backup_last_success_timestamp_seconds"))
    }

    @Test("On PostgreSQL a backup is every account's export, which Tend's import reads back")
    func postgresExports() async throws {
        try await PostgresTestDatabase.withDatabase { location in
            let store = try await PostgresStore.connect(location: location, device: "server", maximumConnections: 2, timeout: .seconds(60))
            do {
                let alice = try await store.createUser(username: "alice", settings: UserSettings())
                _ = try await store.createUser(username: "bob", settings: UserSettings())
                let habit = try await store.createHabit(owner: alice.id, Habit(name: "Run", type: .checkmark, createdOn: Self.day))
                _ = try await store.setValue(owner: alice.id, habit: habit.id, day: Self.day, 1)
                let directory = try TemporaryDirectory()
                let backups = ScheduledBackups(
                    writer: store, configuration: .init(directory: directory.path("backups")), now: { Date() },
                    logger: Logger(label: "test"))
                let path = try #require(await backups.backUp().path)
                let files = Set(try FileManager.default.contentsOfDirectory(atPath: path))
                // Every account's data: a folder and files only the owner can read
                #expect(try Self.mode(path) == 0o700)
                for file in files { #expect(try Self.mode(path + "/" + file) == 0o600, "\(file)") }
                #expect(
                    files == [
                        "accounts.json", "\(alice.id).json",
                        try #require(files.first { $0 != "accounts.json" && $0 != "\(alice.id).json" }),
                    ])
                let export = try Data(contentsOf: URL(fileURLWithPath: path + "/\(alice.id).json"))
                let target = try SQLiteStore(inMemoryDevice: "restore")
                let owner = try await target.createUser(username: "alice", settings: UserSettings())
                _ = try await TendImporter().importData(export, into: target, owner: owner.id)
                let imported = try #require(try await target.habits(owner: owner.id, includeArchived: true).first { $0.name == habit.name })
                let entries = try await target.entries(owner: owner.id, habit: imported.id, from: Self.day, through: Self.day)
                #expect(entries.map(\.value) == [1])
                await store.close()
            } catch {
                await store.close()
                throw error
            }
        }
    }
}
