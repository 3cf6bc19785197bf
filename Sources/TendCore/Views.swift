import Foundation

/// Habit Rabbit's day navigator for one habit card: a window of at most 30 entries in
/// chronological order whose last value is always the shown day.
///
/// Stepping a day back or forward asks `fetch` for exactly one day (the new shown day), so
/// navigation never reloads the window. Days the window lacks read as `nil` (unknown), never
/// as a made-up zero.
public struct DayNavigator: Sendable, Hashable {
    public static let windowSize = 30

    public enum Direction: Sendable {
        case yesterday, tomorrow
    }

    /// The shown day (Habit Rabbit's `lastDay`).
    public private(set) var lastDay: Day
    /// At most 30 entries, strictly ascending by day, the last for `lastDay`.
    public private(set) var values: [Entry]

    /// Loads the window of 30 days ending on `lastDay` with one range fetch.
    public init(lastDay: Day, fetch: (ClosedRange<Day>) throws -> [Entry]) rethrows {
        self.lastDay = lastDay
        let range = lastDay.adding(days: 1 - DayNavigator.windowSize)...lastDay
        let fetched = Dictionary(try fetch(range).map { ($0.day, $0) }, uniquingKeysWith: { _, last in last })
        values = range.map { fetched[$0] ?? Entry(day: $0) }
    }

    /// The shown day's value (Habit Rabbit's `dailyValue`).
    public var dailyValue: Entry { values[values.count - 1] }

    /// Moves the shown day by one, fetching only the new shown day.
    public mutating func shiftLastDay(to direction: Direction, fetch: (Day) throws -> Entry?) rethrows {
        let newLastDay = lastDay.adding(days: direction == .yesterday ? -1 : 1)
        let fresh = try fetch(newLastDay) ?? Entry(day: newLastDay)
        switch direction {
        case .yesterday:
            values.removeAll { $0.day >= newLastDay }
            values.append(fresh)
        case .tomorrow:
            values.append(fresh)
            if values.count > DayNavigator.windowSize {
                values.removeFirst(values.count - DayNavigator.windowSize)
            }
        }
        lastDay = newLastDay
    }

    /// Replaces the entry of a day inside the window (after the user changed it).
    public mutating func update(_ entry: Entry) {
        if let index = values.firstIndex(where: { $0.day == entry.day }) {
            values[index] = entry
        }
    }

    /// The window's entry for `day`, or `nil` when the window does not hold it.
    public func value(on day: Day) -> Entry? {
        guard let first = values.first, day >= first.day, day <= lastDay else { return nil }
        return values.first { $0.day == day }
    }

    /// The seed's invariants: bounded, chronological, last value is the shown day.
    public var invariantsHold: Bool {
        values.count <= DayNavigator.windowSize && !values.isEmpty && values.last?.day == lastDay
            && zip(values, values.dropFirst()).allSatisfy { $0.day < $1.day }
    }
}

/// One day of a week strip, month grid or year grid.
public struct DayCell: Hashable, Sendable, Codable {
    public var day: Day
    public var status: DayStatus
    public var value: Int
    /// 0…1, as ``TrackedHabit/completionProgress(on:)``.
    public var progress: Double
    /// Localized one-letter weekday name.
    public var letter: String
    /// Part of the month shown (month grid only; always true elsewhere).
    public var isInMonth: Bool
    /// Later than today: nothing to show yet.
    public var isFuture: Bool
}

extension TrackedHabit {
    /// A cell for each day of `days` (which must be consecutive).
    public func cells(for days: ClosedRange<Day>, today: Day, calendar: TendCalendar, month: Int? = nil) -> [DayCell] {
        let statuses = statuses(from: days.lowerBound, through: days.upperBound, today: today, calendar: calendar)
        return zip(days, statuses).map { day, status in
            DayCell(
                day: day, status: status, value: completionCount(on: day), progress: completionProgress(on: day),
                letter: calendar.getDayLetter(for: day), isInMonth: month.map { day.month == $0 } ?? true,
                isFuture: day > today)
        }
    }

    /// The 7-day week strip ending on `day` (Habit Rabbit's weekly card, Geko's week summary).
    public func weekStrip(endingOn day: Day, today: Day, calendar: TendCalendar) -> [DayCell] {
        cells(for: day.adding(days: -6)...day, today: today, calendar: calendar)
    }

