import Foundation

/// When a reminder's firings are due, which day each is for, and whether a due one is sent: the
/// rules of delivery, in one owner's calendar. Pure: every "now" is passed in.
public struct ReminderPlanner: Sendable {
    public let settings: UserSettings
    public let calendar: TendCalendar

    public init(settings: UserSettings) {
        self.settings = settings
        calendar = settings.calendar
    }

    /// A firing more than this late is skipped as ``ReminderSkipReason/missed``; up to it, delivered late.
    public static let missedAfter: TimeInterval = 3600
    /// Delivered within this of its instant counts as on time (a scheduler polls; it is never exact).
    public static let onTimeGrace: TimeInterval = 60
    /// "Later" waits this long unless the person chose otherwise.
    public static let defaultSnoozeMinutes = UserSettings.defaultSnoozeMinutes

    /// The habit day an instant belongs to: its civil day in the owner's zone, the day before while
    /// the clock is before the owner's day start (a 00:30 reminder with day start 04:00 is for the
    /// previous day, the day the person is still living).
    public func day(of instant: Date) -> Day {
        calendar.today(now: instant, dayStartHour: settings.dayStartHour)
    }

    /// The reminder's next scheduled firing strictly after `instant`, or `nil` when it is disabled.
    ///
    /// Its instant is ``Reminder/nextFireDates(after:count:calendar:)``'s: a time a spring-forward
    /// day skips rings when the gap ends, a time a fall-back day repeats rings at its first occurrence
    /// only (the next firing after it is a day later).
    public func nextScheduled(_ reminder: Reminder, of habit: Habit.ID, after instant: Date) -> ReminderFiring? {
        guard let firesAt = reminder.nextFireDates(after: instant, count: 1, calendar: calendar).first else { return nil }
        return ReminderFiring(habit: habit, reminder: reminder.id, day: day(of: firesAt), firesAt: firesAt, kind: .scheduled)
    }

    /// The next scheduled firing of each of the habit's enabled reminders after `instant`: what a
    /// store's planned firings for the habit are replaced with when it or its owner's zone changes.
    /// None for an archived habit.
    public func nextScheduled(for habit: Habit, after instant: Date) -> [ReminderFiring] {
        guard !habit.isArchived else { return [] }
        return habit.reminders.compactMap { nextScheduled($0, of: habit.id, after: instant) }
    }

    /// Whether a due firing is sent, judged at `now` on the habit with its entries around the
    /// firing's day. The first reason that applies wins, in this order: archived, disabled, not due,
    /// done, missed — so a firing that was late anyway but not needed says why it was not needed.
    ///
    /// The day is judged as the current day (its status is `pending` until met, not `missed`).
    /// A bad habit is never done: its day stays "met" while under its limit, and the point of its
    /// reminder ("no cigarettes after dinner") is to ring on exactly those days.
    public func decide(_ firing: ReminderFiring, for tracked: TrackedHabit, now: Date) -> ReminderDecision {
        let habit = tracked.habit
        if habit.isArchived { return .skip(.archived) }
        guard let reminder = habit.reminders.first(where: { $0.id == firing.reminder }), reminder.isEnabled else {
            return .skip(.disabled)
        }
        if case .repeat = firing.kind, reminder.repeats == nil { return .skip(.disabled) }
        // A measurement is never due: its reminder ("weigh in") rings until a value is recorded
        // that day, unless a pause holds the day.
        if habit.isMeasurement {
            if habit.isPaused(on: firing.day) || !habit.isWithinDates(firing.day) { return .skip(.notDue) }
            if isDone(tracked, on: firing.day) { return .skip(.habitDone) }
            let lateness = max(0, now.timeIntervalSince(firing.firesAt))
            return lateness > Self.missedAfter ? .skip(.missed) : .deliver(lateness: lateness)
        }
        switch tracked.status(on: firing.day, today: firing.day, calendar: calendar) {
        case .notDue, .skipped, .satisfied, .paused: return .skip(.notDue)
        case .met where habit.kind == .good: return .skip(.habitDone)
        case .met, .pending, .missed: break
        }
        let lateness = max(0, now.timeIntervalSince(firing.firesAt))
        if lateness > Self.missedAfter { return .skip(.missed) }
        return .deliver(lateness: lateness)
    }

    /// Whether the habit counts as done on the firing's day ("until done" stops then). Never for a bad habit.
    /// A measurement is done once a value is recorded that day.
    public func isDone(_ tracked: TrackedHabit, on day: Day) -> Bool {
        if tracked.habit.isMeasurement { return tracked.entry(on: day).map { !$0.isSkipped } ?? false }
        return tracked.habit.kind == .good && tracked.status(on: day, today: day, calendar: calendar) == .met
    }

    /// "Later": the same day's reminder once more, `minutes` after `now` (a check-in from it still
    /// counts for the original day, even past midnight).
    public func snooze(_ firing: ReminderFiring, now: Date, minutes: Int = ReminderPlanner.defaultSnoozeMinutes) -> ReminderFiring {
        ReminderFiring(
            habit: firing.habit, reminder: firing.reminder, day: firing.day, firesAt: now + TimeInterval(minutes * 60),
            kind: .snooze)
    }

    /// "Until done": after `firing` was delivered at `now`, the next repeat, `repeatEveryMinutes`
    /// after the later of its instant and `now` (a late delivery does not bring a burst of repeats).
    /// `nil` when the reminder has no repeats, the limit is reached, the habit is done that day, the
    /// firing was a snooze (a snooze rings once), or the repeat would fall on the next habit day.
    public func nextRepeat(after firing: ReminderFiring, of tracked: TrackedHabit, now: Date) -> ReminderFiring? {
        guard firing.kind != .snooze,
            let reminder = tracked.habit.reminders.first(where: { $0.id == firing.reminder }), reminder.isEnabled,
            let repeats = reminder.repeats
        else { return nil }
        let number = firing.kind.repeatNumber + 1
        // A paused day's firing is never sent, so nothing repeats it.
        guard number <= repeats.limit, !isDone(tracked, on: firing.day), !tracked.habit.isPaused(on: firing.day) else { return nil }
        let firesAt = max(firing.firesAt, now) + TimeInterval(repeats.everyMinutes * 60)
        guard day(of: firesAt) == firing.day else { return nil }
        return ReminderFiring(
            habit: firing.habit, reminder: firing.reminder, day: firing.day, firesAt: firesAt, kind: .repeat(number))
    }
}
