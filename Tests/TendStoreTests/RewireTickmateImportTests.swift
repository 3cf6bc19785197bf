import Foundation
import TendCore
import TendImport
import TendTestSupport
import Testing

@testable import TendStore

/// Rewire's and Tickmate's SQLite databases, built here from the tables Loop Habit Tracker's
/// importers read (our own fixtures: no file of theirs is copied).
@Suite("Rewire and Tickmate imports")
struct RewireTickmateImportTests {
    static func rewire() throws -> Data {
        var builder = LoopDatabaseBuilder(version: 0)
        builder.sql(
            """
            CREATE TABLE habits (_id INTEGER PRIMARY KEY, name TEXT, description TEXT, schedule INTEGER,
              active_days TEXT, repeating_count INTEGER, days INTEGER, period INTEGER)
            """)
        builder.sql("CREATE TABLE checkins (_id INTEGER PRIMARY KEY, habit_id INTEGER, date TEXT, type INTEGER)")
        builder.sql("CREATE TABLE unit (_id INTEGER PRIMARY KEY, name TEXT)")
        builder.sql("CREATE TABLE reminders (_id INTEGER PRIMARY KEY, habit_id INTEGER, time INTEGER, active_days TEXT)")
        builder.sql(
            """
            INSERT INTO habits VALUES
              (1, 'Gym', 'Lift and stretch', 0, '1,3,5', 0, 0, 0),
              (2, 'Call family', '', 1, '', 0, 2, 1),
              (3, 'Water plants', NULL, 2, '', 3, 0, 0)
            """)
        builder.sql(
            """
            INSERT INTO checkins (habit_id, date, type) VALUES
              (1, '20250106', 2), (1, '20250108', 2), (1, '20250107', 1), (2, '20250110', 2), (3, '20250230', 2)
            """)
        return try builder.build()
    }

    static func tickmate() throws -> Data {
        var builder = LoopDatabaseBuilder(version: 0)
        builder.sql("CREATE TABLE tracks (_id INTEGER PRIMARY KEY, name TEXT, description TEXT, enabled INTEGER)")
        builder.sql("CREATE TABLE track2groups (_id INTEGER PRIMARY KEY, _track_id INTEGER, _group_id INTEGER)")
        builder.sql("CREATE TABLE ticks (_id INTEGER PRIMARY KEY, _track_id INTEGER, year INTEGER, month INTEGER, day INTEGER)")
        builder.sql("INSERT INTO tracks VALUES (1, 'Coffee', 'Cups a day', 1), (2, 'Journal', NULL, 1)")
        // Tickmate's groups: Coffee is in two (it keeps the first), Journal in none.
        builder.sql("CREATE TABLE groups (_id INTEGER PRIMARY KEY, name TEXT, description TEXT)")
        builder.sql("INSERT INTO groups VALUES (1, 'Body', ''), (2, 'Treats', '')")
        builder.sql("INSERT INTO track2groups (_track_id, _group_id) VALUES (1, 2), (1, 1)")
        // Months count from 0: 0 is January. Coffee twice on the 6th; a 13th month is unreadable.
        builder.sql(
            """
            INSERT INTO ticks (_track_id, year, month, day) VALUES
              (1, 2025, 0, 6), (1, 2025, 0, 6), (1, 2025, 0, 7), (2, 2024, 11, 31), (2, 2025, 12, 1)
            """)
        return try builder.build()
    }

