import Foundation

/// One day of a week strip, month grid or year grid.
public struct DayCell: Hashable, Sendable, Codable {
    public var day: Day
    public var status: DayStatus
    public var value: Amount
    /// 0…1, as ``TrackedHabit/completionProgress(on:)``.
    public var progress: Double
    /// Localized one-letter weekday name.
    public var letter: String
    /// Part of the month shown (month grid only; always true elsewhere).
    public var isInMonth: Bool
    /// Later than today: nothing to show yet.
    public var isFuture: Bool
}

extension TrackedHabit {
    /// A cell for each day of `days` (which must be consecutive).
    public func cells(for days: ClosedRange<Day>, today: Day, calendar: TendCalendar, month: Int? = nil) -> [DayCell] {
        let statuses = statuses(from: days.lowerBound, through: days.upperBound, today: today, calendar: calendar)
        return zip(days, statuses).map { day, status in
            DayCell(
                day: day, status: status, value: completionCount(on: day), progress: completionProgress(on: day),
                letter: calendar.getDayLetter(for: day), isInMonth: month.map { day.month == $0 } ?? true,
                isFuture: day > today)
        }
    }

    /// The 7-day week strip ending on `day` (Habit Rabbit's weekly card, Geko's week summary).
    public func weekStrip(endingOn day: Day, today: Day, calendar: TendCalendar) -> [DayCell] {
        cells(for: day.adding(days: -6)...day, today: today, calendar: calendar)
    }

    /// The calendar week containing `day` in the locale's order (Undo's week row).
    public func calendarWeek(containing day: Day, today: Day, calendar: TendCalendar) -> [DayCell] {
        cells(for: calendar.startOfWeek(for: day)...calendar.endOfWeek(for: day), today: today, calendar: calendar)
    }

    /// The month grid of `day`'s month: whole weeks from the week of the 1st, 35 cells (Habit
    /// Rabbit's 5 rows), or 42 when the month spans six weeks (a 31-day month starting on the
    /// locale's last weekday, for example). Cells outside the month have `isInMonth == false`.
    public func monthGrid(containing day: Day, today: Day, calendar: TendCalendar) -> [DayCell] {
        let first = calendar.startOfWeek(for: day.firstOfMonth)
        let needed = first.days(to: calendar.endOfWeek(for: day.lastOfMonth)) + 1
        let count = max(35, needed)
        return cells(for: first...first.adding(days: count - 1), today: today, calendar: calendar, month: day.month)
    }

    /// Geko's year grid: 53 weeks (columns) × 7 days, week by week in the locale's order, ending
    /// with the week containing `day`; 371 cells, those after `today` marked future.
    public func yearGrid(endingWith day: Day, today: Day, calendar: TendCalendar) -> [DayCell] {
        let last = calendar.endOfWeek(for: day)
        return cells(for: last.adding(days: -(53 * 7 - 1))...last, today: today, calendar: calendar)
    }
}
