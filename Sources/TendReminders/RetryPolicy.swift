/// When to try a failed delivery again: exponential backoff with jitter, at most
/// ``maximumAttempts`` attempts in all, and a service's `Retry-After` honoured as a floor.
///
/// Pure: the random draw is passed in (`0 ..< 1`), so each rule is a test with literals.
public struct RetryPolicy: Hashable, Sendable {
    /// The delay after the first failed attempt, before jitter (seconds).
    public var baseDelay: Double
    /// Each further failure multiplies the delay by this.
    public var multiplier: Double
    /// No backoff delay grows beyond this (seconds), before jitter.
    public var maximumDelay: Double
    /// The part of a delay that is random, `0 ... 1`: 0.2 makes a delay of 60 s fall in 48 ... 60 s,
    /// so deliveries that failed together (a push service's outage) do not return together.
    public var jitter: Double
    /// Attempts in all, the first one included.
    public var maximumAttempts: Int

    /// 30 s, 1 min, 2 min, 4 min, 8 min after the first five failures, then stop: a reminder more
    /// than about 15 minutes late has missed its moment.
    public static let reminders = RetryPolicy(baseDelay: 30, multiplier: 2, maximumDelay: 480, jitter: 0.2, maximumAttempts: 6)

    public init(baseDelay: Double, multiplier: Double, maximumDelay: Double, jitter: Double, maximumAttempts: Int) {
        precondition(baseDelay > 0 && multiplier >= 1 && maximumDelay >= baseDelay, "delays must grow from a positive base")
        precondition((0...1).contains(jitter) && maximumAttempts >= 1, "jitter is a fraction and one attempt is always made")
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.jitter = jitter
        self.maximumAttempts = maximumAttempts
    }

    /// The range a delay after `failedAttempts` failures falls in, or nil when no attempt is left.
    public func delayBounds(afterFailedAttempts failedAttempts: Int) -> ClosedRange<Double>? {
        guard failedAttempts >= 1, failedAttempts < maximumAttempts else { return nil }
        var delay = baseDelay
        // A loop, not pow: the cap stops it early and nothing overflows to infinity.
        for _ in 1..<failedAttempts where delay < maximumDelay { delay *= multiplier }
        delay = min(delay, maximumDelay)
        return delay * (1 - jitter)...delay
    }

    /// Seconds to wait after `failedAttempts` failures, or nil to give up. `retryAfter` (the
    /// service's `Retry-After`) is a floor: a service that asks for 10 minutes gets 10 minutes
    /// even when the backoff would come back sooner.
    public func delay(afterFailedAttempts failedAttempts: Int, retryAfter: Double? = nil, random: Double) -> Double? {
        guard let bounds = delayBounds(afterFailedAttempts: failedAttempts) else { return nil }
        let unit = min(max(random, 0), 1)
        let jittered = bounds.lowerBound + (bounds.upperBound - bounds.lowerBound) * unit
        return max(jittered, retryAfter ?? 0)
    }
}
