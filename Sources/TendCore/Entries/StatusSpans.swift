import Foundation

/// Statuses of a stretch of days worked out once per habit and shared by everything one view
/// shows of them: the Today page's heatmap (200 days), its tips (400) and its day list (one)
/// each walked the same days of the same habits on their own.
///
/// A span must have been worked out from the very ``TrackedHabit``, today and calendar it is
/// then asked with (``TrackedHabit/statuses(from:through:today:calendar:)``); a day outside
/// every span is worked out from the habit, as without spans.
public struct StatusSpans: Sendable {
    private struct Span: Sendable {
        var from: Day
        var statuses: [DayStatus]
    }

    private var spans: [Habit.ID: Span] = [:]

    public init() {}

    /// Works out each habit's statuses of `from…through` once.
    public init(_ habits: [TrackedHabit], from: Day, through: Day, today: Day, calendar: TendCalendar) {
        for tracked in habits {
            set(tracked.statuses(from: from, through: through, today: today, calendar: calendar), from: from, for: tracked.id)
        }
    }

    /// Keeps `statuses`, the statuses of the days from `from` on, for `habit`.
    public mutating func set(_ statuses: [DayStatus], from: Day, for habit: Habit.ID) {
        spans[habit] = Span(from: from, statuses: statuses)
    }

    /// `tracked`'s statuses of `from…through`: the span's when it holds them all.
    public func statuses(of tracked: TrackedHabit, from: Day, through: Day, today: Day, calendar: TendCalendar) -> ArraySlice<DayStatus> {
        guard from <= through else { return [] }
        if let span = spans[tracked.id] {
            let first = span.from.days(to: from)
            let last = span.from.days(to: through)
            if first >= 0, last < span.statuses.count { return span.statuses[first...last] }
        }
        return tracked.statuses(from: from, through: through, today: today, calendar: calendar)[...]
    }
}
