import Foundation
import TendCore
import TendWords

/// Renders the habit editor: a plain form that posts without JavaScript; every field has a label,
/// and an error sits under its field (`aria-describedby`, `aria-invalid`).
enum HabitEditorView {
    static func page(_ model: HabitEditorPage, session: SessionInfo) -> Node {
        let form = model.form
        let errors = model.errors
        return Layout.page(title: model.title, tab: .habits, session: session) {
            Node.section(.class("editor"), .aria("labelledby", "editor-title")) {
                Node.h1(.id("editor-title")) { model.title }
                if !errors.isEmpty {
                    Node.p(.class("notice"), .role("alert")) {
                        errors["form"] ?? t("Some fields need a change; see below. Nothing was saved.")
                    }
                }
                Node.form(.method("post"), .action(model.action), .class("habit-form")) {
                    Layout.csrfField(session)
                    if let original = model.original { Node.input(.type("hidden"), .name("original"), .value(original)) }
                    field("name", t("Name"), errors) {
                        input(
                            attributes(
                                [
                                    .type("text"), .id("name"), .name("name"), .value(form.name), .maxlength(Habit.maximumNameLength),
                                    .required,
                                    .autocomplete("off"),
                                ], "name", errors))
                    }
                    emojiPicker(form, errors)
                    colorGrid(form, errors)
                    radios(
                        "kind", t("Kind"),
                        [
                            ("good", t("Build (reach the target)")), ("bad", t("Quit or limit (stay at or under it)")),
                            ("measure", t("Only measure (a value to record, e.g. weight: no target, no streak)")),
                        ], form.kind,
                        errors)
                    radios(
                        "type", t("Measured as"),
                        [("checkmark", t("Done or not")), ("count", t("A count")), ("duration", t("Time (minutes)"))],
                        form.type, errors)
                    // Hidden by app.css while "Done or not" is chosen (a done-or-not habit has no target or unit).
                    Node.div(.class("row measure")) {
                        field(
                            "target", t("Target per day"), errors,
                            hint: t("For a count: how many; for time: minutes, or e.g. 1h30. Not used for done-or-not.")
                        ) {
                            input(
                                attributes(
                                    [.type("text"), .id("target"), .name("target"), .value(form.target), .attr("inputmode", "decimal")],
                                    "target", errors))
                        }
                        field("unit", t("Unit"), errors, hint: t("What a count counts, e.g. glasses.")) {
                            input(
                                attributes(
                                    [.type("text"), .id("unit"), .name("unit"), .value(form.unit), .maxlength(Habit.maximumUnitLength)],
                                    "unit", errors))
                        }
                        field("step", t("Step"), errors, hint: t("What + and − add to a count, e.g. 0.25. Empty for one.")) {
                            input(
                                attributes(
                                    [.type("text"), .id("step"), .name("step"), .value(form.step), .attr("inputmode", "decimal")],
                                    "step", errors))
                        }
                    }
                    scheduleFields(form, errors)
                    if !model.isNew { rulesFrom(form, errors, today: model.today) }
                    Node.div(.class("row")) {
                        field("startsOn", t("Starts on"), errors, hint: t("The first day it is due, e.g. next Monday. Empty: from now.")) {
                            input(
                                attributes(
                                    [.type("date"), .id("startsOn"), .name("startsOn"), .value(form.startsOn)], "startsOn", errors))
                        }
                        field(
                            "endsOn", t("Ends on"), errors,
                            hint: t("The last day of a challenge; after it the habit is finished. Empty: no end.")
                        ) {
                            input(attributes([.type("date"), .id("endsOn"), .name("endsOn"), .value(form.endsOn)], "endsOn", errors))
                        }
                    }
                    radios(
                        "routineTime", t("Time of day"), RoutineTime.allCases.map { ($0.rawValue, $0.title) }, form.routineTime, errors)
                    Node.div(.class("row")) {
                        field("group", t("Group"), errors, hint: t("An area of life, e.g. Health. Empty for none.")) {
                            input(
                                attributes(
                                    [
                                        .type("text"), .id("group"), .name("group"), .value(form.group),
                                        .maxlength(HabitGroup.maximumNameLength), .attr("list", "group-names"), .autocomplete("off"),
                                    ], "group", errors))
                            Node.element("datalist", [.id("group-names")], model.groupNames.map { Node.option(.value($0)) })
                        }
                        field("tags", t("Tags"), errors, hint: t("Short labels separated by commas, e.g. morning, outdoors.")) {
                            input(
                                attributes(
                                    [.type("text"), .id("tags"), .name("tags"), .value(form.tags), .autocomplete("off")], "tags", errors))
                        }
                    }
                    field(
                        "reminders", t("Reminders"), errors,
                        hint: t(
                            "Times of day, 24-hour, separated by commas: 07:30, 21:00. Empty for none. Once saved, each time has its days, message and repeats below."
                        )
                    ) {
                        input(
                            attributes(
                                [.type("text"), .id("reminders"), .name("reminders"), .value(form.reminders), .autocomplete("off")],
                                "reminders",
                                errors))
                    }
                    for details in form.reminderDetails { reminderFieldset(details, errors) }
                    Node.div(.class("actions")) {
                        Node.button(.type("submit"), .class("primary")) { model.isNew ? t("Create habit") : t("Save changes") }
                        Node.a(.class("button"), .href(model.cancelLink)) { t("Cancel") }
                        if let delete = model.deleteLink {
                            Node.a(.class("button danger-link"), .href(delete)) { t("Delete…") }
                        }
                    }
                }
            }
        }
    }

