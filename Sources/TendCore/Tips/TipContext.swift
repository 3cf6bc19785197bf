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
        self.init(
            facts: habits.map { HabitFacts($0, today: today, calendar: calendar, spans: spans) }, routineCount: routines.count)
    }

    /// The context from each habit's facts (a view that keeps them per habit works out only the
    /// changed habit's).
    public init(facts: [HabitFacts], routineCount: Int) {
        let active = facts.filter(\.isActive)
        self.init(activeHabitCount: active.count, routineCount: routineCount)
        habitsWithReminders = active.count(where: \.hasEnabledReminder)
        hasEverSkipped = facts.contains(where: \.hasSkippedDay)
        for habit in active {
            guard let streak = habit.currentStreak else { continue }
            longestCurrentStreak = max(longestCurrentStreak, streak)
            if streak >= 3 { hasRunningStreak = true }
            if habit.missedYesterday { missedYesterday = true }
            if habit.isStruggling { hasStrugglingHabit = true }
        }
    }

    /// What the rules read of one habit as of a today.
    public struct HabitFacts: Hashable, Sendable {
        public var isActive: Bool
        public var hasEnabledReminder: Bool
        /// Some day of the look-back was skipped.
        public var hasSkippedDay: Bool
        /// The streak running today; `nil` when the habit starts after today.
        public var currentStreak: Int?
        public var missedYesterday: Bool
        /// Active at least 14 days and met on fewer than half of its judged days in the last 14.
        public var isStruggling: Bool

        public init(_ tracked: TrackedHabit, today: Day, calendar: TendCalendar, spans: StatusSpans = StatusSpans()) {
            isActive = !tracked.habit.isArchived
            hasEnabledReminder = tracked.habit.reminders.contains(where: \.isEnabled)
            let lookbackStart = today.adding(days: -TipContext.lookback)
            hasSkippedDay = tracked.hasSkippedDay(from: lookbackStart, through: today, today: today, calendar: calendar)
            currentStreak = nil
            missedYesterday = false
            isStruggling = false
            let from = max(tracked.startDay, lookbackStart)
            guard isActive, from <= today else { return }
            let statuses = spans.statuses(of: tracked, from: from, through: today, today: today, calendar: calendar)
            currentStreak = Streaks(statuses: statuses).current
            missedYesterday = statuses.count >= 2 && statuses.dropLast().last == .missed
            if tracked.startDay.days(to: today) >= 14 {
                let recent = statuses.suffix(14)
                let met = recent.count { $0 == .met }
                let missed = recent.count { $0 == .missed }
                isStruggling = met + missed > 0 && met * 2 < met + missed
            }
        }
    }
}
