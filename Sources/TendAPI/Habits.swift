import Foundation
import TendCore

/// A schedule as a client sends it: TendCore's JSON object (`{"type":"weekdays","weekdays":["mon"]}`)
/// or the text form the CLI reads (`"3/week"`, `"mon,wed,fri"`, `"every 3 days"`).
public enum ScheduleInput: Codable, Hashable, Sendable {
    case schedule(Schedule)
    case text(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            self = .schedule(try container.decode(Schedule.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .schedule(let schedule): try container.encode(schedule)
        case .text(let text): try container.encode(text)
        }
    }

    /// The schedule; the text form's "every N days" counts from `today`. Its start is a day a
    /// request names, so it is held to `RecordableDays.viewable(today:)`.
    public func resolved(today: Day) throws(HabitValidationError) -> Schedule {
        let schedule: Schedule
        switch self {
        case .schedule(let given): schedule = given
        case .text(let text): schedule = try Schedule(parsing: text, startingOn: today)
        }
        try schedule.validateDays(today: today)
        return schedule
    }
}

/// A reminder as a client sends it (its id is optional: a new one gets one).
public struct ReminderInput: Codable, Hashable, Sendable {
    public var id: Reminder.ID?
    public var time: TimeOfDay
    public var weekdays: Set<Weekday>?
    public var message: String?
    public var isEnabled: Bool?
    /// "Until done": minutes between repeats (5…240); given with ``repeatLimit`` or not at all.
    public var repeatEveryMinutes: Int?
    /// "Until done": at most this many repeats (1…12).
    public var repeatLimit: Int?

    public init(
        id: Reminder.ID? = nil, time: TimeOfDay, weekdays: Set<Weekday>? = nil, message: String? = nil, isEnabled: Bool? = nil,
        repeatEveryMinutes: Int? = nil, repeatLimit: Int? = nil
    ) {
        self.id = id
        self.time = time
        self.weekdays = weekdays
        self.message = message
        self.isEnabled = isEnabled
        self.repeatEveryMinutes = repeatEveryMinutes
        self.repeatLimit = repeatLimit
    }

    /// The reminder; TendCore's `Reminder.validate` (run by every store write) checks the ranges
    /// and that "until done" has both fields or neither.
    public var reminder: Reminder {
        Reminder(
            id: id ?? Reminder.ID(), time: time, weekdays: weekdays ?? [], message: message, isEnabled: isEnabled ?? true,
            repeatEveryMinutes: repeatEveryMinutes, repeatLimit: repeatLimit)
    }
}

/// The attributes of a habit a client sends: `POST /api/v1/habits` (only `name` is required: the
/// rest defaults to a daily good checkmark) and `PATCH /api/v1/habits/{id}` (only the fields
/// given change). Keys are those of the habit JSON.
public struct HabitFields: Codable, Hashable, Sendable {
    public var name: String?
    public var emoji: String?
    public var color: HabitColor?
    public var notes: String?
    public var kind: HabitKind?
    public var type: HabitType?
    public var target: Amount?
    public var unit: String?
    /// What + and − add to a count (default 1).
    public var step: Amount?
    public var schedule: ScheduleInput?
    public var routineTime: RoutineTime?
    public var reminders: [ReminderInput]?
    public var isArchived: Bool?
    /// The group by name; `""` takes the habit out of its group (a name no group has makes one).
    public var group: String?
    /// The whole set of tags (what it adds and removes is logged, so other devices' tag changes
    /// survive).
    public var tags: [String]?
    /// Only when creating: the day the habit's history starts (default: the user's today).
    public var createdOn: Day?
    /// The first and last day the habit is due; in a PATCH, `null` clears one (``DayBound/cleared``).
    public var startsOn: DayBound?
    public var endsOn: DayBound?
    /// The whole list of pauses (`[]`: none).
    public var pauses: [HabitPause]?
    /// In a PATCH: the first day a changed kind, type, target or schedule applies, `YYYY-MM-DD`
    /// up to today or `"beginning"` (default: today). The days before keep the rule they had.
    public var rulesFrom: String?

