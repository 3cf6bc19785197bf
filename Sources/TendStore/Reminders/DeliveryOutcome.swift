import Foundation

/// What sending a delivery came to, as ``ReminderStore/recordDelivery(owner:_:claimant:result:now:)`` records it.
public enum DeliveryOutcome: Hashable, Sendable {
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

    /// A delivery's record as far as a result changes it.
    package struct Record {
        package var attempts: Int
        package var latencyMilliseconds: Int?
        package var nextRetryAt: Date?
        package var error: String?
    }

    /// `record` after this result: every store's rule (SQLite's is the same in SQL). A sent one
    /// counts its attempt and clears the error; a failed one carries its own count, retry and
    /// error; a gone one counts its attempt and keeps the last error.
    package func applied(to record: Record) -> Record {
        var record = record
        record.nextRetryAt = nil
        switch self {
        case .sent(let latency):
            record.attempts += 1
            record.latencyMilliseconds = latency
            record.error = nil
        case .failed(let attempts, let retry, let error):
            record.attempts = attempts
            record.nextRetryAt = retry
            record.error = error
        case .gone:
            record.attempts += 1
        }
        return record
    }
}