    @Test("Rewire: habits with their schedules and notes, done check-ins as days; other kinds and bad dates reported")
    func rewireDatabase() async throws {
        let data = try Self.rewire()
        #expect(importer.detectFormat(data: data) == .rewireDatabase)
        let world = try await ImportWorld()
        let report = try await world.importing(data, filename: "rewire.db")
        #expect(report.format == .rewireDatabase)
        #expect(report.habitsAdded == ["Gym", "Call family", "Water plants"])
        #expect(report.entriesAdded == 3)
        #expect(report.skipped.contains("1 check-ins of Rewire's other kinds (not “done”) are not imported."))
        #expect(report.skipped.contains("1 check-ins without a habit or with an impossible date are not imported."))
        let gym = try #require(try await world.habit(named: "Gym"))
        #expect(gym.habit.schedule == .timesPerWeek(3) && gym.habit.notes == "Lift and stretch")
        #expect(gym.entries.values.map(\.day).sorted() == [Fixtures.day("2025-01-06"), Fixtures.day("2025-01-08")])
        #expect(try #require(try await world.habit(named: "Call family")).habit.schedule == .timesPerMonth(2))
        #expect(try #require(try await world.habit(named: "Water plants")).habit.schedule == .timesInDays(times: 1, days: 3))

        let before = try await world.state()
        let again = try await world.importing(data)
        #expect(again.habitsAdded.isEmpty && again.entriesAdded == 0)
        #expect(try await world.state() == before)
    }

    @Test("Tickmate: tracks as daily habits, ticks as days (months from 0), several ticks a day as a count")
    func tickmateDatabase() async throws {
        let data = try Self.tickmate()
        #expect(importer.detectFormat(data: data) == .tickmateDatabase)
        let world = try await ImportWorld()
        let report = try await world.importing(data, filename: "tickmate.db")
        #expect(report.format == .tickmateDatabase)
        #expect(report.habitsAdded == ["Coffee", "Journal"])
        #expect(report.adjustments.contains { $0.hasPrefix("“Coffee” were ticked several times a day") })
        #expect(report.skipped.contains("1 ticks without a track or with an impossible date are not imported."))
        let coffee = try #require(try await world.habit(named: "Coffee"))
        #expect(coffee.habit.type == .count && coffee.habit.notes == "Cups a day" && coffee.habit.group == "Body")
        #expect(coffee.entries.values.sorted { $0.day < $1.day }.map(\.value) == [2, 1])
        let journal = try #require(try await world.habit(named: "Journal"))
        #expect(journal.habit.type == .checkmark && journal.habit.group == "")
        #expect(journal.entries.values.map(\.day) == [Fixtures.day("2024-12-31")])
    }

    @Test("Hostile or incomplete Rewire and Tickmate files are refused whole, and nothing changes")
    func refusals() async throws {
        let world = try await ImportWorld()
        // A trigger on a table the reader reads
        var triggered = LoopDatabaseBuilder(version: 0)
        triggered.sql("CREATE TABLE tracks (_id INTEGER PRIMARY KEY, name TEXT, description TEXT)")
        triggered.sql("CREATE TABLE track2groups (_id INTEGER PRIMARY KEY)")
        triggered.sql("CREATE TABLE ticks (_id INTEGER PRIMARY KEY, _track_id INTEGER, year INTEGER, month INTEGER, day INTEGER)")
        triggered.sql("CREATE TRIGGER t AFTER INSERT ON ticks BEGIN SELECT 1; END")
        let (error, unchanged) = try await rejection(try triggered.build(), in: world)
        #expect(error == .invalidData("in this Tickmate database, its ticks table has triggers"))
        #expect(unchanged)
        // A Rewire file without the columns the reader needs
        var bare = LoopDatabaseBuilder(version: 0)
        bare.sql("CREATE TABLE habits (_id INTEGER PRIMARY KEY)")
        bare.sql("CREATE TABLE checkins (_id INTEGER PRIMARY KEY, habit_id INTEGER, date TEXT)")
        bare.sql("CREATE TABLE unit (_id INTEGER PRIMARY KEY)")
        let (missing, same) = try await rejection(try bare.build(), in: world)
        #expect(missing == .invalidData("in this Rewire database, its habits table has no “name” column"))
        #expect(same)
        // Too many check-ins for the limits
        var limits = ImportLimits.standard
        limits.maximumEntries = 2
        let (tooMany, stillSame) = try await rejection(
            try Self.rewire(), in: world, importer: TendImporter(limits: limits, now: { importNow }))
        #expect(tooMany == .tooMany(what: "entries", limit: 2))
        #expect(stillSame)
    }
}
