import Foundation
import TendReminders
import Testing

@Suite("RetryPolicy and Retry-After: when a failed delivery is tried again")
struct RetryPolicyTests {
    static let policy = RetryPolicy(baseDelay: 30, multiplier: 2, maximumDelay: 300, jitter: 0.2, maximumAttempts: 6)

    @Test("Delays double from the base, are capped, and carry at most 20 % of jitter below them")
    func backoff() throws {
        #expect(Self.policy.delayBounds(afterFailedAttempts: 1) == 24...30)
        #expect(Self.policy.delayBounds(afterFailedAttempts: 2) == 48...60)
        #expect(Self.policy.delayBounds(afterFailedAttempts: 3) == 96...120)
        #expect(Self.policy.delayBounds(afterFailedAttempts: 4) == 192...240)
        #expect(Self.policy.delayBounds(afterFailedAttempts: 5) == 240...300)
        #expect(Self.policy.delay(afterFailedAttempts: 2, random: 0) == 48)
        #expect(Self.policy.delay(afterFailedAttempts: 2, random: 0.5) == 54)
        #expect(Self.policy.delay(afterFailedAttempts: 2, random: 1) == 60)
    }

    @Test("No attempt after the last, nor before the first failure")
    func limits() {
        #expect(Self.policy.delay(afterFailedAttempts: 6, random: 0.5) == nil)
        #expect(Self.policy.delay(afterFailedAttempts: 0, random: 0.5) == nil)
        #expect(
            RetryPolicy(baseDelay: 1, multiplier: 2, maximumDelay: 1, jitter: 0, maximumAttempts: 1).delay(
                afterFailedAttempts: 1, random: 0) == nil)
    }

    @Test("A service's Retry-After is a floor under the backoff, never a ceiling")
    func retryAfterFloor() {
        #expect(Self.policy.delay(afterFailedAttempts: 1, retryAfter: 120, random: 0.5) == 120)
        #expect(Self.policy.delay(afterFailedAttempts: 3, retryAfter: 5, random: 1) == 120)
    }

    @Test("A thousand failures do not overflow the delay")
    func noOverflow() {
        let long = RetryPolicy(baseDelay: 1, multiplier: 10, maximumDelay: 60, jitter: 0, maximumAttempts: 10_000)
        #expect(long.delay(afterFailedAttempts: 1000, random: 0) == 60)
    }

    @Test("Retry-After in seconds or as an HTTP date; nonsense is ignored; far futures are held to a day")
    func retryAfter() {
        let now = Date(timeIntervalSince1970: 1_764_021_600)  // 2025-11-24T22:00:00Z
        #expect(RetryAfter.seconds("120", now: now) == 120)
        #expect(RetryAfter.seconds(" 0 ", now: now) == 0)
        #expect(RetryAfter.seconds("Mon, 24 Nov 2025 22:05:00 GMT", now: now) == 300)
        #expect(RetryAfter.seconds("Mon, 24 Nov 2025 21:00:00 GMT", now: now) == 0)
        #expect(RetryAfter.seconds("soon", now: now) == nil)
        #expect(RetryAfter.seconds("-5", now: now) == nil)
        #expect(RetryAfter.seconds("99999999999999999999999", now: now) == 86_400)
    }
}
