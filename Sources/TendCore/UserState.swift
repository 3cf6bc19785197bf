import Foundation

/// A user's settings: their zone, when their day starts, their week.
public struct UserSettings: Codable, Hashable, Sendable {
    /// An IANA zone identifier (`Europe/Berlin`).
    public var timeZone: String
    /// 0–23: before this hour, it is still yesterday.
    public var dayStartHour: Int
    /// 1 (Sunday) … 7 (Saturday); `nil` follows the locale.
    public var firstWeekday: Int?
    /// A locale identifier (`de_DE`) for weekday names and the default first weekday.
    public var locale: String

    public init(timeZone: String = "UTC", dayStartHour: Int = 0, firstWeekday: Int? = nil, locale: String = "en_US") {
        self.timeZone = timeZone
        self.dayStartHour = dayStartHour
        self.firstWeekday = firstWeekday
        self.locale = locale
    }

    public func validate() throws(SettingsError) {
        guard TimeZone(identifier: timeZone) != nil else { throw .unknownTimeZone(timeZone) }
        guard (0...23).contains(dayStartHour) else { throw .dayStartHour(dayStartHour) }
        if let firstWeekday, !(1...7).contains(firstWeekday) { throw .firstWeekday(firstWeekday) }
        guard !locale.isEmpty, locale.count <= 40,
            locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "@" || $0 == "=") })
        else { throw .locale(locale) }
    }

    /// The user's calendar (an unknown zone falls back to UTC; settings are validated on the way in).
    public var calendar: TendCalendar {
        TendCalendar(
            timeZone: TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!,
            locale: Locale(identifier: locale), firstWeekday: firstWeekday)
    }

    /// The user's "today" at `now`.
    public func today(now: Date) -> Day {
        calendar.today(now: now, dayStartHour: dayStartHour)
    }
}

public enum SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownTimeZone(String)
    case dayStartHour(Int)
    case firstWeekday(Int)
    case locale(String)

    public var description: String {
        switch self {
        case .unknownTimeZone(let zone): "unknown time zone '\(zone)' (use an IANA name such as Europe/Berlin)"
        case .dayStartHour(let hour): "day start must be an hour from 0 to 23, not \(hour)"
        case .firstWeekday(let day): "first weekday must be 1 (Sunday) to 7 (Saturday), not \(day)"
        case .locale(let locale): "'\(locale)' is not a locale identifier (such as en_US)"
        }
    }
}

/// The fields of a habit that a change sets; absent fields stay as they are.
public struct HabitPatch: Codable, Hashable, Sendable {
    public var name: String?
    public var emoji: String?
    public var color: HabitColor?
    public var notes: String?
    public var kind: HabitKind?
    public var type: HabitType?
    public var target: Int?
    public var unit: String?
    public var schedule: Schedule?
    public var routineTime: RoutineTime?
    public var reminders: [Reminder]?
    public var isArchived: Bool?
    public var order: Int?

    public init(
        name: String? = nil, emoji: String? = nil, color: HabitColor? = nil, notes: String? = nil,
        kind: HabitKind? = nil, type: HabitType? = nil, target: Int? = nil, unit: String? = nil,
        schedule: Schedule? = nil, routineTime: RoutineTime? = nil, reminders: [Reminder]? = nil,
        isArchived: Bool? = nil, order: Int? = nil
    ) {
        self.name = name
        self.emoji = emoji
        self.color = color
        self.notes = notes
        self.kind = kind
        self.type = type
        self.target = target
        self.unit = unit
        self.schedule = schedule
        self.routineTime = routineTime
        self.reminders = reminders
        self.isArchived = isArchived
        self.order = order
    }

    /// The patch that turns `old` into `new` (only the fields that differ).
    public init(from old: Habit, to new: Habit) {
        self.init()
        if old.name != new.name { name = new.name }
        if old.emoji != new.emoji { emoji = new.emoji }
        if old.color != new.color { color = new.color }
        if old.notes != new.notes { notes = new.notes }
        if old.kind != new.kind { kind = new.kind }
        if old.type != new.type { type = new.type }
        if old.target != new.target { target = new.target }
        if old.unit != new.unit { unit = new.unit }
        if old.schedule != new.schedule { schedule = new.schedule }
        if old.routineTime != new.routineTime { routineTime = new.routineTime }
        if old.reminders != new.reminders { reminders = new.reminders }
        if old.isArchived != new.isArchived { isArchived = new.isArchived }
        if old.order != new.order { order = new.order }
    }

