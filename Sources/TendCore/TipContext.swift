import Foundation

/// What the tips' rules look at, computed from the user's data on a day.
public struct TipContext: Hashable, Sendable {
    public var activeHabitCount: Int
    public var routineCount: Int
    public var habitsWithReminders: Int
    /// The user has some streak of at least 3 days still running.
    public var hasRunningStreak: Bool
    /// Some habit's current streak is at least 7 days.
    public var longestCurrentStreak: Int
    /// Some habit was missed yesterday.
    public var missedYesterday: Bool
    /// Some habit (active at least 14 days) was met on fewer than half of its judged days in the last 14.
    public var hasStrugglingHabit: Bool
    /// Some day in the look-back was skipped (in any habit passed, archived ones too).
    public var hasEverSkipped: Bool

    public init(
        activeHabitCount: Int = 0, routineCount: Int = 0, habitsWithReminders: Int = 0,
        hasRunningStreak: Bool = false, longestCurrentStreak: Int = 0, missedYesterday: Bool = false,
        hasStrugglingHabit: Bool = false, hasEverSkipped: Bool = false
    ) {
        self.activeHabitCount = activeHabitCount
        self.routineCount = routineCount
        self.habitsWithReminders = habitsWithReminders
        self.hasRunningStreak = hasRunningStreak
        self.longestCurrentStreak = longestCurrentStreak
        self.missedYesterday = missedYesterday
        self.hasStrugglingHabit = hasStrugglingHabit
        self.hasEverSkipped = hasEverSkipped
    }

    /// How far back the rules look (streaks, skips): what a store reads for them (TendWeb's
    /// `TodayPage.tipLookback` is this).
    public static let lookback = 400

    /// Reads the context off a user's habits and routines as of `today` (`spans`: statuses
    /// already worked out, ``StatusSpans``).
    public init(
        habits: [TrackedHabit], routines: [Routine], today: Day, calendar: TendCalendar, spans: StatusSpans = StatusSpans()
    ) {
        let active = habits.filter { !$0.habit.isArchived }
        self.init(activeHabitCount: active.count, routineCount: routines.count)
        habitsWithReminders = active.count { $0.habit.reminders.contains(where: \.isEnabled) }
        let lookbackStart = today.adding(days: -Self.lookback)
        hasEverSkipped = habits.contains { $0.hasSkippedDay(from: lookbackStart, through: today, today: today, calendar: calendar) }
        for tracked in active {
            let from = max(tracked.startDay, lookbackStart)
            guard from <= today else { continue }
            let statuses = spans.statuses(of: tracked, from: from, through: today, today: today, calendar: calendar)
            let streaks = Streaks(statuses: statuses)
            longestCurrentStreak = max(longestCurrentStreak, streaks.current)
            if streaks.current >= 3 { hasRunningStreak = true }
            if statuses.count >= 2, statuses.dropLast().last == .missed { missedYesterday = true }
            if tracked.startDay.days(to: today) >= 14 {
                let recent = statuses.suffix(14)
                let met = recent.count { $0 == .met }
                let missed = recent.count { $0 == .missed }
                if met + missed > 0, met * 2 < met + missed { hasStrugglingHabit = true }
            }
        }
    }
}
