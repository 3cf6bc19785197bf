import Foundation

/// How a habit stands on one day. Drives Today's list, the day score and streaks.
public enum DayStatus: String, Codable, Hashable, Sendable, CaseIterable {
    /// Not scheduled that day, before the habit's history begins, or before its creation with
    /// nothing recorded (unknown: a back-filled day does not make the days after it missed).
    case notDue
    /// Due and met (a good habit reached its target; a bad habit stayed at or under it).
    case met
    /// A planned rest day.
    case skipped
    /// An "N per week/month" or "X in Y days" habit whose count for the period is already met.
    case satisfied
    /// Due and not met, but not (yet) a failure: the day is today or later, or a quota period
    /// that can still be (or was) met.
    case pending
    /// Inside one of the habit's pauses (``HabitPause``): neither due nor missed, whatever is
    /// recorded; a streak carries across it and the strength holds.
    case paused
    /// Due, passed, not met: it ends a streak. A bad habit over its limit is missed at once, on
    /// today too (the rest of the day cannot undo it).
    case missed

    /// Whether the habit counts as due that day (Void.'s "due habits" for the day score).
    public var isDue: Bool {
        switch self {
        case .met, .pending, .missed: true
        case .notDue, .skipped, .satisfied, .paused: false
        }
    }

    /// Met, skipped and satisfied days lengthen a streak.
    public var extendsStreak: Bool {
        switch self {
        case .met, .skipped, .satisfied: true
        case .notDue, .pending, .missed, .paused: false
        }
    }
}

extension TrackedHabit {
    /// The habit's status on `day`, judged on `today` (days before `today` have passed).
    public func status(on day: Day, today: Day, calendar: TendCalendar) -> DayStatus {
        statuses(from: day, through: day, today: today, calendar: calendar)[0]
    }

    /// Whether the habit is due on `day` (see ``DayStatus/isDue``).
    public func isDue(on day: Day, today: Day, calendar: TendCalendar) -> Bool {
        status(on: day, today: today, calendar: calendar).isDue
    }

    /// The status of every day `from…through`, judged on `today`.
    ///
    /// Fixed schedules (daily, weekdays, days of the month, every N days) are due on their days.
    /// Quota schedules are due until the period's count is met and *satisfied* for the rest of
    /// it; their unmet days become *missed* only once the period has ended short of its count
    /// (or can no longer reach it). A first period that began before the habit's history asks
    /// for a prorated count, rounded up.
    public func statuses(from: Day, through: Day, today: Day, calendar: TendCalendar) -> [DayStatus] {
        guard from <= through else { return [] }
        guard let (summary, settled) = summarized(today: today, calendar: calendar), from <= settled else {
            return computedStatuses(from: from, through: through, today: today, calendar: calendar)
        }
        // The settled days from the summary (notDue before the habit's start), the rest worked out.
        var result: [DayStatus] = []
        result.reserveCapacity(from.days(to: through) + 1)
        let last = min(through, settled)
        if from < summary.start {
            result.append(contentsOf: repeatElement(.notDue, count: from.days(to: min(last, summary.start.previous)) + 1))
        }
        if last >= summary.start { summary.appendStatuses(from: max(from, summary.start), through: last, to: &result) }
        let day = last.next
        if day <= through {
            result += computedStatuses(from: day, through: through, today: today, calendar: calendar)
        }
        return result
    }

    /// The statuses of `from…through` worked out from the entries (which must cover
    /// ``Habit/entriesNeeded(from:calendar:)`` of `from` on).
    func computedStatuses(from: Day, through: Day, today: Day, calendar: TendCalendar) -> [DayStatus] {
        guard from <= through else { return [] }
        let lower = contextStart(for: from, calendar: calendar)
        let upper = contextEnd(for: through, today: today, calendar: calendar)
        let timeline = Timeline(self, from: lower, through: upper)
        let all = statuses(in: timeline, today: today, calendar: calendar)
        let offset = timeline.index(of: from)
        return Array(all[offset..<(offset + from.days(to: through) + 1)])
    }

    /// The first day whose data the statuses of `from` depend on (under any of the habit's rules).
    private func contextStart(for from: Day, calendar: TendCalendar) -> Day {
        let start = habit.entriesNeeded(from: from, calendar: calendar)
        return max(min(start, from), min(startDay, from))
    }