    /// One saved reminder's days, message and "until done" (Loop's most asked-for reminder feature).
    private static func reminderFieldset(_ details: HabitForm.ReminderDetails, _ errors: HabitForm.Errors) -> Node {
        let prefix = "reminder-\(details.key)"
        let error = errors[prefix]
        let invalid: [Attribute] = error == nil ? [] : [.aria("invalid", "true"), .aria("describedby", "\(prefix)-error")]
        return Node.fieldset(.class("field reminder-details"), .id(prefix)) {
            Node.legend { t("Reminder at {time}", ["time": details.time]) }
            Node.input(.type("hidden"), .name("\(prefix)-shown"), .value("1"))
            Node.div(.class("weekday-boxes"), .role("group"), .aria("label", t("Days of the reminder at {time}", ["time": details.time]))) {
                for day in [Weekday.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday] {
                    Node.label(.class("day-box")) {
                        .void(
                            "input",
                            [.type("checkbox"), .name("\(prefix)-weekday"), .value(day.code)]
                                + (details.weekdays.contains(day.code) ? [.checked] : []))
                        Node.span { DayText.shortWeekday(day) }
                    }
                }
            }
            Node.p(.class("hint")) { t("No day ticked: every day the habit is due.") }
            Node.label(.for("\(prefix)-message"), .class("sub-label")) { t("Message (optional)") }
            input([
                .type("text"), .id("\(prefix)-message"), .name("\(prefix)-message"), .value(details.message),
                .maxlength(Reminder.maximumMessageLength), .autocomplete("off"),
            ])
            Node.p(.class("until-done")) {
                sentence(
                    t("Until done: repeat every {minutes} minutes, at most {times} times"),
                    [
                        "minutes": input(
                            [
                                .type("number"), .id("\(prefix)-repeatEvery"), .name("\(prefix)-repeatEvery"), .value(details.repeatEvery),
                                .attr("min", String(Reminder.repeatMinutesRange.lowerBound)),
                                .attr("max", String(Reminder.repeatMinutesRange.upperBound)), .class("small-number"),
                                .aria("label", t("Repeat every how many minutes")),
                            ] + invalid),
                        "times": input(
                            [
                                .type("number"), .id("\(prefix)-repeatLimit"), .name("\(prefix)-repeatLimit"), .value(details.repeatLimit),
                                .attr("min", String(Reminder.repeatLimitRange.lowerBound)),
                                .attr("max", String(Reminder.repeatLimitRange.upperBound)), .class("small-number"),
                                .aria("label", t("At most how many repeats")),
                            ] + invalid),
                    ])
            }
            Node.p(.class("hint")) {
                t("Rings again while the habit is not done that day (5–240 minutes apart, 1–12 times). Empty: once.")
            }
            errorNode(prefix, errors)
        }
    }

