import Foundation
import TendCore

/// A routine as a client sends it: `POST` needs `name`; `PATCH` changes the fields given. The
/// same value as the op log's routine change, so what a person sets is what is logged.
public typealias RoutineFields = RoutinePatch

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
