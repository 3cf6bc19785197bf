import Foundation
import TendCore

/// A reminder's next firing instants, in the user's zone (`GET /api/v1/reminders`).
public struct UpcomingReminderJSON: Codable, Hashable, Sendable {
    public var habit: String
    public var name: String
    public var reminder: Reminder
    public var next: [Date]

    public init(habit: Habit, reminder: Reminder, next: [Date]) {
        self.habit = habit.id.description
        name = habit.name
        self.reminder = reminder
        self.next = next
    }
}
