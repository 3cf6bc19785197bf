import Foundation
import TendAPI
import TendCore

/// `/habits`: every habit in the user's order, finished and archived ones in sections of their own, each linking
/// to its page and its editor, with forms to move it up or down its section and to archive or
/// unarchive it.
struct HabitsListPage: Sendable, Hashable {
    struct Item: Sendable, Hashable {
        var id: String
        var name: String
        var emoji: String
        var color: HabitColor
        var subtitle: String
        var link: String
        var editLink: String
        var isArchived: Bool
        /// First or last of its section (active or archived): moves stay within it.
        var isFirst: Bool
        var isLast: Bool
    }

    /// A group as the list's Groups section shows it: its fields as a form, its place in the order.
    struct GroupItem: Sendable, Hashable {
        var name: String
        var emoji: String
        var habitCount: Int
        var action: String
        var moveAction: String
        var deleteAction: String
        var isFirst: Bool
        var isLast: Bool
    }

    var active: [Item]
    /// Habits whose end date has passed (not archived): off Today, their figures kept.
    var finished: [Item]
    var archived: [Item]
    var groups: [GroupItem] = []
    /// Why the last group form was refused (422), shown above the groups.
    var groupError: String?

    /// The section of `/habits` a habit is listed (and moved) in on `today`.
    enum Section: Hashable, Sendable {
        case active, finished, archived

        init(_ habit: Habit, today: Day) {
            self = habit.isArchived ? .archived : habit.isFinished(today: today) ? .finished : .active
        }
    }

    init(habits: [Habit], groups: [HabitGroup] = [], today: Day, amounts: AmountStyle) {
        self.groups = groups.enumerated().map { index, group in
            let segment = APIPaths.groupSegment(group.name)
            return GroupItem(
                name: group.name, emoji: group.emoji, habitCount: habits.filter(group.contains).count,
                action: WebPaths.group(segment), moveAction: WebPaths.moveGroup(segment), deleteAction: WebPaths.deleteGroup(segment),
                isFirst: index == 0, isLast: index == groups.count - 1)
        }
        let sorted = habits.sorted { ($0.order, $0.name) < ($1.order, $1.name) }
        func items(_ habits: [Habit]) -> [Item] {
            habits.enumerated().map { index, habit in
                Item(
                    id: habit.id.description, name: habit.name, emoji: habit.emoji, color: habit.color,
                    subtitle: ([
                        HabitPage.scheduleText(habit.schedule), HabitPage.targetText(habit, amounts: amounts),
                        HabitPage.datesText(habit, today: today) ?? "", habit.group,
                    ]
                        + habit.tags.map { "#" + $0 }).filter { !$0.isEmpty }.joined(separator: " · "),
                    link: WebPaths.habit(habit.id),
                    editLink: WebPaths.editHabit(habit.id), isArchived: habit.isArchived, isFirst: index == 0,
                    isLast: index == habits.count - 1)
            }
        }
        active = items(sorted.filter { Section($0, today: today) == .active })
        finished = items(sorted.filter { Section($0, today: today) == .finished })
        archived = items(sorted.filter(\.isArchived))
    }
}
