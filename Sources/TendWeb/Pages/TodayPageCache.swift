import Foundation
import NIOCore
import Synchronization
import TendCore
import TendHTTP
import TendStore
import TendWords

/// The last rendered Today page of each browser session, reused while nothing it shows can have
/// changed. Every change of a user's data — entries, habits, routines, settings, tips, from any
/// device or server instance — appends to their op log, so the op log's latest position
/// (`latestOperationSequence`, an index lookup) is the data's version; the rest of the key is what
/// the page depends on besides the data: the shown day, today, the current routine time, the
/// card modes, the session's CSRF token and the username. The position is read *before* the
/// data, so a page is never stored under a newer version than the data it shows.
final class TodayPageCache: Sendable {
    struct Key: Hashable, Sendable {
        var owner: User.ID
        var sequence: Int64
        var settings: UserSettings
        var username: String
        var day: Day
        var today: Day
        var routineTime: RoutineTime
        var modes: String
        /// The browser's by-time/by-group and tag choice (``TodayChoice``).
        var choice: String
        var csrfToken: String
        /// The words the page is in (the account's choice, else the browser's).
        var language: Language
    }

    private struct Slot {
        var key: Key
        var page: RenderedPage
        var stamp: UInt64
    }

    /// The most pages kept (one per session; the least recently used go first: a page stored long
    /// ago and asked for every few seconds is worth keeping, a page stored once and not seen since
    /// is not).
    let capacity: Int
    private let slots = Mutex<(pages: [String: Slot], clock: UInt64)>(([:], 0))

    init(capacity: Int = 256) {
        self.capacity = capacity
        users = LatestPerOwner(capacity: capacity)
    }

    /// The page stored under exactly `key`, if any (now the most recently used).
    func page(for key: Key) -> RenderedPage? {
        let session = Self.session(key)
        let page: RenderedPage? = slots.withLock { state in
            guard let slot = state.pages[session], slot.key == key else { return nil }
            state.clock += 1
            state.pages[session]?.stamp = state.clock
            return slot.page
        }
        if page == nil { misses.add(1, ordering: .relaxed) } else { hits.add(1, ordering: .relaxed) }
        return page
    }

    /// Pages sent from the cache, and those looked for and not found (for `/metrics`).
    var lookups: (hits: Int, misses: Int) { (hits.load(ordering: .relaxed), misses.load(ordering: .relaxed)) }
    private let hits = Atomic<Int>(0)
    private let misses = Atomic<Int>(0)

    func store(_ page: RenderedPage, for key: Key) {
        let page = page.compacted()
        slots.withLock { state in
            state.clock += 1
            state.pages[Self.session(key)] = Slot(key: key, page: page, stamp: state.clock)
            if state.pages.count > capacity, let oldest = state.pages.min(by: { $0.value.stamp < $1.value.stamp })?.key {
                state.pages[oldest] = nil
            }
        }
    }

    var count: Int { slots.withLock { $0.pages.count } }

    /// The user record read at op log position `sequence` or later, while the position is
    /// unchanged: settings changes are in the op log too, and the username never changes.
    private let users: LatestPerOwner<Int64, User>

    func user(_ owner: User.ID, at sequence: Int64) -> User? { users.value(owner, for: sequence) }

    func keep(_ user: User, at sequence: Int64) { users.keep(user, user.id, for: sequence) }

    private static func session(_ key: Key) -> String { "\(key.owner) \(key.csrfToken)" }
}
