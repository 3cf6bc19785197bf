import Foundation
import TendCore
import TendTestSupport
import Testing

@testable import TendImport
@testable import TendSQLite
@testable import TendStore

@Suite("Imports keep what real exports hold and adjust it visibly")
struct ImportAdjustmentTests {
    /// A Loop backup with what Loop's screens allow but Tend's do not: duplicate and empty names,
    /// a habit with id 0, an odd color, an impossible target, odd values and dates.
    static func unrulyBackup() throws -> Data {
        var builder = LoopDatabaseBuilder.version25()
        builder.sql(
            """
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,
              reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)
            VALUES (0, 0, 99, '', 1, 1, 0, 'Read', 0, 25, 0, 127, 0, 0, 0, '', '', NULL),
                   (1, 0, 3, '', 1, 1, 0, 'read', 1, NULL, NULL, 127, 0, 0, 0, '', '', NULL),
                   (2, 0, 5, '', 1, 1, 0, '   ', 2, NULL, NULL, 127, 1, 0, 5000000000, 'steps', '', 'not-a-uuid'),
                   (3, 0, 5, '', 500, 400, 0, 'Odd', 3, NULL, NULL, 127, 1, 0, -2, '', '', NULL)
            """)
        let rows: [(Int, Int64, Int64)] = [
            (0, LoopDatabaseBuilder.timestamp("2024-01-01"), 2),
            (0, LoopDatabaseBuilder.timestamp("2024-01-02"), 7),  // not a Loop value
            (2, LoopDatabaseBuilder.timestamp("2024-01-01"), 9_000_000_000_000_000),  // huge
            (2, LoopDatabaseBuilder.timestamp("2024-01-02"), -5_000),  // negative
            (3, 32_503_680_000_000 + 86_400_000 * 400, 2_000),  // the year 3001
            (3, LoopDatabaseBuilder.timestamp("2024-01-03"), 2_000),
        ]
        for (habit, timestamp, value) in rows {
            builder.sql("INSERT INTO Repetitions (habit, timestamp, value) VALUES (\(habit), \(timestamp), \(value))")
        }
        return try builder.build()
    }

