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

    /// The user's calendar: given, the stores read each habit's ``HabitSummary`` for the settled
    /// days and only the entries after it (see ``entriesFrom(for:summary:)``).
    public var calendar: TendCalendar?
    /// The first day whose entries are shown for their values (a week strip, a month grid), when
    /// later than `from`: with summaries, the days between need only their statuses.
    public var valuesFrom: Day?

    public init(from: Day, through: Day, today: Day, calendar: TendCalendar? = nil, valuesFrom: Day? = nil) {
        self.from = from
        self.through = through
        self.today = today
        self.calendar = calendar
        self.valuesFrom = valuesFrom
    }

    /// How many settled days a summary may lag behind before a read brings it up to date (and
    /// writes it back): a lagging summary costs each read the entries of those days.
    public static let summaryLag = 7

    /// The first day of `habit`'s entries to read for this window, given its stored summary:
    /// with a usable one, the days after it that the window wants (from their period's start),
    /// those whose values it shows, and those a refresh needs; with an unusable one, the whole
    /// history (to rebuild it). Without a calendar or a summary, the window's ``entryDays(for:)``.
    public func entriesFrom(for habit: Habit, summary: HabitSummary?) -> Day {
        let plain = entryDays(for: [habit]).from
        // No summary at all (a store without them): the window as before, with the earlier entries
        // of a habit created after it starts (they decide its start day).
        guard let calendar, let summary else { return habit.createdOn > plain ? .minimum : plain }
        guard summary.isUsable(for: habit, calendar: calendar) else { return .minimum }
        let settled = habit.settledThrough(today: today, calendar: calendar)
        var first = habit.entriesNeeded(from: max(from, min(summary.through, settled).next), calendar: calendar)
        if let valuesFrom { first = min(first, habit.entriesNeeded(from: valuesFrom, calendar: calendar)) }
        if needsRefresh(habit, summary: summary) {
            first = min(first, habit.entriesNeeded(from: summary.through.next, calendar: calendar))
        }
        return first
    }

    /// A first day for every habit's entries, before their summaries are read (a store reading
    /// habits, summaries and entries in one statement): what ``entriesFrom(for:summary:)`` asks of
    /// a habit by the week or month, or by the day, whose summary lags at most ``summaryLag``
    /// settled days (a read brings one that lags more up to date). A store checks each habit's own
    /// first day once its summary is read, and reads again from earlier where one needs it (a
    /// lagging or unusable summary, an "X in Y days" window). `nil` without a calendar.
    public var entriesFromForCurrentSummaries: Day? {
        guard let calendar else { return nil }
        func periodStart(_ day: Day) -> Day { min(calendar.startOfWeek(for: day), day.firstOfMonth) }
        var first = periodStart(max(from, today.adding(days: -(Self.summaryLag + 1))))
        if let valuesFrom { first = min(first, periodStart(valuesFrom)) }
        return first
    }

    /// Whether a read should bring `habit`'s stored summary up to date and store it: it holds no
    /// days (or was made under other rules), or it lags more than ``summaryLag`` settled days.
    public func needsRefresh(_ habit: Habit, summary: HabitSummary?) -> Bool {
        guard let calendar, let summary else { return false }
        guard summary.isUsable(for: habit, calendar: calendar) else { return true }
        return summary.through.days(to: habit.settledThrough(today: today, calendar: calendar)) > Self.summaryLag
    }

    /// `stored` checked against `habit`'s rules once (``HabitSummary/verified(for:calendar:)``),
    /// as a store hands it on; one made under other rules is handed on as it is (its start day may
    /// still hold).
    public func checked(_ stored: HabitSummary?, for habit: Habit) -> HabitSummary? {
        guard let calendar, let stored else { return stored }
        return stored.verified(for: habit, calendar: calendar) ?? stored
    }

    /// The summary to store for `tracked` (read with ``entriesFrom(for:summary:)``'s entries):
    /// `stored` extended to the days settled today, or a new one from the whole history.
    public func refreshed(_ tracked: TrackedHabit, stored: HabitSummary?) -> HabitSummary? {
        guard let calendar else { return nil }
        if var summary = stored, summary.isUsable(for: tracked.habit, calendar: calendar) {
            summary.extend(with: tracked, today: today, calendar: calendar)
            return summary
        }
        return HabitSummary(tracked, today: today, calendar: calendar)
    }

    /// The days whose entries to read for these habits.
    public func entryDays(for habits: some Sequence<Habit>) -> (from: Day, through: Day) {
        let lookback = habits.reduce(HistoryWindow.periodLookback) { longest, habit in
            habit.allSchedules.map(HistoryWindow.lookback(for:)).reduce(longest, max)
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
