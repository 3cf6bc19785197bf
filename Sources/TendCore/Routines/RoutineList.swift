import Foundation

/// The user's routines in order, and the moves Youtine's editor makes on them.
/// A habit belongs to at most one routine.
public struct RoutineList: Hashable, Sendable {
    public private(set) var routines: [Routine]

    /// Orders the routines; a habit listed by several keeps only its place in the first.
    public init(_ routines: [Routine]) {
        var seen: Set<Habit.ID> = []
        self.routines = routines.sorted { ($0.order, $0.name) < ($1.order, $1.name) }.map { routine in
            var routine = routine
            routine.habitIDs = routine.habitIDs.filter { seen.insert($0).inserted }
            return routine
        }
        renumber()
    }

    public subscript(id: Routine.ID) -> Routine? { routines.first { $0.id == id } }

    /// The routine that holds `habit`, if any.
    public func routine(containing habit: Habit.ID) -> Routine? {
        routines.first { $0.habitIDs.contains(habit) }
    }

    /// Appends a routine at the end (its habits leave any other routine).
    public mutating func append(_ routine: Routine) throws(RoutineError) {
        try routine.validate()
        for habit in routine.habitIDs { detach(habit) }
        var routine = routine
        routine.order = routines.count
        routines.append(routine)
    }

    /// Moves a routine to position `index` (0-based) in the list.
    public mutating func reorder(_ id: Routine.ID, to index: Int) throws(RoutineError) {
        guard let from = routines.firstIndex(where: { $0.id == id }) else { throw .unknownRoutine }
        guard routines.indices.contains(index) else { throw .indexOutOfRange(index) }
        let routine = routines.remove(at: from)
        routines.insert(routine, at: index)
        renumber()
    }

    /// Puts `habit` into routine `id` at `index` (default: last), taking it out of any routine
    /// it was in; within the same routine this reorders it.
    public mutating func move(habit: Habit.ID, to id: Routine.ID, at index: Int? = nil) throws(RoutineError) {
        guard let target = routines.firstIndex(where: { $0.id == id }) else { throw .unknownRoutine }
        // Check the position against the routine as it will be once the habit has left it,
        // before changing anything: a failed move leaves the list as it was.
        var habitIDs = routines[target].habitIDs
        habitIDs.removeAll { $0 == habit }
        let position = index ?? habitIDs.count
        guard (0...habitIDs.count).contains(position) else { throw .indexOutOfRange(position) }
        detach(habit)
        routines[target].habitIDs.insert(habit, at: position)
    }

    /// Takes `habit` out of routine `id`.
    public mutating func remove(habit: Habit.ID, from id: Routine.ID) throws(RoutineError) {
        guard let index = routines.firstIndex(where: { $0.id == id }) else { throw .unknownRoutine }
        guard routines[index].habitIDs.contains(habit) else { throw .unknownHabit }
        routines[index].habitIDs.removeAll { $0 == habit }
    }

    /// Deletes routine `id`; its habits are kept (only their membership goes).
    @discardableResult
    public mutating func delete(_ id: Routine.ID) throws(RoutineError) -> Routine {
        guard let index = routines.firstIndex(where: { $0.id == id }) else { throw .unknownRoutine }
        let removed = routines.remove(at: index)
        renumber()
        return removed
    }

    /// Adds `routine` at the end, or replaces the routine with its id in place. Its habits that
    /// `knownHabits` lacks are dropped; those it lists leave any other routine.
    public mutating func upsert(_ routine: Routine, keepingHabitsIn knownHabits: Set<Habit.ID>) {
        var routine = routine
        var seen: Set<Habit.ID> = []
        routine.habitIDs = routine.habitIDs.filter { knownHabits.contains($0) && seen.insert($0).inserted }
        for index in routines.indices where routines[index].id != routine.id {
            routines[index].habitIDs.removeAll { seen.contains($0) }
        }
        if let index = routines.firstIndex(where: { $0.id == routine.id }) {
            routines[index] = routine
        } else {
            routines.append(routine)
        }
        renumber()
    }

    /// Puts the routines listed first, in that order, the others after them in their order.
    public mutating func reorder(by ids: [Routine.ID]) {
        let position = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        routines = routines.enumerated()
            .sorted { (position[$0.element.id] ?? ids.count + $0.offset) < (position[$1.element.id] ?? ids.count + $1.offset) }
            .map(\.element)
        renumber()
    }

    /// Applies a routine change (other changes are ignored); `knownHabits` are the owner's
    /// habits — a change naming any other habit leaves it out. The one definition of routine
    /// changes, for replay and for the stores.
    public mutating func apply(_ change: Change, knownHabits: Set<Habit.ID>) {
        switch change {
        case .routineCreated(let routine), .routineUpdated(let routine):
            upsert(routine, keepingHabitsIn: knownHabits)
        case .routinePatched(let id, let patch):
            // A deleted routine stays deleted; its habits follow routineUpdated's rule.
            guard let routine = self[id] else { return }
            upsert(patch.applied(to: routine), keepingHabitsIn: knownHabits)
        case .routineDeleted(let id):
            _ = try? delete(id)
        case .routinesReordered(let ids):
            reorder(by: ids)
        case .routineHabitMoved(let habit, let routine, let index):
            guard knownHabits.contains(habit) else { return }
            if let routine {
                try? move(habit: habit, to: routine, at: index)
            } else {
                detach(habit)
            }
        default:
            break
        }
    }

    /// Removes a deleted habit from whichever routine held it.
    public mutating func detach(_ habit: Habit.ID) {
        for index in routines.indices { routines[index].habitIDs.removeAll { $0 == habit } }
    }

    private mutating func renumber() {
        for index in routines.indices { routines[index].order = index }
    }
}
