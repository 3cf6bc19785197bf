import Foundation
import TendCore

/// One delivery of a firing to a target, sent, and recorded with the firing's finish. Nothing is
/// written before sending: `id` is derived from the firing and target (`DeliveryIdentity` in
/// TendDelivery), so whoever sends the firing again after a crash sends it under the same id.
public struct SentDelivery: Hashable, Sendable {
    public var id: DeliveryLogEntry.ID
    public var target: DeliveryDestination
    public var result: DeliveryOutcome

    public init(id: DeliveryLogEntry.ID, target: DeliveryDestination, result: DeliveryOutcome) {
        self.id = id
        self.target = target
        self.result = result
    }

    /// The delivery's row as its first recording leaves it (one attempt made, or a failure's own count).
    var record: DeliveryOutcome.Record { result.applied(to: DeliveryOutcome.Record(attempts: 0)) }
}
