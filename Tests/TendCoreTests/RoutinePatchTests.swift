import Foundation
import TendCore
import TendTestSupport
import Testing

/// Routines merge per field (issue 15): a `routinePatched` carries only the fields a person
/// changed, so two devices' changes to different fields of one routine, made offline, both survive.
@Suite("RoutinePatch: only the changed fields, merged per field")
struct RoutinePatchTests {
    static let start = Date(timeIntervalSince1970: 1_780_000_000)
    static let day = Fixtures.day("2026-05-28")
    static let readID = Habit.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-0000000000A1")!)
    static let runID = Habit.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-0000000000A2")!)
    static let routineID = Routine.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-0000000000B1")!)
    static let morning = Routine(id: routineID, name: "Morning", start: try! TimeOfDay(hour: 7), color: .blue, habitIDs: [readID])

    /// The origin's history: two habits and the routine, which holds "Read".
    static func created(_ clock: inout HybridClock) -> [ChangeOperation] {
        [
            .habitCreated(habit: Habit(id: readID, name: "Read", createdOn: day)),
            .habitCreated(habit: Habit(id: runID, name: "Run", createdOn: day)),
            .routineCreated(routine: morning),
        ].map { ChangeOperation(device: clock.device, timestamp: clock.tick(now: start), change: $0) }
    }

    @Test("The patch from one routine to another holds only the fields that differ, never the order")
    func patchFromTo() throws {
        var changed = Self.morning
        changed.name = "Early"
        changed.weekdays = [.monday, .friday]
        changed.order = 4
        let patch = RoutinePatch(from: Self.morning, to: changed)
        #expect(patch == RoutinePatch(name: "Early", weekdays: [.monday, .friday]))
        #expect(RoutinePatch(from: Self.morning, to: Self.morning).isEmpty)
        var expected = changed
        expected.order = Self.morning.order
        #expect(patch.applied(to: Self.morning) == expected)
    }