    /// The last day whose data the statuses of `through` depend on (the rest of its period, up to
    /// today, under any of the habit's rules).
    private func contextEnd(for through: Day, today: Day, calendar: TendCalendar) -> Day {
        func end(_ schedule: Schedule) -> Day {
            let periodEnd: Day
            switch schedule {
            case .timesPerWeek: periodEnd = calendar.endOfWeek(for: through)
            case .timesPerMonth: periodEnd = through.lastOfMonth
            default: return through
            }
            return max(through, min(periodEnd, today))
        }
        return habit.versions.isEmpty ? end(habit.schedule) : habit.allSchedules.map(end).max()!
    }

    /// Statuses for every day of `timeline`. A habit with earlier rules (``HabitVersion``) has each
    /// day judged by the rule it had: every rule's statuses are worked out as if it were the only
    /// one from its first day on — a quota period it shares with the next rule is judged whole, as
    /// it was — and each day takes its own rule's. So a change from a day leaves every day before it
    /// exactly as it was; the new rule's first period, cut by that day, asks for a prorated count.
    func statuses(in timeline: Timeline, today: Day, calendar: TendCalendar) -> [DayStatus] {
        guard !habit.versions.isEmpty else {
            return statuses(in: timeline, judging: habit, first: activeStart, today: today, calendar: calendar)
        }
        var result = [DayStatus](repeating: .notDue, count: timeline.count)
        guard timeline.count > 0 else { return result }
        let last = timeline.start.adding(days: timeline.count - 1)
        for segment in habit.ruleSegments {
            let from = max(segment.from ?? .minimum, activeStart, timeline.start)
            let through = min(segment.through ?? .maximum, last)
            guard from <= through else { continue }
            let judged = statuses(
                in: timeline, judging: segment.habit, first: max(segment.from ?? .minimum, activeStart), today: today, calendar: calendar)
            let lower = timeline.index(of: from)
            let upper = timeline.index(of: through)
            result.replaceSubrange(lower...upper, with: judged[lower...upper])
        }
        return result
    }

