import Crypto
import Foundation
import Synchronization

/// A sliding-window limit on sign-in attempts, in memory: at most `limit` attempts per key within
/// `window` seconds. Each server instance counts its own attempts.
///
/// Keys come from outside (a username as typed, a forwarded address), so the limiter keeps only
/// their SHA-256 (32 bytes, whatever the text's length), records nothing for a refused attempt,
/// and holds at most ``maximumKeys`` keys: when full, the keys whose last attempts are oldest go.
/// Filling it takes ``maximumKeys`` attempts within a window, which the per-address limit spreads
/// over at least `maximumKeys / limit` addresses (1,000 at the defaults) — someone who has that
/// many could make as many guesses anyway.
package final class RateLimiter: Sendable {
    private let limit: Int
    private let window: TimeInterval
    private let maximumKeys: Int
    /// Each key's recent attempts: when, and what each cost.
    private let attempts = Mutex<[[UInt8]: [Attempt]]>([:])

    private struct Attempt {
        var at: Date
        var cost: Int
    }

    /// The most keys kept (10,000: under 2 MB at 10 attempts a key).
    package static let defaultMaximumKeys = 10_000

    package init(limit: Int, window: TimeInterval, maximumKeys: Int = RateLimiter.defaultMaximumKeys) {
        self.limit = limit
        self.window = window
        self.maximumKeys = maximumKeys
    }

    /// How many keys the limiter holds now (tests and the bound's proof).
    package var keyCount: Int { attempts.withLock { $0.count } }

    /// Records an attempt for every key, or none when one of them is over the limit: then the
    /// seconds until that key has room again. An attempt counts `cost` against the limit (1 for
    /// a sign-in; a byte budget counts bytes); one costing more than the limit never fits.
    package func attempt(_ keys: [String], cost: Int = 1, now: Date) -> Int? {
        let digests = keys.map { Array(SHA256.hash(data: Data($0.utf8))) }
        return attempts.withLock { attempts in
            var recent: [[Attempt]] = []
            var retryAfter: Int?
            for digest in digests {
                let kept = (attempts[digest] ?? []).filter { now.timeIntervalSince($0.at) < window }
                // The oldest attempts that must leave the window before this one fits.
                var used = kept.reduce(0) { $0 + $1.cost }
                var index = 0
                while used + cost > limit, index < kept.count {
                    used -= kept[index].cost
                    index += 1
                }
                if used + cost > limit {
                    retryAfter = max(retryAfter ?? 0, Int(window.rounded(.up)))
                } else if index > 0 {
                    let wait = Int((window - now.timeIntervalSince(kept[index - 1].at)).rounded(.up))
                    retryAfter = max(retryAfter ?? 0, max(1, wait))
                }
                recent.append(kept)
            }
            // A refused attempt changes nothing: it must not grow the map.
            guard retryAfter == nil else { return retryAfter }
            for (digest, kept) in zip(digests, recent) {
                if attempts[digest] == nil { makeRoom(in: &attempts, now: now) }
                attempts[digest] = kept + [Attempt(at: now, cost: cost)]
            }
            return nil
        }
    }

    /// Frees places for new keys when the map is full: first every key with no attempt left in
    /// the window, else the tenth of the keys whose last attempts are oldest (a tenth at once, so
    /// that a flood of new keys sorts the map once per thousand of them, not once each).
    private func makeRoom(in attempts: inout [[UInt8]: [Attempt]], now: Date) {
        guard attempts.count >= maximumKeys else { return }
        attempts = attempts.filter { $0.value.contains { now.timeIntervalSince($0.at) < window } }
        guard attempts.count >= maximumKeys else { return }
        let stalest = attempts.map { (key: $0.key, last: $0.value.last?.at ?? .distantPast) }.sorted { $0.last < $1.last }
        for entry in stalest.prefix(max(1, maximumKeys / 10)) { attempts[entry.key] = nil }
    }
}
