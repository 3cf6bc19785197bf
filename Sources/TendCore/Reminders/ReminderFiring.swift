import Foundation

/// One ring of one reminder: what the scheduler claims, decides on and delivers, exactly once
/// per channel. Made by ``ReminderPlanner``; kept in the stores' firing queue.
public struct ReminderFiring: Identifiable, Hashable, Sendable {
    public typealias ID = TypedID<ReminderFiring>

    /// Why this firing exists.
    public enum Kind: Hashable, Sendable, CustomStringConvertible {
        /// The reminder's time on a day it rings.
        case scheduled
        /// "Later": once more, some minutes after the person asked.
        case snooze
        /// "Until done": the `n`th repeat (1…12) after the scheduled firing.
        case `repeat`(Int)

        /// `scheduled`, `snooze` or `repeat` (what the stores write; the number is stored beside it).
        public var name: String {
            switch self {
            case .scheduled: "scheduled"
            case .snooze: "snooze"
            case .repeat: "repeat"
            }
        }

        /// The repeat's number; 0 for the others.
        public var repeatNumber: Int {
            if case .repeat(let n) = self { n } else { 0 }
        }

        /// Reads back what ``name`` and ``repeatNumber`` wrote; `nil` for anything else.
        public init?(name: String, repeatNumber: Int) {
            switch (name, repeatNumber) {
            case ("scheduled", 0): self = .scheduled
            case ("snooze", 0): self = .snooze
            case ("repeat", let n) where n >= 1: self = .repeat(n)
            default: return nil
            }
        }

        public var description: String { self == .scheduled || self == .snooze ? name : "repeat \(repeatNumber)" }
    }

    public var id: ID
    public var habit: Habit.ID
    public var reminder: Reminder.ID
    /// The habit day it rings for: a check-in made from it counts for this day, whenever tapped.
    public var day: Day
    /// The instant it is due.
    public var firesAt: Date
    public var kind: Kind

    /// Without an `id`, a new one ordered by `firesAt` (``TypedID/init(ordered:)``): the stores'
    /// queue indexes then keep a minute's firings together.
    public init(id: ID? = nil, habit: Habit.ID, reminder: Reminder.ID, day: Day, firesAt: Date, kind: Kind) {
        self.id = id ?? ID(ordered: firesAt)
        self.habit = habit
        self.reminder = reminder
        self.day = day
        self.firesAt = firesAt
        self.kind = kind
    }
}
