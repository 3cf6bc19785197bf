import Foundation
import TendCore

/// `POST /api/v1/pause` and `POST /api/v1/resume`: which habits (exactly one of `habit`, `group`,
/// `all`), and for a pause its first and last day (`start` defaults to today, a missing or
/// `null` `end` pauses until resumed).
public struct PauseRequest: Codable, Hashable, Sendable {
    public var habit: Habit.ID?
    public var group: String?
    public var all: Bool?
    public var start: Day?
    public var end: Day?

    public init(habit: Habit.ID? = nil, group: String? = nil, all: Bool? = nil, start: Day? = nil, end: Day? = nil) {
        self.habit = habit
        self.group = group
        self.all = all
        self.start = start
        self.end = end
    }

    /// What the request names, or why it names nothing (or more than one thing).
    public enum Target: Hashable, Sendable {
        case habit(Habit.ID)
        case group(String)
        case all
    }

    public func target() throws(RuleViolation) -> Target {
        switch (habit, group, all ?? false) {
        case (let id?, nil, false): return .habit(id)
        case (nil, let name?, false): return .group(name)
        case (nil, nil, true): return .all
        default: throw RuleViolation("name exactly one of habit (an id), group (a name) or all (true)")
        }
    }
}