    @Test("Duplicate and empty names, id 0, odd colors, targets and values are adjusted and reported")
    func unruly() async throws {
        // Given an account that already has a habit called "Habit 3"
        let world = try await ImportWorld()
        _ = try await world.store.createHabit(owner: world.owner, Habit(name: "Habit 3", createdOn: Fixtures.day("2024-01-01")))

        // When a backup full of oddities is imported
        let report = try await world.importing(try Self.unrulyBackup())

        // Then every habit is kept, renamed where needed
        #expect(report.habitsAdded == ["Read", "read (2)", "Habit 3 (2)", "Odd"])
        let state = try await world.state()
        #expect(state.habits.count == 5)
        for tracked in state.habits.values { #expect(throws: Never.self) { try tracked.habit.validate() } }
        // and each change is said in words
        let lines = report.adjustments + report.skipped
        func said(_ fragment: String) -> Bool { lines.contains { $0.contains(fragment) } }
        #expect(said("“read”: the name is already used, so this habit is called “read (2)”"))
        #expect(said("habit 3 of the file has no name, so it is called “Habit 3 (2)”"))
        #expect(said("Loop color 99 is not in Loop's palette, so it is blue"))
        #expect(said("reminder time 25:0 is not a time of day"))
        #expect(said("target 5000000000 is outside 0.001…1000000, so it is 1000000"))
        #expect(said("target -2 is outside 0.001…1000000, so it is 1"))
        #expect(said("frequency 400/500"))
        #expect(said("values Loop does not define (first: 7)"))
        #expect(said("values above 1000000000 were lowered"))
        #expect(said("negative value are not imported"))
        #expect(said("on days before 2000-01-01 or after today (2025-03-10) are not imported"))
        #expect(report.entriesSkipped >= 2)
        // and what could be kept is there
        let steps = try #require(state.habits.values.first { $0.habit.name == "Habit 3 (2)" })
        #expect(steps.completionCount(on: Fixtures.day("2024-01-01")) == EntryCommand.maximumValue)
        let read = try #require(state.habits.values.first { $0.habit.name == "Read" })
        #expect(read.habit.color == .blue)
        #expect(read.entries.count == 1)
        let odd = try #require(state.habits.values.first { $0.habit.name == "Odd" })
        #expect(odd.habit.schedule == .timesInDays(times: 292, days: 365))
        #expect(odd.completionCount(on: Fixtures.day("2024-01-03")) == 2)
        // and importing it again changes nothing
        #expect(try await world.importing(try Self.unrulyBackup()).changesNothing)
    }

    @Test("A Tend file with an invalid emoji, a duplicate id, bad schedule and a name taken gets each fixed")
    func tendFile() async throws {
        // Given an account with a habit named "Walk"
        let world = try await ImportWorld()
        _ = try await world.store.createHabit(owner: world.owner, Habit(name: "Walk", createdOn: Fixtures.day("2024-01-01")))
        let id = "66666666-6666-4666-8666-666666666666"
        let json = """
            {"format":"tend","version":1,"habits":[
              {"id":"\(id)","name":"walk","emoji":"not an emoji","createdOn":"2024-01-01","color":"blue",
               "schedule":{"type":"timesPerWeek","times":9},"target":3,"notes":"a\\u0000b","unit":"",
               "entries":[{"day":"2024-01-02","value":1,"isSkipped":true},{"day":"2024-01-03","value":1,"note":""},
                          {"day":"2024-01-04","value":1,"note":"x\\u0000y"}]},
              {"id":"88888888-8888-4888-8888-888888888888","name":"Tab\\tname","createdOn":"2024-01-01"},
              {"id":"\(id)","name":"Twin\\nline","createdOn":"2024-01-01","kind":"bad","type":"count","target":-5}
            ],"routines":[{"id":"77777777-7777-4777-8777-777777777777","name":"  ","start":"07:00","weekdays":[],"color":"red","habitIDs":["\(id)"],"order":0}]}
            """

        // When it is imported
        let report = try await world.importing(Data(json.utf8))

        // Then both habits are kept and every adjustment is reported
        let state = try await world.state()
        #expect(state.habits.count == 4)
        #expect(report.habitsAdded == ["walk (2)", "Tab name", "Twin line"])
        let walk = try #require(state.habits[Habit.ID(rawValue: UUID(uuidString: id)!)])
        #expect(walk.habit.emoji == Habit.defaultEmoji)
        #expect(walk.habit.target == 1)
        #expect(walk.habit.schedule == .timesPerWeek(7))
        #expect(walk.isSkipped(on: Fixtures.day("2024-01-02")) && walk.completionCount(on: Fixtures.day("2024-01-02")) == 0)
        // NUL characters (which PostgreSQL's text cannot hold) are taken out of notes.
        #expect(walk.habit.notes == "ab" && walk.note(on: Fixtures.day("2024-01-04")) == "xy")
        let twin = try #require(state.habits.values.first { $0.habit.name == "Twin line" })
        #expect(twin.id != walk.id)
        #expect(twin.habit.target == 0)
        let routine = try #require(state.routines.routines.first)
        #expect(routine.name == "Routine 1")
        #expect(routine.weekdays == Set(Weekday.allCases))
        #expect(routine.habitIDs == [walk.id])
        for fragment in [
            "emoji “not an emoji” is not a single emoji", "target 3 is outside 1…1, so it is 1", "times per week must be 1 to 7",
            "both skipped and given a value", "is used by another habit of the file", "the name was made one line",
            "target -5 is outside 0…1000000, so it is 0", "routine 1 of the file has no name", "it had no weekdays",
            "NUL characters were taken out of its notes",
        ] {
            #expect(report.adjustments.contains { $0.contains(fragment) }, "\(fragment)")
        }
    }

    @Test("The report reads as sentences: counts first, then what was adjusted, left out and kept")
    func reportText() async throws {
        let world = try await ImportWorld()
        let report = try await world.importing(try LoopDatabaseImportTests.version25File(), dryRun: true)
        let text = report.description
        #expect(text.hasPrefix("Dry run of an import from a Loop Habit Tracker backup:"))
        #expect(text.contains("habits: 3 added, 0 already there"))
        #expect(text.contains("entries: 7 added, 0 unchanged, 0 kept as you had them, 1 not imported"))
        #expect(text.contains("Not imported:\n  - “Journal”: 1 automatic checks"))
    }

    @Test("An import that would take a person past 1,000 habits is refused whole; one that reaches 1,000, or merges, is not")
    func habitLimit() throws {
        let today = Fixtures.day("2025-03-10")
        let mine = (0..<998).map { TrackedHabit(habit: Habit(name: "Habit \($0)", order: $0, createdOn: Fixtures.day("2025-01-01"))) }
        let state = UserState(habits: mine)
        func file(_ names: [String]) -> ImportedData {
            ImportedData(format: .tendJSON, habits: names.map { ImportedHabit(habit: Habit(name: $0, createdOn: today), entries: []) })
        }
        #expect(try ImportPlanner.plan(file(["Run", "Read"]), into: state, today: today).report.habitsAdded == ["Run", "Read"])
        #expect(throws: ImportError.self) { try ImportPlanner.plan(file(["Run", "Read", "Swim"]), into: state, today: today) }
        do {
            _ = try ImportPlanner.plan(file(["Run", "Read", "Swim"]), into: state, today: today, dryRun: true)
            Issue.record("a preview says it too")
        } catch {
            #expect(error.description.contains("it adds 3 habits to your 998, and the most Tend keeps for one person is 1000"))
        }
        let full = UserState(habits: mine + (998..<1_000).map { TrackedHabit(habit: Habit(name: "Habit \($0)", createdOn: today)) })
        do {
            _ = try ImportPlanner.plan(file(["Run"]), into: full, today: today)
            Issue.record("one more than 1,000 is refused")
        } catch {
            #expect(error.description.contains("it adds 1 habit to your 1000,"))
        }
        // Merged by name, a habit of the file adds nothing to count.
        let merged = try ImportPlanner.plan(file(["Run", "Read", "Habit 5"]), into: state, today: today, mergeNames: true)
        #expect(merged.report.habitsAdded == ["Run", "Read"])
    }

    @Test("Imported days are held to the days Tend records: from 2000-01-01 through today, as every other way in")
    func recordableDays() throws {
        let today = Fixtures.day("2025-03-10")
        var habit = Habit(name: "Ancient", createdOn: Fixtures.day("2020-01-01"))
        habit.createdOn = Day(ordinal: Fixtures.day("2000-01-01").ordinal - 700_000)  // year 83
        let entries = [
            Entry(day: Fixtures.day("1999-12-31"), value: 1), Entry(day: Fixtures.day("2000-01-01"), value: 1),
            Entry(day: today, value: 1), Entry(day: today.adding(days: 1), value: 1),
        ]
        let data = ImportedData(format: .tendJSON, habits: [ImportedHabit(habit: habit, entries: entries)])
        let plan = try ImportPlanner.plan(data, into: UserState(), today: today)
        #expect(plan.report.entriesAdded == 2)
        #expect(plan.report.entriesSkipped == 2)
        #expect(plan.report.skipped.contains { $0.contains("2 entries on days before 2000-01-01 or after today (2025-03-10)") })
        #expect(plan.report.adjustments.contains { $0.contains("so it is 2000-01-01") })
        let created = plan.changes.compactMap { change -> Habit? in
            if case .habitCreated(let habit) = change { return habit }
            return nil
        }
        #expect(created.map(\.createdOn) == [Fixtures.day("2000-01-01")])
    }

    @Test(
        "Imported days end at the importing person's today in their own zone: at 12:00 UTC it is already tomorrow in Kiritimati, still today in Honolulu",
        arguments: [("Pacific/Kiritimati", "2025-03-11", 2), ("Pacific/Honolulu", "2025-03-10", 1), ("Asia/Kathmandu", "2025-03-10", 1)])
    func recordableDaysInZones(zone: String, today: String, imported: Int) async throws {
        // A file with entries on the UTC day of the import and the day after
        let habit = TrackedHabit(
            habit: Habit(name: "Read", createdOn: Fixtures.day("2025-03-01")),
            entries: [Entry(day: Fixtures.day("2025-03-10"), value: 1), Entry(day: Fixtures.day("2025-03-11"), value: 1)])
        let file = try TendJSONFormat.encode(UserState(habits: [habit]))
        let world = try await ImportWorld(settings: UserSettings(timeZone: zone))
        let report = try await world.importing(file)
        #expect(report.entriesAdded == imported, "\(zone): today is \(today)")
        let kept = try #require(try await world.habit(named: "Read"))
        #expect(kept.entries.keys.max() == Fixtures.day(today))
    }
}
