import Foundation
import Synchronization

/// A sliding-window limit on sign-in attempts, in memory: at most `limit` attempts per key within
/// `window` seconds. Each server instance counts its own attempts.
package final class RateLimiter: Sendable {
    private let limit: Int
    private let window: TimeInterval
    private let attempts = Mutex<[String: [Date]]>([:])
    /// Beyond this many keys, keys with no attempt in the window are dropped.
    private static let pruneThreshold = 10_000

    package init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
    }

    /// Records an attempt for every key, or none when one of them is over the limit: then the
    /// seconds until that key has room again.
    package func attempt(_ keys: [String], now: Date) -> Int? {
        attempts.withLock { attempts in
            if attempts.count > Self.pruneThreshold {
                attempts = attempts.filter { $0.value.contains { now.timeIntervalSince($0) < window } }
            }
            var retryAfter: Int?
            for key in keys {
                let recent = (attempts[key] ?? []).filter { now.timeIntervalSince($0) < window }
                attempts[key] = recent
                if recent.count >= limit, let oldest = recent.first {
                    let wait = Int((window - now.timeIntervalSince(oldest)).rounded(.up))
                    retryAfter = max(retryAfter ?? 0, max(1, wait))
                }
            }
            guard retryAfter == nil else { return retryAfter }
            for key in keys { attempts[key, default: []].append(now) }
            return nil
        }
    }
}
