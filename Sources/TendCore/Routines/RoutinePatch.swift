import Foundation

/// The fields of a routine that a change sets; absent fields stay as they are, so a rename on the
/// laptop and a colour change on the phone, both offline, both survive (sync's last writer wins
/// per field, as for habits' ``HabitPatch``). The routine's place among the others is not here:
/// ``Change/routinesReordered(ids:)`` sets it.
public struct RoutinePatch: Codable, Hashable, Sendable {
    public var name: String?
    public var start: TimeOfDay?
    public var weekdays: Set<Weekday>?
    public var color: HabitColor?
    /// The routine's habits in order; those it lists leave any other routine.
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

    /// The patch that turns `old` into `new` (only the fields that differ; not the order).
    public init(from old: Routine, to new: Routine) {
        self.init()
        if old.name != new.name { name = new.name }
        if old.start != new.start { start = new.start }
        if old.weekdays != new.weekdays { weekdays = new.weekdays }
        if old.color != new.color { color = new.color }
        if old.habitIDs != new.habitIDs { habitIDs = new.habitIDs }
    }

    public var isEmpty: Bool { self == RoutinePatch() }

    /// `routine` with the patch's fields set.
    public func applied(to routine: Routine) -> Routine {
        var routine = routine
        if let name { routine.name = name }
        if let start { routine.start = start }
        if let weekdays { routine.weekdays = weekdays }
        if let color { routine.color = color }
        if let habitIDs { routine.habitIDs = habitIDs }
        return routine
    }

    private enum CodingKeys: String, CodingKey {
        case name, start, weekdays, color, habitIDs
    }

    /// Absent fields are left out and weekdays are written in order, so the same patch always
    /// encodes the same.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(start, forKey: .start)
        try c.encodeIfPresent(weekdays?.sorted(), forKey: .weekdays)
        try c.encodeIfPresent(color, forKey: .color)
        try c.encodeIfPresent(habitIDs, forKey: .habitIDs)
    }
}
