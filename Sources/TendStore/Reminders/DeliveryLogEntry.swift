import Foundation
import TendCore

/// One line of an owner's delivery log: a delivery to one target, or a firing that was skipped.
public struct DeliveryLogEntry: Identifiable, Hashable, Sendable {
    public typealias ID = TypedID<DeliveryLogEntry>
    /// Names that do not clash with TendDelivery's and TendReminders' types of the same name.
    public typealias Target = DeliveryDestination
    public typealias Result = DeliveryOutcome

    /// The delivery's id, or the skipped firing's.
    public var id: ID
    /// When it was last recorded (sent, failed, skipped, claimed for a retry).
    public var time: Date
    public var habit: Habit.ID
    public var reminder: Reminder.ID
    public var firing: ReminderFiring.ID
    public var kind: ReminderFiring.Kind
    /// The habit day it was for.
    public var day: Day
    public var firesAt: Date
    /// `nil` for a skipped firing.
    public var target: DeliveryDestination?
    public var status: DeliveryStatus
    public var skipReason: ReminderSkipReason?
    /// From the firing's instant to the send's success.
    public var latencyMilliseconds: Int?
    public var attempts: Int
    public var nextRetryAt: Date?
    public var error: String?

    public init(
        id: ID, time: Date, habit: Habit.ID, reminder: Reminder.ID, firing: ReminderFiring.ID, kind: ReminderFiring.Kind,
        day: Day, firesAt: Date, target: DeliveryDestination?, status: DeliveryStatus, skipReason: ReminderSkipReason?,
        latencyMilliseconds: Int?, attempts: Int, nextRetryAt: Date?, error: String?
    ) {
        self.id = id
        self.time = time
        self.habit = habit
        self.reminder = reminder
        self.firing = firing
        self.kind = kind
        self.day = day
        self.firesAt = firesAt
        self.target = target
        self.status = status
        self.skipReason = skipReason
        self.latencyMilliseconds = latencyMilliseconds
        self.attempts = attempts
        self.nextRetryAt = nextRetryAt
        self.error = error
    }
}
