import Foundation
import TendAPI
import TendCore
import TendHTTP
import TendWords

/// `/routines`: Youtine's ordered routines, each with its habits in order, and the forms that
/// rearrange them (move a routine or a habit up or down, add a habit, take one out). A habit is
/// in at most one routine, so adding a habit that is in another routine moves it here; the
/// list of habits to add says where each one is now.
struct RoutinesPage: Sendable, Hashable {
    struct HabitItem: Sendable, Hashable {
        var id: String
        var name: String
        var emoji: String
        var color: HabitColor
        var isArchived: Bool
        var link: String
        var isFirst: Bool
        var isLast: Bool
    }

    /// A habit the "Add a habit" list offers.
    struct Option: Sendable, Hashable {
        var id: String
        var label: String
    }

    struct Item: Sendable, Hashable {
        var id: String
        var name: String
        var color: HabitColor
        /// "07:00 · Every day".
        var subtitle: String
        var habits: [HabitItem]
        var isFirst: Bool
        var isLast: Bool
        var editLink: String
        var addOptions: [Option]
        /// The habit chosen in the add form (kept when the form is refused).
        var addSelected: String
        var addError: String?
    }

    /// A refused "add a habit" form: which routine, what was chosen, why.
    struct AddError: Sendable, Hashable {
        var routine: Routine.ID
        var selected: String
        var message: String
    }

    var routines: [Item]
    /// Active habits in no routine, by name: a hint that they could be added somewhere.
    var habitsOutside: Int

    init(routines: [Routine], habits: [Habit], addError: AddError? = nil) {
        let ordered = RoutineList(routines).routines
        let byID = Dictionary(habits.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let home = Dictionary(
            ordered.flatMap { routine in routine.habitIDs.map { ($0, routine) } }, uniquingKeysWith: { first, _ in first })
        let active = habits.filter { !$0.isArchived }.sorted { ($0.order, $0.name) < ($1.order, $1.name) }
        self.routines = ordered.enumerated().map { position, routine in
            let members = routine.habitIDs.compactMap { byID[$0] }
            let error = addError?.routine == routine.id ? addError : nil
            return Item(
                id: routine.id.description, name: routine.name, color: routine.color,
                subtitle: "\(routine.start) · " + Self.daysText(routine.weekdays),
                habits: members.enumerated().map { index, habit in
                    HabitItem(
                        id: habit.id.description, name: habit.name, emoji: habit.emoji, color: habit.color, isArchived: habit.isArchived,
                        link: WebPaths.habit(habit.id), isFirst: index == 0, isLast: index == members.count - 1)
                },
                isFirst: position == 0, isLast: position == ordered.count - 1, editLink: WebPaths.editRoutine(routine.id),
                addOptions: active.filter { !routine.habitIDs.contains($0.id) }.map { habit in
                    let name = "\(habit.emoji) \(habit.name)"
                    let label = home[habit.id].map { t("{habit} (now in {routine})", ["habit": name, "routine": $0.name]) } ?? name
                    return Option(id: habit.id.description, label: label)
                },
                addSelected: error?.selected ?? "", addError: error?.message)
        }
        habitsOutside = active.count { home[$0.id] == nil }
    }

    /// "Every day", "Weekdays", "Weekends" or "Mon, Wed, Fri" (Monday first); `inSentence`:
    /// as a sentence says them ("every day", "mon, wed, fri").
    static func daysText(_ days: Set<Weekday>, inSentence: Bool = false) -> String {
        let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
        switch days {
        case Set(Weekday.allCases):
            return inSentence ? t("every day", context: "a routine's days in a sentence") : t("Every day")
        case weekdays:
            return inSentence ? t("weekdays", context: "a routine's days in a sentence") : t("Weekdays", context: "a routine's days")
        case [.saturday, .sunday]:
            return inSentence ? t("weekends", context: "a routine's days in a sentence") : t("Weekends", context: "a routine's days")
        default:
            let names = RoutineForm.weekdayOrder.filter(days.contains).map { DayText.shortWeekday($0) }.joined(separator: ", ")
            // Within a sentence as a status is ("it runs mon, wed"; another language keeps its own short names).
            return inSentence ? TodayPage.inSentence(names) : names
        }
    }
}

/// The routine editor's form (`/routines/new`, `/routines/{id}/edit`), as typed, so a refused
/// form comes back with the person's values; TendCore's `Routine.validate` and `TimeOfDay`
/// decide what is valid.
struct RoutineForm: Sendable, Hashable {
    typealias Errors = [String: String]

