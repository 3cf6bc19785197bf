/// What the person answered a reminder's notification with.
public enum FiringAnswer: String, Codable, Hashable, Sendable, CaseIterable {
    /// Checked the habit in for the firing's day.
    case done
    /// Asked to be reminded again in a few minutes (a `snooze` firing).
    case later
}
