import Foundation

/// How a habit is measured (Void.'s types).
public enum HabitType: String, Codable, CaseIterable, Hashable, Sendable {
    /// Done or not (value 0 or 1).
    case checkmark
    /// A number of things (glasses, pages).
    case count
    /// Time spent, in seconds.
    case duration
}
