import Foundation
import TendCore

/// `/habits`: every habit in the user's order, archived ones in their own section, each linking
/// to its page and its editor.
struct HabitsListPage: Sendable, Hashable {
    struct Item: Sendable, Hashable {
        var id: String
        var name: String
        var emoji: String
        var color: HabitColor
        var subtitle: String
        var link: String
        var editLink: String
    }

    var active: [Item]
    var archived: [Item]

    init(habits: [Habit]) {
        let items = habits.sorted { ($0.order, $0.name) < ($1.order, $1.name) }.map { habit in
            Item(
                id: habit.id.description, name: habit.name, emoji: habit.emoji, color: habit.color,
                subtitle: HabitPage.scheduleText(habit.schedule) + " · " + HabitPage.targetText(habit), link: "/habits/\(habit.id)",
                editLink: "/habits/\(habit.id)/edit")
        }
        active = zip(habits.sorted { ($0.order, $0.name) < ($1.order, $1.name) }, items).filter { !$0.0.isArchived }.map(\.1)
        archived = zip(habits.sorted { ($0.order, $0.name) < ($1.order, $1.name) }, items).filter { $0.0.isArchived }.map(\.1)
    }
}

enum HabitsListView {
    static func page(_ model: HabitsListPage, session: SessionInfo) -> Node {
        Layout.page(title: "Habits", tab: .habits, session: session) {
            Node.div(.class("list-head")) {
                Node.h1 { "Habits" }
                Node.a(.class("button primary"), .href("/habits/new")) { "New habit" }
            }
            if model.active.isEmpty && model.archived.isEmpty {
                Node.p(.class("hint")) { "No habits yet. Create your first one." }
            }
            list(model.active, label: "Your habits")
            if !model.archived.isEmpty {
                Node.h2(.class("archived-title")) { "Archived" }
                list(model.archived, label: "Archived habits")
            }
        }
    }

    static func list(_ items: [HabitsListPage.Item], label: String) -> Node {
        Node.ul(.class("habit-list"), .aria("label", label)) {
            for item in items {
                Node.li(.class("habit-row hc-\(item.color.rawValue)"), .id("habit-\(item.id)")) {
                    Node.span(.class("row-emoji"), .aria("hidden", "true")) { item.emoji }
                    Node.a(.class("row-main"), .href(item.link)) {
                        Node.strong { item.name }
                        Node.span(.class("hint")) { item.subtitle }
                    }
                    Node.a(.class("button"), .href(item.editLink), .aria("label", "Edit \(item.name)")) { "Edit" }
                }
            }
        }
    }
}
