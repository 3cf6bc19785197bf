import Foundation
import TendCore
import TendTestSupport
import Testing

@testable import TendImport
@testable import TendStore

@Suite("Loop Habit Tracker backup import")
struct LoopDatabaseImportTests {
    /// An old backup: three habits, repetitions that are plain check-ins, a 12-color palette.
    static func version8File() throws -> Data {
        var builder = LoopDatabaseBuilder.version8()
        builder.sql(
            """
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, reminder_hour, reminder_min)
            VALUES (1, 0, 4, 'Drink a glass first thing', 1, 1, 0, 'Water', 0, 7, 30),
                   (2, 1, 11, '', 7, 3, 0, 'Gym', 1, NULL, NULL),
                   (3, 0, 2, NULL, 3, 1, 0, 'Plants', 2, NULL, NULL)
            """)
        for (habit, day) in [(1, "2016-05-01"), (1, "2016-05-02"), (2, "2016-05-02"), (3, "2016-05-03")] {
            builder.sql("INSERT INTO Repetitions (habit, timestamp) VALUES (\(habit), \(LoopDatabaseBuilder.timestamp(day)))")
        }
        return try builder.build()
    }

    /// A current backup: uuids, a numerical "at least" and "at most" habit, skips, automatic
    /// checks, notes, reminders on some weekdays.
    static func version25File() throws -> Data {
        var builder = LoopDatabaseBuilder.version25()
        builder.sql(
            """
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,
              reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)
            VALUES (1, 0, 8, 'Morning pages', 1, 1, 0, 'Journal', 0, 8, 15, 4 | 16 | 64, 0, 0, 0, '', 'Did you write?', '0123456789abcdef0123456789abcdef'),
                   (2, 0, 11, '', 7, 1, 0, 'Run', 1, NULL, NULL, 127, 1, 0, 5.0, 'km', '', 'fedcba9876543210fedcba9876543210'),
                   (3, 0, 0, '', 1, 1, 0, 'Coffee', 2, NULL, NULL, 127, 1, 1, 2.0, 'cups', 'How many?', 'aaaaaaaabbbbccccddddeeeeeeeeeeee')
            """)
        let rows: [(Int, String, Int, String?)] = [
            (1, "2024-03-01", 2, "three pages"),
            (1, "2024-03-02", 1, nil),  // automatic: not a check-in
            (1, "2024-03-03", 3, nil),  // skip
            (1, "2024-03-04", 0, "forgot"),  // no, with a note
            (1, "2024-03-05", -1, nil),  // unknown
            (2, "2024-03-01", 5_200, "easy"),
            (2, "2024-03-08", 10_500, nil),
            (3, "2024-03-01", 3_000, nil),
            (3, "2024-03-02", 1_499, nil),
        ]
        for (habit, day, value, note) in rows {
            let notes = note.map { "'\($0)'" } ?? "NULL"
            builder.sql(
                "INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (\(habit), \(LoopDatabaseBuilder.timestamp(day)), \(value), \(notes))"
            )
        }
        return try builder.build()
    }

    @Test("A schema 8 backup imports its habits, frequencies, old colors, reminder and check-ins")
    func version8() async throws {
        // Given an old Loop backup
        let world = try await ImportWorld()

        // When it is imported
        let report = try await world.importing(try Self.version8File(), filename: "Loop Habits Backup.db")

        // Then each habit is mapped, with a derived id and Loop's check-ins as entries
        #expect(report.format == .loopDatabase)
        #expect(report.habitsAdded == ["Water", "Gym", "Plants"])
        #expect(report.entriesAdded == 4)
        let water = try #require(try await world.habit(named: "Water"))
        #expect(water.habit.schedule == .daily)
        #expect(water.habit.type == .checkmark && water.habit.kind == .good && water.habit.target == 1)
        #expect(water.habit.notes == "Drink a glass first thing")
        #expect(water.habit.color == .green)  // old palette 4 is today's 7, green
        #expect(water.habit.reminders.map(\.time) == [try TimeOfDay(hour: 7, minute: 30)])
        #expect(water.habit.reminders.first?.weekdays == [])
        #expect(water.habit.createdOn == Fixtures.day("2016-05-01"))
        #expect(water.isCompleted(on: Fixtures.day("2016-05-02")))
        let gym = try #require(try await world.habit(named: "Gym"))
        #expect(gym.habit.schedule == .timesPerWeek(3))
        #expect(gym.habit.isArchived)
        #expect(gym.habit.color == .gray)  // old 11 is today's 17, dark grey
        let plants = try #require(try await world.habit(named: "Plants"))
        #expect(plants.habit.schedule == .timesInDays(times: 1, days: 3))
    }

