import Foundation

/// Doing a routine in order (Youtine's "Start"): its habits one after the other, each checked
/// (or skipped, or left for later) before the next. The steps are the routine's habits that are
/// due on the day, in the routine's order; the walk goes to the first one not yet done, so a
/// walk left half-way starts again where it stopped. The CLI's `tend routine start` and the
/// web's walk-through both read it.
public struct RoutineRun: Hashable, Sendable {
    public struct Step: Hashable, Sendable {
        public var habit: Habit
        public var status: DayStatus
        public var value: Amount
        public var progress: Double

        /// Met, skipped or satisfied: nothing left to do for it today.
        public var isDone: Bool { status == .met || status == .skipped || status == .satisfied }
    }

    public var routine: Routine
    public var day: Day
    /// Whether the routine runs on `day` (its weekdays); on other days it has no steps.
    public var runsToday: Bool
    public var steps: [Step]

    /// The steps of `routine` on `day`: the habits of `TodayPlan`'s group for the routine, in order.
    public init(routine: Routine, habits: [TrackedHabit], day: Day, today: Day, calendar: TendCalendar, routines: [Routine]) {
        self.routine = routine
        self.day = day
        runsToday = routine.runs(on: day)
        let plan = TodayPlan(
            habits: habits, day: day, today: today, current: .anytime, calendar: calendar, routines: routines)
        let items = plan.groups.first { $0.routine?.id == routine.id }?.items ?? []
        steps = items.map { Step(habit: $0.habit, status: $0.status, value: $0.value, progress: $0.progress) }
    }

    /// The index of the first step not done at or after `index` (wrapping to the start, so a step
    /// left for later comes back), or `nil` when every step is done.
    public func next(from index: Int = 0) -> Int? {
        guard !steps.isEmpty else { return nil }
        let start = min(max(index, 0), steps.count)
        for offset in 0..<steps.count {
            let candidate = (start + offset) % steps.count
            if !steps[candidate].isDone { return candidate }
        }
        return nil
    }

    /// How many steps are done.
    public var doneCount: Int { steps.count { $0.isDone } }
}
