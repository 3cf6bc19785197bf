import Foundation

/// The fragments of Today pages (one per server): cards for the session's forms (the CSRF
/// token and the return path are in them) and heatmaps.
final class TodayFragments: Sendable {
    struct CardKey: Hashable, Sendable {
        var card: TodayPage.Card
        var csrfToken: String
        var returnPath: String

        // Hashing a whole card (its cells, links and labels) cost more than rendering the page
        // around it; a few fields tell cards apart as well, and a hit still compares all of them
        // (cheaply: a kept card's strings and arrays share their storage).
        static func == (lhs: CardKey, rhs: CardKey) -> Bool {
            guard lhs.csrfToken == rhs.csrfToken, lhs.returnPath == rhs.returnPath else { return false }
            if let key = lhs.card.memo.key, key == rhs.card.memo.key { return true }
            return lhs.card == rhs.card
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(card.id)
            hasher.combine(card.offline.day)
            hasher.combine(card.offline.value)
            hasher.combine(card.status)
            hasher.combine(card.mode)
            hasher.combine(csrfToken)
            hasher.combine(returnPath)
        }
    }

    /// 50 cards of 40 sessions at ~3 KB each: ~6 MB of HTML at most.
    let cards = FragmentCache<CardKey>(capacity: 2_000)
    /// A heatmap's week of cells is ~1 KB; a heatmap has 29.
    let heatmapWeeks = FragmentCache<[TodayPage.HeatmapCell]>(capacity: 6_000)
    /// What Today pages work out from each held habit version.
    let memo = TodayMemo()
}
