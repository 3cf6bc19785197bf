import Foundation
import TendCore

/// Random histories of several devices' operations on one account, for sync's property tests:
/// each device with its own hybrid clock and a wall clock that wanders up to two minutes. Every
/// history starts with three habits' creation by an "origin" device; then check-ins of every
/// kind, renames (to names the habits share, so merges must make names free), recolours,
/// archiving, reorders, a routine (created, patched field by field, deleted), settings, a tip, a
/// fourth habit created late, one habit deleted, and groups and tags (habits moved between groups,
/// tags put on and taken off, groups described, renamed onto each other, reordered, deleted).
public enum SyncHistory {
    public static let start = Date(timeIntervalSince1970: 1_780_000_000)
    public static let day = Fixtures.day("2026-05-28")
    public static let habitIDs = (1...4).map { Habit.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-0000000000A\($0)")!) }
    static let routineID = Routine.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-0000000000B1")!)

    public static func operations(seed: UInt64, devices: Int = 3, count: Int = 120) -> [ChangeOperation] {
        var random = SeededGenerator(seed: seed)
        var origin = HybridClock(device: "origin")
        var operations = habitIDs.prefix(3).enumerated().map { index, id in
            ChangeOperation(
                device: "origin", timestamp: origin.tick(now: start),
                change: .habitCreated(
                    habit: Habit(
                        id: id, name: "Habit \(index)", type: index == 2 ? .checkmark : .count, target: index == 2 ? 1 : 20, createdOn: day)
                ))
        }
        var clocks = (0..<devices).map { HybridClock(device: "d\($0)") }
        for step in 0..<count {
            let d = Int.random(in: 0..<devices, using: &random)
            let habit = habitIDs[Int.random(in: 0..<habitIDs.count, using: &random)]
            let on = day.adding(days: Int.random(in: 0...3, using: &random))
            let wall = start + 1 + Double(step) * 0.5 + Double(Int.random(in: -60_000...60_000, using: &random)) / 1000
            let change: Change
            switch Int.random(in: 0..<27, using: &random) {
            // Decimal amounts (0.25 … 3): devices' increments must add up exactly wherever they meet.
            case 0..<8:
                change = .entryIncremented(habit: habit, day: on, by: Amount(thousandths: 250 * Int64.random(in: 1...12, using: &random)))
            case 8, 9: change = .entrySet(habit: habit, day: on, value: Amount(thousandths: 125 * Int64.random(in: 0...72, using: &random)))
            case 10: change = .entryReset(habit: habit, day: on)
            case 11: change = .entrySkipped(habit: habit, day: on, skipped: Bool.random(using: &random))
            case 12: change = .entryNoteSet(habit: habit, day: on, note: "note \(Int.random(in: 0...99, using: &random))")
            case 13, 14:
                var patch = HabitPatch()
                patch.name = "Name \(Int.random(in: 0...3, using: &random))"
                change = .habitUpdated(id: habit, patch: patch)
            case 15:
                var patch = HabitPatch()
                patch.color = HabitColor.allCases.randomElement(using: &random)!
                patch.isArchived = Bool.random(using: &random)
                change = .habitUpdated(id: habit, patch: patch)
            case 16: change = .habitsReordered(ids: habitIDs.shuffled(using: &random))
            case 17:
                change = .habitCreated(habit: Habit(id: habitIDs[3], name: "Habit 0", type: .count, target: 5, createdOn: day))
            case 18: change = .habitDeleted(id: habitIDs[Int.random(in: 1...3, using: &random)])
            case 19:
                let zone = ["Europe/Berlin", "Asia/Kolkata", "America/New_York"].randomElement(using: &random)!
                switch Int.random(in: 0..<3, using: &random) {
                case 0: change = .settingsChanged(settings: UserSettings(timeZone: zone))
                case 1: change = .settingsUpdated(patch: SettingsPatch(timeZone: zone))
                default: change = .settingsUpdated(patch: SettingsPatch(snoozeMinutes: Int.random(in: 1...60, using: &random)))
                }
            case 20:
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    change = .routineCreated(
                        routine: Routine(id: routineID, name: "Morning", start: try! TimeOfDay(hour: 7, minute: 0), habitIDs: [habitIDs[0]])
                    )
                case 1: change = .routineDeleted(id: routineID)
                default: change = .routinePatched(id: routineID, patch: routinePatch(using: &random))
                }
            case 21:
                switch Int.random(in: 0..<3, using: &random) {
                case 0: change = .routineHabitMoved(habit: habit, routine: routineID, index: nil)
                default: change = .routinePatched(id: routineID, patch: routinePatch(using: &random))
                }
            case 22: change = .tipDismissed(tip: Tip.ID.allCases.randomElement(using: &random)!)
            case 24, 25:
                var patch = HabitPatch()
                if Bool.random(using: &random) { patch.group = ["", "Health", "health", "Work"].randomElement(using: &random)! }
                let tags = ["a", "B", "c", "b"]
                patch.tagsAdded = Array(tags.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random)))
                patch.tagsRemoved = Array(tags.shuffled(using: &random).prefix(Int.random(in: 0...1, using: &random)))
                change = .habitUpdated(id: habit, patch: patch)
            case 26:
                let names = ["Health", "Work", "Home"]
                switch Int.random(in: 0..<4, using: &random) {
                case 0: change = .groupSaved(group: HabitGroup(name: names.randomElement(using: &random)!, emoji: "🌱"))
                case 1:
                    change = .groupRenamed(from: names.randomElement(using: &random)!, to: names.randomElement(using: &random)!)
                case 2: change = .groupDeleted(name: names.randomElement(using: &random)!)
                default: change = .groupsReordered(names: names.shuffled(using: &random))
                }
            default:
                change = .entriesImported(
                    habit: habit,
                    entries: [
                        Entry(day: on, value: Amount(thousandths: Int64.random(in: 1...4_000, using: &random))),
                        Entry(day: on.next, value: 1),
                    ])
            }
            operations.append(ChangeOperation(device: "d\(d)", timestamp: clocks[d].tick(now: wall), change: change))
        }
        return operations
    }

    /// One or two of a routine's fields; its habits may name a habit deleted or not created yet.
    static func routinePatch(using random: inout SeededGenerator) -> RoutinePatch {
        var patch = RoutinePatch()
        for _ in 0..<Int.random(in: 1...2, using: &random) {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: patch.name = "Routine \(Int.random(in: 0...3, using: &random))"
            case 1: patch.start = try! TimeOfDay(hour: Int.random(in: 5...9, using: &random))
            case 2: patch.weekdays = Set(Weekday.allCases.shuffled(using: &random).prefix(Int.random(in: 1...7, using: &random)))
            case 3: patch.color = HabitColor.allCases.randomElement(using: &random)!
            default: patch.habitIDs = Array(habitIDs.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)))
            }
        }
        return patch
    }

    /// What one replica receives: every operation, shuffled, in batches, some twice, some dropped
    /// and retried at the end.
    public static func delivery(of operations: [ChangeOperation], seed: UInt64, batch: Int = 16) -> [[ChangeOperation]] {
        var random = SeededGenerator(seed: seed)
        let sent = operations.shuffled(using: &random)
        let dropped = Set(sent.filter { _ in Int.random(in: 0..<6, using: &random) == 0 }.map(\.id))
        var stream = sent.filter { !dropped.contains($0.id) }
        stream += sent.filter { _ in Int.random(in: 0..<5, using: &random) == 0 }
        stream += sent.filter { dropped.contains($0.id) }
        return stride(from: 0, to: stream.count, by: batch).map { Array(stream[$0..<min($0 + batch, stream.count)]) }
    }
}
