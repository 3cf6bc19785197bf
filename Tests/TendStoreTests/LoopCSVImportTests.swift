import Foundation
import TendCore
import TendTestSupport
import Testing

@testable import TendImport
@testable import TendStore

@Suite("Loop Habit Tracker CSV export and import")
struct LoopCSVImportTests {
    /// A Loop CSV export as Loop writes it: Habits.csv, one folder per habit, plus the files
    /// Tend does not need (Scores.csv, the all-habits Checkmarks.csv).
    static func loopZip() throws -> Data {
        try makeZip([
            (
                "Habits.csv",
                "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n"
                    + "001,Meditate,YES_NO,Did you meditate?,,3,7,#8E24AA,,,,false\n"
                    + "002,\"Pushups, morning\",NUMERICAL,,,1,1,#388E3C,reps,AT_LEAST,20.0,false\n"
                    + "003,Old habit,YES_NO,,Gone now,1,1,#3949AB,,,,true\n"
            ),
            (
                "001 Meditate/Checkmarks.csv",
                "Date,Value,Notes\n2024-05-03,YES_MANUAL,calm\n2024-05-02,YES_AUTO,\n2024-05-01,SKIP,\n2024-04-30,NO,\n2024-04-29,UNKNOWN,\n"
            ),
            ("001 Meditate/Scores.csv", "Date,Score\n2024-05-03,0.1000\n"),
            ("002 Pushups morning/Checkmarks.csv", "Date,Value,Notes\n2024-05-03,25000,\n2024-05-02,0,\n"),
            ("003 Old habit/Checkmarks.csv", "Date,Value\n2023-01-01,YES_MANUAL\n"),
            ("Checkmarks.csv", "Date,Meditate,Pushups, morning,Old habit,\n"),
            ("Scores.csv", "Date,Meditate,\n"),
        ])
    }

    @Test("Loop's CSV zip imports habits from Habits.csv and values from each Checkmarks.csv")
    func importsZip() async throws {
        // Given Loop's CSV export
        let world = try await ImportWorld()

        // When it is imported
        let report = try await world.importing(try Self.loopZip(), filename: "Loop Habits CSV 2024-05-03.zip")

        // Then habits, their frequencies, types and values arrive
        #expect(report.format == .loopCSVZip)
        #expect(report.habitsAdded == ["Meditate", "Pushups, morning", "Old habit"])
        let meditate = try #require(try await world.habit(named: "Meditate"))
        #expect(meditate.habit.schedule == .timesPerWeek(3))
        #expect(meditate.habit.color == .purple)
        #expect(meditate.habit.notes == "Did you meditate?")
        #expect(meditate.completionCount(on: Fixtures.day("2024-05-03")) == 1)
        #expect(meditate.note(on: Fixtures.day("2024-05-03")) == "calm")
        #expect(meditate.entry(on: Fixtures.day("2024-05-02")) == nil)
        #expect(meditate.isSkipped(on: Fixtures.day("2024-05-01")))
        #expect(meditate.entries.count == 2)
        let pushups = try #require(try await world.habit(named: "Pushups, morning"))
        #expect(pushups.habit.type == .count && pushups.habit.target == 20 && pushups.habit.unit == "reps")
        #expect(pushups.completionCount(on: Fixtures.day("2024-05-03")) == 25)
        let old = try #require(try await world.habit(named: "Old habit"))
        #expect(old.habit.isArchived)
        #expect(old.habit.color == .indigo)  // not in Loop's palette: the nearest is its indigo
        #expect(old.completionCount(on: Fixtures.day("2023-01-01")) == 1)
        // and a second import changes nothing
        #expect(try await world.importing(try Self.loopZip()).changesNothing)
    }

    @Test("Tend's Loop CSV export is Loop's layout and imports back to the same habits and entries")
    func exportRoundTrip() async throws {
        // Given a user with data, exported in Loop's layout
        let source = try await ImportWorld(username: "source")
        try await seed(source, with: richState())
        let zip = try await importer.exportLoopCSVZip(store: source.store, owner: source.owner)

        // Then the archive holds Habits.csv and a folder per habit
        let reader = try ZipReader(zip, limits: .standard)
        #expect(reader.paths.first == "Habits.csv")
        #expect(reader.paths.contains("001 Read then think/Checkmarks.csv"))
        let habitsCSV = String(decoding: try reader.contents(of: "Habits.csv"), as: UTF8.self)
        #expect(
            habitsCSV.hasPrefix(
                "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?,Tend Habit\r\n"
            ))
        // Loop's columns as Loop has them, then Tend's own (the habit as Tend JSON, quoted)
        #expect(habitsCSV.contains("002,No smoking,NUMERICAL,,,1,1,#D32F2F,,AT_MOST,0.0,false,\"{"))

        // When it is imported into an empty account
        let target = try await ImportWorld(username: "target")
        let report = try await target.importing(zip)

