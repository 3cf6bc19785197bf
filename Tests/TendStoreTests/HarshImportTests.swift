import Foundation
import TendCore
import TendImport
import TendTestSupport
import Testing

@testable import TendStore

/// harsh's `habits` and `log` files, from fixtures of our own making in its documented layout.
@Suite("harsh import")
struct HarshImportTests {
    static let habits = """
        # Habits file format: Name: frequency
        ! Morning
        Meditated: 1
        Pullups: 3/7

        ! Weekly
        Called Mom: 1w
        Cleaned house: 7
        ! Tracking only
        Coffee: 0

        """

    /// Yes, no and skip; a comment; an amount with and without a comment (harsh leaves out empty
    /// fields); a fraction, and one with more decimals than Tend keeps; a habit only the log names; a date and a result that cannot be read.
    static let log = """
        2025-01-06 : Meditated : y
        2025-01-07 : Meditated : n
        2025-01-08 : Meditated : s : travelling
        2025-01-06 : Pullups : y : New personal record : 25
        2025-01-08 : Pullups : y : 12.5
        2025-01-10 : Pullups : y : 10.33333
        2025-01-07 : Coffee : y
        2025-01-07 : Stretched : y : before bed
        2025-13-01 : Meditated : y
        2025-01-09 : Meditated : maybe

        """

    @Test("Habits, schedules, days, values, skips and notes as the files have them; what was adjusted is said")
    func readsBothFiles() async throws {
        let data = Data((Self.habits + Self.log).utf8)
        #expect(importer.detectFormat(data: data) == .harsh)
        let world = try await ImportWorld()
        let report = try await world.importing(data, filename: "harsh")
        #expect(report.format == .harsh)
        #expect(report.habitsAdded == ["Meditated", "Pullups", "Called Mom", "Cleaned house", "Coffee", "Stretched"])
        #expect(report.entriesAdded == 7)
        #expect(report.adjustments.contains { $0.contains("“Pullups” recorded amounts") })
        #expect(report.adjustments.contains { $0.contains("“Coffee” are tracking only in harsh") })
        #expect(report.adjustments.contains { $0.contains("“Stretched” appear only in the log") })
        // 12.5 is kept exactly; only what has more than three decimals is rounded, and said.
        #expect(report.adjustments.contains("1 amount(s) with more than three decimals were rounded to thousandths."))
        #expect(report.skipped.contains { $0.hasPrefix("2 line(s) could not be read") })

        let meditated = try #require(try await world.habit(named: "Meditated"))
        #expect(meditated.habit.schedule == .daily && meditated.habit.type == .checkmark)
        // A `! Heading` is the group of the habits under it.
        #expect(meditated.habit.group == "Morning")
        #expect(try #require(try await world.habit(named: "Coffee")).habit.group == "Tracking only")
        #expect(try #require(try await world.habit(named: "Coffee")).habit.kind == .measure)
        #expect(try #require(try await world.habit(named: "Stretched")).habit.group == "")
        #expect(
            meditated.entries.values.sorted { $0.day < $1.day } == [
                Entry(day: Fixtures.day("2025-01-06"), value: 1),
                Entry(day: Fixtures.day("2025-01-08"), isSkipped: true, note: "travelling"),
            ])
        let pullups = try #require(try await world.habit(named: "Pullups"))
        #expect(pullups.habit.schedule == .timesPerWeek(3) && pullups.habit.type == .count)
        #expect(
            pullups.entries.values.sorted { $0.day < $1.day } == [
                Entry(day: Fixtures.day("2025-01-06"), value: 25, note: "New personal record"),
                Entry(day: Fixtures.day("2025-01-08"), value: 12.5),
                Entry(day: Fixtures.day("2025-01-10"), value: 10.333),
            ])
        #expect(try #require(try await world.habit(named: "Called Mom")).habit.schedule == .timesPerWeek(1))
        #expect(try #require(try await world.habit(named: "Cleaned house")).habit.schedule == .timesPerWeek(1))
        #expect(try #require(try await world.habit(named: "Coffee")).habit.schedule == .daily)
        #expect(try #require(try await world.habit(named: "Stretched")).entries.values.first?.note == "before bed")

        // The same files again add nothing
        let before = try await world.state()
        let again = try await world.importing(data)
        #expect(again.habitsAdded.isEmpty && again.entriesAdded == 0)
        #expect(try await world.state() == before)
    }

    @Test("The log alone, the habits file alone, or a ZIP of both (in a folder) import the same habits")
    func eachFileAndTheZip() async throws {
        let logOnly = try await ImportWorld()
        let fromLog = try await logOnly.importing(Data(Self.log.utf8))
        #expect(fromLog.format == .harsh && fromLog.habitsAdded == ["Meditated", "Pullups", "Coffee", "Stretched"])

        let habitsOnly = try await ImportWorld()
        let fromHabits = try await habitsOnly.importing(Data(Self.habits.utf8))
        #expect(fromHabits.habitsAdded.count == 5 && fromHabits.entriesAdded == 0)

        let zipped = try makeZip([("harsh/habits", Self.habits), ("harsh/log", Self.log)])
        #expect(importer.detectFormat(data: zipped) == .harsh)
        let fromZip = try await ImportWorld()
        let report = try await fromZip.importing(zipped, filename: "harsh.zip")
        #expect(report.habitsAdded.count == 6 && report.entriesAdded == 7)
        // Both imports of the same habits give them the same ids
        let ids = Set(try await fromZip.state().habits.keys)
        #expect(Set(try await logOnly.state().habits.keys).isSubset(of: ids))
    }

    @Test("Text that is not harsh's is not taken for it; a file with nothing readable is refused and nothing changes")
    func refusals() async throws {
        #expect(importer.detectFormat(data: Data("hello\nworld\n".utf8)) == nil)
        #expect(importer.detectFormat(data: Data("Meditated: daily\n".utf8)) == nil)
        let world = try await ImportWorld()
        let (error, unchanged) = try await rejection(Data("! Heading\nnot a habit line\n".utf8), in: world)
        #expect(error != nil && unchanged)
        var limits = ImportLimits.standard
        limits.maximumEntries = 2
        let (tooMany, same) = try await rejection(
            Data(Self.log.utf8), in: world, importer: TendImporter(limits: limits, now: { importNow }))
        #expect(tooMany == .tooMany(what: "entries", limit: 2))
        #expect(same)
    }
}
