import Foundation
import TendWords

/// An area of life a habit belongs to ("Health", "Work"): a name, an optional emoji, and a place
/// in the owner's manual order of groups. A habit names its group (``Habit/group``), compared by
/// ``HabitGroup/key(_:)``; a name a habit uses that no ``HabitGroup`` describes is still a group,
/// listed after the described ones.
public struct HabitGroup: Hashable, Sendable, Codable {
    public var name: String
    /// One emoji shown before the name, or empty.
    public var emoji: String

    public init(name: String, emoji: String = "") {
        self.name = name
        self.emoji = emoji
    }

    public static let maximumNameLength = 50
    /// The most groups one person describes (a habit can only be in one, so more would be noise).
    public static let maximumPerOwner = 100

    /// The case-insensitive key under which a group's name is unique ("health" is "Health").
    public static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    public var key: String { HabitGroup.key(name) }

    /// Checks a group's name (as a habit or a group carries it) and emoji.
    public static func validate(name: String) throws(RuleViolation) {
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw RuleViolation(t("a group needs a name")) }
        guard name.count <= maximumNameLength else {
            throw RuleViolation(
                tPlural(
                    "a group's name is at most {count} character", "a group's name is at most {count} characters", count: maximumNameLength)
            )
        }
        // Control characters too: a label has no use for them, and PostgreSQL's text refuses NUL.
        guard !name.unicodeScalars.contains(where: \.breaksLabel)
        else { throw RuleViolation(t("a group's name is one line of text, without control characters")) }
    }

    /// Whether `habit` is in this group (names compared by ``key(_:)``).
    public func contains(_ habit: Habit) -> Bool { HabitGroup.key(habit.group) == key }

    public func validate() throws(RuleViolation) {
        try HabitGroup.validate(name: name)
        guard emoji.isEmpty || Habit.isSingleEmoji(emoji) else {
            throw RuleViolation(t("'{text}' is not a single emoji", ["text": String(emoji.prefix(20))]))
        }
    }
}
