import Foundation

/// Build a habit or break one (Habit Rabbit's kinds).
public enum HabitKind: String, Codable, CaseIterable, Hashable, Sendable {
    /// Reach the target each due day.
    case good
    /// Stay at or under the target each day.
    case bad
    /// Only measured (weight, mood, resting pulse): a value recorded on any day, with no target,
    /// no due days and no streak; never in the day score (harsh's "0 = track only").
    case measure
}
