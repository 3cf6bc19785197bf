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

    /// An account's targets, at most as many of each kind as an account may have
    /// (``ReminderRules``): the stores refuse more, and an account that has more from before the
    /// limit (or from a database written by hand) gets no larger share of the delivery work.
    public static func bounded(push: [PushSubscription], webhooks: [Webhook]) -> [ReminderTarget] {
        push.prefix(ReminderRules.maximumPushSubscriptions).map(ReminderTarget.push)
            + webhooks.prefix(ReminderRules.maximumWebhooks).map(ReminderTarget.webhook)
    }
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
