import Foundation

/// Everything the statistics screens show for one habit, as of one day.
public struct HabitStatistics: Hashable, Sendable, Codable {
    public var asOf: Day
    /// Loop-compatible strength, 0…1.
    public var score: Double
    public var currentStreak: Int
    public var bestStreak: Int
    /// Met days ÷ (met + missed) days over the last 7, 30 and 365 days (`nil` when none of those
    /// days could be judged).
    public var completionRate7: Double?
    public var completionRate30: Double?
    public var completionRate365: Double?
    /// Days met since the habit's history began.
    public var totalDaysMet: Int
    /// Days judged met or missed (rest days and days not due left out): a finished challenge's
    /// "completed 27 of 30 days" is ``totalDaysMet`` of these.
    public var totalDaysJudged: Int
    /// Days with any value recorded.
    public var totalCheckIns: Int
    /// Sum of all values (check-ins, counts or seconds).
    public var totalValue: Amount
    public var skippedDays: Int
    /// Days with a value recorded, per weekday: `weekdayCounts[weekday.rawValue - 1]`.
    public var weekdayCounts: [Int]
}

extension TrackedHabit {
    /// Current and best streak as of `day` (after the habit's end date: as of that day).
    public func streaks(asOf day: Day, calendar: TendCalendar) -> Streaks {
        let day = habit.judgedDay(day)
        let start = activeStart
        guard day >= start else { return Streaks(current: 0, best: 0) }
        return Streaks(statuses: statuses(from: start, through: day, today: day, calendar: calendar))
    }

    /// Score, streaks, completion rates, totals and weekday frequency as of `day`, in one pass
    /// over the history. A finished habit's figures are those of its end date, whatever `day`.
    public func statistics(asOf asked: Day, calendar: TendCalendar) -> HabitStatistics {
        let day = habit.judgedDay(asked)
        let start = activeStart
        guard day >= start else {
            return HabitStatistics(
                asOf: asked, score: habit.kind == .bad ? 1 : 0, currentStreak: 0, bestStreak: 0,
                completionRate7: nil, completionRate30: nil, completionRate365: nil, totalDaysMet: 0, totalDaysJudged: 0,
                totalCheckIns: 0, totalValue: 0, skippedDays: 0, weekdayCounts: Array(repeating: 0, count: 7))
        }
        let timeline = Timeline(self, from: start, through: day)
        let statuses = statuses(in: timeline, today: day, calendar: calendar)
        let scores = Strength.series(for: habit, timeline: timeline)
        let streaks = Streaks(statuses: statuses)

        func rate(lastDays: Int) -> Double? {
            var met = 0
            var missed = 0
            for status in statuses.suffix(lastDays) {
                if status == .met { met += 1 } else if status == .missed { missed += 1 }
            }
            return met + missed == 0 ? nil : Double(met) / Double(met + missed)
        }

        var weekdayCounts = Array(repeating: 0, count: 7)
        var checkIns = 0
        var total: Amount = 0
        var skippedDays = 0
        let startWeekday = start.weekday.rawValue - 1
        for index in 0..<timeline.count {
            let value = timeline.values[index]
            if value > 0 {
                checkIns += 1
                total += value
                weekdayCounts[(startWeekday + index) % 7] += 1
            }
            if timeline.skipped[index] { skippedDays += 1 }
        }
        return HabitStatistics(
            asOf: asked, score: scores.last ?? 0, currentStreak: streaks.current, bestStreak: streaks.best,
            completionRate7: rate(lastDays: 7), completionRate30: rate(lastDays: 30),
            completionRate365: rate(lastDays: 365), totalDaysMet: statuses.count { $0 == .met },
            totalDaysJudged: statuses.count { $0 == .met || $0 == .missed },
            totalCheckIns: checkIns, totalValue: total, skippedDays: skippedDays, weekdayCounts: weekdayCounts)
    }
}
