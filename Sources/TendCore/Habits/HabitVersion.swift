import Foundation
import TendWords

/// What judges a habit's days: its kind, type, target and schedule. A change to any of them may
/// apply from a chosen day on, the days before keeping the rule they had (``HabitVersion``).
public struct HabitRule: Codable, Hashable, Sendable {
    public var kind: HabitKind
    public var type: HabitType
    public var target: Amount
    public var schedule: Schedule

    public init(kind: HabitKind, type: HabitType, target: Amount, schedule: Schedule) {
        self.kind = kind
        self.type = type
        self.target = target
        self.schedule = schedule
    }

    public init(_ habit: Habit) {
        self.init(kind: habit.kind, type: habit.type, target: habit.target, schedule: habit.schedule)
    }
}

/// A rule a habit had before it changed: it judged every day through `through` (and after the
/// version before it). The habit's own fields are the rule from the last version's next day on.
public struct HabitVersion: Codable, Hashable, Sendable, Comparable {
    public var rule: HabitRule
    /// The last day this rule judged.
    public var through: Day

    public init(rule: HabitRule, through: Day) {
        self.rule = rule
        self.through = through
    }

    public static func < (lhs: HabitVersion, rhs: HabitVersion) -> Bool { lhs.through < rhs.through }

    /// The most versions a habit keeps: a change a week for two years.
    public static let maximumPerHabit = 100

    private enum CodingKeys: String, CodingKey { case through, kind, type, target, schedule }

    // Flat on the wire ({"through", "kind", "type", "target", "schedule"}), as a habit's own fields.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        through = try c.decode(Day.self, forKey: .through)
        rule = HabitRule(
            kind: try c.decode(HabitKind.self, forKey: .kind), type: try c.decode(HabitType.self, forKey: .type),
            target: try c.decode(Amount.self, forKey: .target), schedule: try c.decode(Schedule.self, forKey: .schedule))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(through, forKey: .through)
        try c.encode(rule.kind, forKey: .kind)
        try c.encode(rule.type, forKey: .type)
        try c.encode(rule.target, forKey: .target)
        try c.encode(rule.schedule, forKey: .schedule)
    }

    /// Valid versions: at most ``maximumPerHabit``, each ending on a different day on or after
    /// 2000, each rule one a habit could have (its target in range, its schedule valid).
    public static func validate(_ versions: [HabitVersion]) throws(HabitValidationError) {
        guard versions.count <= maximumPerHabit else {
            throw .versions(
                tPlural("a habit keeps at most {count} earlier rule", "a habit keeps at most {count} earlier rules", count: maximumPerHabit)
            )
        }
        var seen = Set<Day>()
        for version in versions {
            guard version.through >= RecordableDays.floor else {
                throw .versions(
                    t("an earlier rule ending {day} is before {floor}", ["day": version.through.iso, "floor": RecordableDays.floor.iso]))
            }
            guard seen.insert(version.through).inserted else {
                throw .versions(t("two earlier rules end on {day}", ["day": version.through.iso]))
            }
            let rule = version.rule
            let range = Habit.targetRange(kind: rule.kind, type: rule.type)
            guard range.contains(rule.target), rule.target.isWhole || rule.type == .count else {
                throw .versions(
                    t(
                        "the rule ending {day} has a target ({target}) out of range for its kind and type",
                        ["day": version.through.iso, "target": rule.target.description]))
            }
            do {
                try rule.schedule.validate()
            } catch {
                throw .versions(t("the rule ending {day}: {reason}", ["day": version.through.iso, "reason": error.description]))
            }
        }
    }
}

/// When a change to a habit's rule applies: from a day (the days before keep the rule they had)
/// or from the beginning (every day is judged anew).
public enum RuleChangeStart: Hashable, Sendable {
    case day(Day)
    case beginning
}

extension Habit {
    /// The habit's current rule.
    public var rule: HabitRule {
        get { HabitRule(self) }
        set {
            kind = newValue.kind
            type = newValue.type
            target = newValue.target
            schedule = newValue.schedule
        }
    }

    /// The habit as it judged `day`: its fields carry the rule of that day.
    public func ruled(on day: Day) -> Habit {
        guard !versions.isEmpty, let version = versions.first(where: { day <= $0.through }) else { return self }
        var habit = self
        habit.rule = version.rule
        return habit
    }

    /// Each rule with the days it judged: the earlier versions (the first from the beginning), then
    /// the current rule from the last version's next day (`nil` bounds: open).
    public var ruleSegments: [(habit: Habit, from: Day?, through: Day?)] {
        var segments: [(habit: Habit, from: Day?, through: Day?)] = []
        var from: Day? = nil
        for version in versions {
            var habit = self
            habit.rule = version.rule
            segments.append((habit, from, version.through))
            from = version.through.next
        }
        segments.append((self, from, nil))
        return segments
    }

    /// Every schedule the habit has had (the current one last).
    public var allSchedules: [Schedule] { versions.map(\.rule.schedule) + [schedule] }

    /// `new` (the rule the person chose) applied from `start`: the days before keep the rules
    /// they had, recorded as versions; days from `start` on (later versions included) take `new`.
    /// `.beginning` (or a start on the earliest day Tend records) judges every day by `new` and
    /// drops the versions. Equal neighbouring rules are joined.
    public func changingRule(to new: HabitRule, from start: RuleChangeStart) -> Habit {
        var habit = self
        habit.rule = new
        switch start {
        case .beginning:
            habit.versions = []
        case .day(let day) where day <= RecordableDays.floor:
            habit.versions = []
        case .day(let day):
            let before = day.previous
            var kept = versions.filter { $0.through < before }
            let ruleBefore = ruled(on: before).rule
            if kept.last?.rule == ruleBefore { kept.removeLast() }
            kept.append(HabitVersion(rule: ruleBefore, through: before))
            // The rule on the day before equals the new one: no change happened there.
            if ruleBefore == new { kept.removeLast() }
            habit.versions = kept
        }
        return habit
    }
}
