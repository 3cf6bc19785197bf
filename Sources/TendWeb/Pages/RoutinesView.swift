import Foundation
import TendAPI
import TendCore
import TendWords

/// Renders `/routines`, the routine editor and the routine confirmations. Every action is a
/// form that posts with the CSRF token; saving and deleting ask first (a page without
/// JavaScript, a `<dialog>` with it: app.js shows the confirmation page's words).
enum RoutinesView {
    static func page(_ model: RoutinesPage, session: SessionInfo) -> Node {
        Layout.page(title: t("Routines"), tab: .routines, session: session) {
            Node.div(.class("list-head")) {
                Node.h1 { t("Routines") }
                Node.a(.class("button primary"), .href(WebPaths.newRoutine())) { t("New routine") }
            }
            if model.routines.isEmpty {
                Node.div(.class("empty")) {
                    Node.p { t("No routines yet. A routine is a group of habits you do one after another, such as a morning routine.") }
                    Node.a(.class("button primary"), .href(WebPaths.newRoutine())) { t("Create your first routine") }
                }
            } else if model.habitsOutside > 0 {
                Node.p(.class("hint routines-hint")) {
                    tPlural("{count} habit is in no routine yet.", "{count} habits are in no routine yet.", count: model.habitsOutside)
                }
            }
            Node.ol(.class("routine-list"), .aria("label", t("Your routines, in order"))) {
                for routine in model.routines {
                    item(routine, session: session)
                }
            }
        }
    }

    static func item(_ routine: RoutinesPage.Item, session: SessionInfo) -> Node {
        Node.li(.class("routine hc-\(routine.color.rawValue)"), .id("routine-\(routine.id)")) {
            Node.div(.class("routine-head")) {
                Node.div(.class("routine-title")) {
                    Node.h2 { routine.name }
                    Node.p(.class("hint")) {
                        routine.subtitle + " · " + tPlural("{count} habit", "{count} habits", count: routine.habits.count)
                    }
                }
                Node.div(.class("routine-actions")) {
                    moveButtons(
                        action: WebPaths.moveRoutine(routine.id), what: routine.name, isFirst: routine.isFirst, isLast: routine.isLast,
                        session: session)
                    Node.a(.class("button"), .href(routine.editLink), .aria("label", t("Edit {routine}", ["routine": routine.name]))) {
                        t("Edit")
                    }
                    Node.form(
                        .method("post"), .action(WebPaths.deleteRoutine(routine.id)), .class("inline"), .data("confirm", "delete"),
                        .data("enhance", "")
                    ) {
                        Layout.csrfField(session)
                        Node.button(
                            .type("submit"), .class("danger-text"), .aria("label", t("Delete {routine}…", ["routine": routine.name]))
                        ) { t("Delete…") }
                    }
                }
            }
            if routine.habits.isEmpty {
                Node.p(.class("hint routine-empty")) { t("No habits in this routine yet.") }
            } else {
                Node.ol(.class("routine-habits"), .aria("label", t("Habits of {routine}, in order", ["routine": routine.name]))) {
                    for habit in routine.habits {
                        Node.li(.class("routine-habit hc-\(habit.color.rawValue)"), .id("routine-\(routine.id)-habit-\(habit.id)")) {
                            Node.span(.class("row-emoji"), .aria("hidden", "true")) { habit.emoji }
                            Node.a(.class("row-main"), .href(habit.link)) {
                                Node.strong { habit.name }
                                if habit.isArchived { Node.span(.class("hint")) { t("Archived", context: "a habit's state") } }
                            }
                            Node.div(.class("row-actions")) {
                                moveButtons(
                                    action: WebPaths.moveRoutineHabit(routine.id, habit.id), what: habit.name, isFirst: habit.isFirst,
                                    isLast: habit.isLast, session: session)
                                Node.form(
                                    .method("post"), .action(WebPaths.removeRoutineHabit(routine.id, habit.id)), .class("inline"),
                                    .data("enhance", "")
                                ) {
                                    Layout.csrfField(session)
                                    Node.button(
                                        .type("submit"), .class("icon-button"),
                                        .aria("label", t("Take {habit} out of {routine}", ["habit": habit.name, "routine": routine.name])),
                                        .title(t("Take out of the routine (the habit stays)"))
                                    ) { "✕" }
                                }
                            }
                        }
                    }
                }
            }
            addForm(routine, session: session)
        }
    }