    var name = ""
    /// `HH:MM`, as `<input type="time">` sends it.
    var start = "07:00"
    /// Weekday codes (`mon`…).
    var weekdays: Set<String> = Set(Weekday.allCases.map(\.code))
    var color = HabitColor.blue.rawValue

    static let weekdayOrder: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]

    init() {}

    init(_ routine: Routine) {
        name = routine.name
        start = routine.start.description
        weekdays = Set(routine.weekdays.map(\.code))
        color = routine.color.rawValue
    }

    init(_ form: FormData) {
        name = form["name"] ?? ""
        start = (form["start"] ?? "").trimmingCharacters(in: .whitespaces)
        weekdays = Set(form.all("weekday"))
        color = form["color"] ?? ""
    }

    /// `base` with the form's values, or a message per wrong field. `others` are the user's other
    /// routines: names are unique per user regardless of case, as the CLI has them.
    func routine(base: Routine, others: [Routine]) -> Result<Routine, FormErrors> {
        var errors = Errors()
        var routine = base
        routine.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if routine.name.isEmpty {
            errors["name"] = t("Give the routine a name.")
        } else if routine.name.count > Routine.maximumNameLength {
            errors["name"] = tPlural(
                "A routine's name is at most {count} character.", "A routine's name is at most {count} characters.",
                count: Routine.maximumNameLength)
        } else if others.contains(where: { $0.id != base.id && $0.name.lowercased() == routine.name.lowercased() }) {
            errors["name"] = t("You already have a routine named “{routine}”.", ["routine": routine.name])
        }
        if let time = try? TimeOfDay(parsing: start) {
            routine.start = time
        } else {
            errors["start"] = t("The start is a time of day, such as 07:00.")
        }
        let days = Set(Weekday.allCases.filter { weekdays.contains($0.code) })
        if days.isEmpty || days.count != weekdays.count {
            errors["weekdays"] = t("Choose at least one day.")
        } else {
            routine.weekdays = days
        }
        if let color = HabitColor(rawValue: color) {
            routine.color = color
        } else {
            errors["color"] = t("Choose a colour.")
        }
        if errors.isEmpty {
            do { try routine.validate() } catch {
                errors["form"] = error.description.prefix(1).uppercased() + error.description.dropFirst() + "."
            }
        }
        return errors.isEmpty ? .success(routine) : .failure(FormErrors(errors))
    }

    /// The routine saving this form makes of `stored`: the form read against the routine as the
    /// editor showed it (`shown`, its ``RoutineEditorPage/original`` snapshot) gives the fields the
    /// person changed, and only those are set on the routine as stored now, so a form opened
    /// before another device's change does not undo it. Without `shown` the whole form applies.
    func routine(shown: Routine?, stored: Routine, others: [Routine]) -> Result<Routine, FormErrors> {
        guard var shown else { return routine(base: stored, others: others) }
        shown.id = stored.id
        return routine(base: shown, others: others).map { [shown] in RoutinePatch(from: shown, to: $0).applied(to: stored) }
    }

    /// What saving will do, in words (Youtine's confirmation before save).
    static func saveMessage(old: Routine?, new: Routine, habits: [Habit]) -> String {
        let days = RoutinesPage.daysText(new.weekdays, inSentence: true)
        guard let old else {
            return t(
                "Create “{routine}”: {days}, starting at {time}, in {colour}. You can add habits to it next.",
                ["routine": new.name, "days": days, "time": new.start.description, "colour": new.color.colourNameInSentence])
        }
        var changes: [String] = []
        if old.name != new.name { changes.append(t("the name becomes “{name}”", ["name": new.name])) }
        if old.start != new.start {
            changes.append(t("it starts at {time} instead of {old}", ["time": new.start.description, "old": old.start.description]))
        }
        if old.weekdays != new.weekdays {
            let oldDays = RoutinesPage.daysText(old.weekdays, inSentence: true)
            changes.append(t("it runs {days} instead of {old}", ["days": days, "old": oldDays]))
        }
        if old.color != new.color { changes.append(t("its colour becomes {colour}", ["colour": new.color.colourNameInSentence])) }
        let count = old.habitIDs.count { id in habits.contains { $0.id == id } }
        let kept =
            count == 0
            ? t("It has no habits yet.")
            : tPlural(
                "Its {count} habit stays in it, in the same order.", "Its {count} habits stay in it, in the same order.", count: count)
        guard !changes.isEmpty else { return t("Nothing changes. {habits}", ["habits": kept]) }
        let list = changes.joined(separator: "; ")
        return t(
            "{changes}. {habits}", context: "a routine's changes, then its habits",
            ["changes": list.prefix(1).uppercased() + list.dropFirst(), "habits": kept])
    }
}

