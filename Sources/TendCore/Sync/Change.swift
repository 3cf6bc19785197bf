import Foundation

/// One change to a user's data: what the op log records, what sync exchanges, and what
/// "history replay" folds into a ``UserState``.
///
/// Entry changes are recorded as what they did: an increment as the amount actually added
/// (after a good habit's cap), a check or an explicit value as the value set.
public enum Change: Codable, Hashable, Sendable {
    case habitCreated(habit: Habit)
    case habitUpdated(id: Habit.ID, patch: HabitPatch)
    case habitDeleted(id: Habit.ID)
    case habitsReordered(ids: [Habit.ID])
    case entrySet(habit: Habit.ID, day: Day, value: Amount)
    case entryIncremented(habit: Habit.ID, day: Day, by: Amount)
    case entrySkipped(habit: Habit.ID, day: Day, skipped: Bool)
    case entryReset(habit: Habit.ID, day: Day)
    case entryNoteSet(habit: Habit.ID, day: Day, note: String?)
    /// Entries brought in by an import, each replacing the day's entry.
    case entriesImported(habit: Habit.ID, entries: [Entry])
    case routineCreated(routine: Routine)
    /// A whole routine (what Tend logged before routines merged per field; old logs hold it).
    case routineUpdated(routine: Routine)
    /// The fields of a routine a person changed, the others left as they are.
    case routinePatched(id: Routine.ID, patch: RoutinePatch)
    case routineDeleted(id: Routine.ID)
    case routinesReordered(ids: [Routine.ID])
    /// Moves a habit into a routine at a position (or out of every routine when `routine` is nil).
    case routineHabitMoved(habit: Habit.ID, routine: Routine.ID?, index: Int?)
    /// All the settings at once (what imports and Tend before sync logged).
    case settingsChanged(settings: UserSettings)
    /// The settings a person changed, the others left as they are.
    case settingsUpdated(patch: SettingsPatch)
    /// Describes a group (its emoji; a new one goes last in the order of groups).
    case groupSaved(group: HabitGroup)
    /// Renames a group, its habits with it (onto another group's name: the two become one).
    case groupRenamed(from: String, to: String)
    /// Deletes a group: its habits are kept, in no group.
    case groupDeleted(name: String)
    /// The order of groups: those named first, the others after them.
    case groupsReordered(names: [String])
    case tipDismissed(tip: Tip.ID)
    case tipEventRecorded(event: TipEvent)
}
