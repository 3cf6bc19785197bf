import Foundation
import TendCore
import TendImport
import TendTestSupport
import Testing

@testable import TendStore

/// Beaver Habit Tracker's JSON export, from a fixture of our own making in its layout.
@Suite("Beaver Habit Tracker import")
struct BeaverImportTests {
    /// Manual order, tags, periods, an archived and a deleted habit, done and undone records with
    /// notes, a skipped day, a habit without an id and a record whose day cannot be read.
    static let fixture = Data(
        #"""
        {
          "habits": [
            {"id": "a1", "name": "Read", "tags": ["evening", "mind"], "star": true,
             "period": {"period_type": "W", "period_count": 1, "target_count": 3},
             "records": [
               {"day": "2025-02-03", "done": true, "text": "a chapter"},
               {"day": "2025-02-04", "done": false},
               {"day": "2025-02-05", "done": false, "text": "too tired"},
               {"day": "2025-02-06", "done": false, "state": "SKIPPED"},
               {"day": "someday", "done": true}
             ]},
            {"id": "b2", "name": "Floss", "status": "archive", "records": [{"day": "2024-12-31", "done": true}]},
            {"id": "c3", "name": "Old habit", "status": "soft_delete", "records": []},
            {"name": "Walk", "tags": ["health"],
             "period": {"period_type": "D", "period_count": 2, "target_count": 1},
             "records": [{"day": "2025-02-01", "done": true}]}
          ],
          "order": ["b2", "a1"],
          "order_by": "manually"
        }
        """#.utf8)

    @Test("Habits in Beaver's order with their schedules, archived state, tags, days and notes; deletions reported")
    func readsTheFixture() async throws {
        #expect(importer.detectFormat(data: Self.fixture) == .beaverJSON)
        let world = try await ImportWorld()
        let report = try await world.importing(Self.fixture, filename: "beaverhabits.json")
        #expect(report.format == .beaverJSON)
        #expect(report.habitsAdded == ["Floss", "Read", "Walk"])
        #expect(report.entriesAdded == 5)
        #expect(report.skipped.contains("“Old habit” deleted in Beaver: not imported."))
        #expect(report.skipped.contains { $0.hasPrefix("1 record(s) could not be read") })

        let read = try #require(try await world.habit(named: "Read"))
        #expect(read.habit.schedule == .timesPerWeek(3))
        #expect(read.habit.tags == ["evening", "mind"] && read.habit.group.isEmpty)
        #expect(
            read.entries.values.sorted { $0.day < $1.day } == [
                Entry(day: Fixtures.day("2025-02-03"), value: 1, note: "a chapter"),
                Entry(day: Fixtures.day("2025-02-05"), value: 0, note: "too tired"),
                Entry(day: Fixtures.day("2025-02-06"), isSkipped: true),
            ])
        let floss = try #require(try await world.habit(named: "Floss"))
        #expect(floss.habit.isArchived)
        let walk = try #require(try await world.habit(named: "Walk"))
        #expect(walk.habit.schedule == .timesInDays(times: 1, days: 2))
        #expect(walk.habit.tags == ["health"])

        let before = try await world.state()
        let again = try await world.importing(Self.fixture)
        #expect(again.habitsAdded.isEmpty && again.entriesAdded == 0)
        #expect(try await world.state() == before)
    }

    @Test("Tend's own export is not taken for Beaver's; a broken Beaver file is refused and nothing changes")
    func refusals() async throws {
        let world = try await ImportWorld()
        let tend = try TendJSONFormat.encode(UserState())
        #expect(importer.detectFormat(data: tend) == .tendJSON)
        let broken = Data(#"{"habits": [{"name": "Read", "records": [{"day": 5}]}]}"#.utf8)
        let (error, unchanged) = try await rejection(broken, in: world)
        #expect(error != nil && unchanged)
        var limits = ImportLimits.standard
        limits.maximumHabits = 2
        let (tooMany, same) = try await rejection(Self.fixture, in: world, importer: TendImporter(limits: limits, now: { importNow }))
        #expect(tooMany == .tooMany(what: "habits", limit: 2))
        #expect(same)
    }
}
