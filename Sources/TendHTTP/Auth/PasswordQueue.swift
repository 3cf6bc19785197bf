import Synchronization

/// A bound on the bcrypt computations waiting for, or running on, NIO's blocking thread pool.
/// Each takes about 250 ms at cost 12 on one core; without a bound, a burst of sign-ins (each
/// allowed by the rate limit: many addresses, many accounts) queues work for minutes and every
/// sign-in waits behind it. Past the bound a request is refused at once with 503 and
/// `Retry-After`, and the queue drains in seconds.
package final class PasswordQueue: Sendable {
    /// At most this many hashes queued or running at once.
    package let capacity: Int
    private let count = Atomic<Int>(0)

    /// 16: on two cores, at cost 12, the last one in line waits about 2 s.
    package static let defaultCapacity = 16
    /// What a refused request is told to wait: the time a full queue takes to drain, at cost 12
    /// on two cores.
    package static let retryAfterSeconds = 2

    package init(capacity: Int = PasswordQueue.defaultCapacity) {
        self.capacity = capacity
    }

    /// How many hashes are queued or running now.
    package var inUse: Int { count.load(ordering: .relaxed) }

    /// Runs `work` holding a place in the queue, or throws 503 when every place is taken.
    package func run<Value: Sendable>(_ work: () async throws -> Value) async throws -> Value {
        guard takePlace() else { throw Problem.busy(retryAfter: Self.retryAfterSeconds) }
        defer { count.subtract(1, ordering: .relaxed) }
        return try await work()
    }

    /// Adds one to the count unless it has reached the capacity; whether it did.
    private func takePlace() -> Bool {
        var current = count.load(ordering: .relaxed)
        while current < capacity {
            let (exchanged, original) = count.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }
}
