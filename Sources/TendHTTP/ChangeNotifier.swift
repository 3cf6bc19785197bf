import Foundation
import Synchronization
import TendStore

/// Wakes a user's live-update streams on this server instance as soon as a request of theirs
/// changed something. Other instances (and the CLI's sync) are noticed by polling the op log;
/// this only makes local changes arrive without waiting for the next poll.
package final class ChangeNotifier: Sendable {
    private let subscribers = Mutex<[User.ID: [UUID: AsyncStream<Void>.Continuation]]>([:])

    package init() {}

    /// Something of `owner`'s changed.
    package func changed(_ owner: User.ID) {
        let continuations = subscribers.withLock { Array(($0[owner] ?? [:]).values) }
        for continuation in continuations { continuation.yield() }
    }

    /// A stream that yields (coalesced) after each change of `owner`'s, until it is cancelled.
    package func subscribe(_ owner: User.ID) -> AsyncStream<Void> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        subscribers.withLock { $0[owner, default: [:]][id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { all in
                all[owner]?[id] = nil
                if all[owner]?.isEmpty == true { all[owner] = nil }
            }
        }
        return stream
    }

    /// How many streams are open (for tests and metrics).
    package var subscriberCount: Int {
        subscribers.withLock { $0.values.reduce(0) { $0 + $1.count } }
    }
}
