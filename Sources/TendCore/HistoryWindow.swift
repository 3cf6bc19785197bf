/// The stretch of history that the statuses of a few recent days depend on, so that views of
/// those days (today, a week, a month) read weeks of entries instead of years.
///
/// A day's status depends on the entries of its schedule period: the week or month of a quota,
/// the rolling window of "X in Y days", and the rest of a period after the day (a quota met later
/// in the week). Statuses, progress and day scores of `from…through` computed from the entries of
/// ``entryDays(for:)`` equal those computed from the full history — provided a habit created
/// after that span starts also gets its earlier entries (they start its history), which the
/// stores' windowed load does. Strength and streaks need the full history.
public struct HistoryWindow: Hashable, Sendable {
    /// The first and last day whose statuses are wanted.
    public var from: Day
    public var through: Day
    /// The user's today (entries after it do not exist yet, but a period may run past `through`).
    public var today: Day

    public init(from: Day, through: Day, today: Day) {
        self.from = from
        self.through = through
        self.today = today
    }

    /// The days whose entries to read for these habits.
    public func entryDays(for habits: some Sequence<Habit>) -> (from: Day, through: Day) {
        let lookback = habits.reduce(HistoryWindow.periodLookback) { longest, habit in
            max(longest, HistoryWindow.lookback(for: habit.schedule))
        }
        return (from.adding(days: -lookback), max(through, min(through.adding(days: 31), today)))
    }

    /// Days before `from` a schedule's period can reach back: a month (and a week) for every
    /// schedule, longer for a long "X in Y days" window.
    static func lookback(for schedule: Schedule) -> Int {
        if case .timesInDays(_, let days) = schedule { return max(periodLookback, days + 7) }
        return periodLookback
    }

    static let periodLookback = 62
}