    @Test("A schema 25 backup maps uuids, numbers ×1000, targets, skips, notes and reminder weekdays")
    func version25() async throws {
        // Given a current Loop backup
        let world = try await ImportWorld()

        // When it is imported
        let report = try await world.importing(try Self.version25File())

        // Then habits keep Loop's uuid as their id
        let state = try await world.state()
        let journalID = Habit.ID(rawValue: UUID(uuidString: "01234567-89AB-CDEF-0123-456789ABCDEF")!)
        let journal = try #require(state.habits[journalID])
        #expect(journal.habit.name == "Journal")
        #expect(journal.habit.notes == "Did you write?\n\nMorning pages")
        #expect(journal.habit.color == .mint)
        #expect(journal.habit.reminders.first?.time == (try TimeOfDay(hour: 8, minute: 15)))
        #expect(journal.habit.reminders.first?.weekdays == [.monday, .wednesday, .friday])
        // and yes/no values become check-ins, skips and notes, never automatic checks
        #expect(journal.completionCount(on: Fixtures.day("2024-03-01")) == 1)
        #expect(journal.note(on: Fixtures.day("2024-03-01")) == "three pages")
        #expect(journal.entry(on: Fixtures.day("2024-03-02")) == nil)
        #expect(journal.isSkipped(on: Fixtures.day("2024-03-03")))
        #expect(journal.entry(on: Fixtures.day("2024-03-04")) == Entry(day: Fixtures.day("2024-03-04"), note: "forgot"))
        #expect(journal.entry(on: Fixtures.day("2024-03-05")) == nil)
        #expect(report.skipped.contains { $0.contains("1 automatic checks") })
        // and numerical habits become counts: at least → good, at most → bad, Loop's thousandths
        // kept exactly
        let run = try #require(state.habits.values.first { $0.habit.name == "Run" })
        #expect(run.habit.type == .count && run.habit.kind == .good && run.habit.target == 5 && run.habit.unit == "km")
        #expect(run.habit.schedule == .timesPerWeek(1))
        #expect(run.completionCount(on: Fixtures.day("2024-03-01")) == 5.2)
        #expect(run.completionCount(on: Fixtures.day("2024-03-08")) == 10.5)
        let coffee = try #require(state.habits.values.first { $0.habit.name == "Coffee" })
        #expect(coffee.habit.kind == .bad && coffee.habit.target == 2 && coffee.habit.unit == "cups")
        #expect(coffee.completionCount(on: Fixtures.day("2024-03-01")) == 3)
        #expect(coffee.completionCount(on: Fixtures.day("2024-03-02")) == 1.499)
        #expect(coffee.habit.color == .red)
    }

    @Test("A Loop backup's fractions imported and exported again in Loop's layout are the same thousandths, and import back the same")
    func thousandthsRoundTrip() async throws {
        // Given a Loop backup with 5.2 km, 10.5 km and 1.499 cups
        let world = try await ImportWorld()
        _ = try await world.importing(try Self.version25File())

        // When it is exported in Loop's layout
        let zip = try await importer.exportLoopCSVZip(store: world.store, owner: world.owner)
        let reader = try ZipReader(zip, limits: .standard)
        func checkmarks(_ name: String) throws -> String {
            let path = try #require(reader.paths.first { $0.hasSuffix(" \(name)/Checkmarks.csv") })
            return String(decoding: try reader.contents(of: path), as: UTF8.self)
        }

        // Then Loop's numbers are the backup's, to the thousandth
        let run = try checkmarks("Run")
        #expect(run.contains("2024-03-01,5200,easy\r\n") && run.contains("2024-03-08,10500,\r\n"))
        let coffee = try checkmarks("Coffee")
        #expect(coffee.contains("2024-03-01,3000,\r\n") && coffee.contains("2024-03-02,1499,\r\n"))
        // and imported into another account, the amounts are the same again
        let other = try await ImportWorld(username: "other")
        _ = try await other.importing(zip)
        let copy = try #require(try await other.habit(named: "Coffee"))
        #expect(copy.completionCount(on: Fixtures.day("2024-03-02")) == Amount(thousandths: 1_499))
        #expect(try #require(try await other.habit(named: "Run")).completionCount(on: Fixtures.day("2024-03-01")) == 5.2)
    }

