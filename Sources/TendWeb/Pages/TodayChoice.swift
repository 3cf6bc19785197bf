import Foundation
import TendCore

/// How this browser shows Today: by time of day (the default) or by group, and
/// optionally only the habits with one tag. A view choice like the cards' modes, kept in the
/// browser's `tend_today` cookie, so each device remembers its own.
struct TodayChoice: Sendable, Hashable {
    static let cookieName = "tend_today"

    var byGroup = false
    /// A tag's key (``HabitTags/key(_:)``), or `nil` for every habit.
    var tag: String?

    init(byGroup: Bool = false, tag: String? = nil) {
        self.byGroup = byGroup
        self.tag = tag.map(HabitTags.key).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `g` or `t`, then `|` and the tag percent-encoded; anything else reads as the default.
    init(cookie: String?) {
        let parts = (cookie ?? "").split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        byGroup = parts.first == "g"
        if parts.count == 2, let tag = String(parts[1]).removingPercentEncoding, !tag.isEmpty,
            tag.count <= HabitTags.maximumLength
        {
            self.tag = HabitTags.key(tag)
        }
    }

    var cookieValue: String {
        (byGroup ? "g" : "t") + (tag.map { "|" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") } ?? "")
    }
}
