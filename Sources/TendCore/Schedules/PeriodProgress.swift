import Foundation
import TendWords

/// How far an "N per week/month" or "X in Y days" habit is in its period on a day: "1 of 3
/// this week". A day's own status ("done") says nothing of the quota it counts toward.
public struct PeriodProgress: Hashable, Sendable, Codable {
    public enum Period: String, Hashable, Sendable, Codable {
        /// The locale's week containing the day.
        case week
        /// The calendar month containing the day.
        case month
        /// The rolling window of `days` days ending on the day ("X in Y days").
        case days
    }

    /// Met days in the period, from its start through the day.
    public var done: Int
    /// The days the schedule asks for in the period.
    public var quota: Int
    public var period: Period
    /// The window's length for ``Period/days``; the period's length otherwise.
    public var length: Int

    public init(done: Int, quota: Int, period: Period, length: Int) {
        self.done = done
        self.quota = quota
        self.period = period
        self.length = length
    }

    /// "1 of 3 this week", "4 of 10 this month", "2 of 3 in 7 days".
    public var text: String {
        switch period {
        case .week: t("{done} of {quota} this week", ["done": String(done), "quota": String(quota)])
        case .month: t("{done} of {quota} this month", ["done": String(done), "quota": String(quota)])
        case .days:
            tPlural(
                "{done} of {quota} in {count} day", "{done} of {quota} in {count} days", count: length,
                ["done": String(done), "quota": String(quota)])
        }
    }
}

extension TrackedHabit {
    /// The quota habit's progress in the period that contains `day` (counted through `day`);
    /// `nil` for a fixed schedule.
    public func periodProgress(on day: Day, calendar: TendCalendar) -> PeriodProgress? {
        let first: Day
        let period: PeriodProgress.Period
        let quota: Int
        let length: Int
        switch habit.schedule {
        case .timesPerWeek(let times):
            (first, period, quota, length) = (calendar.startOfWeek(for: day), .week, times, 7)
        case .timesPerMonth(let times):
            (first, period, quota, length) = (day.firstOfMonth, .month, times, day.firstOfMonth.days(to: day.lastOfMonth) + 1)
        case .timesInDays(let times, let days):
            (first, period, quota, length) = (day.adding(days: 1 - days), .days, times, days)
        case .daily, .weekdays, .daysOfMonth, .everyNDays:
            return nil
        }
        // Met as the statuses judge it: within the habit's history, not a rest day, the value meets the target.
        let done = day < startDay ? 0 : (max(first, startDay)...day).count { !isSkipped(on: $0) && isCompleted(on: $0) }
        return PeriodProgress(done: done, quota: quota, period: period, length: length)
    }
}