    @Test("Importing the same backup again changes nothing, with or without Loop's uuids", arguments: [8, 25])
    func reimport(version: Int) async throws {
        // Given an account that imported a backup
        let file = try version == 8 ? Self.version8File() : Self.version25File()
        let world = try await ImportWorld()
        try await world.importing(file)
        let state = try await world.state()
        let operations = try await world.operationCount()

        // When the same backup is imported again
        let report = try await world.importing(file)

        // Then the habits are found again and nothing changes
        #expect(report.changesNothing)
        #expect(report.habitsAdded.isEmpty)
        #expect(report.habitsMerged.count == 3)
        #expect(report.entriesAdded == 0)
        #expect(try await world.state() == state)
        #expect(try await world.operationCount() == operations)
    }

    @Test("A dry run of a backup reports the habits and entries and applies nothing")
    func dryRun() async throws {
        let world = try await ImportWorld()
        let report = try await world.importing(try Self.version25File(), dryRun: true)
        #expect(report.habitsAdded == ["Journal", "Run", "Coffee"])
        #expect(report.entriesAdded == 7)
        #expect(try await world.state().habits.isEmpty)
        #expect(try await world.operationCount() == 0)
    }

    @Test(
        "Loop frequencies become schedules: daily, N per week, N per month, X in Y days",
        arguments: [
            (1, 1, Schedule.daily), (7, 7, .daily), (3, 7, .timesPerWeek(3)), (1, 7, .timesPerWeek(1)),
            (10, 30, .timesPerMonth(10)), (4, 31, .timesPerMonth(4)), (1, 2, .timesInDays(times: 1, days: 2)),
            (1, 14, .timesInDays(times: 1, days: 14)), (3, 10, .timesInDays(times: 3, days: 10)),
            (2, 730, .timesInDays(times: 1, days: 365)), (0, 7, .daily), (5, 1, .daily),
        ])
    func frequencies(numerator: Int, denominator: Int, schedule: Schedule) {
        #expect(LoopMapping.schedule(numerator: numerator, denominator: denominator).0 == schedule)
    }

    @Test("Every Loop palette color maps to a Tend color, and Tend's colors survive a trip through Loop")
    func colors() {
        #expect(LoopMapping.tendColors.count == LoopMapping.palette.count)
        for color in HabitColor.allCases {
            #expect(LoopMapping.tendColors[LoopMapping.paletteIndex(color)] == color)
        }
        #expect(LoopMapping.paletteIndex(hex: "#d32f2f") == 0)
        #expect(LoopMapping.paletteIndex(hex: "#1A73E8") == 11)  // nearest: Loop's blue
    }

    @Test("Loop's reminder weekday bits count from Saturday")
    func weekdayBits() {
        #expect(LoopMapping.weekdays(fromMask: 1) == [.saturday])
        #expect(LoopMapping.weekdays(fromMask: 2) == [.sunday])
        #expect(LoopMapping.weekdays(fromMask: 127) == [])
        #expect(LoopMapping.mask([.monday, .friday]) == 4 | 64)
    }

    @Test("Loop's millisecond timestamps are UTC midnights of the local day")
    func timestamps() {
        #expect(LoopMapping.day(milliseconds: 1_709_251_200_000) == Fixtures.day("2024-03-01"))
        #expect(LoopMapping.day(milliseconds: 1_709_251_200_000 + 3_600_000) == Fixtures.day("2024-03-01"))
        #expect(LoopMapping.day(milliseconds: -86_400_000) == Fixtures.day("1969-12-31"))
        #expect(LoopMapping.day(milliseconds: Int64.max) == nil)
    }
}
