import Foundation
import TendCore
import TendTestSupport
import Testing

@testable import TendStore

#if canImport(Glibc)
import Glibc
#endif

/// The review's "Imports (high)" findings (issue 16): files of a few kilobytes that made the
/// server allocate gigabytes. Each test is a file of that shape, refused within a limit.
@Suite("Import bombs stay within the import's limits")
struct ImportBombTests {
    let today = Fixtures.day("2025-03-10")

    // MARK: Loop backup (.db)

    @Test("A generated column, invisible to table_info, is refused before any row is read")
    func generatedColumn() async throws {
        // Given a Loop backup whose `question` is computed as a 50 MB blob for every row
        var builder = LoopDatabaseBuilder(version: 25)
        builder.sql(
            """
            CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT, position INTEGER,
              question TEXT AS (zeroblob(50000000)) VIRTUAL)
            """)
        builder.sql("CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER)")
        builder.sql("INSERT INTO Habits (id, name, position) VALUES (1, 'a', 0), (2, 'b', 1)")
        let world = try await ImportWorld()
        // When it is imported, Then it is refused by name, and nothing changes
        let (error, unchanged) = try await rejection(try builder.build(), in: world)
        #expect(error == .notLoopDatabase("its Habits table has a hidden or generated column “question”"))
        #expect(unchanged)
    }

    @Test("A trigger on a table the importer reads is refused")
    func trigger() async throws {
        var builder = LoopDatabaseBuilder.version25()
        builder.sql("CREATE TRIGGER grow AFTER INSERT ON Repetitions BEGIN SELECT zeroblob(1000000000); END")
        let world = try await ImportWorld()
        let (error, unchanged) = try await rejection(try builder.build(), in: world)
        #expect(error == .notLoopDatabase("its Repetitions table has triggers"))
        #expect(unchanged)
    }

    @Test("A virtual table in place of Loop's is refused: its module, not the file, would answer the reads")
    func virtualTable() async throws {
        var builder = LoopDatabaseBuilder(version: 25)
        builder.sql("CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT, position INTEGER)")
        builder.sql("CREATE VIRTUAL TABLE Repetitions USING fts5(habit, timestamp, value)")
        let world = try await ImportWorld()
        let (error, unchanged) = try await rejection(try builder.build(), in: world)
        #expect(error == .notLoopDatabase("its Repetitions table is a virtual table"))
        #expect(unchanged)
    }

    @Test("A value larger than SQLite's limit on the importer's connection (1 MiB) is refused, not allocated")
    func valueOverSQLiteLimit() async throws {
        var builder = LoopDatabaseBuilder.version25()
        builder.sql("INSERT INTO Habits (id, name, position) VALUES (1, 'Read', 0)")
        builder.sql("INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (1, 0, 2, CAST(zeroblob(2000000) AS TEXT))")
        let world = try await ImportWorld()
        let (error, unchanged) = try await rejection(try builder.build(), in: world)
        guard case .unreadableDatabase(let reason) = error else {
            Issue.record("expected an unreadable database, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("too big"), "\(reason)")
        #expect(unchanged)
    }

    @Test("Many small notes add up: the text of one backup is bounded as a whole")
    func textBudget() async throws {
        var builder = LoopDatabaseBuilder.version25()
        builder.sql("INSERT INTO Habits (id, name, position) VALUES (1, 'Read', 0)")
        for day in 0..<20 {
            builder.sql(
                "INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (1, \(Int64(day) * 86_400_000), 2, '\(String(repeating: "n", count: 100))')"
            )
        }
        let strict = TendImporter(limits: ImportLimits(maximumTextBytes: 1000), now: { importNow })
        #expect(throws: ImportError.tooLarge(what: "the text in the file (names and notes)", limit: 1000)) {
            try strict.read(try builder.build(), today: today)
        }
    }

    @Test("The backup's copy lives in a private (0700) folder and is gone after the read")
    func privateCopy() async throws {
        let directory = try ImportScratch.shared.get()
        #expect(try Self.permissions(directory) == 0o700)
        #expect(directory.lastPathComponent == "tend-import-\(getpid())")
        _ = try importer.read(try LoopDatabaseImportTests.version25File(), today: today)
        // The folder is the process's: other tests' imports running at the same time have their
        // copies in it for a moment. A copy left behind by this read would stay for good, so the
        // folder must empty within a generous bound.
        var left: [String] = []
        for _ in 0..<300 {
            left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".db") }
            if left.isEmpty { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("A crashed process's folder is swept by the next start; a running one's is kept")
    func sweep() throws {
        let temporary = try TemporaryDirectory()
        let parent = temporary.url
        do {
            // Given the folders of a process that is gone and of one that runs (pid 1)
            let dead = parent.appendingPathComponent("tend-import-2147000000")
            let alive = parent.appendingPathComponent("tend-import-1")
            for folder in [dead, alive] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                try Data("upload".utf8).write(to: folder.appendingPathComponent("x.upload"))
            }
            // When this process makes its own
            let mine = try ImportScratch.makeDirectory(in: parent, pid: getpid())
            // Then the dead one's is gone, the running one's stays, and ours is private
            #expect(!FileManager.default.fileExists(atPath: dead.path))
            #expect(FileManager.default.fileExists(atPath: alive.path))
            #expect(try Self.permissions(mine) == 0o700)
        }
    }

    static func permissions(_ url: URL) throws -> Int {
        try ((FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }

    // MARK: CSV and ZIP

    @Test("A record with more fields than any layout has is refused at the first field too many")
    func tooManyFields() throws {
        // 8 MiB of commas: ~8 million empty strings before the fix.
        let commas = Data(repeating: UInt8(ascii: ","), count: 8 << 20)
        var csv = Data("record,habit_id,habit,day,value\r\n".utf8)
        csv.append(commas)
        #expect(throws: ImportError.invalidCSV(line: 2, reason: "a record has more than 64 fields")) {
            try importer.read(csv, today: today)
        }
        let zip = try makeZip([("Habits.csv", Data("Position,Name\r\n".utf8) + commas)])
        #expect(throws: ImportError.invalidCSV(line: 2, reason: "a record has more than 64 fields")) {
            try importer.read(zip, today: today)
        }
    }

    @Test("A field longer than the limit is refused while it is read")
    func fieldTooLong() throws {
        let strict = TendImporter(limits: ImportLimits(maximumCSVFieldSize: 1000), now: { importNow })
        let csv = Data(("record,habit_id,habit,day,value\r\nhabit,,\"" + String(repeating: "x", count: 5000) + "\"\r\n").utf8)
        #expect(throws: ImportError.invalidCSV(line: 2, reason: "a field is longer than 1000 bytes, more than an import accepts")) {
            try strict.read(csv, today: today)
        }
    }

