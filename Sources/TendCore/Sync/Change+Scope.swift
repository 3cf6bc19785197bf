import Foundation

extension Change {
    /// The habit whose row or entries the change touches (`nil` for routines, settings, tips and
    /// orders): what a store files the change under, so merging an operation that arrives late
    /// refolds only what it can have changed.
    public var habitID: Habit.ID? {
        switch self {
        case .habitCreated(let habit): habit.id
        case .habitUpdated(let id, _), .habitDeleted(let id): id
        case .entrySet(let habit, _, _), .entryIncremented(let habit, _, _), .entrySkipped(let habit, _, _),
            .entryReset(let habit, _), .entryNoteSet(let habit, _, _), .entriesImported(let habit, _):
            habit
        case .habitsReordered, .routineCreated, .routineUpdated, .routinePatched, .routineDeleted, .routinesReordered,
            .routineHabitMoved, .settingsChanged, .settingsUpdated, .tipDismissed, .tipEventRecorded, .groupSaved, .groupRenamed,
            .groupDeleted,
            .groupsReordered:
            nil
        }
    }

    /// The one day an entry change is about (`nil` for every other change, an import included).
    public var entryDay: Day? {
        switch self {
        case .entrySet(_, let day, _), .entryIncremented(_, let day, _), .entrySkipped(_, let day, _),
            .entryReset(_, let day), .entryNoteSet(_, let day, _):
            day
        default: nil
        }
    }

    /// Whether the change sets entries of many days at once (an import).
    public var isEntriesImport: Bool {
        if case .entriesImported = self { true } else { false }
    }

    /// The habit whose entries the change sets (an entry change or an import), else `nil`.
    public var entriesHabitID: Habit.ID? { isStructural ? nil : habitID }

    /// Whether the change is about the user's habits, routines, settings or tips rather than the
    /// entries of days: what a store refolds whole when such a change arrives out of order.
    public var isStructural: Bool { entryDay == nil && !isEntriesImport }
}
