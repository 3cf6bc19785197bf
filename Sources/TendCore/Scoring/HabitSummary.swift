import Foundation

/// A habit's settled history, kept by the stores so that views of recent days (Today's heatmap,
/// the tips' streaks) read a few bytes per day instead of replaying years of entries.
///
/// A day is *settled* once its status no longer depends on which day is today: every day before
/// today for fixed schedules and "X in Y days", every day before the current week or month for
/// "N per week/month" (see ``Habit/settledThrough(today:calendar:)``). The summary holds the
/// status of each settled day from the habit's start day, one code per day, so it stays valid as
/// today moves on: a reader uses the part that is settled for its own today, and works out the
/// days after it from the entries.
///
/// It is a function of the habit's rules (``Rules``) and entries only. An entry changed on day D
/// can change the statuses from ``invalidatedFrom(entryDay:reach:)`` on, and one on or before the start
/// day moves the start: the stores cut the summary there in the same transaction as the write (a
/// trigger), so a summary is never ahead of its entries; a reader extends it later.
public struct HabitSummary: Hashable, Sendable {
    /// What a habit's statuses depend on besides its entries: a summary made under other rules
    /// (the schedule or target was edited, the week starts on another day) is not used.
    public struct Rules: Hashable, Sendable {
        public var kind: HabitKind
        public var target: Amount
        public var createdOn: Day
        public var schedule: Schedule
        /// The week's first day, for "N per week" only.
        public var firstWeekday: Int?
        public var startsOn: Day?
        public var endsOn: Day?
        public var pauses: [HabitPause]
        /// The earlier rules, each keyed as the current one is.
        public var versions: [HabitVersion]

        public init(_ habit: Habit, calendar: TendCalendar) {
            kind = habit.kind
            target = habit.target
            createdOn = habit.createdOn
            schedule = habit.schedule
            if case .timesPerWeek = habit.schedule { firstWeekday = calendar.firstWeekday }
            startsOn = habit.startsOn
            endsOn = habit.endsOn
            pauses = habit.pauses
            versions = habit.versions
            // A week's first day matters to any "N per week" rule the habit had.
            if habit.versions.contains(where: { if case .timesPerWeek = $0.rule.schedule { true } else { false } }) {
                firstWeekday = calendar.firstWeekday
            }
        }

        /// The rules as stored beside the codes.
        public var key: String {
            var key = HabitSummary.createdKey(createdOn) + "\(kind.rawValue) \(target) " + Self.scheduleKey(schedule, firstWeekday)
            // Only when set, so the keys of habits without dates are those stored before dates existed.
            if let startsOn { key += " from \(startsOn.ordinal)" }
            if let endsOn { key += " to \(endsOn.ordinal)" }
            for pause in pauses { key += " pause \(pause.start.ordinal)-\(pause.end.map { String($0.ordinal) } ?? "")" }
            for version in versions {
                key +=
                    " until \(version.through.ordinal) \(version.rule.kind.rawValue) \(version.rule.target) "
                    + Self.scheduleKey(version.rule.schedule, firstWeekday)
            }
            // The version of the status rules: summaries made under earlier ones are made again
            // (2: unrecorded days before the creation are not due).
            return key + " s2"
        }

        static func scheduleKey(_ schedule: Schedule, _ firstWeekday: Int?) -> String {
            switch schedule {
            case .daily: "daily"
            case .weekdays(let days): "weekdays " + days.map(\.rawValue).sorted().map(String.init).joined(separator: ",")
            case .daysOfMonth(let days): "month-days " + days.sorted().map(String.init).joined(separator: ",")
            case .everyNDays(let interval, let start): "every \(interval) \(start.ordinal)"
            case .timesPerWeek(let times): "week \(times) \(firstWeekday ?? 0)"
            case .timesPerMonth(let times): "month \(times)"
            case .timesInDays(let times, let days): "in-days \(times) \(days)"
            }
        }
    }