    /// Up and down buttons (one form each; a button at an end is disabled).
    static func moveButtons(action: String, what: String, isFirst: Bool, isLast: Bool, session: SessionInfo) -> Node {
        .fragment([
            moveForm(
                action: action, direction: "up", symbol: "↑", label: t("Move {name} up", ["name": what]), disabled: isFirst,
                session: session),
            moveForm(
                action: action, direction: "down", symbol: "↓", label: t("Move {name} down", ["name": what]), disabled: isLast,
                session: session),
        ])
    }

    private static func moveForm(
        action: String, direction: String, symbol: String, label: String, disabled: Bool, session: SessionInfo
    )
        -> Node
    {
        Node.form(.method("post"), .action(action), .class("inline"), .data("enhance", "")) {
            Layout.csrfField(session)
            Node.input(.type("hidden"), .name("direction"), .value(direction))
            Node.element(
                "button",
                [.type("submit"), .id(buttonID(action, direction)), .class("icon-button"), .aria("label", label), .title(label)]
                    + (disabled ? [.disabled] : []),
                [.text(symbol)])
        }
    }

    /// A stable id for a form's button, so that app.js keeps the focus on it across an in-place
    /// update (a keyboard user can press "move up" again).
    static func buttonID(_ action: String, _ suffix: String) -> String {
        "button" + action.replacingOccurrences(of: "/", with: "-") + "-" + suffix
    }

    static func addForm(_ routine: RoutinesPage.Item, session: SessionInfo) -> Node {
        let selectID = "add-\(routine.id)"
        return Node.form(.method("post"), .action(WebPaths.routineHabits(routine.id)), .class("add-habit"), .data("enhance", "")) {
            Layout.csrfField(session)
            Node.label(.for(selectID), .class("sub-label")) { t("Add a habit to {routine}", ["routine": routine.name]) }
            Node.div(.class("add-row")) {
                Node.element(
                    "select",
                    [.id(selectID), .name("habit")]
                        + (routine.addError == nil ? [] : [.aria("invalid", "true"), .aria("describedby", "\(selectID)-error")]),
                    [Node.option(.value("")) { routine.addOptions.isEmpty ? t("No other habits") : t("Choose a habit…") }]
                        + routine.addOptions.map { option in
                            Node.element(
                                "option", [.value(option.id)] + (option.id == routine.addSelected ? [Attribute("selected", nil)] : []),
                                [.text(option.label)])
                        })
                Node.button(.type("submit")) { t("Add") }
            }
            if let error = routine.addError {
                Node.p(.class("error"), .id("\(selectID)-error"), .role("alert")) { error }
            }
        }
    }

    // MARK: Editor

