import Foundation
import TendWords

/// The fields of a habit that a change sets; absent fields stay as they are.
public struct HabitPatch: Codable, Hashable, Sendable {
    public var name: String?
    public var emoji: String?
    public var color: HabitColor?
    public var notes: String?
    public var kind: HabitKind?
    public var type: HabitType?
    public var target: Amount?
    public var unit: String?
    public var step: Amount?
    public var schedule: Schedule?
    public var routineTime: RoutineTime?
    public var reminders: [Reminder]?
    public var isArchived: Bool?
    public var order: Int?
    /// The habit's group by name; empty takes it out of its group.
    public var group: String?
    /// Tags put on and taken off: set operations rather than the whole set, so a tag added on one
    /// device and another removed on a second, both offline, both survive the merge.
    public var tagsAdded: [String]?
    public var tagsRemoved: [String]?
    /// A new start or end date, or ``DayBound/cleared`` to clear it.
    public var startsOn: DayBound?
    public var endsOn: DayBound?
    /// The whole list of pauses (as reminders are: the last change wins).
    public var pauses: [HabitPause]?
    /// The whole list of earlier rules (``HabitVersion``), set with the rule it ended.
    public var versions: [HabitVersion]?

    public init(
        name: String? = nil, emoji: String? = nil, color: HabitColor? = nil, notes: String? = nil,
        kind: HabitKind? = nil, type: HabitType? = nil, target: Amount? = nil, unit: String? = nil, step: Amount? = nil,
        schedule: Schedule? = nil, routineTime: RoutineTime? = nil, reminders: [Reminder]? = nil,
        isArchived: Bool? = nil, order: Int? = nil, group: String? = nil, tagsAdded: [String]? = nil,
        tagsRemoved: [String]? = nil, startsOn: DayBound? = nil, endsOn: DayBound? = nil,
        pauses: [HabitPause]? = nil, versions: [HabitVersion]? = nil
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
        self.order = order
        self.group = group
        self.tagsAdded = tagsAdded
        self.tagsRemoved = tagsRemoved
        self.startsOn = startsOn
        self.endsOn = endsOn
        self.pauses = pauses
        self.versions = versions
    }

    /// The patch that turns `old` into `new` (only the fields that differ).
    public init(from old: Habit, to new: Habit) {
        self.init()
        if old.name != new.name { name = new.name }
        if old.emoji != new.emoji { emoji = new.emoji }
        if old.color != new.color { color = new.color }
        if old.notes != new.notes { notes = new.notes }
        if old.kind != new.kind { kind = new.kind }
        if old.type != new.type { type = new.type }
        if old.target != new.target { target = new.target }
        if old.unit != new.unit { unit = new.unit }
        if old.step != new.step { step = new.step }
        if old.schedule != new.schedule { schedule = new.schedule }
        if old.routineTime != new.routineTime { routineTime = new.routineTime }
        if old.reminders != new.reminders { reminders = new.reminders }
        if old.isArchived != new.isArchived { isArchived = new.isArchived }
        if old.order != new.order { order = new.order }
        if old.group != new.group { group = new.group }
        if old.startsOn != new.startsOn { startsOn = DayBound(new.startsOn) }
        if old.endsOn != new.endsOn { endsOn = DayBound(new.endsOn) }
        if old.pauses != new.pauses { pauses = new.pauses }
        if old.versions != new.versions { versions = new.versions }
        let oldKeys = Set(old.tags.map(HabitTags.key))
        let newKeys = Set(new.tags.map(HabitTags.key))
        let added = new.tags.filter { !oldKeys.contains(HabitTags.key($0)) }
        let removed = old.tags.filter { !newKeys.contains(HabitTags.key($0)) }
        if !added.isEmpty { tagsAdded = added }
        if !removed.isEmpty { tagsRemoved = removed }
    }

    public var isEmpty: Bool { self == HabitPatch() }

    /// `habit` with the patch's fields set.
    public func applied(to habit: Habit) -> Habit {
        var habit = habit
        if let name { habit.name = name }
        if let emoji { habit.emoji = emoji }
        if let color { habit.color = color }
        if let notes { habit.notes = notes }
        if let kind { habit.kind = kind }
        if let type { habit.type = type }
        if let target { habit.target = target }
        if let unit { habit.unit = unit }
        if let step { habit.step = step }
        if let schedule { habit.schedule = schedule }
        if let routineTime { habit.routineTime = routineTime }
        if let reminders { habit.reminders = reminders }
        if let isArchived { habit.isArchived = isArchived }
        if let order { habit.order = order }
        if let group { habit.group = group.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let startsOn { habit.startsOn = startsOn.day }
        if let endsOn { habit.endsOn = endsOn.day }
        if let pauses { habit.pauses = pauses.sorted() }
        if let versions { habit.versions = versions.sorted() }
        if tagsAdded != nil || tagsRemoved != nil {
            habit.tags = HabitTags.applying(added: tagsAdded ?? [], removed: tagsRemoved ?? [], to: habit.tags)
        }
        return habit
    }
}

/// A start or end date a change sets: a day, or cleared. Written as the day's ISO text or
/// `"none"`, since a JSON `null` would read as "not changed".
public enum DayBound: Codable, Hashable, Sendable {
    case day(Day)
    case cleared

    public init(_ day: Day?) { self = day.map(DayBound.day) ?? .cleared }

    public var day: Day? {
        switch self {
        case .day(let day): day
        case .cleared: nil
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if text == "none" {
            self = .cleared
        } else if let day = try? Day(iso: text) {
            self = .day(day)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: t("'{text}' is neither a day (YYYY-MM-DD) nor none", ["text": text]))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(day?.iso ?? "none")
    }
}
