import Foundation

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

    public init(
        name: String? = nil, emoji: String? = nil, color: HabitColor? = nil, notes: String? = nil,
        kind: HabitKind? = nil, type: HabitType? = nil, target: Amount? = nil, unit: String? = nil, step: Amount? = nil,
        schedule: Schedule? = nil, routineTime: RoutineTime? = nil, reminders: [Reminder]? = nil,
        isArchived: Bool? = nil, order: Int? = nil, group: String? = nil, tagsAdded: [String]? = nil,
        tagsRemoved: [String]? = nil
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
        if tagsAdded != nil || tagsRemoved != nil {
            habit.tags = HabitTags.applying(added: tagsAdded ?? [], removed: tagsRemoved ?? [], to: habit.tags)
        }
        return habit
    }
}
