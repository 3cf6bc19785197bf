import Foundation
import TendCore
import TendTestSupport
import Testing

@Suite("Routines: validation, ordering and habit membership")
struct RoutineTests {
    let seven = try! TimeOfDay(hour: 7)
    let read = Fixtures.habit("Read")
    let run = Fixtures.habit("Run")
    let floss = Fixtures.habit("Floss")
    let journal = Fixtures.habit("Journal")

    func routine(_ name: String, habits: [Habit] = [], order: Int = 0) -> Routine {
        Routine(name: name, start: seven, habitIDs: habits.map(\.id), order: order)
    }

    /// Morning (read, run), Evening (floss), Weekend (nothing).
    func sampleList() -> RoutineList {
        RoutineList([
            routine("Evening", habits: [floss], order: 1),
            routine("Morning", habits: [read, run], order: 0),
            routine("Weekend", order: 2),
        ])
    }

    func ids(_ list: RoutineList, _ name: String) -> [Habit.ID] {
        list.routines.first { $0.name == name }?.habitIDs ?? []
    }

    func id(_ list: RoutineList, _ name: String) -> Routine.ID { list.routines.first { $0.name == name }!.id }

    // MARK: Validation

    @Test("A routine with a name, a weekday and distinct habits is valid")
    func validRoutine() throws {
        try routine("Morning", habits: [read, run]).validate()
        try Routine(name: String(repeating: "r", count: 100), start: seven, weekdays: [.sunday]).validate()
    }

    @Test("A routine without a name is rejected", arguments: ["", "  ", "\n\t"])
    func emptyName(name: String) {
        #expect(throws: RoutineError.emptyName) { try routine(name).validate() }
    }

    @Test("A routine name of 101 characters is too long")
    func longName() {
        #expect(throws: RoutineError.nameTooLong(100)) { try routine(String(repeating: "r", count: 101)).validate() }
    }

    @Test("A routine that runs on no weekday is rejected")
    func noWeekdays() {
        let routine = Routine(name: "Never", start: seven, weekdays: [])
        #expect(throws: RoutineError.noWeekdays) { try routine.validate() }
    }

    @Test("A habit may appear only once in a routine")
    func duplicateHabit() {
        #expect(throws: RoutineError.duplicateHabit) { try routine("Morning", habits: [read, read]).validate() }
    }

