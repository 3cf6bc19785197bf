import Foundation
import TendCore

/// A failed delivery whose retry is due, held by one claimant: it sends it again and records the
/// result (``ReminderStore/claimDueRetries(now:limit:claimant:lease:)``).
public struct ClaimedDelivery: Hashable, Sendable {
    public var owner: User.ID
    public var id: DeliveryLogEntry.ID
    public var firing: ReminderFiring
    public var target: DeliveryDestination
    /// Attempts made before this one.
    public var attempts: Int
    public var claimant: String

    public init(
        owner: User.ID, id: DeliveryLogEntry.ID, firing: ReminderFiring, target: DeliveryDestination, attempts: Int, claimant: String
    ) {
        self.owner = owner
        self.id = id
        self.firing = firing
        self.target = target
        self.attempts = attempts
        self.claimant = claimant
    }
}