    // Equal summaries hold the same days under the same rules, whether or not a reader checked them.
    public static func == (lhs: HabitSummary, rhs: HabitSummary) -> Bool {
        lhs.rules == rhs.rules && lhs.start == rhs.start && lhs.codes == rhs.codes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rules)
        hasher.combine(start)
        hasher.combine(codes)
    }

    /// ``Rules/key`` of the rules the summary was made under.
    public var rules: String
    /// The habit's start day (``TrackedHabit/startDay``) when the summary was made.
    public var start: Day
    /// One per day from `start`: the status's ``code(_:skipped:)``.
    public var codes: [UInt8]
    /// The rules a reader found the summary made under (``verified(for:calendar:)``): checked
    /// again on each use by comparing values, not keys.
    public private(set) var verifiedRules: Rules?

    public init(rules: String, start: Day, codes: [UInt8]) {
        self.rules = rules
        self.start = start
        self.codes = codes
    }

    /// The summary, marked as made under `habit`'s current rules if it was (the key is compared
    /// once, here); `nil` if it was made under others.
    public func verified(for habit: Habit, calendar: TendCalendar) -> HabitSummary? {
        let current = Rules(habit, calendar: calendar)
        guard verifiedRules == current || rules == current.key else { return nil }
        var copy = self
        copy.verifiedRules = current
        return copy
    }

    /// The last day the summary holds (the day before `start` when it holds none).
    public var through: Day { start.adding(days: codes.count - 1) }

    /// The summary of `tracked`'s days settled on `today`, from its entries (which must reach back
    /// to its start day).
    public init(_ tracked: TrackedHabit, today: Day, calendar: TendCalendar) {
        let rules = Rules(tracked.habit, calendar: calendar)
        self.init(rules: rules.key, start: tracked.startDay, codes: [])
        verifiedRules = rules
        extend(with: tracked, today: today, calendar: calendar)
    }

    /// Adds the days after ``through`` that are settled on `today`, worked out from `tracked`'s
    /// entries (which must reach back to ``Habit/entriesNeeded(from:calendar:)`` of the day after ``through``).
    public mutating func extend(with tracked: TrackedHabit, today: Day, calendar: TendCalendar) {
        let last = tracked.settledThrough(today: today, calendar: calendar)
        let first = through.next
        guard first <= last else { return }
        let statuses = tracked.computedStatuses(from: first, through: last, today: today, calendar: calendar)
        codes.reserveCapacity(codes.count + statuses.count)
        var day = first
        for status in statuses {
            codes.append(Self.code(status, skipped: tracked.isSkipped(on: day)))
            day = day.next
        }
    }

    /// Whether the summary holds days of `habit` under its current rules.
    public func isUsable(for habit: Habit, calendar: TendCalendar) -> Bool {
        guard !codes.isEmpty else { return false }
        if let verifiedRules { return verifiedRules == Rules(habit, calendar: calendar) }
        return rules == Rules(habit, calendar: calendar).key
    }

    /// The habit's start day, when the summary knows it: it holds days and was made for the
    /// habit's creation day (a change on or before the start day empties it).
    func startDay(for habit: Habit) -> Day? {
        guard !codes.isEmpty else { return nil }
        if let verifiedRules { return verifiedRules.createdOn == habit.createdOn ? start : nil }
        return rules.hasPrefix(Self.createdKey(habit.createdOn)) ? start : nil
    }

    // MARK: Codes

    /// A day's code: the status in the low bits, and whether the day's entry is a rest day (a skip
    /// on a day that is not due is still a skip the tips know of).
    public static func code(_ status: DayStatus, skipped: Bool) -> UInt8 {
        let code: UInt8 =
            switch status {
            case .notDue: 0
            case .met: 1
            case .skipped: 2
            case .satisfied: 3
            case .pending: 4
            case .missed: 5
            case .paused: 6
            }
        return code | (skipped ? skippedFlag : 0)
    }

    static let skippedFlag: UInt8 = 0x10

    /// The status a code holds, `nil` for a code no summary writes.
    public static func status(of code: UInt8) -> DayStatus? {
        let index = Int(code & 0x0F)
        return index < statusTable.count ? statusTable[index] : nil
    }

    /// The status of each code, as ``code(_:skipped:)`` writes them: stored in databases, so never
    /// reordered (not `DayStatus.allCases`, whose order is the source's).
    static let statusTable: [DayStatus] = [.notDue, .met, .skipped, .satisfied, .pending, .missed, .paused]

    func status(on day: Day) -> DayStatus { Self.status(of: codes[start.days(to: day)]) ?? .notDue }

    /// The statuses of `from…through` (all within the summary), appended to `result`.
    func appendStatuses(from: Day, through: Day, to result: inout [DayStatus]) {
        let table = Self.statusTable
        let first = start.days(to: from)
        for code in codes[first...(first + from.days(to: through))] {
            let index = Int(code & 0x0F)
            result.append(index < table.count ? table[index] : .notDue)
        }
    }

    func isSkipped(on day: Day) -> Bool { codes[start.days(to: day)] & Self.skippedFlag != 0 }

    // MARK: What a write invalidates

    /// How many days before an entry's day its change can reach, by schedule: the rest of a week or
    /// month depends on the whole period (stored with the summary so that a database trigger can
    /// cut it without knowing the schedule).
    public static func reach(of schedule: Schedule) -> Int {
        switch schedule {
        case .timesPerWeek: 6
        case .timesPerMonth: 30
        default: 0
        }
    }

    /// The first day whose code a change of the entry on `entryDay` can change (`start` when the
    /// change may move the start day): the stores keep the codes before it.
    public func invalidatedFrom(entryDay: Day, reach: Int) -> Day {
        entryDay <= start ? start : max(start, entryDay.adding(days: -reach))
    }

    /// The summary cut before `day` (the whole summary when `day` is its start).
    public mutating func cut(before day: Day) {
        let keep = max(0, min(codes.count, start.days(to: day)))
        codes.removeLast(codes.count - keep)
    }

    /// The start of a rules key: the creation day, which with the entries decides the start day.
    static func createdKey(_ createdOn: Day) -> String { "c\(createdOn.ordinal) " }

    /// The key of what a habit's statuses depend on besides its entries.
    public static func rules(for habit: Habit, calendar: TendCalendar) -> String { Rules(habit, calendar: calendar).key }
}