    public init(
        name: String? = nil, emoji: String? = nil, color: HabitColor? = nil, notes: String? = nil, kind: HabitKind? = nil,
        type: HabitType? = nil, target: Amount? = nil, unit: String? = nil, step: Amount? = nil, schedule: ScheduleInput? = nil,
        routineTime: RoutineTime? = nil, reminders: [ReminderInput]? = nil, isArchived: Bool? = nil, group: String? = nil,
        tags: [String]? = nil, createdOn: Day? = nil, startsOn: DayBound? = nil, endsOn: DayBound? = nil,
        pauses: [HabitPause]? = nil, rulesFrom: String? = nil
    ) {
        self.rulesFrom = rulesFrom
        self.name = name
        self.emoji = emoji
        self.color = color
        self.notes = notes
        self.kind = kind
        self.type = type
        self.target = target
        self.unit = unit
        self.step = step
        self.schedule = schedule
        self.routineTime = routineTime
        self.reminders = reminders
        self.isArchived = isArchived
        self.group = group
        self.tags = tags
        self.createdOn = createdOn
        self.startsOn = startsOn
        self.endsOn = endsOn
        self.pauses = pauses
    }

    private enum CodingKeys: String, CodingKey {
        case name, emoji, color, notes, kind, type, target, unit, step, schedule, routineTime, reminders, isArchived, group
        case tags, createdOn, startsOn, endsOn, pauses, rulesFrom
    }

