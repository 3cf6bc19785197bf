/// The memory `tend serve`'s caches may hold together (`--cache-memory`, in MiB), and how it is
/// shared among them. Each cache is bounded by a count of entries (or, for held habits, by their
/// estimated bytes); the counts come from each kind of entry's size as measured on 50 habits
/// (docs/performance.md, "Hosted instance"), so that together the caches stay near
/// the budget. Every cache keeps what was used last: a budget too small for the people being
/// served costs CPU (pages rendered again), never correctness.
public struct CacheBudget: Sendable, Hashable {
    /// The whole budget in bytes.
    public var bytes: Int

    public init(megabytes: Int) {
        bytes = max(Self.minimumMegabytes, megabytes) << 20
    }

    /// What `tend serve` uses unless told otherwise: with it an instance serving 10,000 people
    /// stays within 128 MiB (scripts/load-hosted).
    public static let standard = CacheBudget(megabytes: standardMegabytes)
    public static let standardMegabytes = 24

    /// Below this the caches could not hold one person's Today page.
    public static let minimumMegabytes = 4

    // The shares follow what an entry saves per byte it holds: a kept page spares a whole render
    // (~6–10 ms of CPU for ~24 KB), held habits the read (~2–4 ms for ~75 KB), a person's 50 cards
    // a few milliseconds for ~375 KB (docs/performance.md, "Hosted instance").

    /// Held habits (each owner's habits as Today last read them): 25 %, by their estimated bytes
    /// (a year of 50 habits ~75 KB, ten years ~250 KB).
    public var heldHabitsBytes: Int { share(25) }

    /// Kept Today pages, one per browser session, gzipped: 40 % at ~24 KB a page.
    public var todayPages: Int { max(16, share(40) / (24 << 10)) }

    /// Kept JSON Today answers, one per owner: 10 % at ~3 KB an answer.
    public var todayAnswers: Int { max(16, share(10) / (3 << 10)) }

    /// Rendered Today cards (per session: their forms hold its CSRF token), with their deflated
    /// form and the card model they are compared by: 10 % at ~7.5 KB a card.
    public var cardFragments: Int { max(64, share(10) / 7_680) }

    /// Rendered heatmap weeks: 5 % at ~1.5 KB a week.
    public var heatmapWeeks: Int { max(64, share(5) / 1_536) }

    /// What Today pages work out per held habit version (statuses, card model, tips' facts):
    /// 10 % at ~2.8 KB the three.
    public var memoEntries: Int { max(64, share(10) / 2_868) }

    private func share(_ percent: Int) -> Int { bytes / 100 * percent }
}
