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
