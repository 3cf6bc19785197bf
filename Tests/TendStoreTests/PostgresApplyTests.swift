import Foundation
import TendCore
import TendTestSupport
import Testing

@testable import TendPostgres
@testable import TendStore

/// The SQL that applies each change must mean exactly what `UserState.apply` means, including
/// for the odd changes a sync or an import can bring (unknown ids, duplicates, positions outside
/// a list). Generated change sequences check it beyond the contract's stories.
@Suite("PostgreSQL store applies changes as replaying them does")
struct PostgresApplyTests {
    @Test("Generated change sequences give the replayed state", arguments: [1, 2, 3] as [UInt64])
    func generatedChanges(seed: UInt64) async throws {
        try await PostgresTestDatabase.withStore { store in
            let settings = UserSettings(timeZone: "Europe/Berlin", dayStartHour: 4, locale: "de_DE")
            let alice = try await store.createUser(username: "alice", settings: settings)
            var generator = ChangeGenerator(seed: seed)
            var changes: [Change] = []
            for _ in 0..<40 {
                let batch = (0..<Int.random(in: 1...6, using: &generator.random)).map { _ in generator.next() }
                try await store.applyChanges(owner: alice.id, batch)
                changes += batch
                let replayed = UserState.replaying(changes, from: UserState(settings: settings))
                let stored = try await store.exportState(owner: alice.id)
                #expect(stored == replayed, "after \(changes.count) changes, the last ones \(batch)")
                if stored != replayed { return }
            }
            let logged = try await store.operations(owner: alice.id, after: 0, limit: 10_000)
            #expect(logged.map(\.operation.change) == changes)
        }
    }
}

/// Changes of every kind over a small pool of ids, so they often meet: some name habits or
/// routines that were never created or are already deleted.
struct ChangeGenerator {
    var random: SeededGenerator
    let habits = (0..<6).map { _ in Habit.ID() }
    let routines = (0..<4).map { _ in Routine.ID() }
    let days = (0..<5).map { Fixtures.day("2025-03-01").adding(days: $0) }
    private var names = 0

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    private mutating func name() -> String {
        names += 1
        return "Habit \(names)"
    }

    private mutating func pick<T>(_ items: [T]) -> T { items.randomElement(using: &random)! }
    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    private mutating func some<T>(_ items: [T], max: Int) -> [T] {
        (0..<Int.random(in: 0...max, using: &random)).map { _ in pick(items) }
    }

    private mutating func habit(_ id: Habit.ID) -> Habit {
        var type = pick(HabitType.allCases)
        let kind = pick(HabitKind.allCases)
        // A measurement is a count or a time, without a target.
        if kind == .measure, type == .checkmark { type = .count }
        let range = Habit.targetRange(kind: kind, type: type)
        return Habit(
            id: id, name: name(), color: pick(HabitColor.allCases), kind: kind, type: type,
            target: kind == .measure
                ? 0
                : type == .count
                    ? Amount(thousandths: 250 * Int64.random(in: (range.lowerBound == 0 ? 0 : 1)...80, using: &random))
                    : Amount(Int.random(in: range.lowerBound.whole...min(range.upperBound.whole, 20), using: &random)),
            schedule: pick([.daily, .timesPerWeek(3), .weekdays([.monday, .thursday]), .daysOfMonth([1, 15])]),
            routineTime: pick(RoutineTime.allCases), isArchived: chance(20), order: Int.random(in: 0...5, using: &random),
            createdOn: pick(days))
    }

    private mutating func entry() -> Entry {
        Entry(
            day: pick(days), value: pick([0, 0, 1, 3, 12]), isSkipped: chance(25),
            note: pick([nil, nil, "", "a note"]))
    }

    private mutating func routine(_ id: Routine.ID) -> Routine {
        Routine(
            id: id, name: pick(["Morning", "Evening", "Gym"]), start: try! TimeOfDay(hour: Int.random(in: 0...23, using: &random)),
            weekdays: Set(some(Weekday.allCases, max: 3) + [pick(Weekday.allCases)]), color: pick(HabitColor.allCases),
            habitIDs: some(habits + [Habit.ID()], max: 4), order: Int.random(in: 0...3, using: &random))
    }

    mutating func next() -> Change {
        let habitID = pick(habits)
        let day = pick(days)
        switch Int.random(in: 0..<20, using: &random) {
        case 0, 1, 2: return .habitCreated(habit: habit(habitID))
        case 3:
            var patch = HabitPatch()
            if chance(40) { patch.name = name() }
            if chance(40) { patch.isArchived = chance(50) }
            if chance(40) { patch.order = Int.random(in: 0...5, using: &random) }
            if chance(30) { patch.notes = pick(["", "why"]) }
            if chance(30) { patch.schedule = .timesPerMonth(4) }
            if chance(30) { patch.reminders = [Reminder(time: try! TimeOfDay(hour: 8), weekdays: [.friday], message: "Go")] }
            return .habitUpdated(id: habitID, patch: patch)
        case 4: return .habitDeleted(id: habitID)
        case 5: return .habitsReordered(ids: some(habits + [Habit.ID()], max: 5))
        case 6, 7: return .entrySet(habit: habitID, day: day, value: pick([0, 1, 5, 30]))
        case 8, 9:
            return .entryIncremented(habit: habitID, day: day, by: Amount(thousandths: 500 * Int64.random(in: -8...8, using: &random)))
        case 10: return .entrySkipped(habit: habitID, day: day, skipped: chance(60))
        case 11: return .entryReset(habit: habitID, day: day)
        case 12: return .entryNoteSet(habit: habitID, day: day, note: pick([nil, "", "felt good"]))
        case 13: return .entriesImported(habit: habitID, entries: (0..<Int.random(in: 0...4, using: &random)).map { _ in entry() })
        case 14:
            let routineID = pick(routines)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return .routineCreated(routine: routine(routineID))
            case 1: return .routineUpdated(routine: routine(routineID))
            default:
                // Some of a random routine's fields, on a routine that may not exist (any more).
                let fields = routine(routineID)
                var patch = RoutinePatch()
                if chance(40) { patch.name = fields.name }
                if chance(40) { patch.start = fields.start }
                if chance(40) { patch.weekdays = fields.weekdays }
                if chance(40) { patch.color = fields.color }
                // A habit twice is refused before anything is applied (HabitRules).
                var seen: Set<Habit.ID> = []
                if chance(40) { patch.habitIDs = fields.habitIDs.filter { seen.insert($0).inserted } }
                return .routinePatched(id: chance(90) ? routineID : Routine.ID(), patch: patch)
            }
        case 15: return .routineDeleted(id: pick(routines))
        case 16: return .routinesReordered(ids: some(routines + [Routine.ID()], max: 4))
        case 17:
            return .routineHabitMoved(
                habit: chance(90) ? habitID : Habit.ID(), routine: chance(80) ? pick(routines + [Routine.ID()]) : nil,
                index: chance(30) ? nil : Int.random(in: -1...4, using: &random))
        case 18: return chance(50) ? .tipDismissed(tip: pick(Tip.ID.allCases)) : .tipEventRecorded(event: pick(TipEvent.allCases))
        default:
            return .settingsChanged(
                settings: UserSettings(
                    timeZone: pick(["UTC", "Asia/Kolkata"]), dayStartHour: Int.random(in: 0...23, using: &random),
                    firstWeekday: pick([nil, 2]), locale: pick(["en_US", "fr_FR"])))
        }
    }
}
