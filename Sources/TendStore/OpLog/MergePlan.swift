import TendCore

/// What a store refolds when operations arrive that order before ones it has already applied
/// (another device's changes made offline): only what they can have changed.
///
/// - A structural change (a habit's fields, its creation or deletion, orders, routines,
///   settings, tips) refolds the structure whole: every structural operation of the user, which
///   are few beside check-ins. A habit that exists after that and did not before gets its
///   entries refolded too (its creation arrived after its check-ins).
/// - An entry change refolds its habit's day: the habit's own operations (creation, changes,
///   deletion, imports) and that day's.
/// - An import refolds its habit's entries whole.
package struct MergePlan {
    package var structural = false
    /// Days to refold, by habit.
    package var days: [Habit.ID: Set<Day>] = [:]
    /// Habits whose entries are refolded whole.
    package var wholeHabits: Set<Habit.ID> = []

    package init(_ operations: some Sequence<ChangeOperation>) {
        for operation in operations {
            let change = operation.change
            if change.isStructural {
                structural = true
            } else if let habit = change.habitID {
                if let day = change.entryDay { days[habit, default: []].insert(day) } else { wholeHabits.insert(habit) }
            }
        }
    }

    /// Whether every new operation orders after `frontier` (the latest one already applied), so
    /// applying them one by one is the fold.
    package static func inOrder(_ sorted: [ChangeOperation], after frontier: (timestamp: HybridTimestamp, id: String)?) -> Bool {
        guard let first = sorted.first, let frontier else { return true }
        if first.timestamp != frontier.timestamp { return first.timestamp > frontier.timestamp }
        return first.id.text(uppercase: true) > frontier.id.uppercased()
    }
}

/// Folds of logged operations, in ``OperationSet``'s order, as a store's merge needs them.
package enum MergeFold {
    package static func sorted(_ operations: [ChangeOperation]) -> [ChangeOperation] {
        operations.sorted(by: OperationSet.precedes)
    }

    /// The user's structure (habits without entries, routines, settings, tips) from their
    /// structural operations; settings stay `settings` unless an operation changes them.
    package static func structure(_ operations: [ChangeOperation], settings: UserSettings) -> UserState {
        var state = UserState(settings: settings)
        for operation in sorted(operations) where operation.change.isStructural { state.apply(operation.change) }
        return state
    }

    /// A habit's entries from its own operations (and those of the days asked for), or `nil`
    /// when the habit does not exist after them.
    package static func entries(of habit: Habit.ID, _ operations: [ChangeOperation]) -> [Day: Entry]? {
        var state = UserState()
        for operation in sorted(operations) where operation.change.habitID == habit { state.apply(operation.change) }
        return state.habits[habit]?.entries
    }
}

/// How a refolded structure differs from the stored one: what a store writes back.
package struct StructureDiff {
    package var deleted: [Habit.ID] = []
    package var inserted: [Habit] = []
    package var updated: [Habit] = []
    /// Habits that exist after the fold but were deleted on the way (an id created again): their
    /// entries are refolded whole, like those of inserted habits.
    package var recreated: [Habit.ID] = []
    /// The routines, when they changed.
    package var routines: [Routine]?
    /// The described groups, when they changed.
    package var groups: [HabitGroup]?
    /// The settings, when they changed.
    package var settings: UserSettings?
    /// Tips newly dismissed or acted on.
    package var tips: TipState?

    package init(stored: UserState, folded: UserState, operations: [ChangeOperation] = []) {
        var deletedOnTheWay: Set<Habit.ID> = []
        for operation in operations { if case .habitDeleted(let id) = operation.change { deletedOnTheWay.insert(id) } }
        recreated = deletedOnTheWay.filter { folded.habits[$0] != nil && stored.habits[$0] != nil }.sorted()
        for id in stored.habits.keys where folded.habits[id] == nil { deleted.append(id) }
        for (id, tracked) in folded.habits {
            if let old = stored.habits[id]?.habit {
                if old != tracked.habit { updated.append(tracked.habit) }
            } else {
                inserted.append(tracked.habit)
            }
        }
        deleted.sort()
        inserted.sort { $0.id < $1.id }
        updated.sort { $0.id < $1.id }
        if stored.routines != folded.routines { routines = folded.routines.routines }
        if stored.groups != folded.groups { groups = folded.groups.groups }
        if stored.settings != folded.settings { settings = folded.settings }
        if stored.tips != folded.tips { tips = folded.tips }
    }
}