    private static func attributes(_ base: [Attribute], _ name: String, _ errors: HabitForm.Errors) -> [Attribute] {
        guard errors[name] != nil else { return base }
        return base + [.aria("invalid", "true"), .aria("describedby", "\(name)-error")]
    }

    private static func input(_ attributes: [Attribute]) -> Node { .void("input", attributes) }

    /// A sentence with fields in it (``Layout/sentence(_:_:)``), each run of its words in a
    /// `<span>`: the row is a flex box of its parts.
    private static func sentence(_ text: String, _ parts: KeyValuePairs<String, Node>) -> [Node] {
        Layout.sentence(text, parts).map { (part: Node) -> Node in
            if case .text = part { return Node.span { part } }
            return part
        }
    }

    private static func errorNode(_ name: String, _ errors: HabitForm.Errors) -> Node? {
        errors[name].map { message in Node.p(.class("error"), .id("\(name)-error")) { message } }
    }

    private static func field(
        _ name: String, _ label: String, _ errors: HabitForm.Errors, hint: String? = nil, @HTMLBuilder control: () -> [Node]
    ) -> Node {
        Node.div(.class("field")) {
            Node.label(.for(name)) { label }
            control()
            if let hint { Node.p(.class("hint")) { hint } }
            errorNode(name, errors)
        }
    }

    private static func radios(
        _ name: String, _ legend: String, _ options: [(String, String)], _ selected: String, _ errors: HabitForm.Errors
    )
        -> Node
    {
        Node.fieldset(.class("field choices")) {
            Node.legend { legend }
            for (value, label) in options {
                Node.label(.class("choice")) {
                    radio(name, value, checked: value == selected)
                    Node.span { label }
                }
            }
            errorNode(name, errors)
        }
    }

    /// "Apply the change": from today, from a day, or from the beginning (which re-judges every
    /// day). Only a change to the kind, measure, target or schedule needs it.
    private static func rulesFrom(_ form: HabitForm, _ errors: HabitForm.Errors, today: String) -> Node {
        Node.fieldset(.class("field choices rules-from"), .id("rulesFrom")) {
            Node.legend { t("A change to the kind, measure, target or schedule applies") }
            Node.label(.class("choice")) {
                radio("rulesFrom", "today", checked: form.rulesFrom == "today")
                Node.span { t("From today: earlier days keep the rule they had") }
            }
            Node.label(.class("choice")) {
                radio("rulesFrom", "day", checked: form.rulesFrom == "day")
                Node.span { t("From a day:") }
            }
            Node.label(.for("rulesFromDay"), .class("visually-hidden")) { t("The day the change applies from") }
            input(
                attributes(
                    [.type("date"), .id("rulesFromDay"), .name("rulesFromDay"), .value(form.rulesFromDay), .attr("max", today)],
                    "rulesFrom",
                    errors))
            Node.label(.class("choice")) {
                radio("rulesFrom", "beginning", checked: form.rulesFrom == "beginning")
                Node.span { t("From the beginning: every day is judged again by the new rule") }
            }
            errorNode("rulesFrom", errors)
        }
    }

    private static func radio(_ name: String, _ value: String, checked: Bool, extra: [Attribute] = []) -> Node {
        var attributes: [Attribute] = [.type("radio"), .name(name), .value(value)] + extra
        if checked { attributes.append(.checked) }
        return .void("input", attributes)
    }

