/// What the person answered a reminder's notification with.
public enum FiringAnswer: String, Codable, Hashable, Sendable, CaseIterable {
    /// Checked the habit in for the firing's day.
    case done
    /// Asked to be reminded again in a few minutes (a `snooze` firing).
    case later
}

extension FiringAnswer {
    /// A firing's stored answer (`reminder_firings.answer`), refused as unreadable when no answer has that name.
    package init(stored text: String) throws(StoreError) {
        guard let answer = FiringAnswer(rawValue: text) else { throw StoreError.unreadable("a firing's answer '\(text)'") }
        self = answer
    }
}
