import Foundation

/// A tip (Undo's TipKit tips, Youtine's habit-building suggestions): shown while its rule holds,
/// until the user acts on it or dismisses it, then never again on any of their devices.
public struct Tip: Identifiable, Hashable, Sendable {
    public enum ID: String, Codable, CaseIterable, Hashable, Sendable {
        case addFirstHabit
        case manageHabit
        case buildRoutine
        case skipInsteadOfBreaking
        case habitStacking
        case twoMinuteRule
        case makeItObvious
        case neverMissTwice
        case celebrateStreak
    }

    /// Where a tip belongs: beside a control it explains, or among suggestions.
    public enum Kind: String, Codable, Hashable, Sendable {
        case guidance
        case suggestion
    }

    public var id: ID
    public var kind: Kind
    public var title: String
    public var message: String
    /// The action that, once done, retires the tip (besides dismissing it).
    public var retiredBy: TipEvent?
    /// Where the tip's message makes sense: a tip that speaks of the web app's controls is not
    /// shown in the terminal.
    public var surfaces: Set<TipSurface> = Set(TipSurface.allCases)
}

/// Where tips are shown.
public enum TipSurface: String, Codable, CaseIterable, Hashable, Sendable {
    case web
    case cli
}

/// Things a user does that retire tips (TipKit's `invalidate(reason: .actionPerformed)`).
public enum TipEvent: String, Codable, CaseIterable, Hashable, Sendable {
    case habitAdded
    case habitManaged
    case routineCreated
    case daySkipped
    case reminderAdded
}

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
    /// Any day has ever been skipped.
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

    /// Reads the context off a user's habits and routines as of `today`.
    public init(habits: [TrackedHabit], routines: [Routine], today: Day, calendar: TendCalendar) {
        let active = habits.filter { !$0.habit.isArchived }
        self.init(activeHabitCount: active.count, routineCount: routines.count)
        habitsWithReminders = active.count { $0.habit.reminders.contains(where: \.isEnabled) }
        hasEverSkipped = habits.contains { $0.entries.values.contains(where: \.isSkipped) }
        for tracked in active {
            let from = max(tracked.startDay, today.adding(days: -400))
            guard from <= today else { continue }
            let statuses = tracked.statuses(from: from, through: today, today: today, calendar: calendar)
            let streaks = Streaks(statuses: statuses)
            longestCurrentStreak = max(longestCurrentStreak, streaks.current)
            if streaks.current >= 3 { hasRunningStreak = true }
            if statuses.count >= 2, statuses[statuses.count - 2] == .missed { missedYesterday = true }
            if tracked.startDay.days(to: today) >= 14 {
                let recent = statuses.suffix(14)
                let met = recent.count { $0 == .met }
                let missed = recent.count { $0 == .missed }
                if met + missed > 0, met * 2 < met + missed { hasStrugglingHabit = true }
            }
        }
    }
}

/// Which tips a user has finished with, kept per user so every device agrees.
public struct TipState: Hashable, Sendable, Codable {
    public var dismissed: Set<Tip.ID>
    public var actedOn: Set<Tip.ID>

    public init(dismissed: Set<Tip.ID> = [], actedOn: Set<Tip.ID> = []) {
        self.dismissed = dismissed
        self.actedOn = actedOn
    }

    private enum CodingKeys: String, CodingKey {
        case dismissed, actedOn
    }

    /// Tip ids this version does not know (added by a newer Tend) are ignored, so a state synced
    /// from a newer device still loads.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func ids(_ key: CodingKeys) throws -> Set<Tip.ID> {
            Set((try c.decodeIfPresent([String].self, forKey: key) ?? []).compactMap(Tip.ID.init(rawValue:)))
        }
        dismissed = try ids(.dismissed)
        actedOn = try ids(.actedOn)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(dismissed.map(\.rawValue).sorted(), forKey: .dismissed)
        try c.encode(actedOn.map(\.rawValue).sorted(), forKey: .actedOn)
    }

    public func isRetired(_ id: Tip.ID) -> Bool { dismissed.contains(id) || actedOn.contains(id) }

    public mutating func dismiss(_ id: Tip.ID) { dismissed.insert(id) }

    /// Records an action: every tip it answers is retired for good.
    public mutating func record(_ event: TipEvent) {
        for tip in TipCatalog.all where tip.retiredBy == event { actedOn.insert(tip.id) }
    }
}

/// The catalog of tips and their rules.
public enum TipCatalog {
    public static let all: [Tip] = [
        Tip(
            id: .addFirstHabit, kind: .guidance, title: "Add your first habit",
            message: "Start with one small thing you want to do every day. You can add more later.",
            retiredBy: .habitAdded),
        Tip(
            id: .manageHabit, kind: .guidance, title: "Manage a habit",
            message: "Open a habit's menu to edit it, reset a day, skip a day or delete it.",
            retiredBy: .habitManaged, surfaces: [.web]),
        Tip(
            id: .buildRoutine, kind: .guidance, title: "Build a routine",
            message: "Group habits you do together, like a morning routine, and do them in order.",
            retiredBy: .routineCreated),
        Tip(
            id: .skipInsteadOfBreaking, kind: .guidance, title: "Skip instead of breaking a streak",
            message: "Resting on purpose? Mark the day as skipped: it keeps your streak and your score as they are.",
            retiredBy: .daySkipped),
        Tip(
            id: .habitStacking, kind: .suggestion, title: "Stack your habits",
            message: "Tie a new habit to one you already do: “after I pour my coffee, I write one line in my journal”.",
            retiredBy: .routineCreated),
        Tip(
            id: .twoMinuteRule, kind: .suggestion, title: "Make it take two minutes",
            message: "Struggling with a habit? Shrink it to a version you can do in two minutes, and do that every time.",
            retiredBy: nil),
        Tip(
            id: .makeItObvious, kind: .suggestion, title: "Make it obvious",
            message: "Give your habit a time and a place, and let a reminder nudge you when it comes.",
            retiredBy: .reminderAdded),
        Tip(
            id: .neverMissTwice, kind: .suggestion, title: "Never miss twice",
            message: "Missing one day is an accident. Do it today, even a little, so it does not become a pattern.",
            retiredBy: nil),
        Tip(
            id: .celebrateStreak, kind: .suggestion, title: "A week in a row",
            message: "Seven days running. Notice how it feels: that feeling is what keeps a habit alive.",
            retiredBy: nil),
    ]

    public static func tip(_ id: Tip.ID) -> Tip { all.first { $0.id == id }! }

    /// Whether a tip's rule holds in `context` (regardless of whether it is retired).
    public static func applies(_ id: Tip.ID, in context: TipContext) -> Bool {
        switch id {
        case .addFirstHabit: context.activeHabitCount == 0
        case .manageHabit: context.activeHabitCount >= 1
        case .buildRoutine: context.activeHabitCount >= 2 && context.routineCount == 0
        case .skipInsteadOfBreaking: context.hasRunningStreak && !context.hasEverSkipped
        case .habitStacking: context.activeHabitCount >= 1 && context.routineCount == 0
        case .twoMinuteRule: context.hasStrugglingHabit
        case .makeItObvious: context.activeHabitCount >= 1 && context.habitsWithReminders == 0
        case .neverMissTwice: context.missedYesterday
        case .celebrateStreak: context.longestCurrentStreak >= 7
        }
    }

    /// The tips to show now: their rule holds and the user has not retired them, in catalog order.
    public static func eligibleTips(in context: TipContext, state: TipState) -> [Tip] {
        all.filter { !state.isRetired($0.id) && applies($0.id, in: context) }
    }
}
