/// Why a due firing was not delivered; shown in the delivery log.
public enum ReminderSkipReason: String, Codable, Hashable, Sendable, CaseIterable {
    /// The habit is already complete that day ("don't remind me of what I did").
    case habitDone
    /// The habit is not due that day: not scheduled, a planned rest day, or a quota already met.
    case notDue
    /// The habit is archived.
    case archived
    /// The reminder was turned off or removed (or its "until done" was, for a repeat).
    case disabled
    /// More than an hour late (the server was down): a stale nudge is noise, so it is dropped.
    case missed
}
