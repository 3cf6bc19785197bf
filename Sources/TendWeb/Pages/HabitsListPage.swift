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
    /// The form that pauses every habit or a group's.
    var pause: PauseForm

    struct PauseForm: Sendable, Hashable {
        /// `all` or `group:NAME`, as chosen.
        var scope = "all"
        /// The groups to choose from, by name.
        var groups: [String]
        var from: String
        var until = ""
        var error: String?
        var earliest: String
        var latest: String
        /// How many active habits are paused today (the resume button's words).
        var pausedToday: Int
        /// Some active habit has a pause running today or to come (a resume has something to do).
        var canResume: Bool
    }

    /// The section of `/habits` a habit is listed (and moved) in on `today`.
    enum Section: Hashable, Sendable {
        case active, finished, archived

        init(_ habit: Habit, today: Day) {
            self = habit.isArchived ? .archived : habit.isFinished(today: today) ? .finished : .active
        }
    }

    init(habits: [Habit], groups: [HabitGroup] = [], today: Day, amounts: AmountStyle) {
        let live = habits.filter { !$0.isArchived }
        pause = PauseForm(
            groups: groups.filter { group in live.contains(where: group.contains) }.map(\.name), from: today.iso,
            earliest: RecordableDays.floor.iso, latest: today.adding(days: RecordableDays.lookahead).iso,
            pausedToday: live.filter { $0.isPaused(on: today) }.count,
            canResume: live.contains { $0.pauses.contains { ($0.end ?? .maximum) >= today } })
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
                        habit.isMeasurement ? "" : HabitPage.scheduleText(habit.schedule), HabitPage.targetText(habit, amounts: amounts),
                        HabitPage.datesText(habit, today: today) ?? "",
                        habit.pause(on: today).map { PausePanel.paused(until: $0.end) } ?? "", habit.group,
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
