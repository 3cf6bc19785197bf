import Foundation
import TendCore

/// A due firing one scheduler instance holds until `claimExpiresAt` (its lease): nobody else
/// claims it meanwhile; after the lease anyone may, and the first holder can no longer finish it.
public struct ClaimedFiring: Hashable, Sendable {
    public var owner: User.ID
    public var firing: ReminderFiring
    public var claimant: String
    public var claimExpiresAt: Date

    public init(owner: User.ID, firing: ReminderFiring, claimant: String, claimExpiresAt: Date) {
        self.owner = owner
        self.firing = firing
        self.claimant = claimant
        self.claimExpiresAt = claimExpiresAt
    }

    /// The order claims take due firings in, and answer them in: earliest first; of one instant,
    /// owner by owner (so a pass holds each owner's firings together and reads the owner once),
    /// then by id. The SQL stores' due index is on the same columns.
    package func isClaimed(before other: ClaimedFiring) -> Bool {
        (firing.firesAt, owner, firing.id) < (other.firing.firesAt, other.owner, other.firing.id)
    }
}
