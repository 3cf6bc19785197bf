import Foundation

/// Build a habit or break one (Habit Rabbit's kinds).
public enum HabitKind: String, Codable, CaseIterable, Hashable, Sendable {
    /// Reach the target each due day.
    case good
    /// Stay at or under the target each day.
    case bad
}