    /// Decodes the fields; a start or end date given as `null` is cleared (absent: unchanged), so
    /// those two are read by hand.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func bound(_ key: CodingKeys) throws -> DayBound? {
            guard c.contains(key) else { return nil }
            return try c.decodeNil(forKey: key) ? DayBound.cleared : .day(c.decode(Day.self, forKey: key))
        }
        self.init(
            name: try c.decodeIfPresent(String.self, forKey: .name), emoji: try c.decodeIfPresent(String.self, forKey: .emoji),
            color: try c.decodeIfPresent(HabitColor.self, forKey: .color), notes: try c.decodeIfPresent(String.self, forKey: .notes),
            kind: try c.decodeIfPresent(HabitKind.self, forKey: .kind), type: try c.decodeIfPresent(HabitType.self, forKey: .type),
            target: try c.decodeIfPresent(Amount.self, forKey: .target), unit: try c.decodeIfPresent(String.self, forKey: .unit),
            step: try c.decodeIfPresent(Amount.self, forKey: .step),
            schedule: try c.decodeIfPresent(ScheduleInput.self, forKey: .schedule),
            routineTime: try c.decodeIfPresent(RoutineTime.self, forKey: .routineTime),
            reminders: try c.decodeIfPresent([ReminderInput].self, forKey: .reminders),
            isArchived: try c.decodeIfPresent(Bool.self, forKey: .isArchived), group: try c.decodeIfPresent(String.self, forKey: .group),
            tags: try c.decodeIfPresent([String].self, forKey: .tags), createdOn: try c.decodeIfPresent(Day.self, forKey: .createdOn),
            startsOn: try bound(.startsOn), endsOn: try bound(.endsOn),
            pauses: try c.decodeIfPresent([HabitPause].self, forKey: .pauses),
            rulesFrom: try c.decodeIfPresent(String.self, forKey: .rulesFrom))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(emoji, forKey: .emoji)
        try c.encodeIfPresent(color, forKey: .color)
        try c.encodeIfPresent(notes, forKey: .notes)
        try c.encodeIfPresent(kind, forKey: .kind)
        try c.encodeIfPresent(type, forKey: .type)
        try c.encodeIfPresent(target, forKey: .target)
        try c.encodeIfPresent(unit, forKey: .unit)
        try c.encodeIfPresent(step, forKey: .step)
        try c.encodeIfPresent(schedule, forKey: .schedule)
        try c.encodeIfPresent(routineTime, forKey: .routineTime)
        try c.encodeIfPresent(reminders, forKey: .reminders)
        try c.encodeIfPresent(isArchived, forKey: .isArchived)
        try c.encodeIfPresent(group, forKey: .group)
        try c.encodeIfPresent(tags, forKey: .tags)
        try c.encodeIfPresent(createdOn, forKey: .createdOn)
        try c.encodeIfPresent(pauses, forKey: .pauses)
        try c.encodeIfPresent(rulesFrom, forKey: .rulesFrom)
        for (key, bound) in [(CodingKeys.startsOn, startsOn), (.endsOn, endsOn)] {
            switch bound {
            case .day(let day)?: try c.encode(day, forKey: key)
            case .cleared?: try c.encodeNil(forKey: key)
            case nil: break
            }
        }
    }

    /// When a changed rule applies (``rulesFrom``): from today unless it names a day up to today
    /// or the beginning.
    public func ruleChangeStart(today: Day) throws(HabitValidationError) -> RuleChangeStart {
        guard let rulesFrom else { return .day(today) }
        if rulesFrom == "beginning" { return .beginning }
        guard let day = try? Day(iso: rulesFrom) else {
            throw .versions("rulesFrom is a day (YYYY-MM-DD) or \"beginning\", not “\(rulesFrom.prefix(40))”")
        }
        if day > today { throw .versions("rulesFrom (\(day.iso)) is after today (\(today.iso)): a change applies from today or earlier") }
        if day < RecordableDays.floor {
            throw .versions("rulesFrom (\(day.iso)) is before \(RecordableDays.floor.iso), the earliest day Tend records")
        }
        return .day(day)
    }

    /// `habit` with these fields set. Changing kind or type without a target resets the target to
    /// the new kind's and type's default (as `tend edit` does). A group name is spelled as the
    /// owner's existing group of that name (`groups`).
    public func applied(to habit: Habit, today: Day, groups: [HabitGroup] = []) throws(HabitValidationError) -> Habit {
        var habit = habit
        if let name { habit.name = name.trimmingCharacters(in: .whitespaces) }
        if let emoji { habit.emoji = emoji }
        if let color { habit.color = color }
        if let notes { habit.notes = notes }
        let kindOrTypeChanged = (kind.map { $0 != habit.kind } ?? false) || (type.map { $0 != habit.type } ?? false)
        if let kind {
            let previous = habit.kind
            habit.kind = kind
            if emoji == nil { habit.followDefaultEmoji(from: previous) }
        }
        if let type { habit.type = type }
        // A measurement records a number unless told it is a time.
        if habit.kind == .measure, type == nil, habit.type == .checkmark { habit.type = .count }
        if let target {
            habit.target = target
        } else if kindOrTypeChanged {
            habit.target = Habit.defaultTarget(kind: habit.kind, type: habit.type)
        }
        if let unit { habit.unit = unit }
        if let step { habit.step = step }
        if let schedule { habit.schedule = try schedule.resolved(today: today) }
        if let routineTime { habit.routineTime = routineTime }
        if let reminders { habit.reminders = reminders.map(\.reminder) }
        if let isArchived { habit.isArchived = isArchived }
        if let group { habit.group = GroupList.spelling(of: group, among: groups) }
        // A start or end date may be planned up to a year ahead, as any day a request names.
        for day in [startsOn?.day, endsOn?.day].compactMap({ $0 }) {
            if let refusal = RecordableDays.viewingRefusal(for: day, today: today, what: "a start or end date") {
                throw .dates(refusal)
            }
        }
        if let pauses {
            for pause in pauses {
                for day in [pause.start, pause.end].compactMap({ $0 }) {
                    if let refusal = RecordableDays.viewingRefusal(for: day, today: today, what: "a pause's day") { throw .pauses(refusal) }
                }
            }
            habit.pauses = pauses.sorted()
        }
        if let startsOn { habit.startsOn = startsOn.day }
        if let endsOn { habit.endsOn = endsOn.day }
        if let tags {
            // Checked before they are normalized: 200 tags are refused, not cut to the first 20.
            guard tags.count <= HabitTags.maximumPerHabit else {
                throw .tags("a habit has at most \(HabitTags.maximumPerHabit) tags (got \(tags.count))")
            }
            for tag in tags {
                do { try HabitTags.validate(tag) } catch { throw .tags(error.description) }
            }
            habit.tags = tags
        }
        return habit
    }
}
