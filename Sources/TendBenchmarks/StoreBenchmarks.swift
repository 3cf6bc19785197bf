import Foundation
import TendCore
import TendFixtures
import TendImport
import TendSQLite
import TendStore

/// Store benchmarks, the same for every store: single check-in commits, loading a
/// 50 habits × 10 years user, and importing one million entries.
enum StoreBenchmarks {
    /// A database for `tend` (its local user "me", Europe/Berlin) holding the 50 habits × 10 years
    /// dataset ending 2026-11-22.
    static func writeCLIDatabase(path: String) async throws {
        let store = try SQLiteStore(path: path, device: "bench")
        let owner = try await store.createUser(username: "me", settings: UserSettings(timeZone: "Europe/Berlin"))
        var changes: [Change] = []
        for tracked in Dataset.generate(endingOn: Fixtures.day("2026-11-22")) {
            changes.append(.habitCreated(habit: tracked.habit))
            changes.append(.entriesImported(habit: tracked.id, entries: tracked.sortedEntries))
        }
        try await store.applyChanges(owner: owner.id, changes)
    }

    /// The 50 × 10 years dataset as a CLI database that recorded it one check-in at a time: an
    /// operation per recorded day (about 130,000), as years of `tend check` leave it; what a first
    /// sync pushes (scripts/bench-sync).
    static func writeCLIHistory(path: String) async throws {
        let store = try SQLiteStore(path: path, device: "cli", uniqueDevice: true, connections: .single)
        let owner = try await store.createUser(username: "me", settings: UserSettings(timeZone: "Europe/Berlin"))
        var changes: [Change] = []
        for tracked in Dataset.generate(endingOn: Fixtures.day("2026-11-22")) {
            changes.append(.habitCreated(habit: tracked.habit))
            for entry in tracked.sortedEntries {
                if entry.isSkipped {
                    changes.append(.entrySkipped(habit: tracked.id, day: entry.day, skipped: true))
                } else {
                    changes.append(.entrySet(habit: tracked.id, day: entry.day, value: entry.value))
                }
                if let note = entry.note { changes.append(.entryNoteSet(habit: tracked.id, day: entry.day, note: note)) }
            }
        }
        try await store.applyChanges(owner: owner.id, changes)
        print("\(changes.count) operations")
    }

