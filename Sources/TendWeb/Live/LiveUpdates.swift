import AsyncAlgorithms
import Foundation
import HTTPTypes
import Logging
import Synchronization
import TendHTTP
import TendStore

/// Tells a user's open pages that their data changed: wherever the change was made (this
/// instance, another `tend serve` on the same PostgreSQL, the CLI's sync), it is in the op log.
///
/// One watcher per user with open pages on this instance polls the op log every
/// ``pollInterval`` from the last sequence it saw, and polls at once when this instance's
/// ``ChangeNotifier`` says the user changed something; each open stream gets one event per
/// change batch. The watcher stops when the user's last stream closes.
package final class LiveUpdates: Sendable {
    package static let defaultPollInterval: Duration = .milliseconds(400)

    private let store: any TendStore
    private let changes: ChangeNotifier
    private let pollInterval: Duration
    private let limits: Limits
    private let watchers = Mutex<[User.ID: Watcher]>([:])
    private let pollCount = Atomic<Int>(0)

    private struct Watcher {
        var task: Task<Void, Never>
        var streams: [UUID: AsyncStream<Int64>.Continuation]
    }

    /// How many streams may be open at once: each holds a connection, a task and (per user) a
    /// watcher polling the database, so both are bounded (docs/security.md).
    package struct Limits: Sendable {
        /// Per user: every tab and device of one person, with room to spare.
        package var perUser = 16
        /// On this instance, all users together.
        package var total = 2_000

        package init(perUser: Int = 16, total: Int = 2_000) {
            self.perUser = perUser
            self.total = total
        }
    }

    package init(
        store: any TendStore, changes: ChangeNotifier, pollInterval: Duration = LiveUpdates.defaultPollInterval,
        limits: Limits = Limits()
    ) {
        self.store = store
        self.changes = changes
        self.pollInterval = pollInterval
        self.limits = limits
    }

    /// A stream of the owner's op-log positions, one value each time their data changes after
    /// the subscription began. It ends when the consumer stops iterating (cancellation). Over the
    /// ``Limits``: a 429 problem (this user's) or a 503 (the instance's), both with `Retry-After`.
    package func subscribe(_ owner: User.ID) async throws -> AsyncStream<Int64> {
        let start = try await store.latestOperationSequence(owner: owner)
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Int64.self, bufferingPolicy: .bufferingNewest(1))
        try watchers.withLock { watchers in
            if (watchers[owner]?.streams.count ?? 0) >= limits.perUser {
                throw Problem(
                    .tooManyRequests, code: "too-many-streams",
                    detail: "at most \(limits.perUser) pages of one account follow changes at once; close one", headers: [.retryAfter: "30"]
                )
            }
            if watchers.values.reduce(0, { $0 + $1.streams.count }) >= limits.total {
                throw Problem(
                    .serviceUnavailable, code: "too-many-streams", detail: "the server follows as many pages as it can; try again soon",
                    headers: [.retryAfter: "30"])
            }
            if watchers[owner] == nil {
                watchers[owner] = Watcher(task: watch(owner, from: start), streams: [:])
            }
            watchers[owner]!.streams[id] = continuation
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(owner, id) }
        return stream
    }

    /// How many users are watched on this instance.
    package var watchedUsers: Int { watchers.withLock { $0.count } }

    /// How many streams (open pages) are subscribed on this instance.
    package var openStreams: Int { watchers.withLock { $0.values.reduce(0) { $0 + $1.streams.count } } }

    /// How many times the watchers have read the op log since the start.
    package var polls: Int { pollCount.load(ordering: .relaxed) }

    private func unsubscribe(_ owner: User.ID, _ id: UUID) {
        let task: Task<Void, Never>? = watchers.withLock { watchers in
            watchers[owner]?.streams[id] = nil
            guard watchers[owner]?.streams.isEmpty == true else { return nil }
            return watchers.removeValue(forKey: owner)?.task
        }
        task?.cancel()
    }

    private func publish(_ owner: User.ID, _ sequence: Int64) {
        let streams = watchers.withLock { Array(($0[owner]?.streams ?? [:]).values) }
        for stream in streams { stream.yield(sequence) }
    }

    private func watch(_ owner: User.ID, from start: Int64) -> Task<Void, Never> {
        // The notifier's stream keeps at most one pending wake-up, so a burst of changes costs
        // one poll; the timer finds changes made elsewhere. Both end when the task is cancelled.
        let wakeUps = changes.subscribe(owner)
        let ticks = AsyncTimerSequence(interval: pollInterval, clock: .continuous).map { _ in () }
        return Task { [weak self] in
            var cursor = start
            for await _ in merge(wakeUps, ticks) {
                guard let self, !Task.isCancelled else { return }
                self.pollCount.add(1, ordering: .relaxed)
                do {
                    let latest = try await self.store.latestOperationSequence(owner: owner)
                    if latest > cursor {
                        cursor = latest
                        self.publish(owner, latest)
                    }
                } catch {
                    // A deleted user, a database hiccup: try again on the next tick.
                }
            }
        }
    }
}