    /// Statuses for every day of `timeline` under `habit`'s rule (its fields), judged from `first`.
    private func statuses(
        in timeline: Timeline, judging habit: Habit, first: Day, today: Day, calendar: TendCalendar
    ) -> [DayStatus] {
        let count = timeline.count
        var result = [DayStatus](repeating: .notDue, count: count)
        // A measurement is never due: its values are recorded, not judged.
        guard count > 0, habit.kind != .measure else { return result }
        let firstIndex = max(0, timeline.index(of: first))
        let todayIndex = timeline.index(of: today)
        guard firstIndex < count else { return result }

        // A day is met when its value meets the target and it is not a rest day; days after
        // today are met only by a good habit's recorded value (a bad one has not happened yet).
        var met = [Bool](repeating: false, count: count)
        // A bad habit over its limit on a day up to today has failed that day for good: nothing
        // later in the day can bring the value back under the limit, so it is missed at once.
        var over = [Bool](repeating: false, count: count)
        for index in firstIndex..<count {
            let value = timeline.values[index]
            met[index] =
                !timeline.skipped[index] && !timeline.isPaused(index) && habit.isMet(by: value)
                && (index <= todayIndex || (habit.kind == .good))
            over[index] =
                habit.kind == .bad && !timeline.skipped[index] && !timeline.isPaused(index) && value > habit.target
                && index <= todayIndex
        }

        switch habit.schedule {
        case .daily, .weekdays, .daysOfMonth, .everyNDays:
            var fixedDays = FixedDays(habit.schedule, from: timeline.start.adding(days: firstIndex))
            for index in firstIndex..<count {
                guard fixedDays.next() else { continue }
                if timeline.isPaused(index) {
                    result[index] = .paused
                } else if timeline.skipped[index] {
                    result[index] = .skipped
                } else if met[index] {
                    result[index] = .met
                } else {
                    result[index] = index < todayIndex || over[index] ? .missed : .pending
                }
            }

        case .timesPerWeek(let times), .timesPerMonth(let times):
            var periodStart = firstIndex
            while periodStart < count {
                let day = timeline.start.adding(days: periodStart)
                let (periodFirst, periodLast): (Day, Day)
                if case .timesPerWeek = habit.schedule {
                    (periodFirst, periodLast) = (calendar.startOfWeek(for: day), calendar.endOfWeek(for: day))
                } else {
                    (periodFirst, periodLast) = (day.firstOfMonth, day.lastOfMonth)
                }
                let periodLength = periodFirst.days(to: periodLast) + 1
                let lastIndex = timeline.index(of: periodLast)
                // Prorate a period the habit joined, or ends, part-way through.
                var available =
                    periodLength - max(0, periodFirst.days(to: first))
                    - max(0, habit.endsOn.map { $0.days(to: periodLast) } ?? 0)
                // Paused days of the period are not there to be met either.
                var pausedAhead = 0
                if !timeline.paused.isEmpty {
                    for index in periodStart...min(lastIndex, count - 1) where timeline.paused[index] {
                        available -= 1
                        if index > todayIndex { pausedAhead += 1 }
                    }
                }
                available = max(0, available)
                // "31 per month" asks for every day of February, not for the impossible.
                let quota =
                    available < periodLength
                    ? min(times, (times * available + periodLength - 1) / periodLength) : min(times, periodLength)
                // What has been met by today, and what could still be.
                let countedEnd = min(lastIndex, todayIndex, count - 1)
                var total = 0
                if countedEnd >= periodStart {
                    for index in periodStart...countedEnd where met[index] { total += 1 }
                }
                var capacity = 0
                if todayIndex <= lastIndex {
                    capacity = lastIndex - todayIndex - pausedAhead
                    if todayIndex >= 0, todayIndex < count, !met[todayIndex], !timeline.skipped[todayIndex], !timeline.isPaused(todayIndex)
                    {
                        capacity += 1
                    } else if todayIndex < 0 || todayIndex >= count {
                        capacity += 1
                    }
                }
                let failed = total < quota && total + capacity < quota
                var running = 0
                for index in periodStart...min(lastIndex, count - 1) {
                    if timeline.isPaused(index) {
                        result[index] = .paused
                    } else if met[index] {
                        result[index] = .met
                        running += 1
                    } else if timeline.skipped[index] {
                        result[index] = .skipped
                    } else if over[index] {
                        result[index] = .missed
                    } else if running >= quota {
                        result[index] = .satisfied
                    } else if failed && index <= todayIndex {
                        result[index] = .missed
                    } else {
                        result[index] = .pending
                    }
                }
                periodStart = lastIndex + 1
            }

        case .timesInDays(let times, let days):
            // prefix[i] = met days among indexes < i
            var prefix = [Int](repeating: 0, count: count + 1)
            for index in 0..<count { prefix[index + 1] = prefix[index] + (met[index] ? 1 : 0) }
            // pausedPrefix[i] = paused days among indexes < i: a window reaching into a pause is
            // judged as one reaching back before the habit began (not yet a failure).
            var pausedPrefix = [Int](repeating: 0, count: timeline.paused.isEmpty ? 0 : count + 1)
            if !timeline.paused.isEmpty {
                for index in 0..<count { pausedPrefix[index + 1] = pausedPrefix[index] + (timeline.paused[index] ? 1 : 0) }
            }
            for index in firstIndex..<count {
                if timeline.isPaused(index) {
                    result[index] = .paused
                    continue
                }
                if met[index] {
                    result[index] = .met
                    continue
                }
                if timeline.skipped[index] {
                    result[index] = .skipped
                    continue
                }
                if over[index] {
                    result[index] = .missed
                    continue
                }
                // Met days in the window's other days, [index - days + 1, index - 1].
                let windowStart = max(0, index - days + 1)
                let metBefore = prefix[index] - prefix[windowStart]
                let windowPaused = !pausedPrefix.isEmpty && pausedPrefix[index] > pausedPrefix[windowStart]
                if metBefore >= times {
                    result[index] = .satisfied
                } else if index - days + 1 < firstIndex || index > todayIndex || windowPaused {
                    result[index] = .pending
                } else if index == todayIndex {
                    result[index] = metBefore + 1 >= times ? .pending : .missed
                } else {
                    result[index] = .missed
                }
            }
        }
        // After its end date a habit is not due (a finished challenge).
        if let end = habit.endsOn {
            for index in min(count, max(0, timeline.index(of: end) + 1))..<count { result[index] = .notDue }
        }
        // A day before the habit was created is known only by what was recorded on it: the days
        // between a back-filled day and the creation are unknown (not due), not missed.
        let created = min(timeline.index(of: habit.createdOn), count)
        if created > firstIndex {
            for index in firstIndex..<created
            where (result[index] == .missed || result[index] == .pending) && timeline.values[index] == 0 && !timeline.skipped[index] {
                result[index] = .notDue
            }
        }
        return result
    }
}
