import Foundation

/// Everything one user owns, as one value: what an export holds and what replaying the op log
/// rebuilds.
public struct UserState: Hashable, Sendable {
    public var settings: UserSettings
    public var habits: [Habit.ID: TrackedHabit]
    public var routines: RoutineList
    /// The groups the owner described (names habits use without one are groups too).
    public var groups: GroupList
    public var tips: TipState

    public init(
        settings: UserSettings = UserSettings(), habits: [TrackedHabit] = [], routines: [Routine] = [],
        groups: [HabitGroup] = [], tips: TipState = TipState()
    ) {
        self.settings = settings
        self.habits = Dictionary(habits.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.routines = RoutineList(routines)
        self.groups = GroupList(groups)
        self.tips = tips
    }

    /// Habits in the user's manual order.
    public var orderedHabits: [TrackedHabit] {
        habits.values.sorted { ($0.habit.order, $0.habit.name, $0.id) < ($1.habit.order, $1.habit.name, $1.id) }
    }

    /// Applies one change. A change that names a habit or routine this state does not hold (it
    /// was deleted) is ignored, as a tombstone would have it.
    public mutating func apply(_ change: Change) {
        switch change {
        case .habitCreated(var habit):
            guard habits[habit.id] == nil else { break }
            habit.name = HabitRules.freeName(habit.name, taken: nameKeys(except: habit.id))
            habits[habit.id] = TrackedHabit(habit: habit)
        case .habitUpdated(let id, var patch):
            guard let habit = habits[id]?.habit else { break }
            if let name = patch.name { patch.name = HabitRules.freeName(name, taken: nameKeys(except: id)) }
            habits[id]?.habit = patch.applied(to: habit)
        case .habitDeleted(let id):
            habits[id] = nil
            routines.detach(id)
        case .habitsReordered(let ids):
            for (index, id) in ids.enumerated() { habits[id]?.habit.order = index }
        case .entrySet(let habit, _, _), .entryIncremented(let habit, _, _), .entrySkipped(let habit, _, _),
            .entryReset(let habit, _), .entryNoteSet(let habit, _, _), .entriesImported(let habit, _):
            habits[habit]?.apply(change)
        case .routineCreated, .routineUpdated, .routinePatched, .routineDeleted, .routinesReordered, .routineHabitMoved:
            routines.apply(change, knownHabits: Set(habits.keys))
        case .settingsChanged(let settings):
            self.settings = settings
        case .settingsUpdated(let patch):
            settings = patch.applied(to: settings)
        case .groupSaved, .groupRenamed, .groupDeleted, .groupsReordered:
            if let move = groups.apply(change) {
                for (id, tracked) in habits {
                    if let group = move.regrouped(tracked.habit.group) { habits[id]?.habit.group = group }
                }
            }
        case .tipDismissed(let tip):
            tips.dismiss(tip)
        case .tipEventRecorded(let event):
            tips.record(event)
        }
    }

    /// The name keys of every habit but `id`: a merged habit's name must be none of them.
    func nameKeys(except id: Habit.ID) -> Set<String> {
        Set(habits.values.lazy.filter { $0.id != id }.map { HabitRules.nameKey($0.habit.name) })
    }

    /// Folds `changes` into a state, in order (Void.'s "history replay").
    public static func replaying(_ changes: some Sequence<Change>, from initial: UserState = UserState()) -> UserState {
        var state = initial
        for change in changes { state.apply(change) }
        return state
    }
}

extension UserState: Codable {
    private enum CodingKeys: String, CodingKey {
        case settings, habits, routines, groups, tips
    }

    /// One habit of an export: the habit's fields and its entries.
    private struct ExportedHabit: Codable {
        var habit: Habit
        var entries: [Entry]

        private enum CodingKeys: String, CodingKey { case entries }

        init(_ tracked: TrackedHabit) {
            habit = tracked.habit
            entries = tracked.sortedEntries
        }

        init(from decoder: any Decoder) throws {
            habit = try Habit(from: decoder)
            let c = try decoder.container(keyedBy: CodingKeys.self)
            entries = try c.decodeIfPresent([Entry].self, forKey: .entries) ?? []
        }

        func encode(to encoder: any Encoder) throws {
            try habit.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(entries, forKey: .entries)
        }
    }

    /// `{"settings":{…},"habits":[{…habit fields…,"entries":[…]}],"routines":[…],"tips":{…}}`,
    /// habits in manual order and entries by day, so equal states encode identically.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let habits = try c.decodeIfPresent([ExportedHabit].self, forKey: .habits) ?? []
        self.init(
            settings: try c.decodeIfPresent(UserSettings.self, forKey: .settings) ?? UserSettings(),
            habits: habits.map { TrackedHabit(habit: $0.habit, entries: $0.entries) },
            routines: try c.decodeIfPresent([Routine].self, forKey: .routines) ?? [],
            groups: try c.decodeIfPresent([HabitGroup].self, forKey: .groups) ?? [],
            tips: try c.decodeIfPresent(TipState.self, forKey: .tips) ?? TipState())
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(settings, forKey: .settings)
        try c.encode(orderedHabits.map(ExportedHabit.init), forKey: .habits)
        try c.encode(routines.routines, forKey: .routines)
        try c.encode(groups.groups, forKey: .groups)
        try c.encode(tips, forKey: .tips)
    }
}
