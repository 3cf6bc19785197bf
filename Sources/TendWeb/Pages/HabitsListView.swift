import Foundation
import TendAPI
import TendCore

enum HabitsListView {
    static func page(_ model: HabitsListPage, session: SessionInfo) -> Node {
        Layout.page(title: "Habits", tab: .habits, session: session) {
            Node.div(.class("list-head")) {
                Node.h1 { "Habits" }
                Node.a(.class("button primary"), .href(WebPaths.newHabit())) { "New habit" }
            }
            if model.active.isEmpty && model.finished.isEmpty && model.archived.isEmpty {
                Node.p(.class("hint")) { "No habits yet. Create your first one." }
            }
            list(model.active, label: "Your habits", session: session)
            if !model.finished.isEmpty {
                Node.h2(.class("archived-title"), .id("finished")) { "Finished" }
                Node.p(.class("hint archived-hint")) { "Past their end date: off Today, their figures kept. A later end date brings one back." }
                list(model.finished, label: "Finished habits", session: session)
            }
            if !model.archived.isEmpty {
                Node.h2(.class("archived-title"), .id("archived")) { "Archived" }
                Node.p(.class("hint archived-hint")) { "Not shown on Today and not counted in the day's score; their history is kept." }
                list(model.archived, label: "Archived habits", session: session)
            }
            if !model.groups.isEmpty { groups(model, session: session) }
        }
    }

    /// The groups in their order: rename or set the emoji, move, delete (the habits stay).
    static func groups(_ model: HabitsListPage, session: SessionInfo) -> Node {
        .section(.class("groups"), .aria("labelledby", "groups-title")) {
            Node.h2(.id("groups-title")) { "Groups" }
            Node.p(.class("hint")) { "Today can show your habits by group. Deleting a group keeps its habits, in no group." }
            if let error = model.groupError { Node.p(.class("notice"), .role("alert")) { error } }
            Node.ul(.class("habit-list group-list"), .aria("label", "Groups")) {
                for (index, group) in model.groups.enumerated() {
                    Node.li(.class("habit-row group-row"), .id("group-\(index)")) {
                        Node.form(.method("post"), .action(group.action), .class("group-fields")) {
                            Layout.csrfField(session)
                            Node.label(.for("group-emoji-\(index)"), .class("visually-hidden")) { "Emoji of \(group.name)" }
                            Node.input(
                                .type("text"), .id("group-emoji-\(index)"), .name("emoji"), .value(group.emoji), .class("emoji-field"),
                                .placeholder("🙂"), .autocomplete("off"))
                            Node.label(.for("group-name-\(index)"), .class("visually-hidden")) { "Name of \(group.name)" }
                            Node.input(
                                .type("text"), .id("group-name-\(index)"), .name("name"), .value(group.name),
                                .maxlength(HabitGroup.maximumNameLength), .required, .autocomplete("off"))
                            Node.span(.class("hint")) { group.habitCount == 1 ? "1 habit" : "\(group.habitCount) habits" }
                            Node.button(.type("submit"), .aria("label", "Save \(group.name)")) { "Save" }
                        }
                        Node.div(.class("row-actions")) {
                            RoutinesView.moveButtons(
                                action: group.moveAction, what: group.name, isFirst: group.isFirst, isLast: group.isLast, session: session)
                            Node.form(.method("post"), .action(group.deleteAction), .class("inline")) {
                                Layout.csrfField(session)
                                Node.button(.type("submit"), .aria("label", "Delete the group \(group.name); its habits are kept")) {
                                    "Delete"
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    static func list(_ items: [HabitsListPage.Item], label: String, session: SessionInfo) -> Node {
        Node.ul(.class("habit-list"), .aria("label", label)) {
            for item in items {
                Node.li(.class("habit-row hc-\(item.color.rawValue)"), .id("habit-\(item.id)")) {
                    Node.span(.class("row-emoji"), .aria("hidden", "true")) { item.emoji }
                    Node.a(.class("row-main"), .href(item.link)) {
                        Node.strong { item.name }
                        Node.span(.class("hint")) { item.subtitle }
                    }
                    Node.a(.class("button"), .href(item.editLink), .aria("label", "Edit \(item.name)")) { "Edit" }
                    Node.div(.class("row-actions")) {
                        RoutinesView.moveButtons(
                            action: WebPaths.moveHabit(item.id), what: item.name, isFirst: item.isFirst, isLast: item.isLast,
                            session: session)
                        Node.form(.method("post"), .action(WebPaths.archiveHabit(item.id)), .class("inline"), .data("enhance", "")) {
                            Layout.csrfField(session)
                            Node.input(.type("hidden"), .name("archived"), .value(item.isArchived ? "false" : "true"))
                            Node.button(
                                .type("submit"), .id(RoutinesView.buttonID(WebPaths.habit(item.id), "archive")),
                                .aria("label", "\(item.isArchived ? "Unarchive" : "Archive") \(item.name)")
                            ) {
                                item.isArchived ? "Unarchive" : "Archive"
                            }
                        }
                    }
                }
            }
        }
    }
}
