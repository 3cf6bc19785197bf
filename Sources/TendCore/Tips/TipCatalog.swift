import Foundation
import TendWords

/// The catalog of tips and their rules.
public enum TipCatalog {
    /// Computed on each use: the titles and messages are in the current words' language.
    public static var all: [Tip] {
        [
            Tip(
                id: .addFirstHabit, kind: .guidance, title: t("Add your first habit"),
                message: t("Start with one small thing you want to do every day. You can add more later."),
                retiredBy: .habitAdded),
            Tip(
                id: .manageHabit, kind: .guidance, title: t("Manage a habit"),
                message: t("Open a habit's menu to edit it, reset a day, skip a day or delete it."),
                retiredBy: .habitManaged, surfaces: [.web]),
            Tip(
                id: .buildRoutine, kind: .guidance, title: t("Build a routine"),
                message: t("Group habits you do together, like a morning routine, and do them in order."),
                retiredBy: .routineCreated),
            Tip(
                id: .skipInsteadOfBreaking, kind: .guidance, title: t("Skip instead of breaking a streak"),
                message: t("Resting on purpose? Mark the day as skipped: it keeps your streak and your score as they are."),
                retiredBy: .daySkipped),
            Tip(
                id: .habitStacking, kind: .suggestion, title: t("Stack your habits"),
                message: t("Tie a new habit to one you already do: “after I pour my coffee, I write one line in my journal”."),
                retiredBy: .routineCreated),
            Tip(
                id: .twoMinuteRule, kind: .suggestion, title: t("Make it take two minutes"),
                message: t("Struggling with a habit? Shrink it to a version you can do in two minutes, and do that every time."),
                retiredBy: nil),
            Tip(
                id: .makeItObvious, kind: .suggestion, title: t("Make it obvious"),
                message: t("Give your habit a time and a place, and let a reminder nudge you when it comes."),
                retiredBy: .reminderAdded),
            Tip(
                id: .neverMissTwice, kind: .suggestion, title: t("Never miss twice"),
                message: t("Missing one day is an accident. Do it today, even a little, so it does not become a pattern."),
                retiredBy: nil),
            Tip(
                id: .celebrateStreak, kind: .suggestion, title: t("A week in a row"),
                message: t("Seven days running. Notice how it feels: that feeling is what keeps a habit alive."),
                retiredBy: nil),
        ]
    }

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

    /// Whether `event` retires a tip `state` has not retired yet: recording it is worth a write.
    public static func retiresAny(by event: TipEvent, state: TipState) -> Bool {
        all.contains { $0.retiredBy == event && !state.isRetired($0.id) }
    }
}
