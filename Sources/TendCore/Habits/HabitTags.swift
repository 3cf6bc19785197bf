import Foundation
import TendWords

/// A habit's tags: short labels, any number up to ``maximumPerHabit``, unique by a
/// case-insensitive key and kept sorted, so equal sets encode the same.
public enum HabitTags {
    public static let maximumLength = 30
    public static let maximumPerHabit = 20

    /// The key a tag is compared by ("Morning" is "morning").
    public static func key(_ tag: String) -> String {
        tag.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// `tags` trimmed, without empties or repeats (the first spelling of a key wins), sorted by key.
    public static func normalized(_ tags: some Sequence<String>) -> [String] {
        var seen: Set<String> = []
        var kept: [String] = []
        for tag in tags {
            let trimmed = tag.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, seen.insert(key(trimmed)).inserted else { continue }
            kept.append(trimmed)
        }
        return kept.sorted { (key($0), $0) < (key($1), $1) }
    }

    /// `tags` with `removed` taken out and `added` put in (by key): how a patch's set operations
    /// apply, so a tag added on one device and another removed on a second both survive.
    public static func applying(added: [String], removed: [String], to tags: [String]) -> [String] {
        let gone = Set(removed.map(key))
        return normalized(tags.filter { !gone.contains(key($0)) } + added)
    }

    /// Whether `tags` hold `tag` (by ``key(_:)``).
    public static func contains(_ tags: [String], _ tag: String) -> Bool {
        let wanted = key(tag)
        return tags.contains { key($0) == wanted }
    }

    /// One tag: 1–30 characters on one line, without a comma (the CLI lists tags with commas).
    public static func validate(_ tag: String) throws(RuleViolation) {
        let shown = tag.count > 40 ? String(tag.prefix(40)) + "…" : tag
        guard !tag.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw RuleViolation(t("a tag cannot be empty")) }
        guard tag.count <= maximumLength else {
            throw RuleViolation(
                tPlural(
                    "a tag is at most {count} character ('{tag}' has {length})",
                    "a tag is at most {count} characters ('{tag}' has {length})",
                    count: maximumLength, ["tag": shown, "length": String(tag.count)]))
        }
        guard !tag.contains(","), !tag.unicodeScalars.contains(where: \.breaksLabel) else {
            throw RuleViolation(t("a tag is one line of text without commas or control characters ('{tag}')", ["tag": shown]))
        }
    }

    /// A habit's whole set: each tag valid, at most ``maximumPerHabit``.
    public static func validate(_ tags: [String]) throws(RuleViolation) {
        guard tags.count <= maximumPerHabit else {
            throw RuleViolation(
                tPlural(
                    "a habit has at most {count} tag (got {given})", "a habit has at most {count} tags (got {given})",
                    count: maximumPerHabit,
                    ["given": String(tags.count)]))
        }
        for tag in tags { try validate(tag) }
    }
}
