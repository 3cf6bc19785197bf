import Foundation
import TendCore

/// What the scheduler reports as it goes, for metrics (`tend_reminders_*` in `tend serve`).
public enum ReminderEvent: Hashable, Sendable {
    /// Firings claimed because their time came.
    case due(Int)
    /// Taken by the push service or the webhook, `lateness` seconds after the firing's instant.
    case delivered(channel: String, lateness: TimeInterval)
    /// Not taken; tried again later or given up.
    case failed(channel: String, willRetry: Bool)
    /// The target no longer exists and was removed.
    case gone(channel: String)
    /// Not sent, and why (``ReminderSkipReason/missed``: more than an hour late).
    case skipped(ReminderSkipReason)
    /// A pass ended (an idle scheduler makes one a poll interval).
    case passed
}
