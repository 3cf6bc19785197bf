import Foundation

/// The groups an owner has described, in their manual order, and what group changes do to them.
/// A group change that renames or deletes a group also moves the habits in it: ``apply(_:)``
/// answers that move, and the fold (``UserState``) and the stores carry it out.
public struct GroupList: Hashable, Sendable {
    public private(set) var groups: [HabitGroup]

    public init(_ groups: [HabitGroup] = []) {
        var seen: Set<String> = []
        self.groups = groups.filter { seen.insert($0.key).inserted }
    }

    public subscript(name: String) -> HabitGroup? {
        let key = HabitGroup.key(name)
        return groups.first { $0.key == key }
    }

    /// What a rename or deletion does to the habits of a group: those in `from` (a key) go to
    /// `to` (a name; empty for none).
    public struct Move: Hashable, Sendable {
        public var from: String
        public var to: String

        /// The group a habit in `group` is in after the move.
        public func regrouped(_ group: String) -> String? {
            HabitGroup.key(group) == from ? to : nil
        }
    }

    /// Applies a group change (others are ignored), answering the habits' move if it makes one.
    @discardableResult
    public mutating func apply(_ change: Change) -> Move? {
        switch change {
        case .groupSaved(let group):
            if let index = groups.firstIndex(where: { $0.key == group.key }) {
                groups[index] = group
            } else {
                groups.append(group)
            }
            return nil
        case .groupRenamed(let from, let to):
            let fromKey = HabitGroup.key(from)
            if HabitGroup.key(to) != fromKey, let existing = groups.firstIndex(where: { $0.key == HabitGroup.key(to) }) {
                // Renamed onto another group (two devices, offline): the two become one, in the
                // place and with the emoji of the one kept.
                groups[existing].name = to
                groups.removeAll { $0.key == fromKey }
            } else if let index = groups.firstIndex(where: { $0.key == fromKey }) {
                groups[index].name = to
            }
            return Move(from: fromKey, to: to)
        case .groupDeleted(let name):
            let key = HabitGroup.key(name)
            groups.removeAll { $0.key == key }
            return Move(from: key, to: "")
        case .groupsReordered(let names):
            reorder(by: names)
            return nil
        default:
            return nil
        }
    }

    /// The groups named first, in that order (a name not yet described becomes a group), the
    /// others after them in their order.
    public mutating func reorder(by names: [String]) {
        var listed: [HabitGroup] = []
        var seen: Set<String> = []
        for name in names where seen.insert(HabitGroup.key(name)).inserted {
            listed.append(self[name] ?? HabitGroup(name: name.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        groups = listed + groups.filter { !seen.contains($0.key) }
    }

    /// Every group the owner has: the described ones in order, then the names `habits` use that
    /// none describes, by name.
    public func all(usedBy habits: some Sequence<Habit>) -> [HabitGroup] {
        var keys = Set(groups.map(\.key))
        var implicit: [HabitGroup] = []
        for habit in habits where !habit.group.isEmpty && keys.insert(HabitGroup.key(habit.group)).inserted {
            implicit.append(HabitGroup(name: habit.group))
        }
        return groups + implicit.sorted { ($0.key, $0.name) < ($1.key, $1.name) }
    }

    /// The spelling under which `name` is already one of `groups`, if it is one (a habit put in
    /// "health" joins "Health"); otherwise `name` trimmed.
    public static func spelling(of name: String, among groups: [HabitGroup]) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return "" }
        return groups.first { $0.key == HabitGroup.key(trimmed) }?.name ?? trimmed
    }
}
