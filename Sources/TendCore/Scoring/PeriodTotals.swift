import Foundation

/// The periods a habit's totals are summed by: calendar weeks (from the user's first weekday),
/// months and years.
public enum TotalsPeriod: String, CaseIterable, Hashable, Sendable {
    case week, month, year

    /// The first day of the period holding `day`.
    public func start(of day: Day, calendar: TendCalendar) -> Day {
        switch self {
        case .week: calendar.startOfWeek(for: day)
        case .month: day.firstOfMonth
        // January 1st and December 31st exist in every year Tend handles (Day's range).
        case .year: try! Day(year: day.year, month: 1, day: 1)
        }
    }

    /// The last day of the period that starts on `start`.
    public func end(startingOn start: Day, calendar: TendCalendar) -> Day {
        switch self {
        case .week: start.adding(days: 6)
        case .month: start.lastOfMonth
        case .year: try! Day(year: start.year, month: 12, day: 31)
        }
    }
}

/// What one period of a habit added up to.
public struct PeriodTotal: Hashable, Sendable {
    public var start: Day
    /// The period's last day (after today for the period under way).
    public var end: Day
    /// The sum of the values recorded (check-ins, counts, seconds).
    public var value: Amount
    /// Days met (for a habit to quit: within its limit) up to today.
    public var daysMet: Int
    /// Days that were due up to today (met, missed, or today still open: ``DayStatus/isDue``).
    public var daysDue: Int
}

extension TrackedHabit {
    /// The last `count` periods, the one holding `today` last, oldest first — none that ended
    /// before the habit's history starts.
    public func totals(per period: TotalsPeriod, count: Int, today: Day, calendar: TendCalendar) -> [PeriodTotal] {
        guard count > 0 else { return [] }
        var starts = [period.start(of: today, calendar: calendar)]
        while starts.count < count, let first = starts.first {
            let previous = period.start(of: first.adding(days: -1), calendar: calendar)
            guard period.end(startingOn: previous, calendar: calendar) >= startDay else { break }
            starts.insert(previous, at: 0)
        }
        let from = max(starts[0], startDay)
        let statuses = from <= today ? statuses(from: from, through: today, today: today, calendar: calendar) : []
        return starts.map { start in
            let end = period.end(startingOn: start, calendar: calendar)
            var total = PeriodTotal(start: start, end: end, value: 0, daysMet: 0, daysDue: 0)
            var day = max(start, from)
            while day <= min(end, today) {
                total.value += completionCount(on: day)
                let status = statuses[from.days(to: day)]
                if status == .met { total.daysMet += 1 }
                if status.isDue { total.daysDue += 1 }
                day = day.adding(days: 1)
            }
            return total
        }
    }
}
