import Foundation
import TendCore
import TendImport
import TendSQLite
import TendStore
import TendTestSupport
import Testing

/// The importer runs against every real store: a complete export lands equal, a second import
/// changes nothing, and a Loop backup imports the same everywhere.
@Suite("Imports into SQLite and PostgreSQL")
struct StoreImportIntegrationTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    /// Runs `body` with a fresh store of `kind`.
    func withStore(_ kind: Kind, _ body: (any TendStore) async throws -> Void) async throws {
        switch kind {
        case .sqlite:
            let directory = try TemporaryDirectory()
            try await body(try SQLiteStore(path: directory.path("tend.sqlite"), device: "test"))
        case .postgres:
            try await PostgresTestDatabase.withStore { try await body($0) }
        }
    }

    @Test("A complete Tend export imports equal, and importing it again changes nothing", arguments: Kind.allCases)
    func jsonRoundTrip(_ kind: Kind) async throws {
        try await withStore(kind) { store in
            // Given a file holding one of everything
            let file = try TendJSONFormat.encode(richState())
            let owner = try await store.createUser(username: "ana", settings: UserSettings()).id
            // When it is imported into an empty account
            let report = try await importer.importData(file, filename: "tend.json", into: store, owner: owner)
            // Then the account exports the same file
            #expect(report.habitsAdded.count == richState().habits.count)
            #expect(try await importer.exportJSON(store: store, owner: owner) == file)
            // And a second import adds nothing and logs nothing
            let operations = try await store.operations(owner: owner, after: 0, limit: 100_000).count
            let again = try await importer.importData(file, filename: "tend.json", into: store, owner: owner)
            #expect(again.habitsAdded.isEmpty && again.entriesAdded == 0)
            #expect(try await store.operations(owner: owner, after: 0, limit: 100_000).count == operations)
        }
    }

    @Test("A Loop backup imports the same into every store, and a dry run changes nothing", arguments: Kind.allCases)
    func loopBackup(_ kind: Kind) async throws {
        var builder = LoopDatabaseBuilder.version25()
        builder.sql(
            """
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,
              reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)
            VALUES (1, 0, 8, 'Every morning', 1, 1, 0, 'Meditate', 0, 7, 30, 127, 0, 0, 0, '', 'Did you meditate?',
              '0123456789abcdef0123456789abcdef')
            """)
        for (offset, value) in [2, 2, 3, 2].enumerated() {
            builder.sql(
                "INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, \(LoopDatabaseBuilder.timestamp("2025-03-0\(offset + 1)")), \(value))"
            )
        }
        let file = try builder.build()
        // The reference: the in-memory store
        let memory = try SQLiteStore(inMemoryDevice: "memory")
        let reference = try await memory.createUser(username: "ana", settings: UserSettings()).id
        _ = try await importer.importData(file, filename: "Loop.db", into: memory, owner: reference)
        let expected = try await memory.exportState(owner: reference)

        try await withStore(kind) { store in
            let owner = try await store.createUser(username: "ana", settings: UserSettings()).id
            let dry = try await importer.importData(file, filename: "Loop.db", into: store, owner: owner, dryRun: true)
            #expect(dry.habitsAdded == ["Meditate"])
            #expect(try await store.habits(owner: owner, includeArchived: true).isEmpty)
            _ = try await importer.importData(file, filename: "Loop.db", into: store, owner: owner)
            let state = try await store.exportState(owner: owner)
            #expect(state.habits == expected.habits)
            let meditate = state.habits.values.first
            #expect(meditate?.habit.name == "Meditate")
            #expect(meditate?.isSkipped(on: Fixtures.day("2025-03-03")) == true)
            #expect(meditate?.completionCount(on: Fixtures.day("2025-03-04")) == 1)
        }
    }
}
