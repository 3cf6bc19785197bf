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

    public init(
        name: String? = nil, emoji: String? = nil, color: HabitColor? = nil, notes: String? = nil, kind: HabitKind? = nil,
        type: HabitType? = nil, target: Amount? = nil, unit: String? = nil, step: Amount? = nil, schedule: ScheduleInput? = nil,
        routineTime: RoutineTime? = nil, reminders: [ReminderInput]? = nil, isArchived: Bool? = nil, group: String? = nil,
        tags: [String]? = nil, createdOn: Day? = nil
    ) {
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
