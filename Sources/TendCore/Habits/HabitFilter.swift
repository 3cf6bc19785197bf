import Foundation
import TendWords

/// A choice of habits by group and tag (`tend list --tag T`, `GET /api/v1/habits?group=G`, the web
/// app's tag filter): both compared case-insensitively, each optional.
public struct HabitFilter: Hashable, Sendable {
    /// A group's name; empty chooses the habits in no group.
    public var group: String?
    public var tag: String?

    public init(group: String? = nil, tag: String? = nil) {
        self.group = group
        self.tag = tag
    }

    public var isEmpty: Bool { group == nil && tag == nil }

    public func matches(_ habit: Habit) -> Bool {
        if let group, HabitGroup.key(habit.group) != HabitGroup.key(group) { return false }
        if let tag, !HabitTags.contains(habit.tags, tag) { return false }
        return true
    }

    /// Refuses a filter naming a group the owner does not have or a tag none of `habits` carries:
    /// a typo answers an error, not an empty list that reads as "nothing due".
    public func check(habits: [Habit], groups: [HabitGroup]) throws(RuleViolation) {
        if let group, !group.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
            !groups.contains(where: { $0.key == HabitGroup.key(group) })
        {
            let named = String(group.prefix(HabitGroup.maximumNameLength))
            throw RuleViolation(
                groups.isEmpty
                    ? t("no group named “{group}” (there are none yet)", ["group": named])
                    : t(
                        "no group named “{group}” (they are {groups})",
                        ["group": named, "groups": groups.map(\.name).joined(separator: ", ")]))
        }
        if let tag, !habits.contains(where: { HabitTags.contains($0.tags, tag) }) {
            throw RuleViolation(t("no habit has the tag “{tag}”", ["tag": String(tag.prefix(HabitTags.maximumLength))]))
        }
    }
}
