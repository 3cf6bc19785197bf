import Foundation
import TendCore
import TendTestSupport
import Testing

@testable import TendImport
@testable import TendStore

@Suite("Tend CSV export and import")
struct TendCSVImportTests {
    @Test("The export has one header, a row per habit and a row per entry, quoted by RFC 4180")
    func layout() async throws {
        // Given a user with data
        let world = try await ImportWorld()
        try await seed(world, with: richState())

        // When it is exported as CSV
        let text = String(decoding: try await importer.exportCSV(store: world.store, owner: world.owner), as: UTF8.self)

        // Then the header and the quoting follow the documented layout
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines[0] == TendCSVFormat.columns.joined(separator: ","))
        #expect(
            lines[1].hasPrefix(
                "habit,11111111-1111-4111-8111-111111111111,\"Read, then \"\"think\"\"\",📚,purple,good,count,20,pages,3/week,evening,\"21:30 mon,fri\",false,0,2025-01-01,\"Line one"
            ))
        #expect(
            text.contains(
                "entry,11111111-1111-4111-8111-111111111111,\"Read, then \"\"think\"\"\",,,,,,,,,,,,,,2025-01-02,25,false,\"a good, \"\"long\"\" read\",,,,,,,\r\n"
            ))
        #expect(text.contains(",2025-01-04,0,true,,,,,,,,\r\n"))
        // Group and tags, then the step, the dates, the pauses and the earlier rules (JSON), last;
        // tags joined by commas (a tag has none)
        #expect(text.contains(",,,,,Mind,\"books,evening\",1,,,,\r\n"))
        #expect(text.contains(",Body,,1,2025-01-06,2025-02-28,2025-01-20..2025-01-26; 2025-02-20..,\"[{\"\"kind\"\":\"\"good\"\""))
        #expect(text.hasSuffix("\r\n"))
    }

    @Test("CSV export imported into an empty account gives the same habits and entries")
    func roundTrip() async throws {
        // Given a user's CSV export
        let source = try await ImportWorld(username: "source")
        try await seed(source, with: richState())
        let csv = try await importer.exportCSV(store: source.store, owner: source.owner)

        // When it is imported into an empty account
        let target = try await ImportWorld(username: "target")
        let report = try await target.importing(csv, filename: "tend.csv")

        // Then every habit and entry is there as it was (reminders keep time, days and state;
        // their messages and routines live only in the JSON export)
        let expected = richState()
        let imported = try await target.state()
        #expect(report.format == .tendCSV)
        #expect(report.adjustments.isEmpty)
        #expect(imported.habits.count == expected.habits.count)
        for (id, original) in expected.habits {
            let copy = try #require(imported.habits[id])
            var habit = original.habit
            habit.reminders = habit.reminders.map { reminder in
                var reminder = reminder
                reminder.message = nil
                return reminder
            }
            var copied = copy.habit
            copied.reminders = zip(copied.reminders, habit.reminders).map { pair in
                var reminder = pair.0
                reminder.id = pair.1.id
                return reminder
            }
            #expect(copied == habit)
            #expect(copy.entries == original.entries)
        }
    }

    @Test("Importing the same CSV again changes nothing")
    func reimport() async throws {
        // Given an account that imported a CSV export
        let source = try await ImportWorld(username: "source")
        try await seed(source, with: richState())
        let csv = try await importer.exportCSV(store: source.store, owner: source.owner)
        let world = try await ImportWorld()
        try await world.importing(csv)
        let operations = try await world.operationCount()

        // When it is imported again
        let report = try await world.importing(csv)

        // Then nothing changes
        #expect(report.changesNothing)
        #expect(report.entriesUnchanged == 7)
        #expect(try await world.operationCount() == operations)
    }

    @Test("A hand-written file with LF line ends, a BOM, quoted line breaks and no ids is read")
    func handWritten() async throws {
        // Given a spreadsheet-made CSV
        let csv =
            "\u{FEFF}record,habit_id,habit,type,target,unit,schedule,notes,day,value,skipped,note\n"
            + "habit,,Water,count,8,glasses,daily,\"first line\nsecond line\",,,,\n"
            + "entry,,Water,,,,,,2025-02-01,6,,\n"
            + "entry,,Water,,,,,,2025-02-02,0,true,\"ill, stayed in\"\n"
        let world = try await ImportWorld()

        // When it is imported
        let report = try await world.importing(Data(csv.utf8))

        // Then the habit and its entries arrive
        let water = try #require(try await world.habit(named: "Water"))
        #expect(report.habitsAdded == ["Water"])
        #expect(water.habit.type == .count && water.habit.target == 8 && water.habit.unit == "glasses")
        #expect(water.habit.notes == "first line\nsecond line")
        #expect(water.completionCount(on: Fixtures.day("2025-02-01")) == 6)
        #expect(water.isSkipped(on: Fixtures.day("2025-02-02")))
        #expect(water.note(on: Fixtures.day("2025-02-02")) == "ill, stayed in")
        #expect(water.habit.createdOn == Fixtures.day("2025-02-01"))
        // and a second import finds the same habit by its derived id
        #expect(try await world.importing(Data(csv.utf8)).changesNothing)
    }

    @Test(
        "A broken CSV is refused with the line and the reason, and changes nothing",
        arguments: [
            ("record,habit_id,habit,day,value\nhabit,,A,,\nentry,,A,2025-02-30,1\n", "line 3"),
            (
                "record,habit_id,habit,day,value\nhabit,,A,,\nentry,,A,2025-02-01,lots\n",
                "value “lots” is not a number with at most three decimals"
            ),
            ("record,habit_id,habit,day,value\nhabit,,\"A,,\n", "never closed"),
            ("record,habit_id,habit,day,value\nentry,,Ghost,2025-02-01,1\n", "no habit row"),
            ("record,habit_id,habit,day,value\nrow,,A,,\n", "unknown record “row”"),
            ("record,habit_id,name\n", "no “habit” column"),
        ])
    func malformed(csv: String, message: String) async throws {
        // Given an account with data
        let world = try await ImportWorld()
        try await seed(world, with: richState())

        // When a broken CSV is imported
        let (error, unchanged) = try await rejection(Data(csv.utf8), in: world)

        // Then the error names the problem, and nothing changed
        let described = try #require(error).description
        #expect(described.contains(message), "\(described)")
        #expect(unchanged)
    }

    @Test("The CSV reader follows RFC 4180: quotes, doubled quotes, CRLF inside fields, empty fields")
    func rfc4180() throws {
        let records = try CSV.parse("a,\"b,c\",\"say \"\"hi\"\"\"\r\n,\"x\r\ny\",\r\n")
        #expect(records.map(\.fields) == [["a", "b,c", "say \"hi\""], ["", "x\r\ny", ""]])
        #expect(records.map(\.line) == [1, 2])
        #expect(CSV.line(["plain", "a,b", "q\"q", " pad"]) == "plain,\"a,b\",\"q\"\"q\",\" pad\"\r\n")
    }
}
