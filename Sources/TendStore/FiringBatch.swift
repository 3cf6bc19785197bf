import Foundation
import TendCore

/// One delivery to begin in a batch (``ReminderStore/beginDeliveries(_:claimant:now:)``).
public struct DeliveryStart: Hashable, Sendable {
    public var owner: User.ID
    public var firing: ReminderFiring.ID
    public var target: DeliveryTarget

    public init(owner: User.ID, firing: ReminderFiring.ID, target: DeliveryTarget) {
        self.owner = owner
        self.firing = firing
        self.target = target
    }
}

/// One firing to finish in a batch (``ReminderStore/finishFirings(_:claimant:now:)``): what
/// ``ReminderStore/finishFiring(owner:_:claimant:deliveries:skipped:next:now:)`` takes.
public struct FiringFinish: Hashable, Sendable {
    public var owner: User.ID
    public var firing: ReminderFiring.ID
    public var deliveries: [DeliveryLogEntry.ID: DeliveryResult]
    public var skipped: ReminderSkipReason?
    public var next: [ReminderFiring]

    public init(
        owner: User.ID, firing: ReminderFiring.ID, deliveries: [DeliveryLogEntry.ID: DeliveryResult], skipped: ReminderSkipReason?,
        next: [ReminderFiring]
    ) {
        self.owner = owner
        self.firing = firing
        self.deliveries = deliveries
        self.skipped = skipped
        self.next = next
    }
}

extension ReminderStore {
    /// One at a time: what a store without a batched write does (the in-memory store, whose
    /// every call is already one step).
    public func beginDeliveries(
        _ starts: [DeliveryStart], claimant: String, now: Date
    ) async throws -> [Result<DeliveryLogEntry.ID?, any Error>] {
        var results: [Result<DeliveryLogEntry.ID?, any Error>] = []
        for start in starts {
            do {
                results.append(
                    .success(
                        try await beginDelivery(
                            owner: start.owner, firing: start.firing, target: start.target, claimant: claimant, now: now)))
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }

    public func finishFirings(_ finishes: [FiringFinish], claimant: String, now: Date) async throws -> [Result<Void, any Error>] {
        var results: [Result<Void, any Error>] = []
        for finish in finishes {
            do {
                try await finishFiring(
                    owner: finish.owner, finish.firing, claimant: claimant, deliveries: finish.deliveries, skipped: finish.skipped,
                    next: finish.next, now: now)
                results.append(.success(()))
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }
}
