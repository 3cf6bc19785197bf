import Foundation
import TendCore
import TendTestSupport
import Testing

@testable import TendImport
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

    // MARK: Text formats (issue 40): harsh, Beaver JSON, HabitBull CSV, Tend CSV

    @Test("harsh: newlines count as lines; a file of them is refused at the line limit, plain or zipped")
    func harshNewlines() async throws {
        // Given a heading and then more empty lines than a file may have lines (2.3 GB for 64 MiB of
        // newlines when the reader split the text at once)
        let strict = TendImporter(limits: ImportLimits(maximumHabits: 2, maximumEntries: 5), now: { importNow })
        let newlines = Data("! h\n".utf8) + Data(repeating: UInt8(ascii: "\n"), count: 1_000)
        // When it is imported, Then it is refused by the line count (1 + 2 + 5), and nothing changes
        let world = try await ImportWorld()
        let (error, unchanged) = try await rejection(newlines, in: world, importer: strict)
        #expect(error == .tooMany(what: "lines in the harsh file", limit: 8))
        #expect(unchanged)
        // The same as a ZIP of `habits` and `log`: each member is read on its own, within the same bound
        let zip = try makeZip([("habits", newlines), ("log", Data("2025-01-01 : h : y\n".utf8))])
        let (zipped, zipUnchanged) = try await rejection(zip, in: world, importer: strict)
        #expect(zipped == .tooMany(what: "lines in harsh's habits", limit: 8))
        #expect(zipUnchanged)
        // CRLF counts once per line: a file just within the bound is read
        let within = Data("! h\r\nRead: 1\r\n\r\n2025-01-01 : Read : y\r\n".utf8)
        #expect(try strict.read(within, today: today).habits.map(\.entries.count) == [1])
    }

    @Test("harsh: a line longer than the limit is refused before it is made a string")
    func harshLongLine() throws {
        let strict = TendImporter(limits: ImportLimits(maximumCSVFieldSize: 1000), now: { importNow })
        let long = Data(("Read: 1\n2025-01-01 : Read : y : " + String(repeating: "x", count: 5000) + "\n").utf8)
        #expect(throws: ImportError.invalidData("line 2 of the harsh file is longer than 1000 bytes, more than an import accepts")) {
            try strict.read(long, today: today)
        }
    }

    @Test("harsh: a habit defined again on every line gets one message, not one per line")
    func harshRedefined() throws {
        // Given one habit whose frequency needs a note, defined 100,000 times (2.4 million lines
        // answered a 163 MB report)
        let text = Data(String(repeating: "a: 9/2\n", count: 100_000).utf8)
        // When it is read
        let data = try importer.read(text, today: today)
        // Then there is one habit and one sentence about its schedule
        #expect(data.habits.map(\.habit.name) == ["a"])
        #expect(data.adjustments == ["“a”: frequency 9/2 is more than daily, so the habit is daily."])
    }

    @Test("harsh: names and notes are bounded as a whole, as in every other format")
    func harshText() throws {
        let strict = TendImporter(limits: ImportLimits(maximumTextBytes: 1000), now: { importNow })
        let lines = (0..<20).map { "2025-01-\(String(format: "%02d", $0 + 1)) : Read : y : \(String(repeating: "n", count: 100))\n" }
        #expect(throws: ImportError.tooLarge(what: "the text in the file (names and notes)", limit: 1000)) {
            try strict.read(Data(lines.joined().utf8), today: today)
        }
    }

    @Test("A report holds at most 100 sentences per list; the rest are counted in the last")
    func reportCapped() throws {
        // Given 300 habits whose schedules each need a note
        let text = Data((0..<300).map { "Habit \($0): 9/2\n" }.joined().utf8)
        // When the import is planned
        let plan = try importer.plan(text, into: UserState(), dryRun: true)
        // Then the report says 99 of them and how many more
        #expect(plan.report.adjustments.count == ImportReport.maximumMessages)
        #expect(plan.report.adjustments.last == "and 201 more")
        #expect(plan.report.habitsAdded.count == 300)
        #expect(ImportReport.grouped(2_399_990) == "2,399,990")
        #expect(ImportReport.grouped(999) == "999")
        #expect(ImportReport.grouped(1_000) == "1,000")
    }

    @Test("Beaver JSON: many small values are refused before the decoder indexes them")
    func beaverValues() throws {
        var json = Data(#"{"habits":[{"name":"Read","records":[],"x":["#.utf8)
        json.append(Data(String(repeating: "0,", count: 2_000).utf8))
        json.append(Data("0]}]}".utf8))
        let strict = TendImporter(limits: ImportLimits(maximumJSONValues: 1_000), now: { importNow })
        #expect(throws: ImportError.tooMany(what: "JSON values", limit: 1_000)) { try strict.read(json, today: today) }
    }

    @Test("HabitBull CSV and Tend CSV: lines beyond a header, the habits and the entries are refused")
    func csvLines() throws {
        let strict = TendImporter(limits: ImportLimits(maximumHabits: 2, maximumEntries: 5), now: { importNow })
        let habitBull =
            "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\r\n"
            + String(repeating: "Read,,,not a date,1,\r\n", count: 50)
        #expect(throws: ImportError.tooMany(what: "lines in the HabitBull file", limit: 8)) {
            try strict.read(Data(habitBull.utf8), today: today)
        }
        // Tend CSV refuses a line that is neither a habit nor an entry, so entries are its bound
        let tend =
            "record,habit_id,habit,day,value\r\nhabit,,Read,,\r\n"
            + (0..<50).map { "entry,,Read,\(today.adding(days: -$0 - 1).iso),1\r\n" }.joined()
        #expect(throws: ImportError.tooMany(what: "entries", limit: 5)) { try strict.read(Data(tend.utf8), today: today) }
    }
}
