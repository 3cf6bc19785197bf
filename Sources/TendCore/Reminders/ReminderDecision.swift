import Foundation

/// What to do with a due firing (``ReminderPlanner/decide(_:for:now:)``).
public enum ReminderDecision: Hashable, Sendable {
    /// Send it; `lateness` is how long after its instant (0 when on time).
    case deliver(lateness: TimeInterval)
    /// Record it as not sent, for this reason.
    case skip(ReminderSkipReason)

    /// Delivered more than ``ReminderPlanner/onTimeGrace`` after its instant (for the "late" metric).
    public var isLate: Bool {
        if case .deliver(let lateness) = self { lateness > ReminderPlanner.onTimeGrace } else { false }
    }
}