/// Messages by field name; `"form"` for the form as a whole.
struct FormErrors: Error, Sendable, Hashable {
    var messages: [String: String]
    init(_ messages: [String: String]) { self.messages = messages }
}

/// The routine editor page: the form, its messages, and where it posts.
struct RoutineEditorPage: Sendable, Hashable {
    var routineID: Routine.ID?
    var form: RoutineForm
    var errors: RoutineForm.Errors = [:]
    /// The routine as the editor first showed it (``snapshot(_:)``), posted back in a hidden
    /// field (and through the confirmation) so that saving applies only what the person changed.
    var original: String? = nil

    var isNew: Bool { routineID == nil }
    var title: String { isNew ? t("New routine") : t("Edit routine") }
    var action: String { routineID.map { WebPaths.editRoutine($0) } ?? WebPaths.newRoutine() }

    /// The hidden field's text for `routine` (its JSON).
    static func snapshot(_ routine: Routine) -> String { FormSnapshot.text(routine) }

    /// The routine a posted snapshot describes (``FormSnapshot/value(_:from:)``).
    static func routine(fromSnapshot text: String?) -> Routine? { FormSnapshot.value(Routine.self, from: text) }
}

/// A confirmation before a routine is saved or deleted: what will happen, and the form that
/// does it (the same fields again, with `confirm=yes`).
struct RoutineConfirmPage: Sendable, Hashable {
    var title: String
    var message: String
    var action: String
    var confirmLabel: String
    var isDanger: Bool
    /// The fields to post again (the editor's values); empty for a delete.
    var fields: [Field]
    /// Without JavaScript: a second button that goes back to the form with the values.
    var canEdit: Bool

    struct Field: Sendable, Hashable {
        var name: String
        var value: String
    }

    /// Before deleting `routine`: its habits stay (the store keeps them and their history).
    static func delete(_ routine: Routine, habits: [Habit]) -> RoutineConfirmPage {
        let impact = routine.deletionImpact(habits: habits)
        let count = impact.detachedHabitNames.count
        let message =
            count == 0
            ? t("It has no habits. Nothing else changes.")
            : tPlural(
                "Its {count} habit ({habits}) stays, with all its history, no longer in a routine.",
                "Its {count} habits ({habits}) stay, with all their history, no longer in a routine.", count: count,
                ["habits": impact.detachedHabitNames.map { "“\($0)”" }.joined(separator: ", ")])
        return RoutineConfirmPage(
            title: t("Delete “{routine}”?", ["routine": routine.name]), message: message, action: WebPaths.deleteRoutine(routine.id),
            confirmLabel: t("Delete routine"),
            isDanger: true, fields: [], canEdit: false)
    }

    /// Before saving the editor's form.
    static func save(
        old: Routine?, new: Routine, form: RoutineForm, original: String? = nil, action: String, habits: [Habit]
    ) -> RoutineConfirmPage {
        let fields =
            [Field(name: "name", value: form.name), Field(name: "start", value: form.start), Field(name: "color", value: form.color)]
            + RoutineForm.weekdayOrder.map(\.code).filter(form.weekdays.contains).map { Field(name: "weekday", value: $0) }
            + (original.map { [Field(name: "original", value: $0)] } ?? [])
        return RoutineConfirmPage(
            title: old.map { t("Save changes to “{routine}”?", ["routine": $0.name]) }
                ?? t("Create “{routine}”?", ["routine": new.name]),
            message: RoutineForm.saveMessage(old: old, new: new, habits: habits), action: action,
            confirmLabel: old == nil ? t("Create routine") : t("Save changes"), isDanger: false, fields: fields, canEdit: true)
    }
}