    private static func emojiPicker(_ form: HabitForm, _ errors: HabitForm.Errors) -> Node {
        let offered = HabitForm.commonEmoji.contains(form.emoji)
        return Node.fieldset(.class("field emoji-picker")) {
            Node.legend { t("Emoji") }
            Node.div(.class("emoji-grid")) {
                for emoji in HabitForm.commonEmoji {
                    Node.label(.class("emoji-option")) {
                        radio("emoji", emoji, checked: emoji == form.emoji)
                        Node.span { emoji }
                    }
                }
            }
            Node.label(.for("emojiText"), .class("sub-label")) { t("Or type any emoji") }
            input(
                attributes(
                    [
                        .type("text"), .id("emojiText"), .name("emojiText"), .value(offered ? "" : form.emoji), .maxlength(16),
                        .autocomplete("off"), .class("emoji-text"),
                    ], "emoji", errors))
            errorNode("emoji", errors)
        }
    }

    private static func colorGrid(_ form: HabitForm, _ errors: HabitForm.Errors) -> Node {
        Node.fieldset(.class("field")) {
            Node.legend { t("Colour") }
            Node.div(.class("color-grid")) {
                for color in HabitColor.allCases {
                    Node.label(.class("swatch hc-\(color.rawValue)"), .title(color.colourName)) {
                        radio("color", color.rawValue, checked: color.rawValue == form.color)
                        Node.span(.class("visually-hidden")) { color.colourName }
                    }
                }
            }
            errorNode("color", errors)
        }
    }

    private static func scheduleFields(_ form: HabitForm, _ errors: HabitForm.Errors) -> Node {
        // A refused schedule's message goes under the option chosen, whose fields are marked
        // invalid and described by it; "Choose a schedule" (none chosen) goes under them all.
        let chosen = HabitForm.ScheduleChoice(rawValue: form.schedule)
        let refused = errors["schedule"] != nil
        func invalid(_ choice: HabitForm.ScheduleChoice) -> [Attribute] {
            refused && chosen == choice ? [.aria("invalid", "true"), .aria("describedby", "schedule-error")] : []
        }
        func number(_ choice: HabitForm.ScheduleChoice, _ name: String, _ value: String, _ label: String, max: Int) -> Node {
            .void(
                "input",
                [
                    .type("number"), .name(name), .value(value), .attr("min", "1"), .attr("max", String(max)), .aria("label", label),
                    .class("small-number"),
                ] + invalid(choice))
        }
        func option(_ choice: HabitForm.ScheduleChoice, @HTMLBuilder _ extra: () -> [Node] = { [] }) -> Node {
            Node.div(.class("schedule-option")) {
                Node.label(.class("choice")) {
                    radio("schedule", choice.rawValue, checked: form.schedule == choice.rawValue)
                    Node.span { choice.label }
                }
                extra()
                if chosen == choice { errorNode("schedule", errors) }
            }
        }
        return Node.fieldset(.class("field schedule"), .id("schedule")) {
            Node.legend { t("Schedule") }
            option(.daily)
            option(.weekdays) {
                Node.div(.class("weekday-boxes")) {
                    for day in [Weekday.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday] {
                        Node.label(.class("day-box")) {
                            .void(
                                "input",
                                [.type("checkbox"), .name("weekday"), .value(day.code)]
                                    + (form.weekdays.contains(day.code) ? [.checked] : []) + invalid(.weekdays))
                            Node.span { DayText.shortWeekday(day) }
                        }
                    }
                }
            }
            option(.perWeek) { number(.perWeek, "perWeek", form.perWeek, t("Times per week"), max: 7) }
            option(.perMonth) { number(.perMonth, "perMonth", form.perMonth, t("Times per month"), max: 31) }
            option(.everyN) { number(.everyN, "everyN", form.everyN, t("Every how many days"), max: 365) }
            option(.inDays) {
                sentence(
                    t("{times} in {days} days", context: "schedule: X times in Y days"),
                    [
                        "times": number(.inDays, "inTimes", form.inTimes, t("X: times"), max: 365),
                        "days": number(.inDays, "inDays", form.inDays, t("Y: days"), max: 365),
                    ])
            }
            option(.text) {
                Node.void(
                    "input",
                    [
                        .type("text"), .name("scheduleText"), .value(form.scheduleText), .aria("label", t("Schedule as text")),
                        .placeholder("days 1,15 · mon,wed,fri · 3/week"),
                    ] + invalid(.text))
            }
            if chosen == nil { errorNode("schedule", errors) }
        }
    }
}
