import Foundation
import TendCore
import TendImport
import TendTestSupport
import Testing

@testable import TendStore

/// HabitBull's CSV export, from a fixture of our own making in its documented layout.
@Suite("HabitBull CSV import")
struct HabitBullImportTests {
    /// A byte-order mark, CRLF line ends, a quoted comment with a comma, an ISO date with a time, a
    /// value with a fraction and one with more decimals than Tend keeps, a repeated day and a line whose date cannot be read.
    static let fixture = Data(
        ([0xEF, 0xBB, 0xBF] as [UInt8])
            + Array(
                """
                HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\r
                Meditate,Ten minutes of quiet,Health,2024-03-01T00:00:00.000Z,1,\r
                Meditate,Ten minutes of quiet,Health,2024-03-02T00:00:00.000Z,1,"felt calm, finally"\r
                Meditate,Ten minutes of quiet,Health,2024-03-03T00:00:00.000Z,0,\r
                Water,Glasses a day,Health,2024-03-01,6,\r
                Water,Glasses a day,Health,2024-03-02,8,hot day\r
                Water,,Health,2024-03-02,7,\r
                Write,,Work,2024-03-02,2.6,a chapter\r
                Write,,Work,2024-03-03,2.33333,\r
                Write,,Work,someday,1,\r

                """.utf8))

    @Test("Habits, schedules, days, values and notes as the file has them; what was adjusted is said")
    func readsTheFixture() async throws {
        let world = try await ImportWorld()
        #expect(importer.detectFormat(data: Self.fixture) == .habitBullCSV)

        // A dry run reports and changes nothing
        let dry = try await world.importing(Self.fixture, filename: "HabitBull.csv", dryRun: true)
        #expect(dry.format == .habitBullCSV && dry.dryRun)
        #expect(dry.habitsAdded == ["Meditate", "Water", "Write"])
        #expect(dry.entriesAdded == 6)
        #expect(try await world.state().habits.isEmpty)

        let report = try await world.importing(Self.fixture, filename: "HabitBull.csv")
        #expect(report.habitsAdded == ["Meditate", "Water", "Write"])
        #expect(report.adjustments.contains { $0.contains("“Water” and “Write” recorded amounts above 1") })
        // 2.6 is kept exactly; only what has more than three decimals is rounded, and said.
        #expect(report.adjustments.contains("1 value(s) with more than three decimals were rounded to thousandths."))
        #expect(report.adjustments.contains("1 line(s) repeated a habit's day: the last one is kept."))
        #expect(report.skipped.contains { $0.contains("line 10: “someday” is not a date") })

        let meditate = try #require(try await world.habit(named: "Meditate"))
        #expect(meditate.habit.type == .checkmark && meditate.habit.schedule == .daily)
        #expect(meditate.habit.notes == "Ten minutes of quiet")
        // The category becomes the group.
        #expect(meditate.habit.group == "Health")
        #expect(try #require(try await world.habit(named: "Write")).habit.group == "Work")
        #expect(meditate.habit.createdOn == Fixtures.day("2024-03-01"))
        #expect(
            meditate.entries.values.sorted { $0.day < $1.day } == [
                Entry(day: Fixtures.day("2024-03-01"), value: 1),
                Entry(day: Fixtures.day("2024-03-02"), value: 1, note: "felt calm, finally"),
            ])
        let water = try #require(try await world.habit(named: "Water"))
        #expect(water.habit.type == .count && water.habit.target == 1)
        #expect(water.entries.values.sorted { $0.day < $1.day }.map(\.value) == [6, 7])
        let write = try #require(try await world.habit(named: "Write"))
        #expect(write.entries.values.sorted { $0.day < $1.day }.map(\.value) == [2.6, 2.333])
        #expect(write.entries[Fixtures.day("2024-03-02")]?.note == "a chapter")
    }

    @Test("Importing the same file again adds nothing")
    func idempotent() async throws {
        let world = try await ImportWorld()
        try await world.importing(Self.fixture)
        let before = try await world.state()
        let again = try await world.importing(Self.fixture)
        #expect(again.habitsAdded.isEmpty && again.entriesAdded == 0)
        #expect(again.habitsMerged == ["Meditate", "Water", "Write"])
        #expect(try await world.state() == before)
    }

    @Test("A broken or oversized HabitBull file is refused whole, and nothing changes")
    func refusals() async throws {
        let world = try await ImportWorld()
        let header = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"
        let unterminated = Data((header + "Read,,,2024-03-01,1,\"never closed\n").utf8)
        let (error, unchanged) = try await rejection(unterminated, in: world)
        #expect(error != nil && unchanged)

        var limits = ImportLimits.standard
        limits.maximumHabits = 2
        let many = Data((header + (1...3).map { "Habit \($0),,,2024-03-01,1," }.joined(separator: "\n")).utf8)
        let (tooMany, same) = try await rejection(many, in: world, importer: TendImporter(limits: limits, now: { importNow }))
        #expect(tooMany == .tooMany(what: "habits", limit: 2))
        #expect(same)
        // A file that only looks like one (another first column) is not taken for HabitBull's
        #expect(importer.detectFormat(data: Data("Name,HabitDescription,HabitCategory,CalendarDate,Value\n".utf8)) == nil)
    }
}