    @Test("Lines that are not entries count too: a file has at most a header, the habits and the entries")
    func tooManyRecords() throws {
        // Given a checkmarks file of unreadable lines (no entry each, so no entry limit applied)
        let strict = TendImporter(limits: ImportLimits(maximumHabits: 2, maximumEntries: 5), now: { importNow })
        let lines = (0..<50).map { _ in "not a date,YES_MANUAL,\r\n" }.joined()
        let zip = try makeZip([
            ("Habits.csv", "Position,Name\r\n001,Read\r\n"), ("001 Read/Checkmarks.csv", "Date,Value,Notes\r\n" + lines),
        ])
        #expect(throws: ImportError.tooMany(what: "lines in 001 Read/Checkmarks.csv", limit: 8)) {
            try strict.read(zip, today: today)
        }
    }

    @Test("The bytes inflated are bounded over the whole archive, however often a file is read")
    func inflatedTotal() throws {
        let checkmarks = "Date,Value,Notes\r\n" + String(repeating: "2024-01-01,YES_MANUAL,\r\n", count: 80)
        let zip = try makeZip([("a.csv", checkmarks)])
        let reader = try ZipReader(zip, limits: ImportLimits(maximumZipTotalSize: checkmarks.utf8.count + 10))
        _ = try reader.contents(of: "a.csv")
        #expect(throws: ImportError.tooLarge(what: "the ZIP's content", limit: checkmarks.utf8.count + 10)) {
            try reader.contents(of: "a.csv")
        }
    }

    @Test("Habits sharing a position share their checkmarks file, inflated and parsed once")
    func sharedPosition() throws {
        // Given 50 habits at position 1 and one checkmarks file, with a ZIP total that allows
        // reading each file once only
        let habits = "Position,Name\r\n" + (0..<50).map { "001,Habit \($0)\r\n" }.joined()
        let first = Fixtures.day("2024-01-01")
        let checkmarks = "Date,Value,Notes\r\n" + (0..<40).map { "\(first.adding(days: $0).iso),YES_MANUAL,\r\n" }.joined()
        let zip = try makeZip([("Habits.csv", habits), ("001 Read/Checkmarks.csv", checkmarks)])
        let limits = ImportLimits(maximumZipTotalSize: habits.utf8.count + checkmarks.utf8.count)
        // When it is read, Then every habit has the file's entries
        let data = try TendImporter(limits: limits, now: { importNow }).read(zip, today: today)
        #expect(data.habits.count == 50)
        #expect(data.habits.allSatisfy { $0.entries.count == 40 })
    }

    // MARK: Tend JSON

    @Test("JSON of many small values is refused before the decoder indexes them (60 million numbers took 2.9 GB)")
    func jsonValues() throws {
        // Given a valid export with an unknown key holding 2,000 numbers, and a limit of 1,000 values
        var json = Data(#"{"format":"tend","version":1,"habits":[],"x":["#.utf8)
        json.append(Data(String(repeating: "0,", count: 2_000).utf8))
        json.append(Data("0]}".utf8))
        let strict = TendImporter(limits: ImportLimits(maximumJSONValues: 1_000), now: { importNow })
        #expect(throws: ImportError.tooMany(what: "JSON values", limit: 1_000)) { try strict.read(json, today: today) }
        // A comma or colon inside a string is not a value
        #expect(TendJSONFormat.valueCount(Data(#"{"a":"x,y:[{\",","b":[1,2]}"#.utf8), upTo: 100) == 7)
        // The standard limit admits a real export
        #expect(try importer.read(try TendJSONFormat.encode(richState()), today: today).habits.count == 4)
    }
}
