import Foundation
import TendCore

/// One firing to finish in a batch (``ReminderStore/finishFirings(_:claimant:now:)``): what
/// ``ReminderStore/finishFiring(owner:_:claimant:deliveries:skipped:next:now:)`` takes.
public struct FiringFinish: Hashable, Sendable {
    public var owner: User.ID
    public var firing: ReminderFiring.ID
    /// What sending came to, per target.
    public var deliveries: [SentDelivery]
    public var skipped: ReminderSkipReason?
    public var next: [ReminderFiring]

    public init(
        owner: User.ID, firing: ReminderFiring.ID, deliveries: [SentDelivery], skipped: ReminderSkipReason?, next: [ReminderFiring]
    ) {
        self.owner = owner
        self.firing = firing
        self.deliveries = deliveries
        self.skipped = skipped
        self.next = next
    }
}
