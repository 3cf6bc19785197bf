import Foundation
import TendCore

/// What delivering one owner's due firings needs: their settings, their habits with the entries
/// the firings' days are judged by, and where to send.
public struct ReminderContext: Sendable {
    public var user: User
    public var habits: [TrackedHabit]
    public var pushSubscriptions: [PushSubscription]
    public var webhooks: [Webhook]

    public init(user: User, habits: [TrackedHabit], pushSubscriptions: [PushSubscription], webhooks: [Webhook]) {
        self.user = user
        self.habits = habits
        self.pushSubscriptions = pushSubscriptions
        self.webhooks = webhooks
    }
}

extension ReminderStore where Self: TendStore {
    /// Owner by owner, a few reads each, sixteen owners at once: what a store without a combined
    /// read does (PostgreSQL's reads run on a pool of connections).
    public func reminderContexts(_ owners: [User.ID: HistoryWindow]) async throws -> [User.ID: ReminderContext] {
        try await withThrowingTaskGroup(of: (User.ID, ReminderContext?).self) { group in
            var pending = owners.makeIterator()
            func startNext() {
                guard let (owner, window) = pending.next() else { return }
                group.addTask {
                    do {
                        return (
                            owner,
                            ReminderContext(
                                user: try await self.user(id: owner),
                                habits: try await self.trackedHabits(owner: owner, includeArchived: true, window: window),
                                pushSubscriptions: try await self.pushSubscriptions(owner: owner),
                                webhooks: try await self.webhooks(owner: owner))
                        )
                    } catch StoreError.notFound {
                        return (owner, nil)  // deleted since: their firings went with them
                    }
                }
            }
            for _ in 0..<16 { startNext() }
            var contexts: [User.ID: ReminderContext] = [:]
            while let (owner, context) = try await group.next() {
                contexts[owner] = context
                startNext()
            }
            return contexts
        }
    }
}
