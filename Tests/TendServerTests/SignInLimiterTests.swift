import Foundation
import HTTPTypes
import HummingbirdTesting
import TendHTTP
import TendServer
import Testing

/// Issue 16, finding 5: the sign-in rate limiter's keys are chosen by whoever signs in (a
/// username as typed), so it keeps a digest of each, records nothing for a refused attempt and
/// holds a bounded number of keys.
@Suite("Sign-in rate limiter: fixed-size keys, nothing kept on refusal, bounded")
struct SignInLimiterTests {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    @Test("A refused attempt adds no key")
    func refusalAddsNothing() {
        let limiter = RateLimiter(limit: 1, window: 60)
        #expect(limiter.attempt(["ip:1", "user:ana"], now: Self.start) == nil)
        #expect(limiter.keyCount == 2)
        // The address is over its limit: the new usernames it tries are not remembered.
        for n in 0..<100 {
            #expect(limiter.attempt(["ip:1", "user:guess\(n)"], now: Self.start) != nil)
        }
        #expect(limiter.keyCount == 2)
    }

    @Test("At most 10,000 keys, however many distinct usernames arrive within the window; the newest still count")
    func bounded() {
        let limiter = RateLimiter(limit: 10, window: 60)
        for n in 0..<12_000 {
            _ = limiter.attempt(["user:\(n)"], now: Self.start.addingTimeInterval(Double(n) / 1000))
        }
        #expect(limiter.keyCount <= 10_000)
        // The last username is still counted: nine more attempts are allowed, the tenth is not.
        let now = Self.start.addingTimeInterval(30)
        for _ in 0..<9 { #expect(limiter.attempt(["user:11999"], now: now) == nil) }
        #expect(limiter.attempt(["user:11999"], now: now) != nil)
    }

    @Test("A 1 MiB username is limited like any other, through the API, and the server still answers")
    func hugeUsername() async throws {
        try await ServerHarness().run { api in
            let huge = String(repeating: "a", count: 1 << 20 - 100)
            let body = #"{"username":"\#(huge)","password":"long enough password","name":"x"}"#
            let response = try await api.request(.post, "/api/v1/tokens", json: body)
            #expect([.unauthorized, .contentTooLarge].contains(response.status), "\(response.status)")
        }
        let limiter = RateLimiter(limit: 10, window: 60)
        let huge = String(repeating: "a", count: 1 << 20)
        #expect(limiter.attempt(["user:" + huge], now: Self.start) == nil)
        #expect(limiter.attempt(["user:" + huge + "b"], now: Self.start) == nil)
        #expect(limiter.keyCount == 2)
    }
}
