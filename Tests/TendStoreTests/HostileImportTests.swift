import Foundation
import TendCore
import TendTestSupport
import Testing

@testable import TendImport
@testable import TendStore

@Suite("Format detection and hostile files")
struct HostileImportTests {
    @Test("Formats are recognised by content, whatever the file is called")
    func detection() async throws {
        let json = try TendJSONFormat.encode(richState())
        let csv = TendCSVFormat.encode(richState())
        let database = try LoopDatabaseImportTests.version25File()
        let zip = try LoopCSVImportTests.loopZip()
        #expect(importer.detectFormat(data: json, filename: "backup.csv") == .tendJSON)
        #expect(importer.detectFormat(data: csv, filename: "x.json") == .tendCSV)
        #expect(importer.detectFormat(data: database, filename: "habits.zip") == .loopDatabase)
        #expect(importer.detectFormat(data: zip, filename: "Loop.db") == .loopCSVZip)
        #expect(importer.detectFormat(data: Data("{\"format\":\"other\"}".utf8)) == nil)
        #expect(importer.detectFormat(data: try makeZip([("readme.txt", "hi")])) == nil)
        var other = LoopDatabaseBuilder(version: 3)
        other.sql("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        #expect(importer.detectFormat(data: try other.build()) == nil)
        #expect(importer.detectFormat(data: Data("hello".utf8)) == nil)
    }

    @Test("An SQLite database that is not Loop's is refused and changes nothing")
    func notLoop() async throws {
        var builder = LoopDatabaseBuilder(version: 12)
        builder.sql("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        let world = try await ImportWorld()
        try await seed(world, with: richState())
        let (error, unchanged) = try await rejection(try builder.build(), in: world, filename: "notes.db")
        #expect(error == .notLoopDatabase("it has no Habits and Repetitions tables"))
        #expect(unchanged)
    }

    @Test("A Loop backup of an unsupported schema version is refused", arguments: [7, 26, 1000])
    func unsupportedVersion(version: Int) async throws {
        var builder = LoopDatabaseBuilder.version25()
        builder.version = version
        let world = try await ImportWorld()
        let (error, unchanged) = try await rejection(try builder.build(), in: world)
        #expect(error == .unsupportedLoopVersion(version))
        #expect(error?.description.contains("versions 8 to 25") == true)
        #expect(unchanged)
    }

    @Test("A damaged or cut-off database is refused with a clear message")
    func damagedDatabase() async throws {
        let world = try await ImportWorld()
        let file = try LoopDatabaseImportTests.version25File()
        var garbage = Data(ImportDatabase.sqliteMagic)
        garbage.append(Data(repeating: 0xAB, count: 5000))
        for data in [garbage, Data(file.prefix(2048))] {
            let (error, unchanged) = try await rejection(data, in: world)
            let error2 = try #require(error)
            switch error2 {
            case .unreadableDatabase, .notLoopDatabase: break
            default: Issue.record("unexpected error \(error2)")
            }
            #expect(unchanged)
        }
    }

    @Test("Text where Loop has numbers and vice versa is read without crashing and adjusted")
    func wrongColumnTypes() async throws {
        var builder = LoopDatabaseBuilder.version25()
        builder.sql(
            """
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, type, target_value, uuid)
            VALUES (1, 'yes', 'red', X'00FF', 'seven', NULL, 0, 12345, 'first', 'numerical', 'lots', 42)
            """)
        builder.sql(
            "INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, 'yesterday', 2), (1, \(LoopDatabaseBuilder.timestamp("2024-02-01")), 'two')"
        )
        let world = try await ImportWorld()
        let report = try await world.importing(try builder.build())
        let state = try await world.state()
        #expect(state.habits.count == 1)
        let habit = try #require(state.habits.values.first)
        #expect(habit.habit.name == "12345")
        #expect(report.entriesSkipped == 2)
    }

    @Test(
        "Files that are none of the formats, or too large, are refused",
        arguments: [
            ("plain text", Data("just some words".utf8)),
            ("empty", Data()),
            ("binary", Data([0x00, 0x01, 0x02, 0xFF])),
        ])
    func unrecognized(label: String, data: Data) async throws {
        let world = try await ImportWorld()
        let (error, unchanged) = try await rejection(data, in: world, filename: label)
        #expect(error?.description.contains("not one Tend can import") == true, "\(String(describing: error))")
        #expect(unchanged)
    }

    @Test("A file over the size limit is refused before it is parsed")
    func tooLarge() async throws {
        let strict = TendImporter(limits: ImportLimits(maximumFileSize: 1000))
        let data = try TendJSONFormat.encode(richState())
        #expect(throws: ImportError.tooLarge(what: "“big.json”", limit: 1000)) {
            try strict.read(data, filename: "big.json", today: Fixtures.day("2025-01-01"))
        }
    }

    @Test("A file with more habits or entries than one import takes is refused")
    func tooMany() async throws {
        let strict = TendImporter(limits: ImportLimits(maximumHabits: 3, maximumEntries: 5))
        #expect(throws: ImportError.tooMany(what: "habits", limit: 3)) {
            try strict.read(try TendJSONFormat.encode(richState()), today: Fixtures.day("2025-01-01"))
        }
        let database = try LoopDatabaseImportTests.version25File()
        #expect(throws: ImportError.tooMany(what: "entries", limit: 5)) {
            try TendImporter(limits: ImportLimits(maximumEntries: 5)).read(database, today: Fixtures.day("2025-01-01"))
        }
    }

    @Test("Large imports are applied in chunks of entries, all in one transaction")
    func chunks() async throws {
        let day = Fixtures.day("2020-01-01")
        let habit = Habit(name: "Daily", createdOn: day)
        let entries = (0..<1_200).map { Entry(day: day.adding(days: $0), value: 1) }
        let data = ImportedData(format: .tendJSON, habits: [ImportedHabit(habit: habit, entries: entries)])
        let plan = try ImportPlanner.plan(data, into: UserState(), today: Fixtures.day("2025-03-10"))
        let sizes = plan.changes.compactMap { change -> Int? in
            if case .entriesImported(_, let entries) = change { return entries.count }
            return nil
        }
        #expect(sizes == [500, 500, 200])
        #expect(plan.report.entriesAdded == 1_200)
    }
}
