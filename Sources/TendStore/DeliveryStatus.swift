/// Where one delivery (a firing to one target) stands, or why a firing was not delivered at all.
public enum DeliveryStatus: String, Codable, Hashable, Sendable, CaseIterable {
    /// Begun and not yet recorded: being sent now, or its sender died (see ``unknown``).
    case sending
    case sent
    /// Refused or unreachable; may be retried (`nextRetryAt`).
    case failed
    /// The push service said the subscription no longer exists (404/410).
    case gone
    /// Its sender died between sending and recording, so whether it arrived is not known. It is
    /// not sent again: a second copy is worse than a doubt (docs/storage.md).
    case unknown
    /// The firing was not delivered to any target (``ReminderSkipReason`` says why).
    case skipped
}
