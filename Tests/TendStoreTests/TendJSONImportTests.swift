import Foundation
import TendCore
import TendImport
import TendSQLite
import TendStore
import TendTestSupport
import Testing

@Suite("Tend JSON export and import")
struct TendJSONImportTests {
    @Test("The seeded fixture is what the store holds, so the round trips below start from known data")
    func seedIsFaithful() async throws {
        // Given a user seeded with one of everything
        let world = try await ImportWorld()
        try await seed(world, with: richState())

        // Then the store holds exactly that state
        #expect(try await world.state() == richState())
    }

    @Test("An export wraps the user's state as {format: tend, version: 1, …}")
    func exportEnvelope() async throws {
        // Given a user with data
        let world = try await ImportWorld()
        try await seed(world, with: richState())

        // When it is exported
        let data = try await importer.exportJSON(store: world.store, owner: world.owner)

        // Then the top level names the format and version beside the state's fields
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "tend")
        #expect(object["version"] as? Int == 1)
        #expect(Set(object.keys) == ["format", "version", "settings", "habits", "routines", "groups", "tips"])
        let habits = try #require(object["habits"] as? [[String: Any]])
        #expect(habits.count == 4)
        #expect((habits[0]["entries"] as? [Any])?.count == 3)
    }

    @Test("Export, import into an empty account and export again give the same bytes")
    func roundTrip() async throws {
        // Given a user with one of everything, exported
        let source = try await ImportWorld(username: "source")
        try await seed(source, with: richState())
        let exported = try await importer.exportJSON(store: source.store, owner: source.owner)

        // When the file is imported into a new, empty account
        let target = try await ImportWorld(username: "target")
        let report = try await target.importing(exported, filename: "tend.json")

        // Then the new account holds the same state and exports the same bytes
        #expect(try await target.state() == richState())
        let again = try await importer.exportJSON(store: target.store, owner: target.owner)
        #expect(again == exported)
        #expect(report.format == .tendJSON)
        #expect(report.habitsAdded.count == 4)
        #expect(report.entriesAdded == 7)
        #expect(report.routinesAdded == ["Evening"])
        #expect(report.settingsApplied)
        #expect(report.adjustments.isEmpty)
    }

    @Test("Importing the same file again adds nothing and logs no operation")
    func reimportIsIdempotent() async throws {
        // Given an account that imported a file
        let world = try await ImportWorld()
        let file = try TendJSONFormat.encode(richState())
        try await world.importing(file)
        let state = try await world.state()
        let operations = try await world.operationCount()

        // When the same file is imported again
        let report = try await world.importing(file)

        // Then nothing is added or changed
        #expect(report.changesNothing)
        #expect(report.habitsAdded.isEmpty)
        #expect(report.habitsMerged.count == 4)
        #expect(report.entriesAdded == 0)
        #expect(report.entriesUnchanged == 7)
        #expect(report.entriesKept == 0)
        #expect(report.routinesMerged == ["Evening"])
        #expect(try await world.state() == state)
        #expect(try await world.operationCount() == operations)
    }

    @Test("A dry run reports what would happen and changes nothing")
    func dryRun() async throws {
        // Given an empty account
        let world = try await ImportWorld()
        let before = try await world.state()

        // When a file is imported as a dry run
        let report = try await world.importing(try TendJSONFormat.encode(richState()), dryRun: true)

        // Then the report counts what would be added, and the account and op log are untouched
        #expect(report.dryRun)
        #expect(report.habitsAdded.count == 4)
        #expect(report.entriesAdded == 7)
        #expect(report.changeCount > 0)
        #expect(report.description.contains("Nothing was changed (dry run)."))
        #expect(try await world.state() == before)
        #expect(try await world.operationCount() == 0)
    }

    @Test("An entry the user changed since keeps the user's value, and the report says so")
    func existingValueWins() async throws {
        // Given an account that imported a file and then changed one day
        let world = try await ImportWorld()
        let file = try TendJSONFormat.encode(richState())
        try await world.importing(file)
        let read = Habit.ID(rawValue: UUID(uuidString: "11111111-1111-4111-8111-111111111111")!)
        _ = try await world.store.setValue(owner: world.owner, habit: read, day: Fixtures.day("2025-01-03"), 12)
        try await world.store.deleteHabit(
            owner: world.owner, id: Habit.ID(rawValue: UUID(uuidString: "22222222-2222-4222-8222-222222222222")!))

        // When the file is imported again
        let report = try await world.importing(file)

        // Then the changed day keeps 12, the deleted habit comes back, and the report explains
        let tracked = try #require(try await world.state().habits[read])
        #expect(tracked.completionCount(on: Fixtures.day("2025-01-03")) == 12)
        #expect(report.entriesKept == 1)
        #expect(report.kept.contains { $0.contains("Read") && $0.contains("2025-01-03") })
        #expect(report.habitsAdded == ["No smoking"])
        #expect(report.settingsApplied == false)
    }

    @Test("Settings in the file are not applied to an account that already has data")
    func settingsOnlyForEmptyAccounts() async throws {
        // Given an account with a habit of its own
        let world = try await ImportWorld()
        _ = try await world.store.createHabit(owner: world.owner, Habit(name: "Mine", createdOn: Fixtures.day("2025-01-01")))

        // When a file with other settings is imported
        let report = try await world.importing(try TendJSONFormat.encode(richState()))

        // Then the account's settings stay, the habits come in after the user's own
        let state = try await world.state()
        #expect(state.settings == UserSettings())
        #expect(report.kept.contains { $0.contains("settings") })
        #expect(state.orderedHabits.first?.habit.name == "Mine")
        #expect(state.orderedHabits.count == 5)
    }

    @Test(
        "A file that is not a valid Tend export is refused with a clear message and changes nothing",
        arguments: [
            ("{\"format\":\"tend\",\"version\":1,\"habits\":[{\"id\":", "cut off"),
            ("{\"format\":\"other\",\"version\":1}", "“other” file"),
            ("{\"format\":\"tend\",\"version\":2}", "version 2"),
            ("{\"version\":1,\"habits\":[]}", "no \"format\""),
            ("{\"format\":\"tend\",\"version\":1,\"habits\":\"many\"}", "habits should be a list"),
            (
                "{\"format\":\"tend\",\"version\":1,\"habits\":[{\"id\":\"11111111-1111-4111-8111-111111111111\",\"name\":\"A\",\"createdOn\":\"2025-01-01\",\"target\":\"lots\"}]}",
                "habits[0].target should be a number"
            ),
            (
                "{\"format\":\"tend\",\"version\":1,\"habits\":[{\"id\":\"11111111-1111-4111-8111-111111111111\",\"name\":\"A\",\"createdOn\":\"2025-01-01\",\"entries\":[{\"day\":\"2025-01-02\",\"value\":-4}]}]}",
                "cannot be negative"
            ),
            (
                "{\"format\":\"tend\",\"version\":1,\"habits\":[{\"id\":\"11111111-1111-4111-8111-111111111111\",\"name\":\"A\",\"createdOn\":\"2025-13-01\"}]}",
                "habits[0].createdOn"
            ),
            ("[1, 2, 3]", "cannot be read"),
        ])
    func malformed(json: String, message: String) async throws {
        // Given an account with data
        let world = try await ImportWorld()
        try await seed(world, with: richState())

        // When a malformed file is imported
        let (error, unchanged) = try await rejection(Data(json.utf8), in: world)

        // Then it is refused with a message that says why, and nothing changed
        let described = try #require(error).description
        #expect(described.contains(message), "\(described)")
        #expect(unchanged)
    }
}
