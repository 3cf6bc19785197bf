import Foundation
import Synchronization
import TendCore
import TendStore

/// Users' settings read in the last second, by owner: a check-in on today or yesterday needs the
/// person's zone and day start to refuse a day that has not come, and reading the user each time
/// would dominate such a check-in's CPU (docs/performance.md). A settings change made elsewhere
/// (another instance, the CLI) is seen within `lifetime`; one made through this instance at once
/// (``forget(_:)``).
package final class RecentSettings: Sendable {
    private struct Kept {
        var settings: UserSettings
        var until: ContinuousClock.Instant
    }

    private let lifetime: Duration
    private let capacity: Int
    private let kept = Mutex<[User.ID: Kept]>([:])

    package init(lifetime: Duration = .seconds(1), capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The owner's settings: kept while fresh, else read from `store`.
    package func settings(_ owner: User.ID, store: any TendStore) async throws -> UserSettings {
        let now = ContinuousClock.now
        if let fresh = kept.withLock({ $0[owner] }), fresh.until > now { return fresh.settings }
        let settings = try await store.user(id: owner).settings
        kept.withLock { kept in
            if kept.count >= capacity { kept.removeAll(keepingCapacity: true) }
            kept[owner] = Kept(settings: settings, until: now + lifetime)
        }
        return settings
    }

    /// After the owner's settings changed through this instance.
    package func forget(_ owner: User.ID) {
        _ = kept.withLock { $0.removeValue(forKey: owner) }
    }
}