    public var isEmpty: Bool { self == HabitPatch() }

    /// `habit` with the patch's fields set.
    public func applied(to habit: Habit) -> Habit {
        var habit = habit
        if let name { habit.name = name }
        if let emoji { habit.emoji = emoji }
        if let color { habit.color = color }
        if let notes { habit.notes = notes }
        if let kind { habit.kind = kind }
        if let type { habit.type = type }
        if let target { habit.target = target }
        if let unit { habit.unit = unit }
        if let schedule { habit.schedule = schedule }
        if let routineTime { habit.routineTime = routineTime }
        if let reminders { habit.reminders = reminders }
        if let isArchived { habit.isArchived = isArchived }
        if let order { habit.order = order }
        return habit
    }
}

/// One change to a user's data: what the op log records, what sync exchanges, and what
/// "history replay" folds into a ``UserState``.
///
/// Entry changes are recorded as what they did: an increment as the amount actually added
/// (after a good habit's cap), a check or an explicit value as the value set.
public enum Change: Codable, Hashable, Sendable {
    case habitCreated(habit: Habit)
    case habitUpdated(id: Habit.ID, patch: HabitPatch)
    case habitDeleted(id: Habit.ID)
    case habitsReordered(ids: [Habit.ID])
    case entrySet(habit: Habit.ID, day: Day, value: Int)
    case entryIncremented(habit: Habit.ID, day: Day, by: Int)
    case entrySkipped(habit: Habit.ID, day: Day, skipped: Bool)
    case entryReset(habit: Habit.ID, day: Day)
    case entryNoteSet(habit: Habit.ID, day: Day, note: String?)
    /// Entries brought in by an import, each replacing the day's entry.
    case entriesImported(habit: Habit.ID, entries: [Entry])
    case routineCreated(routine: Routine)
    case routineUpdated(routine: Routine)
    case routineDeleted(id: Routine.ID)
    case routinesReordered(ids: [Routine.ID])
    /// Moves a habit into a routine at a position (or out of every routine when `routine` is nil).
    case routineHabitMoved(habit: Habit.ID, routine: Routine.ID?, index: Int?)
    case settingsChanged(settings: UserSettings)
    case tipDismissed(tip: Tip.ID)
    case tipEventRecorded(event: TipEvent)
}

/// Everything one user owns, as one value: what an export holds and what replaying the op log
/// rebuilds.
public struct UserState: Hashable, Sendable {
    public var settings: UserSettings
    public var habits: [Habit.ID: TrackedHabit]
    public var routines: RoutineList
    public var tips: TipState

    public init(
        settings: UserSettings = UserSettings(), habits: [TrackedHabit] = [], routines: [Routine] = [],
        tips: TipState = TipState()
    ) {
        self.settings = settings
        self.habits = Dictionary(habits.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.routines = RoutineList(routines)
        self.tips = tips
    }

    /// Habits in the user's manual order.
    public var orderedHabits: [TrackedHabit] {
        habits.values.sorted { ($0.habit.order, $0.habit.name, $0.id) < ($1.habit.order, $1.habit.name, $1.id) }
    }

    /// Applies one change. A change that names a habit or routine this state does not hold (it
    /// was deleted) is ignored, as a tombstone would have it.
    public mutating func apply(_ change: Change) {
        switch change {
        case .habitCreated(let habit):
            if habits[habit.id] == nil { habits[habit.id] = TrackedHabit(habit: habit) }
        case .habitUpdated(let id, let patch):
            if let habit = habits[id]?.habit { habits[id]?.habit = patch.applied(to: habit) }
        case .habitDeleted(let id):
            habits[id] = nil
            routines.detach(id)
        case .habitsReordered(let ids):
            for (index, id) in ids.enumerated() { habits[id]?.habit.order = index }
        case .entrySet(let habit, _, _), .entryIncremented(let habit, _, _), .entrySkipped(let habit, _, _),
            .entryReset(let habit, _), .entryNoteSet(let habit, _, _), .entriesImported(let habit, _):
            habits[habit]?.apply(change)
        case .routineCreated, .routineUpdated, .routineDeleted, .routinesReordered, .routineHabitMoved:
            routines.apply(change, knownHabits: Set(habits.keys))
        case .settingsChanged(let settings):
            self.settings = settings
        case .tipDismissed(let tip):
            tips.dismiss(tip)
        case .tipEventRecorded(let event):
            tips.record(event)
        }
    }

    /// Folds `changes` into a state, in order (Void.'s "history replay").
    public static func replaying(_ changes: some Sequence<Change>, from initial: UserState = UserState()) -> UserState {
        var state = initial
        for change in changes { state.apply(change) }
        return state
    }
}

extension UserState: Codable {
    private enum CodingKeys: String, CodingKey {
        case settings, habits, routines, tips
    }

