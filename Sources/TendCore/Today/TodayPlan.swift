import Foundation

/// Today's list: the habits to show on a day, grouped by routine time with the current routine
/// time first (Void.'s mapping).
public struct TodayPlan: Hashable, Sendable {
    public struct Item: Hashable, Sendable {
        public var habit: Habit
        public var status: DayStatus
        public var value: Amount
        public var progress: Double
        /// An "N per week/month" or "X in Y days" habit's count in its period ("1 of 3 this week").
        public var period: PeriodProgress?
    }

    /// A habit resting on the day (``HabitPause``): shown apart, "Paused until …".
    public struct PausedItem: Hashable, Sendable {
        public var habit: Habit
        /// The pause's last day; `nil`: until resumed.
        public var until: Day?
    }

    /// A habit that is only measured (``HabitKind/measure``): shown in its own place with the
    /// day's value and the latest one, never in the day's lists or score.
    public struct MeasurementItem: Hashable, Sendable {
        public var habit: Habit
        /// The value recorded on the day, if any.
        public var value: Amount?
        /// The latest value on or before the day, and its day.
        public var lastDay: Day?
        public var lastValue: Amount?
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
    /// The habits paused on the day (not archived, within their dates), in the user's order.
    public var paused: [PausedItem]
    /// The measurements (not archived, within their dates), in the user's order.
    public var measurements: [MeasurementItem]

    /// Due, met, missed and skipped habits of `day` (not archived, not satisfied), and those
    /// whose history begins after it on their scheduled days (pending). When the
    /// person has routines that run on `day`, the habits of each come first, a group per routine in start
    /// time order, in the routine's own order; the rest follow by routine time (now first), each
    /// group in the user's manual order.
    /// `spans`: statuses already worked out (``StatusSpans``).
    public init(
        habits: [TrackedHabit], day: Day, today: Day, current: RoutineTime, calendar: TendCalendar, routines: [Routine] = [],
        spans: StatusSpans = StatusSpans()
    ) {
        self.day = day
        self.current = current
        var shown: [Habit.ID: Item] = [:]
        var paused: [PausedItem] = []
        var measurements: [MeasurementItem] = []
        for tracked in habits where !tracked.habit.isArchived {
            if !tracked.habit.pauses.isEmpty, tracked.habit.isWithinDates(day), let pause = tracked.habit.pause(on: day) {
                paused.append(PausedItem(habit: tracked.habit, until: pause.end))
                continue
            }
            if tracked.habit.isMeasurement {
                if tracked.habit.isWithinDates(day) {
                    let last = tracked.lastMeasurement(onOrBefore: day)
                    let entry = tracked.entry(on: day)
                    measurements.append(
                        MeasurementItem(
                            habit: tracked.habit, value: entry.flatMap { $0.isSkipped ? nil : $0.value }, lastDay: last?.day,
                            lastValue: last?.value))
                }
                continue
            }
            var status = spans.statuses(of: tracked, from: day, through: day, today: today, calendar: calendar).first!
            // A day before the habit's history begins (created later, or its earliest check-in
            // undone) is listed on its scheduled days as not yet recorded, so that it can be
            // back-filled from that day's page, as `tend check --date` can.
            if status == .notDue, day < tracked.startDay, day >= RecordableDays.floor, day <= today,
                tracked.habit.isWithinDates(day),
                tracked.habit.schedule.isScheduled(on: day)
            {
                status = .pending
            }
            guard status.isDue || status == .skipped else { continue }
            shown[tracked.id] = Item(
                habit: tracked.habit, status: status, value: tracked.completionCount(on: day),
                progress: tracked.completionProgress(on: day), period: tracked.periodProgress(on: day, calendar: calendar))
        }
        var groups: [Group] = []
        var inRoutine: Set<Habit.ID> = []
        // A routine is shown on its own days only; on the others its habits that are due are
        // listed by their routine time, as habits in no routine are.
        for routine in routines.filter({ $0.runs(on: day) }).sorted(by: { ($0.start, $0.order, $0.name) < ($1.start, $1.order, $1.name) }) {
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
        self.measurements = measurements.sorted {
            ($0.habit.order, $0.habit.name, $0.habit.id) < ($1.habit.order, $1.habit.name, $1.habit.id)
        }
        self.paused = paused.sorted { ($0.habit.order, $0.habit.name, $0.habit.id) < ($1.habit.order, $1.habit.name, $1.habit.id) }
        score = DayScore.calculateTodayScore(habits, on: day, today: today, calendar: calendar, spans: spans)
    }
}
