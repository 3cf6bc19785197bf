import Foundation
import HTTPTypes
import Logging
import Synchronization
import TendHTTP
import TendStore

/// Tells a user's open pages that their data changed: wherever the change was made (this
/// instance, another `tend serve` on the same PostgreSQL, the CLI's sync), it is in the op log.
///
/// Every ``pollInterval`` one poll reads the latest op-log position of every user with open pages
/// on this instance, in one statement however many they are (a poll per user would be a statement per
/// user every interval: with a few hundred streams, most of a loaded instance's statements). A
/// user's watcher also polls their position at once when this instance's ``ChangeNotifier`` says
/// they changed something. Each open stream gets one event per change batch, when the position
/// passes the last one its user's pages were told. The watcher stops when the user's last stream
/// closes, the shared poll when no user is watched.
package final class LiveUpdates: Sendable {
    package static let defaultPollInterval: Duration = .milliseconds(400)

    private let store: any TendStore
    private let changes: ChangeNotifier
    private let pollInterval: Duration
    private let limits: Limits
    private let state = Mutex(State())
    private let pollCount = Atomic<Int>(0)

    private struct Watcher {
        /// Polls on this instance's wake-ups for the user.
        var task: Task<Void, Never>
        var streams: [UUID: AsyncStream<Int64>.Continuation]
        /// The last position the user's pages were told of (or the one at the first subscription).
        var cursor: Int64
    }

    private struct State {
        var watchers: [User.ID: Watcher] = [:]
        /// The shared poll, running while someone is watched.
        var ticker: Task<Void, Never>?
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
        try await subscribe(owner, after: nil).changes
    }

    /// As ``subscribe(_:)``, and with the position it began at. `after`: the position the
    /// subscriber's data is from (a page's, or the last change a reconnecting page heard of); when
    /// the log is past it already, the stream starts with the current position — what changed
    /// while the page was not listening is not lost.
    package func subscribe(_ owner: User.ID, after: Int64?) async throws -> (changes: AsyncStream<Int64>, position: Int64) {
        let start = try await store.latestOperationSequence(owner: owner)
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Int64.self, bufferingPolicy: .bufferingNewest(1))
        try state.withLock { state in
            if (state.watchers[owner]?.streams.count ?? 0) >= limits.perUser {
                throw Problem(
                    .tooManyRequests, code: "too-many-streams",
                    detail: "at most \(limits.perUser) pages of one account follow changes at once; close one", headers: [.retryAfter: "30"]
                )
            }
            if state.watchers.values.reduce(0, { $0 + $1.streams.count }) >= limits.total {
                throw Problem(
                    .serviceUnavailable, code: "too-many-streams", detail: "the server follows as many pages as it can; try again soon",
                    headers: [.retryAfter: "30"])
            }
            if state.watchers[owner] == nil {
                state.watchers[owner] = Watcher(task: watch(owner), streams: [:], cursor: start)
            }
            state.watchers[owner]!.streams[id] = continuation
            if state.ticker == nil { state.ticker = tick() }
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(owner, id) }
        if let after, start > after { continuation.yield(start) }
        return (stream, start)
    }

    /// How many users are watched on this instance.
    package var watchedUsers: Int { state.withLock { $0.watchers.count } }

    /// How many streams (open pages) are subscribed on this instance.
    package var openStreams: Int { state.withLock { $0.watchers.values.reduce(0) { $0 + $1.streams.count } } }

    /// How many times the op log has been read for watched users since the start (a shared poll
    /// of all of them counts once).
    package var polls: Int { pollCount.load(ordering: .relaxed) }

    private func unsubscribe(_ owner: User.ID, _ id: UUID) {
        let task: Task<Void, Never>? = state.withLock { state in
            state.watchers[owner]?.streams[id] = nil
            guard state.watchers[owner]?.streams.isEmpty == true else { return nil }
            return state.watchers.removeValue(forKey: owner)?.task
        }
        task?.cancel()
    }

    /// Tells `owner`'s pages of position `latest` if it is past what they were told.
    private func advance(_ owner: User.ID, to latest: Int64) {
        let streams: [AsyncStream<Int64>.Continuation] = state.withLock { state in
            guard let cursor = state.watchers[owner]?.cursor, latest > cursor else { return [] }
            state.watchers[owner]!.cursor = latest
            return Array(state.watchers[owner]!.streams.values)
        }
        for stream in streams { stream.yield(latest) }
    }

    /// Polls `owner`'s position on each of this instance's wake-ups for them. The notifier's
    /// stream keeps at most one pending wake-up, so a burst of changes costs one poll. Ends when
    /// the task is cancelled.
    private func watch(_ owner: User.ID) -> Task<Void, Never> {
        let wakeUps = changes.subscribe(owner)
        return Task { [weak self] in
            for await _ in wakeUps {
                guard let self, !Task.isCancelled else { return }
                self.pollCount.add(1, ordering: .relaxed)
                // A deleted user, a database hiccup: the shared poll tries again.
                if let latest = try? await self.store.latestOperationSequence(owner: owner) { self.advance(owner, to: latest) }
            }
        }
    }

    /// The shared poll: every interval, the positions of all watched users in one read. It
    /// stops (and the next subscription starts another) when nobody is watched; the check and
    /// the start are under the same lock.
    private func tick() -> Task<Void, Never> {
        let interval = pollInterval
        return Task { [weak self] in
            while true {
                try? await Task.sleep(for: interval)
                guard let self, !Task.isCancelled else { return }
                let owners: [User.ID] = self.state.withLock { state in
                    if state.watchers.isEmpty { state.ticker = nil }
                    return Array(state.watchers.keys)
                }
                guard !owners.isEmpty else { return }
                self.pollCount.add(1, ordering: .relaxed)
                // A database hiccup: the next interval tries again.
                guard let latest = try? await self.store.latestOperationSequences(owners: owners) else { continue }
                for (owner, sequence) in latest { self.advance(owner, to: sequence) }
            }
        }
    }
}
