import Foundation
import TendCore

/// `GET /api/v1/today`: the same keys as `tend today --json` (docs/cli.md).
public struct TodayJSON: Codable, Hashable, Sendable {
    public struct Item: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
        public var emoji: String
        public var status: String
        public var value: Int
        public var target: Int
        public var unit: String
        public var type: String
        public var kind: String
        public var progress: Double
        /// A quota habit's count in its period ("1 of 3 this week"); absent for fixed schedules.
        public var period: PeriodProgress?
    }

    /// A routine's name and start, for the group of its habits.
    public struct RoutineRef: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
        public var start: String
    }

    public struct Group: Codable, Hashable, Sendable {
        public var routineTime: String
        /// Set for the group of a routine's habits (routines come first, in start-time order).
        public var routine: RoutineRef?
        public var habits: [Item]
    }

    public var day: String
    public var current: String
    public var score: Double?
    public var groups: [Group]

    public init(_ plan: TodayPlan) {
        day = plan.day.iso
        current = plan.current.rawValue
        score = plan.score
        groups = plan.groups.map { group in
            Group(
                routineTime: group.routineTime.rawValue,
                routine: group.routine.map { RoutineRef(id: $0.id.description, name: $0.name, start: $0.start.description) },
                habits: group.items.map { item in
                    Item(
                        id: item.habit.id.description, name: item.habit.name, emoji: item.habit.emoji,
                        status: item.status.rawValue, value: item.value, target: item.habit.target, unit: item.habit.unit,
                        type: item.habit.type.rawValue, kind: item.habit.kind.rawValue, progress: item.progress,
                        period: item.period)
                })
        }
    }

    private enum CodingKeys: String, CodingKey { case day, current, score, groups }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(day, forKey: .day)
        try c.encode(current, forKey: .current)
        try c.encode(score, forKey: .score)
        try c.encode(groups, forKey: .groups)
    }
}

/// A day score (`null` when nothing was due), as `tend heatmap --json` prints it.
public struct DayScoreJSON: Codable, Hashable, Sendable {
    public var day: String
    public var score: Double?

    public init(day: Day, score: Double?) {
        self.day = day.iso
        self.score = score
    }

    private enum CodingKeys: String, CodingKey { case day, score }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(day, forKey: .day)
        try c.encode(score, forKey: .score)
    }
}

/// A tip, as `tend tips list --json` prints it, with its kind.
public struct TipJSON: Codable, Hashable, Sendable {
    public var id: String
    public var kind: String
    public var title: String
    public var message: String
    public var applies: Bool
    public var retired: Bool

    public init(_ tip: Tip, applies: Bool, retired: Bool) {
        id = tip.id.rawValue
        kind = tip.kind.rawValue
        title = tip.title
        message = tip.message
        self.applies = applies
        self.retired = retired
    }
}

/// `PUT /api/v1/settings`: the fields given change (`firstWeekday` 0 goes back to the locale's).
public struct SettingsUpdate: Codable, Hashable, Sendable {
    public var timeZone: String?
    public var dayStartHour: Int?
    public var firstWeekday: Int?
    public var locale: String?

    public init(timeZone: String? = nil, dayStartHour: Int? = nil, firstWeekday: Int? = nil, locale: String? = nil) {
        self.timeZone = timeZone
        self.dayStartHour = dayStartHour
        self.firstWeekday = firstWeekday
        self.locale = locale
    }

    public func applied(to settings: UserSettings) -> UserSettings {
        var settings = settings
        if let timeZone { settings.timeZone = timeZone }
        if let dayStartHour { settings.dayStartHour = dayStartHour }
        if let firstWeekday { settings.firstWeekday = firstWeekday == 0 ? nil : firstWeekday }
        if let locale { settings.locale = locale }
        return settings
    }
}

/// `GET /api/v1/settings`: the settings and the user's today by them.
public struct SettingsJSON: Codable, Hashable, Sendable {
    public var timeZone: String
    public var dayStartHour: Int
    public var firstWeekday: Int?
    public var locale: String
    public var today: Day

    public init(_ settings: UserSettings, today: Day) {
        timeZone = settings.timeZone
        dayStartHour = settings.dayStartHour
        firstWeekday = settings.firstWeekday
        locale = settings.locale
        self.today = today
    }

    private enum CodingKeys: String, CodingKey { case timeZone, dayStartHour, firstWeekday, locale, today }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(timeZone, forKey: .timeZone)
        try c.encode(dayStartHour, forKey: .dayStartHour)
        try c.encode(firstWeekday, forKey: .firstWeekday)
        try c.encode(locale, forKey: .locale)
        try c.encode(today, forKey: .today)
    }
}

/// A routine as a client sends it: `POST` needs `name`; `PATCH` changes the fields given.
public struct RoutineFields: Codable, Hashable, Sendable {
    public var name: String?
    public var start: TimeOfDay?
    public var weekdays: Set<Weekday>?
    public var color: HabitColor?
    public var habitIDs: [Habit.ID]?

    public init(name: String? = nil, start: TimeOfDay? = nil, weekdays: Set<Weekday>? = nil, color: HabitColor? = nil, habitIDs: [Habit.ID]? = nil) {
        self.name = name
        self.start = start
        self.weekdays = weekdays
        self.color = color
        self.habitIDs = habitIDs
    }

    public func applied(to routine: Routine) -> Routine {
        var routine = routine
        if let name { routine.name = name.trimmingCharacters(in: .whitespaces) }
        if let start { routine.start = start }
        if let weekdays { routine.weekdays = weekdays }
        if let color { routine.color = color }
        if let habitIDs { routine.habitIDs = habitIDs }
        return routine
    }
}

/// `POST /api/v1/routines/{id}/habits`: put a habit into the routine (out of any other), at a
/// 0-based position (default: last).
public struct RoutineHabitMove: Codable, Hashable, Sendable {
    public var habit: Habit.ID
    public var at: Int?

    public init(habit: Habit.ID, at: Int? = nil) {
        self.habit = habit
        self.at = at
    }
}

/// What deleting a routine did (Youtine's confirmation, said afterwards too).
public struct RoutineDeletionJSON: Codable, Hashable, Sendable {
    public var message: String
    public var detachedHabits: [String]

    public init(_ impact: RoutineDeletionImpact) {
        message = impact.message
        detachedHabits = impact.detachedHabitNames
    }
}

/// A reminder's next firing instants, in the user's zone (`GET /api/v1/reminders`).
public struct UpcomingReminderJSON: Codable, Hashable, Sendable {
    public var habit: String
    public var name: String
    public var reminder: Reminder
    public var next: [Date]

    public init(habit: Habit, reminder: Reminder, next: [Date]) {
        self.habit = habit.id.description
        name = habit.name
        self.reminder = reminder
        self.next = next
    }
}