        // Then the habits come back as they were (Tend's column), entries as Loop says them
        #expect(report.habitsAdded == ["Read, then \"think\"", "No smoking", "Walk", "Stretch"])
        let original = richState()
        for tracked in original.orderedHabits {
            let copy = try #require(try await target.habit(named: tracked.habit.name))
            #expect(copy.habit.color == tracked.habit.color)
            #expect(copy.habit.kind == tracked.habit.kind)
            #expect(copy.habit.target == tracked.habit.target)
            #expect(copy.habit.notes == tracked.habit.notes)
            #expect(copy.habit.isArchived == tracked.habit.isArchived)
            #expect(copy.entries == tracked.entries)
        }
        for tracked in original.orderedHabits {
            let copy = try #require(try await target.habit(named: tracked.habit.name))
            #expect(copy.habit.id == tracked.habit.id)
            #expect(copy.habit.type == tracked.habit.type && copy.habit.unit == tracked.habit.unit)
            #expect(copy.habit.schedule == tracked.habit.schedule)
            #expect(copy.habit.emoji == tracked.habit.emoji && copy.habit.routineTime == tracked.habit.routineTime)
        }
        // And imported again into the account it came from, it changes nothing (same ids)
        #expect(try await source.importing(zip).changesNothing)
    }

    @Test("A ZIP whose files inflate past the limit is refused before it is read in full")
    func zipBomb() async throws {
        // Given a ZIP whose Habits.csv inflates to 4 MiB of zeros, and an importer that allows 1 MiB
        let bomb = try makeZip([("Habits.csv", Data(count: 4 << 20))])
        #expect(bomb.count < 64 << 10)
        let world = try await ImportWorld()
        let strict = TendImporter(limits: ImportLimits(maximumZipEntrySize: 1 << 20, maximumZipTotalSize: 2 << 20))
        let before = try await world.state()

        // When it is imported
        await #expect(throws: ImportError.tooLarge(what: "“Habits.csv” in the ZIP", limit: 1 << 20)) {
            try await strict.importData(bomb, into: world.store, owner: world.owner)
        }

        // Then nothing changed
        #expect(try await world.state() == before)
    }

    @Test("A ZIP whose entries add up past the total limit is refused")
    func zipTotal() async throws {
        let parts = (1...3).map { ("\(String(format: "%03d", $0)) H/Checkmarks.csv", Data(count: 600 << 10)) }
        let zip = try makeZip([("Habits.csv", Data("Position,Name\n".utf8))] + parts)
        let strict = TendImporter(limits: ImportLimits(maximumZipEntrySize: 1 << 20, maximumZipTotalSize: 1 << 20))
        #expect(throws: ImportError.tooLarge(what: "the ZIP's content", limit: 1 << 20)) {
            try strict.read(zip, today: Fixtures.day("2025-01-01"))
        }
    }

    @Test(
        "A ZIP with a path that leaves its folder is refused and changes nothing",
        arguments: ["../evil.csv", "/etc/passwd", "001 A/../../x.csv", "C:\\Windows\\x.csv", "..\\up.csv"])
    func pathTraversal(path: String) async throws {
        let zip = try makeZip([("Habits.csv", "Position,Name\n001,A\n"), (path, "Date,Value\n")])
        let world = try await ImportWorld()
        let (error, unchanged) = try await rejection(zip, in: world)
        #expect(error == .unsafePath(path))
        #expect(unchanged)
    }

    @Test("A ZIP without Habits.csv, or a damaged one, is refused with a clear message")
    func notLoop() async throws {
        let world = try await ImportWorld()
        let other = try makeZip([("notes.txt", "hello")])
        let (error, unchanged) = try await rejection(other, in: world)
        #expect(error?.description.contains("no Habits.csv") == true)
        #expect(unchanged)

        let damaged = Data(try Self.loopZip().prefix(200))
        let (damagedError, damagedUnchanged) = try await rejection(damaged, in: world)
        #expect(damagedError?.description.contains("ZIP file cannot be read") == true, "\(String(describing: damagedError))")
        #expect(damagedUnchanged)
    }
}

@Suite("ZIP limits hold when a header lies")
struct LyingZipTests {
    @Test("An entry that declares 100 bytes but inflates to 2 MiB is stopped while inflating")
    func lyingHeader() async throws {
        // Given a ZIP whose headers claim Habits.csv is 100 bytes, while it inflates to 2 MiB
        var zip = try makeZip([("Habits.csv", Data(count: 2 << 20))])
        let small: [UInt8] = [100, 0, 0, 0]
        func patch(signature: [UInt8], offset: Int) {
            var index = zip.startIndex
            while let range = zip[index...].firstRange(of: signature) {
                zip.replaceSubrange(range.lowerBound + offset..<range.lowerBound + offset + 4, with: small)
                index = range.upperBound
            }
        }
        patch(signature: [0x50, 0x4B, 0x03, 0x04], offset: 22)  // local header: uncompressed size
        patch(signature: [0x50, 0x4B, 0x01, 0x02], offset: 24)  // central directory: uncompressed size
        let world = try await ImportWorld()
        let strict = TendImporter(limits: ImportLimits(maximumZipEntrySize: 1 << 20))

        // When it is imported
        let (error, unchanged) = try await rejection(zip, in: world, importer: strict)

        // Then inflating stops at the limit, and nothing changed
        #expect(error == .tooLarge(what: "“Habits.csv” in the ZIP", limit: 1 << 20))
        #expect(unchanged)
    }
}
