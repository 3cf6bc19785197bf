import Foundation
import TendCore

/// A group as the API answers it: `GET /api/v1/groups`, `POST`, `PATCH /api/v1/groups/{name}`.
public struct GroupAnswer: Codable, Hashable, Sendable {
    public var name: String
    /// One emoji, or empty.
    public var emoji: String
    /// The ids of the habits in the group, in the owner's order (archived ones included).
    public var habits: [Habit.ID]

    public init(_ group: HabitGroup, habits: [Habit]) {
        name = group.name
        emoji = group.emoji
        self.habits = habits.filter(group.contains).map(\.id)
    }
}

/// What a client sends to make a group (`name` required) or change one (either field).
public struct GroupFields: Codable, Hashable, Sendable {
    public var name: String?
    public var emoji: String?

    public init(name: String? = nil, emoji: String? = nil) {
        self.name = name
        self.emoji = emoji
    }
}

/// `PUT /api/v1/groups/order`: the groups named first, in that order.
public struct GroupOrderRequest: Codable, Hashable, Sendable {
    public var names: [String]

    public init(names: [String]) { self.names = names }
}
