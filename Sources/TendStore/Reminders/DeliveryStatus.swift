/// Where one delivery (a firing to one target) stands, or why a firing was not delivered at all.
public enum DeliveryStatus: String, Codable, Hashable, Sendable, CaseIterable {
    /// A retry being sent now, or whose sender died (claimed again after the lease); also rows an
    /// older Tend began before sending, recorded over when their firing is finished.
    case sending
    case sent
    /// Refused or unreachable; may be retried (`nextRetryAt`).
    case failed
    /// The push service said the subscription no longer exists (404/410).
    case gone
    /// Whether it arrived is not known. Written by Tend before delivery was made exactly once
    /// (a dead sender's delivery is now sent again under the same id); kept so those rows read.
    case unknown
    /// The firing was not delivered to any target (``ReminderSkipReason`` says why).
    case skipped
}