    /// One habit of an export: the habit's fields and its entries.
    private struct ExportedHabit: Codable {
        var habit: Habit
        var entries: [Entry]

        private enum CodingKeys: String, CodingKey { case entries }

        init(_ tracked: TrackedHabit) {
            habit = tracked.habit
            entries = tracked.sortedEntries
        }

        init(from decoder: any Decoder) throws {
            habit = try Habit(from: decoder)
            let c = try decoder.container(keyedBy: CodingKeys.self)
            entries = try c.decodeIfPresent([Entry].self, forKey: .entries) ?? []
        }

        func encode(to encoder: any Encoder) throws {
            try habit.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(entries, forKey: .entries)
        }
    }

    /// `{"settings":{…},"habits":[{…habit fields…,"entries":[…]}],"routines":[…],"tips":{…}}`,
    /// habits in manual order and entries by day, so equal states encode identically.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let habits = try c.decodeIfPresent([ExportedHabit].self, forKey: .habits) ?? []
        self.init(
            settings: try c.decodeIfPresent(UserSettings.self, forKey: .settings) ?? UserSettings(),
            habits: habits.map { TrackedHabit(habit: $0.habit, entries: $0.entries) },
            routines: try c.decodeIfPresent([Routine].self, forKey: .routines) ?? [],
            tips: try c.decodeIfPresent(TipState.self, forKey: .tips) ?? TipState())
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(settings, forKey: .settings)
        try c.encode(orderedHabits.map(ExportedHabit.init), forKey: .habits)
        try c.encode(routines.routines, forKey: .routines)
        try c.encode(tips, forKey: .tips)
    }
}

extension TrackedHabit {
    /// Applies an entry change addressed to this habit (other changes are ignored).
    public mutating func apply(_ change: Change) {
        switch change {
        case .entriesImported(let habit, let entries) where habit == id:
            for entry in entries { replaceEntry(entry) }
        case .entrySet(let habit, let day, _), .entryIncremented(let habit, let day, _),
            .entrySkipped(let habit, let day, _), .entryReset(let habit, let day), .entryNoteSet(let habit, let day, _):
            if habit == id { replaceEntry(log(for: day).applying(change)) }
        default:
            break
        }
    }

    /// Marks the day done: a good habit reaches (at least) its target; for a bad habit a check
    /// records one more slip.
    public mutating func check(on day: Day) {
        switch habit.kind {
        case .good: setValue(max(completionCount(on: day), habit.target), on: day)
        case .bad: incrementCompletion(on: day, by: 1)
        }
    }

    /// Clears the day's value (a skip and a note stay).
    public mutating func uncheck(on day: Day) {
        setValue(0, on: day)
    }
}

extension Entry {
    /// The entry after a change to its day: the one definition of what each entry change does.
    ///
    /// Recording a value above 0 clears a skip; skipping sets the value to 0; a reset clears value
    /// and skip but keeps the note; an empty note is no note. Values never go below 0.
    public func applying(_ change: Change) -> Entry {
        var entry = self
        switch change {
        case .entrySet(_, let day, let value) where day == self.day:
            entry.value = max(0, value)
            if entry.value > 0 { entry.isSkipped = false }
        case .entryIncremented(_, let day, let amount) where day == self.day:
            entry.value = max(0, value + amount)
            if entry.value > 0 { entry.isSkipped = false }
        case .entrySkipped(_, let day, let skipped) where day == self.day:
            entry.isSkipped = skipped
            if skipped { entry.value = 0 }
        case .entryReset(_, let day) where day == self.day:
            entry.value = 0
            entry.isSkipped = false
        case .entryNoteSet(_, let day, let note) where day == self.day:
            entry.note = (note?.isEmpty ?? true) ? nil : note
        default:
            break
        }
        return entry
    }
}
