import Foundation
import TendCore

/// `GET /api/v1/today`: the same keys as `tend today --json` (docs/cli.md).
public struct TodayJSON: Codable, Hashable, Sendable {
    public struct Item: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
        public var emoji: String
        public var status: String
        public var value: Amount
        public var target: Amount
        public var unit: String
        /// What + and − add (a count's step; 1 for other types).
        public var step: Amount
        public var type: String
        public var kind: String
        public var progress: Double
        /// A quota habit's count in its period ("1 of 3 this week"); absent for fixed schedules.
        public var period: PeriodProgress?
    }

    /// A routine's name and start, for the group of its habits.
    public struct RoutineRef: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
        public var start: String
    }

    public struct Group: Codable, Hashable, Sendable {
        public var routineTime: String
        /// Set for the group of a routine's habits (routines come first, in start-time order).
        public var routine: RoutineRef?
        public var habits: [Item]
    }

    /// A habit resting on the day: listed apart, "Paused until …".
    public struct Paused: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
        public var emoji: String
        /// The pause's last day, `null`: until resumed.
        @NullWhenAbsent public var until: String?
    }

    public var day: String
    public var current: String
    @NullWhenAbsent public var score: Double?
    public var groups: [Group]
    public var paused: [Paused]
    /// The habits that are only measured, apart from the groups and the score.
    public var measurements: [Measurement]

    /// A measurement's value on the day (`null`: none yet) and its latest one.
    public struct Measurement: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
        public var emoji: String
        public var unit: String
        public var type: String
        @NullWhenAbsent public var value: Amount?
        @NullWhenAbsent public var lastDay: String?
        @NullWhenAbsent public var lastValue: Amount?
    }

    public init(_ plan: TodayPlan) {
        day = plan.day.iso
        current = plan.current.rawValue
        score = plan.score
        groups = plan.groups.map { group in
            Group(
                routineTime: group.routineTime.rawValue,
                routine: group.routine.map { RoutineRef(id: $0.id.description, name: $0.name, start: $0.start.description) },
                habits: group.items.map { item in
                    Item(
                        id: item.habit.id.description, name: item.habit.name, emoji: item.habit.emoji,
                        status: item.status.rawValue, value: item.value, target: item.habit.target, unit: item.habit.unit,
                        step: item.habit.step,
                        type: item.habit.type.rawValue, kind: item.habit.kind.rawValue, progress: item.progress,
                        period: item.period)
                })
        }
        measurements = plan.measurements.map {
            Measurement(
                id: $0.habit.id.description, name: $0.habit.name, emoji: $0.habit.emoji, unit: $0.habit.unit, type: $0.habit.type.rawValue,
                value: $0.value, lastDay: $0.lastDay?.iso, lastValue: $0.lastValue)
        }
        paused = plan.paused.map {
            Paused(id: $0.habit.id.description, name: $0.habit.name, emoji: $0.habit.emoji, until: $0.until?.iso)
        }
    }

    private enum CodingKeys: String, CodingKey { case day, current, score, groups, paused, measurements }
}

/// A day score (`null` when nothing was due), as `tend heatmap --json` prints it.
public struct DayScoreJSON: Codable, Hashable, Sendable {
    public var day: String
    public var score: Double?

    public init(day: Day, score: Double?) {
        self.day = day.iso
        self.score = score
    }

    private enum CodingKeys: String, CodingKey { case day, score }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(day, forKey: .day)
        try c.encode(score, forKey: .score)
    }
}

/// A tip, as `tend tips list --json` prints it, with its kind.
public struct TipJSON: Codable, Hashable, Sendable {
    public var id: String
    public var kind: String
    public var title: String
    public var message: String
    public var applies: Bool
    public var retired: Bool

    public init(_ tip: Tip, applies: Bool, retired: Bool) {
        id = tip.id.rawValue
        kind = tip.kind.rawValue
        title = tip.title
        message = tip.message
        self.applies = applies
        self.retired = retired
    }
}
