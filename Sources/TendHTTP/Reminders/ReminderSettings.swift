import Foundation
import TendDelivery

/// How `tend serve` delivers reminders, as far as the API and the pages need to know: which
/// targets users may register, and the Web Push key browsers subscribe with.
public struct ReminderSettings: Sendable {
    /// `--allow-private-targets`: webhooks and push endpoints on loopback or private addresses,
    /// and plain `http://` to them, are accepted (ntfy on the same box; tests).
    public var allowPrivateTargets: Bool
    /// The VAPID key pair; `nil`: the one kept in the store (made on first use).
    public var pushKey: PushKeyProvider?

    public init(allowPrivateTargets: Bool = false, pushKey: PushKeyProvider? = nil) {
        self.allowPrivateTargets = allowPrivateTargets
        self.pushKey = pushKey
    }

    /// The URL checks that subscriptions and webhooks must pass when they are saved.
    public var targetPolicy: DeliveryTargetPolicy { DeliveryTargetPolicy(allowPrivateTargets: allowPrivateTargets) }
}
