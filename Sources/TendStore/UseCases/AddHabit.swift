import Foundation
import TendCore

/// Making a new habit or routine, decided here once for the CLI, the JSON API and the web: every
/// caller builds what the person asked for and leaves the rest to these.
extension TendStore {
    /// Adds `habit` as the owner's newest: last in their order (whatever `habit.order` says).
    /// Refuses the habit past ``Habit/maximumPerOwner`` (archived ones count) and a creation day
    /// no one can record on, with ``RuleViolation``; the store refuses a name in use. Records the
    /// tips the addition answers.
    ///
    /// The room is counted before the write, not inside it: two additions at once on two devices
    /// can both pass at 999, and the limit exists to bound work per person, not as an invariant.
    public func addHabit(owner: User.ID, _ habit: Habit, today: Day) async throws -> Habit {
        let existing = try await habits(owner: owner, includeArchived: true)
        try HabitRules.checkRoom(existingHabits: existing.count)
        try HabitRules.checkCreatedOn(habit.createdOn, today: today)
        var habit = habit
        habit.order = Self.nextOrder(after: existing.map(\.order))
        let created = try await createHabit(owner: owner, habit)
        await recordTip(.habitAdded, owner: owner)
        if !created.reminders.isEmpty { await recordTip(.reminderAdded, owner: owner) }
        return created
    }

    /// Adds `routine` as the owner's last (whatever `routine.order` says) and records the tip it
    /// answers.
    public func addRoutine(owner: User.ID, _ routine: Routine) async throws -> Routine {
        var routine = routine
        routine.order = Self.nextOrder(after: try await routines(owner: owner).map(\.order))
        let created = try await createRoutine(owner: owner, routine)
        await recordTip(.routineCreated, owner: owner)
        return created
    }

    /// The order of a new habit or routine: after every existing one.
    static func nextOrder(after orders: [Int]) -> Int { (orders.max() ?? -1) + 1 }
}
