import Foundation

/// Void.'s day score and heatmap over a set of habits. Archived habits take no part.
public enum DayScore {
    /// Void.'s `calculateTodayScore`: met due habits ÷ due habits on `day`, 0…1; `nil` when no
    /// habit is due (a free day is neither a failure nor a success).
    public static func calculateTodayScore(
        _ habits: [TrackedHabit], on day: Day, today: Day, calendar: TendCalendar, spans: StatusSpans = StatusSpans()
    ) -> Double? {
        heatmap(habits, from: day, through: day, today: today, calendar: calendar, spans: spans)[0]
    }

    /// The day score of each day `from…through`, chronological; days after `today` are `nil`.
    /// `spans`: statuses already worked out (``StatusSpans``).
    public static func heatmap(
        _ habits: [TrackedHabit], from: Day, through: Day, today: Day, calendar: TendCalendar, spans: StatusSpans = StatusSpans()
    ) -> [Double?] {
        guard from <= through else { return [] }
        let count = from.days(to: through) + 1
        var due = [Int](repeating: 0, count: count)
        var met = [Int](repeating: 0, count: count)
        for tracked in habits where !tracked.habit.isArchived {
            let statuses = spans.statuses(of: tracked, from: from, through: through, today: today, calendar: calendar)
            for (index, status) in zip(0..., statuses) where status.isDue {
                due[index] += 1
                if status == .met { met[index] += 1 }
            }
        }
        let lastIndex = from.days(to: today)
        return (0..<count).map { index in
            guard index <= lastIndex, due[index] > 0 else { return nil }
            return Double(met[index]) / Double(due[index])
        }
    }

    /// Void.'s heatmap: `days` day scores (default 200) ending on `endingOn`, whose last value
    /// is that day.
    public static func heatmap(
        _ habits: [TrackedHabit], endingOn day: Day, days: Int = 200, today: Day, calendar: TendCalendar,
        spans: StatusSpans = StatusSpans()
    ) -> [Double?] {
        precondition(days > 0, "a heatmap has at least one day")
        return heatmap(habits, from: day.adding(days: 1 - days), through: day, today: today, calendar: calendar, spans: spans)
    }
}
