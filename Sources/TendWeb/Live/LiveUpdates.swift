import Foundation
import Logging
import Synchronization
import TendHTTP
import TendStore

/// Tells a user's open pages that their data changed: wherever the change was made (this
/// instance, another `tend serve` on the same PostgreSQL, the CLI's sync), it is in the op log.
///
/// One watcher per user with open pages on this instance polls the op log every
/// ``pollInterval`` from the last sequence it saw, and wakes at once when this instance's
/// ``ChangeNotifier`` says the user changed something; each open stream gets one event per
/// change batch. The watcher stops when the user's last stream closes.
package final class LiveUpdates: Sendable {
    package static let defaultPollInterval: Duration = .milliseconds(400)

    private let store: any TendStore
    private let changes: ChangeNotifier
    private let pollInterval: Duration
    private let watchers = Mutex<[User.ID: Watcher]>([:])

    private struct Watcher {
        var task: Task<Void, Never>
        var streams: [UUID: AsyncStream<Int64>.Continuation]
    }

    package init(store: any TendStore, changes: ChangeNotifier, pollInterval: Duration = LiveUpdates.defaultPollInterval) {
        self.store = store
        self.changes = changes
        self.pollInterval = pollInterval
    }

    /// A stream of the owner's op-log positions, one value each time their data changes after
    /// the subscription began. It ends when the consumer stops iterating (cancellation).
    package func subscribe(_ owner: User.ID) async throws -> AsyncStream<Int64> {
        let start = try await store.latestOperationSequence(owner: owner)
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Int64.self, bufferingPolicy: .bufferingNewest(1))
        watchers.withLock { watchers in
            if watchers[owner] == nil {
                watchers[owner] = Watcher(task: watch(owner, from: start), streams: [:])
            }
            watchers[owner]!.streams[id] = continuation
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(owner, id) }
        return stream
    }

    /// How many users are watched on this instance (for tests).
    package var watchedUsers: Int { watchers.withLock { $0.count } }

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
        let wakeUps = changes.subscribe(owner)
        return Task { [weak self, pollInterval] in
            var cursor = start
            // Wake-ups from this instance cut the wait short; otherwise poll on the interval.
            let wake = WakeSignal()
            let listener = Task {
                for await _ in wakeUps { wake.signal() }
            }
            defer { listener.cancel() }
            while !Task.isCancelled {
                guard let self else { return }
                do {
                    let latest = try await self.store.latestOperationSequence(owner: owner)
                    if latest > cursor {
                        cursor = latest
                        self.publish(owner, latest)
                    }
                } catch {
                    // A deleted user, a database hiccup: try again on the next tick.
                }
                await wake.wait(upTo: pollInterval)
            }
        }
    }
}

/// A one-slot signal: `wait(upTo:)` returns when signalled or when the time is up.
final class WakeSignal: Sendable {
    private let state = Mutex<(pending: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func signal() {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.pending = true
            return nil
        }
        waiter?.resume()
    }

    func wait(upTo limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await Task.sleep(for: limit)
                self.signal()
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow: Bool = self.state.withLock { state in
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            group.cancelAll()
        }
        // A timer that fired after a real signal leaves a stale pending flag; that only costs one
        // early poll.
    }
}