    @Test("A routine runs on its weekdays only")
    func runsOn() {
        let weekdays = Routine(name: "Work", start: seven, weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday])
        #expect(weekdays.runs(on: Fixtures.day("2025-03-10")))  // Monday
        #expect(!weekdays.runs(on: Fixtures.day("2025-03-09")))  // Sunday
        #expect(routine("Daily").runs(on: Fixtures.day("2025-03-09")))
    }

    // MARK: Ordering

    @Test("A list is sorted by order then name and renumbered from 0")
    func initialOrdering() {
        let list = RoutineList([
            routine("B", order: 7), routine("A", order: 7), routine("C", order: -3),
        ])
        #expect(list.routines.map(\.name) == ["C", "A", "B"])
        #expect(list.routines.map(\.order) == [0, 1, 2])
    }

    @Test("Appending puts the routine last and takes its habits out of other routines")
    func append() throws {
        var list = sampleList()
        try list.append(routine("Night", habits: [run, journal], order: 99))
        #expect(list.routines.map(\.name) == ["Morning", "Evening", "Weekend", "Night"])
        #expect(list.routines.map(\.order) == [0, 1, 2, 3])
        #expect(ids(list, "Morning") == [read.id])
        #expect(list.routine(containing: run.id)?.name == "Night")
    }

    @Test("Appending an invalid routine throws and changes nothing")
    func appendInvalid() {
        var list = sampleList()
        let before = list
        #expect(throws: RoutineError.emptyName) { try list.append(routine(" ", habits: [read])) }
        #expect(list == before)
    }

    @Test(
        "Reordering moves a routine to a position and renumbers the list",
        arguments: [
            ("Weekend", 0, ["Weekend", "Morning", "Evening"]),
            ("Morning", 2, ["Evening", "Weekend", "Morning"]),
            ("Evening", 1, ["Morning", "Evening", "Weekend"]),
            ("Evening", 0, ["Evening", "Morning", "Weekend"]),
        ])
    func reorder(name: String, index: Int, expected: [String]) throws {
        var list = sampleList()
        try list.reorder(id(list, name), to: index)
        #expect(list.routines.map(\.name) == expected)
        #expect(list.routines.map(\.order) == [0, 1, 2])
    }

    @Test("Reordering an unknown routine or to a position outside the list throws and changes nothing")
    func reorderErrors() {
        var list = sampleList()
        let before = list
        #expect(throws: RoutineError.unknownRoutine) { try list.reorder(Routine.ID(), to: 0) }
        #expect(throws: RoutineError.indexOutOfRange(3)) { try list.reorder(id(list, "Morning"), to: 3) }
        #expect(throws: RoutineError.indexOutOfRange(-1)) { try list.reorder(id(list, "Morning"), to: -1) }
        #expect(list == before)
    }

    // MARK: Moving habits

    @Test("Moving a habit to another routine takes it out of the first: a habit is in at most one routine")
    func moveBetweenRoutines() throws {
        // Given Morning (read, run) and Evening (floss)
        var list = sampleList()
        // When run moves to the front of Evening
        try list.move(habit: run.id, to: id(list, "Evening"), at: 0)
        // Then Morning lost it and Evening has it first
        #expect(ids(list, "Morning") == [read.id])
        #expect(ids(list, "Evening") == [run.id, floss.id])
        #expect(list.routine(containing: run.id)?.name == "Evening")
        #expect(list.routines.allSatisfy { $0.habitIDs.filter { $0 == run.id }.count <= 1 })
    }

    @Test("Moving a habit without a position puts it last")
    func moveToEnd() throws {
        var list = sampleList()
        try list.move(habit: journal.id, to: id(list, "Morning"))
        #expect(ids(list, "Morning") == [read.id, run.id, journal.id])
        try list.move(habit: read.id, to: id(list, "Weekend"))
        #expect(ids(list, "Weekend") == [read.id])
        #expect(ids(list, "Morning") == [run.id, journal.id])
    }

    @Test("Moving a habit within its own routine reorders it")
    func moveWithinRoutine() throws {
        // Given Morning (read, run, journal)
        var list = sampleList()
        try list.move(habit: journal.id, to: id(list, "Morning"))
        // When read moves to the last position, then journal to the first
        try list.move(habit: read.id, to: id(list, "Morning"), at: 2)
        #expect(ids(list, "Morning") == [run.id, journal.id, read.id])
        try list.move(habit: journal.id, to: id(list, "Morning"), at: 0)
        #expect(ids(list, "Morning") == [journal.id, run.id, read.id])
        // And a move without position within the routine makes it last
        try list.move(habit: journal.id, to: id(list, "Morning"))
        #expect(ids(list, "Morning") == [run.id, read.id, journal.id])
    }

    @Test("Moving to an unknown routine throws and changes nothing")
    func moveUnknownRoutine() {
        var list = sampleList()
        let before = list
        #expect(throws: RoutineError.unknownRoutine) { try list.move(habit: read.id, to: Routine.ID()) }
        #expect(list == before)
    }

    @Test(
        "Moving to a position outside the routine throws and leaves the habit where it was",
        arguments: [-1, 3, 10])
    func moveBadIndex(index: Int) {
        // Given read in Morning and Evening holding one habit
        var list = sampleList()
        let before = list
        // When read is moved to Evening at an impossible position
        #expect(throws: RoutineError.indexOutOfRange(index)) {
            try list.move(habit: read.id, to: id(list, "Evening"), at: index)
        }
        // Then nothing changed: read is still in Morning
        #expect(list == before)
        #expect(list.routine(containing: read.id)?.name == "Morning")
    }

    @Test("Within its own routine a habit can go to positions 0 up to count − 1, not to count")
    func moveWithinBadIndex() throws {
        var list = sampleList()
        let before = list
        #expect(throws: RoutineError.indexOutOfRange(2)) {
            try list.move(habit: read.id, to: id(list, "Morning"), at: 2)
        }
        #expect(list == before)
        try list.move(habit: read.id, to: id(list, "Morning"), at: 1)
        #expect(ids(list, "Morning") == [run.id, read.id])
    }

    // MARK: Removing, deleting

    @Test("Removing a habit takes it out of the routine only")
    func remove() throws {
        var list = sampleList()
        try list.remove(habit: read.id, from: id(list, "Morning"))
        #expect(ids(list, "Morning") == [run.id])
        #expect(list.routine(containing: read.id) == nil)
    }

    @Test("Removing a habit the routine lacks, or from an unknown routine, throws and changes nothing")
    func removeErrors() {
        var list = sampleList()
        let before = list
        #expect(throws: RoutineError.unknownHabit) { try list.remove(habit: floss.id, from: id(list, "Morning")) }
        #expect(throws: RoutineError.unknownRoutine) { try list.remove(habit: read.id, from: Routine.ID()) }
        #expect(list == before)
    }

    @Test("Deleting a routine returns it, renumbers the rest and keeps its habits for the caller")
    func delete() throws {
        var list = sampleList()
        let removed = try list.delete(id(list, "Morning"))
        #expect(removed.name == "Morning")
        #expect(removed.habitIDs == [read.id, run.id])
        #expect(list.routines.map(\.name) == ["Evening", "Weekend"])
        #expect(list.routines.map(\.order) == [0, 1])
        #expect(list.routine(containing: read.id) == nil)
        // The habits themselves are not part of the list and stay untouched
        #expect(read.name == "Read")
    }

    @Test("Deleting an unknown routine throws and changes nothing")
    func deleteUnknown() {
        var list = sampleList()
        let before = list
        #expect(throws: RoutineError.unknownRoutine) { try list.delete(Routine.ID()) }
        #expect(list == before)
    }

    @Test("Detaching a deleted habit removes it from whichever routine held it")
    func detach() {
        var list = sampleList()
        list.detach(run.id)
        #expect(ids(list, "Morning") == [read.id])
        list.detach(journal.id)  // in no routine: nothing happens
        #expect(ids(list, "Morning") == [read.id])
    }

    // MARK: Deletion impact

    @Test("The deletion message names the habits and says they are kept")
    func deletionImpactMessage() {
        let morning = routine("Morning", habits: [read, run])
        let impact = morning.deletionImpact(habits: [floss, run, read])
        #expect(impact.routineName == "Morning")
        #expect(impact.detachedHabitNames == ["Read", "Run"])
        #expect(impact.message.contains("“Read”"))
        #expect(impact.message.contains("“Run”"))
        #expect(impact.message.contains("kept"))
        #expect(
            impact.message
                == "Delete the routine “Morning”? Its 2 habits (“Read”, “Run”) leave the routine but are kept with all their history.")
    }

    @Test("The deletion message for one habit is grammatically singular, and for none says so")
    func deletionImpactSingularAndEmpty() {
        let one = routine("Evening", habits: [floss]).deletionImpact(habits: [floss])
        #expect(one.message == "Delete the routine “Evening”? Its 1 habit (“Floss”) leaves the routine but is kept with all its history.")
        let none = routine("Weekend").deletionImpact(habits: [read])
        #expect(none.detachedHabitNames.isEmpty)
        #expect(none.message == "Delete the routine “Weekend”? It has no habits.")
    }

    @Test("Routines encode their habits in order and decode back unchanged")
    func codableRoundTrip() throws {
        let morning = routine("Morning", habits: [run, read], order: 3)
        let data = try JSONEncoder().encode(morning)
        #expect(try JSONDecoder().decode(Routine.self, from: data) == morning)
    }
}
