import TendCore

/// `POST /api/v1/reminders/actions/{token}/{done|later}`: what the answer did.
public struct ReminderAnswerJSON: Codable, Hashable, Sendable {
    /// `done` or `later`.
    public var answer: String
    public var habitId: Habit.ID
    /// The day the reminder was for: "Done" checked the habit in on this day.
    public var day: Day
    /// For "Later": when the reminder rings again.
    public var remindAgainAt: String?

    public init(answer: String, habitId: Habit.ID, day: Day, remindAgainAt: String?) {
        self.answer = answer
        self.habitId = habitId
        self.day = day
        self.remindAgainAt = remindAgainAt
    }
}
