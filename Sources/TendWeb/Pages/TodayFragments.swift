import Foundation
import TendCore

/// The fragments of Today pages (one per server): cards for the session's forms (the CSRF
/// token and the return path are in them) and heatmaps.
final class TodayFragments: Sendable {
    struct CardKey: Hashable, Sendable {
        var card: TodayPage.Card
        var csrfToken: String
        var returnPath: String
    }

    /// 50 cards of 40 sessions at ~3 KB each: ~6 MB of HTML at most.
    let cards = FragmentCache<CardKey>(capacity: 2_000)
    /// A heatmap is ~20 KB.
    let heatmaps = FragmentCache<TodayPage.Heatmap>(capacity: 200)
    /// Each held habit's statuses of the page's days (~400 bytes each: 80 people's 50 habits).
    let statuses = GenerationalCache<TodayPage.StatusKey, [DayStatus]>(capacity: 4_096)
}
