import Foundation

/// One section of Today shown by group: a group's due habits with their own day score,
/// or (``group`` `nil`) the habits in no group.
public struct TodayGroupSection: Hashable, Sendable {
    public var group: HabitGroup?
    /// In the owner's manual order.
    public var items: [TodayPlan.Item]
    /// Void.'s day score of the group's habits (`nil` when none is due).
    public var score: Double?

    /// Today's habits (`plan`) in sections: the owner's groups in their order (`groups`, as
    /// ``GroupList/all(usedBy:)`` lists them), then those in no group; sections with nothing to
    /// show are left out. `habits` are the plan's tracked habits, for the scores.
    public static func sections(
        of plan: TodayPlan, groups: [HabitGroup], habits: [TrackedHabit], today: Day, calendar: TendCalendar
    ) -> [TodayGroupSection] {
        let items = plan.groups.flatMap(\.items).sorted {
            ($0.habit.order, $0.habit.name, $0.habit.id) < ($1.habit.order, $1.habit.name, $1.habit.id)
        }
        let known = Set(groups.map(\.key))
        func key(_ habit: Habit) -> String? {
            let key = HabitGroup.key(habit.group)
            return key.isEmpty || !known.contains(key) ? nil : key
        }
        var byGroup: [String?: [TodayPlan.Item]] = [:]
        for item in items { byGroup[key(item.habit), default: []].append(item) }
        var tracked: [String?: [TrackedHabit]] = [:]
        for habit in habits where !habit.habit.isArchived { tracked[key(habit.habit), default: []].append(habit) }
        let order: [HabitGroup?] = groups.map { $0 } + [nil]
        return order.compactMap { group in
            let key = group?.key
            guard let shown = byGroup[key], !shown.isEmpty else { return nil }
            return TodayGroupSection(
                group: group, items: shown,
                score: DayScore.calculateTodayScore(tracked[key] ?? [], on: plan.day, today: today, calendar: calendar))
        }
    }
}
