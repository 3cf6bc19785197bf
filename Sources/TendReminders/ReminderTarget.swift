import TendCore
import TendStore

/// One of a user's delivery targets, with what sending to it needs.
public enum ReminderTarget: Hashable, Sendable {
    case push(PushSubscription)
    case webhook(Webhook)

    /// The store's name for it (channel and id).
    public var key: DeliveryLogEntry.Target {
        switch self {
        case .push(let subscription): .push(subscription.id)
        case .webhook(let webhook): .webhook(webhook.id)
        }
    }

    /// `push` or `webhook`: the metrics' channel label.
    public var channel: String { key.channel }
}

extension ReminderStore {
    /// Removes `target` (its service said it is gone). One removed meanwhile — by the owner, or by
    /// another instance that met the same answer — is not an error.
    public func remove(_ target: ReminderTarget, owner: User.ID) async throws {
        do {
            switch target {
            case .push(let subscription): try await deletePushSubscription(owner: owner, id: subscription.id)
            case .webhook(let hook): try await deleteWebhook(owner: owner, id: hook.id)
            }
        } catch StoreError.notFound {
        }
    }
}