    /// Two Tend JSON files for the server benchmark, imported through the API into two accounts:
    /// `history.json`, the 50 habits × 10 years dataset ending 2026-11-22, and `habits.json`, the
    /// same habits (same ids) without a single entry.
    static func writeServerDataset(directory: String, years: Int = 10) async throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let dataset = Dataset.generate(years: years, endingOn: Fixtures.day("2026-11-22"))
        for (name, withEntries) in [("history.json", true), ("habits.json", false)] {
            let store = try SQLiteStore(inMemoryDevice: "memory")
            let owner = try await store.createUser(username: "bench", settings: UserSettings(timeZone: "Europe/Berlin"))
            var changes: [Change] = []
            for tracked in dataset {
                changes.append(.habitCreated(habit: tracked.habit))
                if withEntries { changes.append(.entriesImported(habit: tracked.id, entries: tracked.sortedEntries)) }
            }
            try await store.applyChanges(owner: owner.id, changes)
            let data = try await TendImporter().exportJSON(store: store, owner: owner.id)
            try data.write(to: URL(fileURLWithPath: directory).appendingPathComponent(name))
        }
    }

    static func makeStore(_ mode: String, directory: TemporaryDirectory) async throws -> any TendStore {
        switch mode {
        case "sqlite":
            return try SQLiteStore(path: directory.path("bench.sqlite"), device: "bench")
        default:
            return try await BenchmarkPostgres.connect()
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func run(_ mode: String) async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(mode, directory: directory)
        let clock = ContinuousClock()
        let suffix = String(UUID().uuidString.prefix(8))
        print("store: \(mode)")

        // 1. Single check-in commits: each a transaction with its op-log row, one after another.
        let user = try await store.createUser(username: "commits-\(suffix)", settings: UserSettings())
        let habit = try await store.createHabit(
            owner: user.id, Habit(name: "Water", type: .count, target: 1_000_000, createdOn: Day(ordinal: 0)))
        let commits = 3000
        for warm in 0..<100 { _ = try await store.setValue(owner: user.id, habit: habit.id, day: Day(ordinal: warm), 1) }
        let start = clock.now
        for index in 0..<commits {
            _ = try await store.setValue(owner: user.id, habit: habit.id, day: Day(ordinal: 1000 + index), Amount(index + 1))
        }
        let commitTime = seconds(clock.now - start)
        print(
            String(
                format: "single check-in commits: %d in %.2f s = %.0f commits/s (%.3f ms each)",
                commits, commitTime, Double(commits) / commitTime, commitTime * 1000 / Double(commits)))

        // 1b. Concurrent check-ins, as a server's requests make them: 64 writers at once, each
        // making its check-ins one after another (the store groups them into shared commits).
        let writers = 64
        let perWriter = 100
        let concurrentStart = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for index in 0..<perWriter {
                        _ = try await store.setValue(
                            owner: user.id, habit: habit.id, day: Day(ordinal: 10_000 + writer * perWriter + index), Amount(index + 1))
                    }
                }
            }
            try await group.waitForAll()
        }
        let concurrentTime = seconds(clock.now - concurrentStart)
        print(
            String(
                format: "concurrent check-ins (%d writers × %d): %.2f s = %.0f check-ins/s",
                writers, perWriter, concurrentTime, Double(writers * perWriter) / concurrentTime))

        // 2. Loading a 50 habits × 10 years user (dashboard: all habits with all entries).
        let today = Fixtures.day("2026-11-22")
        let dataset = Dataset.generate(endingOn: today)
        let owner = try await store.createUser(username: "dashboard-\(suffix)", settings: UserSettings())
        var changes: [Change] = []
        for tracked in dataset {
            changes.append(.habitCreated(habit: tracked.habit))
            changes.append(.entriesImported(habit: tracked.id, entries: tracked.sortedEntries))
        }
        try await store.applyChanges(owner: owner.id, changes)
        let entryCount = dataset.reduce(0) { $0 + $1.entries.count }
        var samples: [Double] = []
        for _ in 0..<10 {
            let begin = clock.now
            let loaded = try await store.trackedHabits(owner: owner.id, includeArchived: false)
            samples.append(seconds(clock.now - begin))
            precondition(loaded.count == 50 && loaded.reduce(0, { $0 + $1.entries.count }) == entryCount)
        }
        samples.sort()
        print(
            String(
                format: "load 50 habits × 10 years (%d entries): min %.1f ms, median %.1f ms",
                entryCount, samples[0] * 1000, samples[samples.count / 2] * 1000))

        // 3. Importing one million entries (100 habits × 10,000 days), as an import applies them:
        // one transaction, habits created, entries in chunks of 10,000 per logged change.
        let importer = try await store.createUser(username: "import-\(suffix)", settings: UserSettings())
        var importChanges: [Change] = []
        for index in 0..<100 {
            let habit = Habit(name: "Imported \(index)", type: .count, target: 10, createdOn: Day(ordinal: 0))
            importChanges.append(.habitCreated(habit: habit))
            let entries = (0..<10_000).map { Entry(day: Day(ordinal: $0), value: Amount(($0 + index) % 10 + 1)) }
            importChanges.append(.entriesImported(habit: habit.id, entries: entries))
        }
        let importStart = clock.now
        try await store.applyChanges(owner: importer.id, importChanges)
        let importTime = seconds(clock.now - importStart)
        print(
            String(
                format: "apply 1,000,000 imported entries (one transaction): %.2f s = %.0f entries/s",
                importTime, 1_000_000 / importTime))

        // 4. The whole import of a Tend JSON file with one million entries: read, check, plan
        // against the user's data, apply. (The file is exported from the user above.)
        let importerTool = TendImporter()
        let file = try await importerTool.exportJSON(store: store, owner: importer.id)
        let receiver = try await store.createUser(username: "receiver-\(suffix)", settings: UserSettings())
        let fileStart = clock.now
        let report = try await importerTool.importData(file, filename: "export.json", into: store, owner: receiver.id, dryRun: false)
        let fileTime = seconds(clock.now - fileStart)
        print(
            String(
                format: "import a %.0f MB Tend JSON file of 1,000,000 entries: %.2f s = %.0f entries/s (%d added)",
                Double(file.count) / 1e6, fileTime, 1_000_000 / fileTime, report.entriesAdded))
    }
}
