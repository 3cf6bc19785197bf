import Foundation
import TendAPI
import TendCore
import TendWords

enum HabitsListView {
    static func page(_ model: HabitsListPage, session: SessionInfo) -> Node {
        Layout.page(title: t("Habits"), tab: .habits, session: session) {
            Node.div(.class("list-head")) {
                Node.h1 { t("Habits") }
                Node.a(.class("button primary"), .href(WebPaths.newHabit())) { t("New habit") }
            }
            if model.active.isEmpty && model.finished.isEmpty && model.archived.isEmpty {
                Node.p(.class("hint")) { t("No habits yet. Create your first one.") }
            }
            list(model.active, label: t("Your habits"), session: session)
            if !model.finished.isEmpty {
                Node.h2(.class("archived-title"), .id("finished")) { t("Finished", context: "habits section") }
                Node.p(.class("hint archived-hint")) {
                    t("Past their end date: off Today, their figures kept. A later end date brings one back.")
                }
                list(model.finished, label: t("Finished habits"), session: session)
            }
            if !model.archived.isEmpty {
                Node.h2(.class("archived-title"), .id("archived")) { t("Archived") }
                Node.p(.class("hint archived-hint")) { t("Not shown on Today and not counted in the day's score; their history is kept.") }
                list(model.archived, label: t("Archived habits"), session: session)
            }
            if !model.groups.isEmpty { groups(model, session: session) }
            if !model.active.isEmpty { pause(model.pause, session: session) }
        }
    }

    /// Pausing every habit or a group's for a holiday, and resuming them.
    static func pause(_ form: HabitsListPage.PauseForm, session: SessionInfo) -> Node {
        .section(.class("groups pause-habits"), .aria("labelledby", "pause-habits")) {
            Node.h2(.id("pause-habits")) { t("Pause habits") }
            Node.p(.class("hint")) {
                t("For a holiday or an illness: paused days are neither due nor missed, streaks carry across and reminders stay silent.")
            }
            if let error = form.error { Node.p(.class("notice"), .id("pause-habits-error"), .role("alert")) { error } }
            Node.form(.method("post"), .action(WebPaths.pauses()), .class("pause-form")) {
                Layout.csrfField(session)
                Node.label(.for("pause-scope")) { t("Habits") }
                Node.element(
                    "select", [.id("pause-scope"), .name("scope")],
                    [option("all", t("All habits"), selected: form.scope == "all")]
                        + form.groups.map {
                            option("group:" + $0, t("Group: {group}", ["group": $0]), selected: form.scope == "group:" + $0)
                        })
                Node.label(.for("pause-habits-from")) { t("From", context: "first paused day") }
                Node.input(
                    .type("date"), .id("pause-habits-from"), .name("from"), .value(form.from), .attr("min", form.earliest),
                    .attr("max", form.latest), .required)
                Node.label(.for("pause-habits-until")) { t("Until (empty: until resumed)") }
                Node.input(
                    .type("date"), .id("pause-habits-until"), .name("until"), .value(form.until), .attr("min", form.earliest),
                    .attr("max", form.latest))
                Node.button(.type("submit"), .id("pause-habits-submit")) { t("Pause", context: "button") }
            }
            if form.canResume {
                Node.form(.method("post"), .action(WebPaths.resumePauses()), .class("inline")) {
                    Layout.csrfField(session)
                    Node.input(.type("hidden"), .name("scope"), .value("all"))
                    Node.button(.type("submit"), .id("resume-all")) {
                        form.pausedToday > 0
                            ? tPlural("Resume all today ({count} paused)", "Resume all today ({count} paused)", count: form.pausedToday)
                            : t("Cancel the pauses to come")
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
            Node.h2(.id("groups-title")) { t("Groups") }
            Node.p(.class("hint")) { t("Today can show your habits by group. Deleting a group keeps its habits, in no group.") }
            if let error = model.groupError { Node.p(.class("notice"), .role("alert")) { error } }
            Node.ul(.class("habit-list group-list"), .aria("label", t("Groups"))) {
                for (index, group) in model.groups.enumerated() {
                    Node.li(.class("habit-row group-row"), .id("group-\(index)")) {
                        Node.form(.method("post"), .action(group.action), .class("group-fields")) {
                            Layout.csrfField(session)
                            Node.label(.for("group-emoji-\(index)"), .class("visually-hidden")) {
                                t("Emoji of {group}", ["group": group.name])
                            }
                            Node.input(
                                .type("text"), .id("group-emoji-\(index)"), .name("emoji"), .value(group.emoji), .class("emoji-field"),
                                .placeholder("🙂"), .autocomplete("off"))
                            Node.label(.for("group-name-\(index)"), .class("visually-hidden")) {
                                t("Name of {group}", ["group": group.name])
                            }
                            Node.input(
                                .type("text"), .id("group-name-\(index)"), .name("name"), .value(group.name),
                                .maxlength(HabitGroup.maximumNameLength), .required, .autocomplete("off"))
                            Node.span(.class("hint")) { tPlural("{count} habit", "{count} habits", count: group.habitCount) }
                            Node.button(.type("submit"), .aria("label", t("Save {group}", ["group": group.name]))) { t("Save") }
                        }
                        Node.div(.class("row-actions")) {
                            RoutinesView.moveButtons(
                                action: group.moveAction, what: group.name, isFirst: group.isFirst, isLast: group.isLast, session: session)
                            Node.form(.method("post"), .action(group.deleteAction), .class("inline")) {
                                Layout.csrfField(session)
                                Node.button(
                                    .type("submit"),
                                    .aria("label", t("Delete the group {group}; its habits are kept", ["group": group.name]))
                                ) {
                                    t("Delete")
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
                    Node.a(.class("button"), .href(item.editLink), .aria("label", t("Edit {habit}", ["habit": item.name]))) { t("Edit") }
                    Node.div(.class("row-actions")) {
                        RoutinesView.moveButtons(
                            action: WebPaths.moveHabit(item.id), what: item.name, isFirst: item.isFirst, isLast: item.isLast,
                            session: session)
                        Node.form(.method("post"), .action(WebPaths.archiveHabit(item.id)), .class("inline"), .data("enhance", "")) {
                            Layout.csrfField(session)
                            Node.input(.type("hidden"), .name("archived"), .value(item.isArchived ? "false" : "true"))
                            Node.button(
                                .type("submit"), .id(RoutinesView.buttonID(WebPaths.habit(item.id), "archive")),
                                .aria(
                                    "label",
                                    item.isArchived
                                        ? t("Unarchive {habit}", ["habit": item.name]) : t("Archive {habit}", ["habit": item.name]))
                            ) {
                                item.isArchived ? t("Unarchive") : t("Archive")
                            }
                        }
                    }
                }
            }
        }
    }
}
