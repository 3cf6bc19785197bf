import Foundation
import TendHTTP

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

    let cards: FragmentCache<CardKey>
    /// A heatmap has 29 weeks.
    let heatmapWeeks: FragmentCache<[TodayPage.HeatmapCell]>
    /// What Today pages work out from each held habit version.
    let memo: TodayMemo

    init(budget: CacheBudget = .standard) {
        cards = FragmentCache(capacity: budget.cardFragments)
        heatmapWeeks = FragmentCache(capacity: budget.heatmapWeeks)
        memo = TodayMemo(capacity: budget.memoEntries)
    }
}
