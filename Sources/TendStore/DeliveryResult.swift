import Foundation

/// What sending a delivery came to, as ``ReminderStore/recordDelivery(owner:_:claimant:result:now:)`` records it.
public enum DeliveryResult: Hashable, Sendable {
    /// Accepted by the push service or the webhook, `latencyMilliseconds` after the firing's instant.
    case sent(latencyMilliseconds: Int)
    /// Refused or unreachable, after `attempts` tries; tried again at `nextRetryAt` (`nil`: given up).
    case failed(attempts: Int, nextRetryAt: Date?, error: String)
    /// The target no longer exists (Web Push 404/410): the caller removes it.
    case gone

    var status: DeliveryStatus {
        switch self {
        case .sent: .sent
        case .failed: .failed
        case .gone: .gone
        }
    }
}
