import Foundation
import TendCore

/// A habit whose stored ``HabitSummary`` disagrees with its entries (`tend doctor`'s check):
/// a summary may lag behind its history, never differ from it.
public struct SummaryMismatch: Hashable, Sendable, CustomStringConvertible {
    public var owner: User.ID
    public var habit: Habit.ID
    public var problem: String

    public init(owner: User.ID, habit: Habit.ID, problem: String) {
        self.owner = owner
        self.habit = habit
        self.problem = problem
    }

    public var description: String { "habit \(habit) of user \(owner): \(problem)" }

    /// What is wrong with `stored` as `tracked`'s summary (whose entries are its whole history),
    /// `nil` when nothing is: no summary (a row every habit has), or a usable one whose start or
    /// codes differ from the rebuilt summary's on the days both hold. One made under other
    /// rules is not wrong, only unused until a read rebuilds it.
    public static func check(_ stored: HabitSummary?, of tracked: TrackedHabit, today: Day, calendar: TendCalendar) -> String? {
        guard let stored else { return "no summary row" }
        guard stored.isUsable(for: tracked.habit, calendar: calendar) else { return nil }
        var plain = tracked
        plain.dropSummary()
        let rebuilt = HabitSummary(plain, today: today, calendar: calendar)
        guard stored.start == rebuilt.start else { return "starts on \(stored.start), the entries start on \(rebuilt.start)" }
        let common = min(stored.codes.count, rebuilt.codes.count)
        if let index = (0..<common).first(where: { stored.codes[$0] != rebuilt.codes[$0] }) {
            return "its status of \(stored.start.adding(days: index)) differs from the entries'"
        }
        return nil
    }
}