extension Habit {
    /// How many days before an entry's day its change can reach under any of the habit's rules
    /// (``HabitSummary/reach(of:)``; an earlier rule's period can straddle the day it ended).
    public var summaryReach: Int {
        versions.isEmpty ? HabitSummary.reach(of: schedule) : allSchedules.map(HabitSummary.reach(of:)).max()!
    }

    /// The last day whose status no longer depends on `today`: the day before it, or before the
    /// week or month containing it for "N per week/month" (that period may still be met).
    public func settledThrough(today: Day, calendar: TendCalendar) -> Day {
        func settled(_ schedule: Schedule) -> Day {
            switch schedule {
            case .timesPerWeek: calendar.startOfWeek(for: today).previous
            case .timesPerMonth: today.firstOfMonth.previous
            default: today.previous
            }
        }
        // Most habits never changed their rule: no list to build.
        return versions.isEmpty ? settled(schedule) : allSchedules.map(settled).min()!
    }

    /// The first day whose entry the statuses from `day` on depend on (the start of its period, or
    /// of its "X in Y days" window), under any of the habit's rules.
    public func entriesNeeded(from day: Day, calendar: TendCalendar) -> Day {
        func needed(_ schedule: Schedule) -> Day {
            switch schedule {
            case .timesPerWeek: calendar.startOfWeek(for: day)
            case .timesPerMonth: day.firstOfMonth
            case .timesInDays(_, let days): day.adding(days: -days)
            default: day
            }
        }
        return versions.isEmpty ? needed(schedule) : allSchedules.map(needed).min()!
    }

}

extension TrackedHabit {
    public func settledThrough(today: Day, calendar: TendCalendar) -> Day {
        habit.settledThrough(today: today, calendar: calendar)
    }

    /// The days the summary answers for on `today`: from its start through the last day that is in
    /// it and settled (`nil` without a usable summary).
    func summarized(today: Day, calendar: TendCalendar) -> (summary: HabitSummary, through: Day)? {
        guard let summary, summary.isUsable(for: habit, calendar: calendar) else { return nil }
        let through = min(summary.through, settledThrough(today: today, calendar: calendar))
        return through >= summary.start ? (summary, through) : nil
    }

    /// Whether a day `from…through` is a rest day (skipped), judged on `today`.
    public func hasSkippedDay(from: Day, through: Day, today: Day, calendar: TendCalendar) -> Bool {
        guard from <= through else { return false }
        var day = from
        if let (summary, settled) = summarized(today: today, calendar: calendar) {
            while day <= min(through, settled) {
                if day >= summary.start, summary.isSkipped(on: day) { return true }
                day = day.next
            }
        }
        if day.days(to: through) + 1 > entries.count {
            return entries.values.contains { $0.isSkipped && $0.day >= day && $0.day <= through }
        }
        while day <= through {
            if isSkipped(on: day) { return true }
            day = day.next
        }
        return false
    }
}