    /// The calendar week containing `day` in the locale's order (Undo's week row).
    public func calendarWeek(containing day: Day, today: Day, calendar: TendCalendar) -> [DayCell] {
        cells(for: calendar.startOfWeek(for: day)...calendar.endOfWeek(for: day), today: today, calendar: calendar)
    }

    /// The month grid of `day`'s month: whole weeks from the week of the 1st, 35 cells (Habit
    /// Rabbit's 5 rows), or 42 when the month spans six weeks (a 31-day month starting on the
    /// locale's last weekday, for example). Cells outside the month have `isInMonth == false`.
    public func monthGrid(containing day: Day, today: Day, calendar: TendCalendar) -> [DayCell] {
        let first = calendar.startOfWeek(for: day.firstOfMonth)
        let needed = first.days(to: calendar.endOfWeek(for: day.lastOfMonth)) + 1
        let count = max(35, needed)
        return cells(for: first...first.adding(days: count - 1), today: today, calendar: calendar, month: day.month)
    }

    /// Geko's year grid: 53 weeks (columns) × 7 days, week by week in the locale's order, ending
    /// with the week containing `day`; 371 cells, those after `today` marked future.
    public func yearGrid(endingWith day: Day, today: Day, calendar: TendCalendar) -> [DayCell] {
        let last = calendar.endOfWeek(for: day)
        return cells(for: last.adding(days: -(53 * 7 - 1))...last, today: today, calendar: calendar)
    }
}

/// Today's list: the habits to show on a day, grouped by routine time with the current routine
/// time first (Void.'s mapping).
public struct TodayPlan: Hashable, Sendable {
    public struct Item: Hashable, Sendable {
        public var habit: Habit
        public var status: DayStatus
        public var value: Int
        public var progress: Double
        /// An "N per week/month" or "X in Y days" habit's count in its period ("1 of 3 this week").
        public var period: PeriodProgress?
    }

    public struct Group: Hashable, Sendable {
        /// The routine time of the habits outside routines; a routine's group has its habits'
        /// routine time when they share one, else `.anytime`.
        public var routineTime: RoutineTime
        /// The routine whose habits these are (Youtine), or `nil` for habits in no routine.
        public var routine: Routine?
        public var items: [Item]
    }

    public var day: Day
    public var current: RoutineTime
    /// Non-empty groups in display order.
    public var groups: [Group]
    /// Void.'s day score for the day (`nil` when nothing is due).
    public var score: Double?

    /// Due, met, missed and skipped habits of `day` (not archived, not satisfied). When the
    /// person has routines, the habits of each routine come first, a group per routine in start
    /// time order, in the routine's own order; the rest follow by routine time (now first), each
    /// group in the user's manual order.
    public init(
        habits: [TrackedHabit], day: Day, today: Day, current: RoutineTime, calendar: TendCalendar, routines: [Routine] = []
    ) {
        self.day = day
        self.current = current
        var shown: [Habit.ID: Item] = [:]
        for tracked in habits where !tracked.habit.isArchived {
            let status = tracked.status(on: day, today: today, calendar: calendar)
            guard status.isDue || status == .skipped else { continue }
            shown[tracked.id] = Item(
                habit: tracked.habit, status: status, value: tracked.completionCount(on: day),
                progress: tracked.completionProgress(on: day), period: tracked.periodProgress(on: day, calendar: calendar))
        }
        var groups: [Group] = []
        var inRoutine: Set<Habit.ID> = []
        for routine in routines.sorted(by: { ($0.start, $0.order, $0.name) < ($1.start, $1.order, $1.name) }) {
            let items = routine.habitIDs.compactMap { id in inRoutine.insert(id).inserted ? shown[id] : nil }
            guard !items.isEmpty else { continue }
            let times = Set(items.map(\.habit.routineTime))
            groups.append(Group(routineTime: times.count == 1 ? times.first! : .anytime, routine: routine, items: items))
        }
        var byTime: [RoutineTime: [Item]] = [:]
        for item in shown.values where !inRoutine.contains(item.habit.id) {
            byTime[item.habit.routineTime, default: []].append(item)
        }
        for time in RoutineTime.displayOrder(startingWith: current) {
            guard let items = byTime[time], !items.isEmpty else { continue }
            let sorted = items.sorted { ($0.habit.order, $0.habit.name, $0.habit.id) < ($1.habit.order, $1.habit.name, $1.habit.id) }
            groups.append(Group(routineTime: time, routine: nil, items: sorted))
        }
        self.groups = groups
        score = DayScore.calculateTodayScore(habits, on: day, today: today, calendar: calendar)
    }
}