    @Test("A patch encodes only its fields, weekdays in calendar order, and decodes back")
    func wireFormat() throws {
        let change = Change.routinePatched(id: Self.routineID, patch: RoutinePatch(weekdays: [.sunday, .monday, .wednesday], color: .teal))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(change), as: UTF8.self)
        #expect(
            json
                == #"{"routinePatched":{"id":"00000000-0000-0000-0000-0000000000b1","patch":{"color":"teal","weekdays":["sun","mon","wed"]}}}"#
        )
        #expect(try JSONDecoder().decode(Change.self, from: Data(json.utf8)) == change)
    }

    @Test("An old log's whole-routine update still decodes and applies as before")
    func routineUpdatedStillApplies() throws {
        var renamed = Self.morning
        renamed.name = "Dawn"
        renamed.habitIDs = [Self.runID, Self.readID]
        var clock = HybridClock(device: "origin")
        let json =
            #"{"routineUpdated":{"routine":{"color":"blue","habitIDs":["00000000-0000-0000-0000-0000000000A2","00000000-0000-0000-0000-0000000000A1"],"id":"00000000-0000-0000-0000-0000000000B1","name":"Dawn","order":0,"start":"07:00","weekdays":["mon","tue","wed","thu","fri","sat","sun"]}}}"#
        let change = try JSONDecoder().decode(Change.self, from: Data(json.utf8))
        #expect(change == .routineUpdated(routine: renamed))
        let state = UserState.replaying(Self.created(&clock).map(\.change) + [change])
        #expect(state.routines[Self.routineID] == renamed)
    }

    @Test("A rename on the laptop and a recolour on the phone, both offline, both survive, whichever arrives first")
    func renameAndRecolourConverge() {
        var origin = HybridClock(device: "origin")
        let base = Self.created(&origin)
        var laptop = HybridClock(device: "laptop")
        var phone = HybridClock(device: "phone")
        for operation in base {
            laptop.receive(operation.timestamp, now: Self.start)
            phone.receive(operation.timestamp, now: Self.start)
        }
        // The laptop renames first; the phone, later, changes only the colour.
        let rename = ChangeOperation(
            device: "laptop", timestamp: laptop.tick(now: Self.start + 10),
            change: .routinePatched(id: Self.routineID, patch: RoutinePatch(name: "Early start")))
        let recolour = ChangeOperation(
            device: "phone", timestamp: phone.tick(now: Self.start + 20),
            change: .routinePatched(id: Self.routineID, patch: RoutinePatch(color: .orange)))

        var one = OperationSet(base)
        one.insert(rename)
        one.insert(recolour)
        var other = OperationSet(base)
        other.insert(recolour)
        other.insert(rename)

        #expect(one == other)
        let routine = one.state().routines[Self.routineID]
        #expect(routine?.name == "Early start")
        #expect(routine?.color == .orange)
        #expect(routine?.start == Self.morning.start && routine?.habitIDs == [Self.readID])
        #expect(one.state() == other.state())
    }

    @Test("The same field changed on two devices: the later in the order wins, on every replica")
    func sameFieldLastWriterWins() {
        var origin = HybridClock(device: "origin")
        let base = Self.created(&origin)
        let early = ChangeOperation(
            device: "laptop", timestamp: HybridTimestamp(milliseconds: 1_780_000_010_000, counter: 0, device: "laptop"),
            change: .routinePatched(id: Self.routineID, patch: RoutinePatch(name: "Laptop's")))
        let late = ChangeOperation(
            device: "phone", timestamp: HybridTimestamp(milliseconds: 1_780_000_020_000, counter: 0, device: "phone"),
            change: .routinePatched(id: Self.routineID, patch: RoutinePatch(name: "Phone's")))
        #expect(OperationSet(base + [late, early]).state().routines[Self.routineID]?.name == "Phone's")
        #expect(OperationSet(base + [early, late]).state().routines[Self.routineID]?.name == "Phone's")
    }

    @Test("A patch ordered after the routine's deletion does nothing: the routine stays deleted")
    func deletedRoutineStaysDeleted() {
        var state = UserState()
        var origin = HybridClock(device: "origin")
        for operation in Self.created(&origin) { state.apply(operation.change) }
        state.apply(.routineDeleted(id: Self.routineID))
        state.apply(.routinePatched(id: Self.routineID, patch: RoutinePatch(name: "Back?", habitIDs: [Self.runID])))
        #expect(state.routines.routines.isEmpty)
    }

    @Test("A patch's habits that were deleted are left out, and those it lists leave any other routine (routineUpdated's rule)")
    func patchedHabits() {
        var state = UserState()
        var origin = HybridClock(device: "origin")
        for operation in Self.created(&origin) { state.apply(operation.change) }
        let evening = Routine(name: "Evening", start: try! TimeOfDay(hour: 20), habitIDs: [Self.runID], order: 1)
        state.apply(.routineCreated(routine: evening))
        state.apply(.habitDeleted(id: Self.readID))
        // Another device, that had not seen the deletion, put "Run" before "Read" in the morning.
        state.apply(.routinePatched(id: Self.routineID, patch: RoutinePatch(habitIDs: [Self.runID, Self.readID])))
        #expect(state.routines[Self.routineID]?.habitIDs == [Self.runID])
        #expect(state.routines[evening.id]?.habitIDs == [])
        // The order among routines stays with routinesReordered.
        #expect(state.routines.routines.map(\.id) == [Self.routineID, evening.id])
    }

    @Test("A pushed patch that would make a routine invalid is refused: an empty name, no weekdays, a habit twice")
    func syncRules() {
        let bad = [RoutinePatch(name: "  "), RoutinePatch(weekdays: []), RoutinePatch(habitIDs: [Self.readID, Self.readID])]
        for patch in bad {
            #expect(throws: RuleViolation.self) { try HabitRules.validate([.routinePatched(id: Self.routineID, patch: patch)]) }
        }
        #expect(throws: Never.self) {
            try HabitRules.validate([.routinePatched(id: Self.routineID, patch: RoutinePatch(name: "Evening", color: .pink))])
        }
    }
}
