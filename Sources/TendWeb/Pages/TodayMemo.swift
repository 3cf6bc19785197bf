import Foundation
import TendCore
import TendWords

/// What Today pages work out from each habit, kept under the habit's held version
/// (``HeldHabits/Snapshot/versions``: equal versions are the very same habit value, read for one
/// window, whose calendar is the page's), so the page after a check-in works out only the
/// changed habit's statuses, tip facts and card. Bounded as ``GenerationalCache`` is.
final class TodayMemo: Sendable {
    /// One habit version's statuses of a stretch of days, as of a today.
    struct StatusKey: Hashable, Sendable {
        var version: UInt64
        var from: Day
        var through: Day
        var today: Day
    }

    /// One habit version's card on a day, in a mode, with forms that come back to `returnPath`.
    struct CardKey: Hashable, Sendable {
        var version: UInt64
        var day: Day
        var today: Day
        var mode: CardMode
        var returnPath: String
        /// The locale's decimal mark the card's amounts are written with.
        var decimalMark: String
        /// The words the card's texts are in.
        var language: Language
    }

    /// One habit version's facts for the tips, as of a today.
    struct TipFactsKey: Hashable, Sendable {
        var version: UInt64
        var today: Day
    }

    let statuses: GenerationalCache<StatusKey, [DayStatus]>
    let cards: GenerationalCache<CardKey, TodayPage.Card>
    let tipFacts: GenerationalCache<TipFactsKey, TipContext.HabitFacts>

    /// `capacity` habit versions' statuses, cards and tips' facts (``CacheBudget/memoEntries``).
    init(capacity: Int) {
        statuses = GenerationalCache(capacity: capacity)
        cards = GenerationalCache(capacity: capacity)
        tipFacts = GenerationalCache(capacity: capacity)
    }

    /// What `cache` keeps under `key`, or `make()`'s, kept; without a cache or a key (a habit not
    /// read through held habits), `make()`'s.
    static func kept<Key, Value>(_ cache: GenerationalCache<Key, Value>?, _ key: Key?, make: () -> Value) -> Value {
        guard let cache, let key else { return make() }
        return cache.value(for: key, orMake: make)
    }
}
