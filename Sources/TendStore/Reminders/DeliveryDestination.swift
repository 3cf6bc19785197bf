import Foundation
import TendCore

/// Where one delivery of a firing goes: a channel and the target's id. A firing is delivered at
/// most once per target (one row per firing and target, written with the firing's finish).
public enum DeliveryDestination: Hashable, Sendable {
    case push(PushSubscription.ID)
    case webhook(Webhook.ID)

    /// `push` or `webhook`: what the stores write in `channel`.
    public var channel: String {
        switch self {
        case .push: "push"
        case .webhook: "webhook"
        }
    }

    public var id: UUID {
        switch self {
        case .push(let id): id.rawValue
        case .webhook(let id): id.rawValue
        }
    }

    /// Reads back ``channel`` and ``id``; `nil` for an unknown channel.
    public init?(channel: String, id: UUID) {
        switch channel {
        case "push": self = .push(PushSubscription.ID(rawValue: id))
        case "webhook": self = .webhook(Webhook.ID(rawValue: id))
        default: return nil
        }
    }
}
