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
    private let attempts = Mutex<[[UInt8]: [Date]]>([:])

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
    /// seconds until that key has room again.
    package func attempt(_ keys: [String], now: Date) -> Int? {
        let digests = keys.map { Array(SHA256.hash(data: Data($0.utf8))) }
        return attempts.withLock { attempts in
            var recent: [[Date]] = []
            var retryAfter: Int?
            for digest in digests {
                let times = (attempts[digest] ?? []).filter { now.timeIntervalSince($0) < window }
                if times.count >= limit, let oldest = times.first {
                    let wait = Int((window - now.timeIntervalSince(oldest)).rounded(.up))
                    retryAfter = max(retryAfter ?? 0, max(1, wait))
                }
                recent.append(times)
            }
            // A refused attempt changes nothing: it must not grow the map.
            guard retryAfter == nil else { return retryAfter }
            for (digest, times) in zip(digests, recent) {
                if attempts[digest] == nil { makeRoom(in: &attempts, now: now) }
                attempts[digest] = times + [now]
            }
            return nil
        }
    }

    /// Frees places for new keys when the map is full: first every key with no attempt left in
    /// the window, else the tenth of the keys whose last attempts are oldest (a tenth at once, so
    /// that a flood of new keys sorts the map once per thousand of them, not once each).
    private func makeRoom(in attempts: inout [[UInt8]: [Date]], now: Date) {
        guard attempts.count >= maximumKeys else { return }
        attempts = attempts.filter { $0.value.contains { now.timeIntervalSince($0) < window } }
        guard attempts.count >= maximumKeys else { return }
        let stalest = attempts.map { (key: $0.key, last: $0.value.last ?? .distantPast) }.sorted { $0.last < $1.last }
        for entry in stalest.prefix(max(1, maximumKeys / 10)) { attempts[entry.key] = nil }
    }
}
