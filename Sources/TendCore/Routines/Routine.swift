import Foundation
import TendWords

/// Youtine's routine: an ordered group of habits with a start time, weekdays and a color.
public struct Routine: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = TypedID<Routine>

    public var id: ID
    public var name: String
    public var start: TimeOfDay
    /// The days the routine runs; all seven for every day.
    public var weekdays: Set<Weekday>
    public var color: HabitColor
    /// The routine's habits in the order they are done.
    public var habitIDs: [Habit.ID]
    /// Position among the user's routines (ascending).
    public var order: Int

    public init(
        id: ID = ID(), name: String, start: TimeOfDay, weekdays: Set<Weekday> = Set(Weekday.allCases),
        color: HabitColor = .blue, habitIDs: [Habit.ID] = [], order: Int = 0
    ) {
        self.id = id
        self.name = name
        self.start = start
        self.weekdays = weekdays
        self.color = color
        self.habitIDs = habitIDs
        self.order = order
    }

    public static let maximumNameLength = 100

    private enum CodingKeys: String, CodingKey {
        case id, name, start, weekdays, color, habitIDs, order
    }

    /// Weekdays are written in order, so the same routine always encodes the same.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(start, forKey: .start)
        try c.encode(weekdays.sorted(), forKey: .weekdays)
        try c.encode(color, forKey: .color)
        try c.encode(habitIDs, forKey: .habitIDs)
        try c.encode(order, forKey: .order)
    }

    public func validate() throws(RoutineError) {
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyName }
        guard name.count <= Routine.maximumNameLength else { throw .nameTooLong(Routine.maximumNameLength) }
        guard name.isOneLineLabel else { throw .nameNotOneLine }
        guard !weekdays.isEmpty else { throw .noWeekdays }
        guard Set(habitIDs).count == habitIDs.count else { throw .duplicateHabit }
    }

    /// Whether the routine runs on `day`.
    public func runs(on day: Day) -> Bool { weekdays.contains(day.weekday) }
}

/// What deleting a routine will do, said before it is done (Youtine's confirmation dialog).
public struct RoutineDeletionImpact: Hashable, Sendable {
    public var routineName: String
    /// Habits that leave the routine; they and their history stay.
    public var detachedHabitNames: [String]

    public var message: String {
        if detachedHabitNames.isEmpty {
            return t("Delete the routine “{routine}”? It has no habits.", ["routine": routineName])
        }
        let list = detachedHabitNames.map { "“\($0)”" }.joined(separator: ", ")
        return tPlural(
            "Delete the routine “{routine}”? Its {count} habit ({habits}) leaves the routine but is kept with all its history.",
            "Delete the routine “{routine}”? Its {count} habits ({habits}) leave the routine but are kept with all their history.",
            count: detachedHabitNames.count, ["routine": routineName, "habits": list])
    }
}

extension Routine {
    public func deletionImpact(habits: [Habit]) -> RoutineDeletionImpact {
        let names = Dictionary(habits.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return RoutineDeletionImpact(routineName: name, detachedHabitNames: habitIDs.compactMap { names[$0] })
    }
}

public enum RoutineError: Error, Hashable, Sendable, CustomStringConvertible {
    case emptyName
    case nameTooLong(Int)
    case nameNotOneLine
    case noWeekdays
    case duplicateHabit
    case unknownRoutine
    case unknownHabit
    case indexOutOfRange(Int)

    public var description: String {
        switch self {
        case .emptyName: t("a routine needs a name")
        case .nameTooLong(let limit):
            tPlural("a routine's name is at most {count} character", "a routine's name is at most {count} characters", count: limit)
        case .nameNotOneLine: t("a routine's name is one line without control characters")
        case .noWeekdays: t("a routine runs on at least one weekday")
        case .duplicateHabit: t("a habit appears only once in a routine")
        case .unknownRoutine: t("no such routine")
        case .unknownHabit: t("that habit is not in the routine")
        // 1-based for people; `index + 1` would trap for Int.max (an API client can send it).
        case .indexOutOfRange(let index):
            t("position {position} is outside the list", ["position": index >= 0 ? String(UInt(index) + 1) : String(index + 1)])
        }
    }
}
