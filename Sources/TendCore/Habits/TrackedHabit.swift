import Foundation

/// A habit together with its entries: the seeds' completion operations live here.
///
/// All operations take the civil ``Day`` they act on; none reads a clock.
public struct TrackedHabit: Identifiable, Hashable, Sendable {
    public var habit: Habit
    public private(set) var entries: [Day: Entry]
    /// The earliest day with an entry, kept up to date by every change.
    public private(set) var firstEntryDay: Day?
    /// The statuses of the habit's settled days, as a store keeps them (``HabitSummary``): when
    /// it is usable, statuses of those days are read from it and `entries` need only hold the
    /// days after it (and the days whose values are shown). Changes cut it as the stores do.
    public private(set) var summary: HabitSummary?

    public init(habit: Habit, entries: some Sequence<Entry> = [Entry](), summary: HabitSummary? = nil) {
        self.habit = habit
        self.summary = summary
        var byDay: [Day: Entry] = [:]
        // Sized once: growing a dictionary of a window's entries rehashed them several times.
        byDay.reserveCapacity(entries.underestimatedCount)
        var first: Day?
        for entry in entries where !entry.isEmpty {
            byDay[entry.day] = entry
            if first == nil || entry.day < first! { first = entry.day }
        }
        self.entries = byDay
        self.firstEntryDay = first
    }

    public var id: Habit.ID { habit.id }

    /// Forgets the summary: every status is then worked out from the entries.
    public mutating func dropSummary() { summary = nil }

    /// The first day the habit's history covers: its creation or its first entry, if earlier —
    /// never before ``RecordableDays/floor``. Every walk over the history (statistics, strength,
    /// streaks) starts here, so a creation day stored before the floor existed (year 1) costs
    /// at most the days since the floor, not 740,000.
    public var startDay: Day {
        if let known = summary?.startDay(for: habit) { return known }
        let start = firstEntryDay.map { min($0, habit.createdOn) } ?? habit.createdOn
        return max(start, RecordableDays.floor)
    }

    /// The first day the habit is judged: its history's start, or its start date when that is
    /// later (days before it are not due and count toward no figure).
    public var activeStart: Day { habit.startsOn.map { max($0, startDay) } ?? startDay }

    /// Entries in chronological order.
    public var sortedEntries: [Entry] { entries.values.sorted { $0.day < $1.day } }

    // MARK: Reading a day

    public func entry(on day: Day) -> Entry? { entries[day] }

    /// The recorded value (Geko's completion count): 0 when nothing was recorded.
    public func completionCount(on day: Day) -> Amount { entries[day]?.value ?? 0 }

    /// Whether the day is met: a good habit reached its target, a bad habit stayed at or under it.
    public func isCompleted(on day: Day) -> Bool {
        habit.ruled(on: day).isMet(by: completionCount(on: day))
    }

    /// Progress toward the target, 0…1. For a bad habit it is the share of the allowance used
    /// (1 when the limit is reached or passed; a limit of 0 is used up by any value).
    public func completionProgress(on day: Day) -> Double {
        let value = completionCount(on: day)
        let target = habit.ruled(on: day).target
        guard target > 0 else { return value > 0 ? 1 : 0 }
        return min(1, value.double / target.double)
    }

    /// Some progress, but less than the target (`0 < value < target`).
    public func isPartiallyCompleted(on day: Day) -> Bool {
        let value = completionCount(on: day)
        return value > 0 && value < habit.ruled(on: day).target
    }

    public func isSkipped(on day: Day) -> Bool { entries[day]?.isSkipped ?? false }

    public func note(on day: Day) -> String? { entries[day]?.note }

    // MARK: Changing a day

    /// Undo's get-or-create: the day's entry, or a new empty one when there is none.
    ///
    /// An empty entry carries nothing, so it is not stored until something is recorded on the
    /// day: storing it would move the start of the habit's history (and turn the days in
    /// between into missed days) for a mere look.
    public func log(for day: Day) -> Entry {
        entries[day] ?? Entry(day: day)
    }

    /// Adds `amount` (default 1; negative to decrement, never below 0). A good habit stops at
    /// its target; a value already above it (set explicitly) is kept. Recording clears a skip.
    public mutating func incrementCompletion(on day: Day, by amount: Amount = 1) {
        let current = completionCount(on: day)
        var value = max(0, current + amount)
        let rule = habit.ruled(on: day)
        if amount > 0, rule.kind == .good {
            value = max(current, min(value, rule.target))
        }
        setValue(value, on: day)
    }

    /// Geko's toggle: a completed good habit goes back to 0, anything else to its target.
    /// For a bad habit it toggles between 0 and one over the limit (a slip).
    public mutating func toggleCompleted(on day: Day) {
        let value = completionCount(on: day)
        let rule = habit.ruled(on: day)
        switch rule.kind {
        case .good: setValue(value >= rule.target ? 0 : rule.target, on: day)
        case .bad: setValue(value > 0 ? 0 : rule.target + 1, on: day)
        case .measure: setValue(value > 0 ? 0 : 1, on: day)
        }
    }

    /// Void.'s polymorphic tap: checkmarks toggle, counts go up by the habit's step (one unless
    /// chosen: 0.25 l), durations by `durationStep` seconds.
    public mutating func tap(on day: Day, durationStep: Int = 60) {
        switch habit.ruled(on: day).type {
        case .checkmark: toggleCompleted(on: day)
        case .count: incrementCompletion(on: day, by: habit.step)
        case .duration: incrementCompletion(on: day, by: Amount(durationStep))
        }
    }

    /// Back to nothing recorded: value 0 and no skip (a note stays).
    public mutating func resetCompletion(on day: Day) {
        apply(.entryReset(habit: id, day: day))
    }

    /// Records exactly `value` (explicit sets may exceed a good habit's target). Clears a skip.
    public mutating func setValue(_ value: Amount, on day: Day) {
        precondition(value >= 0, "values are never negative")
        apply(.entrySet(habit: id, day: day, value: value))
    }

    /// Marks (or unmarks) a planned rest day; a skipped day's value is 0.
    public mutating func setSkipped(_ skipped: Bool, on day: Day) {
        apply(.entrySkipped(habit: id, day: day, skipped: skipped))
    }

    /// Sets or clears (`nil` or empty) the day's note.
    public mutating func setNote(_ note: String?, on day: Day) {
        apply(.entryNoteSet(habit: id, day: day, note: note))
    }

    /// Replaces the day's entry wholesale (as an import or a sync merge does); an empty entry
    /// removes the day's.
    public mutating func replaceEntry(_ entry: Entry) {
        let day = entry.day
        if var summary {
            summary.cut(before: summary.invalidatedFrom(entryDay: day, reach: habit.summaryReach))
            self.summary = summary
        }
        if entry.isEmpty {
            if entries.removeValue(forKey: day) != nil, day == firstEntryDay {
                firstEntryDay = entries.keys.min()
            }
        } else if entries.updateValue(entry, forKey: day) == nil, firstEntryDay.map({ day < $0 }) ?? true {
            firstEntryDay = day
        }
    }

    // MARK: Date forms, for code written against the seeds

    /// Undo's `isCompleted(for:calendar:)`: whether the day containing `date` is met.
    public func isCompleted(for date: Date, calendar: Calendar) -> Bool {
        isCompleted(on: TendCalendar(calendar).day(for: date))
    }

    /// Undo's `log(for:calendar:)`.
    public func log(for date: Date, calendar: Calendar) -> Entry {
        log(for: TendCalendar(calendar).day(for: date))
    }
}
