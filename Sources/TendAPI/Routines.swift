import Foundation
import TendCore

/// A routine as a client sends it: `POST` needs `name`; `PATCH` changes the fields given.
public struct RoutineFields: Codable, Hashable, Sendable {
    public var name: String?
    public var start: TimeOfDay?
    public var weekdays: Set<Weekday>?
    public var color: HabitColor?
    public var habitIDs: [Habit.ID]?

    public init(
        name: String? = nil, start: TimeOfDay? = nil, weekdays: Set<Weekday>? = nil, color: HabitColor? = nil, habitIDs: [Habit.ID]? = nil
    ) {
        self.name = name
        self.start = start
        self.weekdays = weekdays
        self.color = color
        self.habitIDs = habitIDs
    }

    public func applied(to routine: Routine) -> Routine {
        var routine = routine
        if let name { routine.name = name.trimmingCharacters(in: .whitespaces) }
        if let start { routine.start = start }
        if let weekdays { routine.weekdays = weekdays }
        if let color { routine.color = color }
        if let habitIDs { routine.habitIDs = habitIDs }
        return routine
    }
}

/// `POST /api/v1/routines/{id}/habits`: put a habit into the routine (out of any other), at a
/// 0-based position (default: last).
public struct RoutineHabitMove: Codable, Hashable, Sendable {
    public var habit: Habit.ID
    public var at: Int?

    public init(habit: Habit.ID, at: Int? = nil) {
        self.habit = habit
        self.at = at
    }
}

/// What deleting a routine did (Youtine's confirmation, said afterwards too).
public struct RoutineDeletionJSON: Codable, Hashable, Sendable {
    public var message: String
    public var detachedHabits: [String]

    public init(_ impact: RoutineDeletionImpact) {
        message = impact.message
        detachedHabits = impact.detachedHabitNames
    }
}