    static func editor(_ model: RoutineEditorPage, session: SessionInfo) -> Node {
        let form = model.form
        let errors = model.errors
        return Layout.page(title: model.title, tab: .routines, session: session) {
            Node.section(.class("editor"), .aria("labelledby", "editor-title")) {
                Node.h1(.id("editor-title")) { model.title }
                if !errors.isEmpty {
                    Node.p(.class("notice"), .role("alert")) {
                        errors["form"] ?? t("Some fields need a change; see below. Nothing was saved.")
                    }
                }
                Node.form(.method("post"), .action(model.action), .class("habit-form"), .data("confirm", "save"), .data("enhance", "")) {
                    Layout.csrfField(session)
                    if let original = model.original { Node.input(.type("hidden"), .name("original"), .value(original)) }
                    Node.div(.class("field")) {
                        Node.label(.for("name")) { t("Name") }
                        Node.void(
                            "input",
                            invalid(
                                [
                                    .type("text"), .id("name"), .name("name"), .value(form.name), .maxlength(Routine.maximumNameLength),
                                    .required,
                                    .autocomplete("off"), .placeholder(t("Morning", context: "example of a routine's name")),
                                ], "name", errors))
                        error("name", errors)
                    }
                    Node.div(.class("field")) {
                        Node.label(.for("start")) { t("Starts at") }
                        Node.void(
                            "input",
                            invalid(
                                [.type("time"), .id("start"), .name("start"), .value(form.start), .required, .class("time-input")], "start",
                                errors))
                        error("start", errors)
                    }
                    Node.fieldset(.class("field")) {
                        Node.legend { t("Days") }
                        Node.div(.class("weekday-boxes")) {
                            for day in RoutineForm.weekdayOrder {
                                Node.label(.class("day-box")) {
                                    Node.void(
                                        "input",
                                        [.type("checkbox"), .name("weekday"), .value(day.code)]
                                            + (form.weekdays.contains(day.code) ? [.checked] : []))
                                    Node.span { DayText.shortWeekday(day) }
                                }
                            }
                        }
                        error("weekdays", errors)
                    }
                    Node.fieldset(.class("field")) {
                        Node.legend { t("Colour") }
                        Node.div(.class("color-grid")) {
                            for color in HabitColor.allCases {
                                Node.label(.class("swatch hc-\(color.rawValue)"), .title(color.colourName)) {
                                    Node.void(
                                        "input",
                                        [.type("radio"), .name("color"), .value(color.rawValue)]
                                            + (color.rawValue == form.color ? [.checked] : []))
                                    Node.span(.class("visually-hidden")) { color.colourName }
                                }
                            }
                        }
                        error("color", errors)
                    }
                    Node.p(.class("hint")) {
                        model.isNew
                            ? t("Add habits to it on the Routines page once it exists.")
                            : t("Its habits are arranged on the Routines page.")
                    }
                    Node.div(.class("actions")) {
                        Node.button(.type("submit"), .class("primary")) { model.isNew ? t("Create routine…") : t("Save changes…") }
                        Node.a(.class("button"), .href(WebPaths.routines())) { t("Cancel") }
                    }
                }
            }
        }
    }

    private static func invalid(_ base: [Attribute], _ name: String, _ errors: RoutineForm.Errors) -> [Attribute] {
        errors[name] == nil ? base : base + [.aria("invalid", "true"), .aria("describedby", "\(name)-error")]
    }

    private static func error(_ name: String, _ errors: RoutineForm.Errors) -> Node? {
        errors[name].map { message in Node.p(.class("error"), .id("\(name)-error")) { message } }
    }

    // MARK: Confirmation

    /// The confirmation page (app.js reads its title, message and button into a dialog).
    static func confirm(_ model: RoutineConfirmPage, session: SessionInfo) -> Node {
        Layout.page(title: model.title, tab: .routines, session: session) {
            Node.section(.class("confirm"), .aria("labelledby", "confirm-title"), .data("confirm-page", "")) {
                Node.h1(.id("confirm-title")) { model.title }
                Node.p(.class("confirm-message")) { model.message }
                Node.form(.method("post"), .action(model.action), .class("actions")) {
                    Layout.csrfField(session)
                    for field in model.fields {
                        Node.input(.type("hidden"), .name(field.name), .value(field.value))
                    }
                    Node.button(.type("submit"), .name("confirm"), .value("yes"), .class(model.isDanger ? "danger" : "primary")) {
                        model.confirmLabel
                    }
                    if model.canEdit {
                        Node.button(.type("submit"), .name("confirm"), .value("edit")) { t("Change something") }
                    }
                    Node.a(.class("button"), .href(WebPaths.routines())) { t("Cancel") }
                }
            }
        }
    }
}
