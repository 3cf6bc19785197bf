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
                Node.p(.class("hint archived-hint")) {
                    "Past their end date: off Today, their figures kept. A later end date brings one back."
                }
                list(model.finished, label: "Finished habits", session: session)
            }
            if !model.archived.isEmpty {
                Node.h2(.class("archived-title"), .id("archived")) { "Archived" }
                Node.p(.class("hint archived-hint")) { "Not shown on Today and not counted in the day's score; their history is kept." }
                list(model.archived, label: "Archived habits", session: session)
            }
            if !model.groups.isEmpty { groups(model, session: session) }
            if !model.active.isEmpty { pause(model.pause, session: session) }
        }
    }

    /// Pausing every habit or a group's for a holiday, and resuming them.
    static func pause(_ form: HabitsListPage.PauseForm, session: SessionInfo) -> Node {
        .section(.class("groups pause-habits"), .aria("labelledby", "pause-habits")) {
            Node.h2(.id("pause-habits")) { "Pause habits" }
            Node.p(.class("hint")) {
                "For a holiday or an illness: paused days are neither due nor missed, streaks carry across and reminders stay silent."
            }
            if let error = form.error { Node.p(.class("notice"), .id("pause-habits-error"), .role("alert")) { error } }
            Node.form(.method("post"), .action(WebPaths.pauses()), .class("pause-form")) {
                Layout.csrfField(session)
                Node.label(.for("pause-scope")) { "Habits" }
                Node.element(
                    "select", [.id("pause-scope"), .name("scope")],
                    [option("all", "All habits", selected: form.scope == "all")]
                        + form.groups.map { option("group:" + $0, "Group: " + $0, selected: form.scope == "group:" + $0) })
                Node.label(.for("pause-habits-from")) { "From" }
                Node.input(
                    .type("date"), .id("pause-habits-from"), .name("from"), .value(form.from), .attr("min", form.earliest),
                    .attr("max", form.latest), .required)
                Node.label(.for("pause-habits-until")) { "Until (empty: until resumed)" }
                Node.input(
                    .type("date"), .id("pause-habits-until"), .name("until"), .value(form.until), .attr("min", form.earliest),
                    .attr("max", form.latest))
                Node.button(.type("submit"), .id("pause-habits-submit")) { "Pause" }
            }
            if form.canResume {
                Node.form(.method("post"), .action(WebPaths.resumePauses()), .class("inline")) {
                    Layout.csrfField(session)
                    Node.input(.type("hidden"), .name("scope"), .value("all"))
                    Node.button(.type("submit"), .id("resume-all")) {
                        form.pausedToday > 0 ? "Resume all today (\(form.pausedToday) paused)" : "Cancel the pauses to come"
                    }
                }
            }
        }
    }

    private static func option(_ value: String, _ label: String, selected: Bool) -> Node {
        .element("option", [.value(value)] + (selected ? [Attribute("selected", nil)] : []), [.text(label)])
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
