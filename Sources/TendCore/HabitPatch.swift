import Foundation

/// The fields of a habit that a change sets; absent fields stay as they are.
public struct HabitPatch: Codable, Hashable, Sendable {
    public var name: String?
    public var emoji: String?
    public var color: HabitColor?
    public var notes: String?
    public var kind: HabitKind?
    public var type: HabitType?
    public var target: Int?
    public var unit: String?
    public var schedule: Schedule?
    public var routineTime: RoutineTime?
    public var reminders: [Reminder]?
    public var isArchived: Bool?
    public var order: Int?

    public init(
        name: String? = nil, emoji: String? = nil, color: HabitColor? = nil, notes: String? = nil,
        kind: HabitKind? = nil, type: HabitType? = nil, target: Int? = nil, unit: String? = nil,
        schedule: Schedule? = nil, routineTime: RoutineTime? = nil, reminders: [Reminder]? = nil,
        isArchived: Bool? = nil, order: Int? = nil
    ) {
        self.name = name
        self.emoji = emoji
        self.color = color
        self.notes = notes
        self.kind = kind
        self.type = type
        self.target = target
        self.unit = unit
        self.schedule = schedule
        self.routineTime = routineTime
        self.reminders = reminders
        self.isArchived = isArchived
        self.order = order
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
        if old.schedule != new.schedule { schedule = new.schedule }
        if old.routineTime != new.routineTime { routineTime = new.routineTime }
        if old.reminders != new.reminders { reminders = new.reminders }
        if old.isArchived != new.isArchived { isArchived = new.isArchived }
        if old.order != new.order { order = new.order }
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
        if let schedule { habit.schedule = schedule }
        if let routineTime { habit.routineTime = routineTime }
        if let reminders { habit.reminders = reminders }
        if let isArchived { habit.isArchived = isArchived }
        if let order { habit.order = order }
        return habit
    }
}
