import Foundation
import TendAPI
import TendCore
import TendHTTP
import TendWords

/// The habit editor's form (`/habits/new`, `/habits/{id}/edit`): every field as the person typed
/// it, so a refused form comes back with their values and a message beside each wrong field.
/// Turning it into a `Habit` uses TendCore's own checks (`Habit.validate`, `Schedule`'s parser,
/// `TimeOfDay`), so the web layer adds no rules of its own.
struct HabitForm: Sendable, Hashable {
    /// How the schedule is given: the radio buttons of the editor.
    enum ScheduleChoice: String, CaseIterable, Sendable {
        case daily, weekdays, perWeek, perMonth, everyN, inDays, text

        var label: String {
            switch self {
            case .daily: t("Every day")
            case .weekdays: t("On these weekdays")
            case .perWeek: t("Times per week")
            case .perMonth: t("Times per month")
            case .everyN: t("Every N days")
            case .inDays: t("X times in Y days")
            case .text: t("Other (typed)")
            }
        }
    }

    var name = ""
    var emoji = Habit.defaultEmoji
    var color = HabitColor.blue.rawValue
    var kind = HabitKind.good.rawValue
    var type = HabitType.checkmark.rawValue
    /// Counts as typed; durations as the value field takes them (a bare number is minutes);
    /// ignored for checkmarks.
    var target = ""
    var unit = ""
    /// What + and − add to a count, as typed; empty for one.
    var step = ""
    var schedule = ScheduleChoice.daily.rawValue
    var weekdays: Set<String> = []
    var perWeek = "3"
    var perMonth = "10"
    var everyN = "2"
    var inTimes = "3"
    var inDays = "7"
    var scheduleText = ""
    var routineTime = RoutineTime.anytime.rawValue
    /// The group's name; empty for none.
    var group = ""
    /// Tags separated by commas.
    var tags = ""
    /// Reminder times, `HH:mm` separated by commas or spaces.
    var reminders = ""
    /// The first and last day the habit is due (`YYYY-MM-DD`, a date field's value); empty for none.
    var startsOn = ""
    var endsOn = ""
    /// When a changed kind, measure, target or schedule applies (an existing habit's form only):
    /// `today`, `day` (from `rulesFromDay`) or `beginning`.
    var rulesFrom = "today"
    var rulesFromDay = ""
    /// Each saved reminder's own settings, by its time: shown under the times once a time is
    /// saved (a time typed for the first time starts every day, without message or repeats).
    var reminderDetails: [ReminderDetails] = []

    /// One reminder's weekdays, message and "until done", as typed. Its fields are named by the
    /// time (`reminder-0730-message`), so they follow the time, not a position in a list.
    struct ReminderDetails: Sendable, Hashable {
        var time: String
        var weekdays: Set<String> = []
        var message = ""
        var repeatEvery = ""
        var repeatLimit = ""

        /// `0730`: the time in the fields' names.
        var key: String { time.replacingOccurrences(of: ":", with: "") }

        init(_ reminder: Reminder) {
            time = reminder.time.description
            weekdays = Set(reminder.weekdays.map(\.code))
            message = reminder.message ?? ""
            repeatEvery = reminder.repeatEveryMinutes.map(String.init) ?? ""
            repeatLimit = reminder.repeatLimit.map(String.init) ?? ""
        }

        init?(time: TimeOfDay, form: FormData) {
            self.time = time.description
            let prefix = "reminder-" + self.time.replacingOccurrences(of: ":", with: "") + "-"
            guard form[prefix + "shown"] != nil else { return nil }
            func field(_ name: String) -> String { (form[prefix + name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
            weekdays = Set(form.all(prefix + "weekday"))
            message = field("message")
            repeatEvery = field("repeatEvery")
            repeatLimit = field("repeatLimit")
        }

        /// `reminder` with these settings, or the message saying what is wrong.
        func applied(to reminder: Reminder) -> Result<Reminder, ReminderDetailsError> {
            var reminder = reminder
            reminder.weekdays = Set(weekdays.compactMap(Weekday.init(code:)))
            reminder.message = message.isEmpty ? nil : message
            switch (repeatEvery, repeatLimit) {
            case ("", ""):
                reminder.repeatEveryMinutes = nil
                reminder.repeatLimit = nil
            case ("", _), (_, ""):
                return .failure(
                    ReminderDetailsError(
                        message: t("For “until done”, give both: every how many minutes, and at most how many times.")))
            default:
                guard let minutes = Int(repeatEvery), let limit = Int(repeatLimit) else {
                    return .failure(ReminderDetailsError(message: t("Minutes and times are whole numbers.")))
                }
                reminder.repeatEveryMinutes = minutes
                reminder.repeatLimit = limit
            }
            do {
                try reminder.validate()
            } catch {
                return .failure(
                    ReminderDetailsError(message: error.description.prefix(1).uppercased() + error.description.dropFirst() + "."))
            }
            return .success(reminder)
        }
    }

    struct ReminderDetailsError: Error, Hashable, Sendable {
        var message: String
    }

    /// The common emoji the picker offers as buttons (any other can be typed).
    static let commonEmoji = [
        "✅", "💧", "🏃", "🧘", "📚", "✍️", "🥗", "🍎", "💤", "🛏️", "🦷", "💊",
        "🏋️", "🚶", "🚴", "🏊", "🧹", "🌱", "🎸", "🎨", "💻", "🧠", "🙏", "☀️",
        "🚭", "🍷", "🍬", "📵", "☕", "💰", "📞", "❤️",
    ]

    init() {}

    /// The form showing an existing habit, its amounts in the person's locale's style.
    init(_ habit: Habit, amounts: AmountStyle) {
        name = habit.name
        emoji = habit.emoji
        color = habit.color.rawValue
        kind = habit.kind.rawValue
        type = habit.type.rawValue
        switch habit.type {
        case .checkmark: target = ""
        case .count: target = amounts(habit.target)
        case .duration: target = Self.minutes(habit.target.whole)
        }
        unit = habit.unit
        step = habit.step == Habit.defaultStep ? "" : amounts(habit.step)
        switch habit.schedule {
        case .daily: schedule = ScheduleChoice.daily.rawValue
        case .weekdays(let days):
            schedule = ScheduleChoice.weekdays.rawValue
            weekdays = Set(days.map(\.code))
        case .timesPerWeek(let n):
            schedule = ScheduleChoice.perWeek.rawValue
            perWeek = String(n)
        case .timesPerMonth(let n):
            schedule = ScheduleChoice.perMonth.rawValue
            perMonth = String(n)
        case .everyNDays(let interval, _):
            schedule = ScheduleChoice.everyN.rawValue
            everyN = String(interval)
        case .timesInDays(let times, let days):
            schedule = ScheduleChoice.inDays.rawValue
            inTimes = String(times)
            inDays = String(days)
        case .daysOfMonth:
            schedule = ScheduleChoice.text.rawValue
            scheduleText = habit.schedule.description
        }
        routineTime = habit.routineTime.rawValue
        group = habit.group
        tags = habit.tags.joined(separator: ", ")
        reminders = habit.reminders.map(\.time.description).joined(separator: ", ")
        reminderDetails = habit.reminders.sorted { $0.time < $1.time }.map(ReminderDetails.init)
        startsOn = habit.startsOn?.iso ?? ""
        endsOn = habit.endsOn?.iso ?? ""
    }

    /// The form as posted.
    init(_ form: FormData) {
        func field(_ name: String) -> String { (form[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        name = field("name")
        let typed = field("emojiText")
        emoji = typed.isEmpty ? field("emoji") : typed
        color = field("color")
        kind = field("kind")
        type = field("type")
        target = field("target")
        unit = field("unit")
        step = field("step")
        schedule = field("schedule")
        weekdays = Set(form.all("weekday"))
        perWeek = field("perWeek")
        perMonth = field("perMonth")
        everyN = field("everyN")
        inTimes = field("inTimes")
        inDays = field("inDays")
        scheduleText = field("scheduleText")
        routineTime = field("routineTime")
        group = field("group")
        tags = field("tags")
        reminders = field("reminders")
        startsOn = field("startsOn")
        endsOn = field("endsOn")
        rulesFrom = field("rulesFrom").isEmpty ? "today" : field("rulesFrom")
        rulesFromDay = field("rulesFromDay")
        var seen: Set<TimeOfDay> = []
        for word in reminders.split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
            guard let time = try? TimeOfDay(parsing: String(word)), seen.insert(time).inserted,
                let details = ReminderDetails(time: time, form: form)
            else { continue }
            reminderDetails.append(details)
        }
        reminderDetails.sort { $0.time < $1.time }
    }

    static func minutes(_ seconds: Int) -> String {
        seconds % 60 == 0 ? String(seconds / 60) : String(format: "%.2f", Double(seconds) / 60)
    }

    /// The habit this form describes, built on `base` (its id, notes, order, archive state and
    /// reminders' other settings are kept), or the message for each wrong field.
    func habit(base: Habit, today: Day, locale: String) -> Result<Habit, Errors> {
        var errors = Errors()
        var habit = base
        habit.name = name
        habit.emoji = emoji
        if let value = HabitColor(rawValue: color) { habit.color = value } else { errors["color"] = t("Choose a colour.") }
        if let value = HabitKind(rawValue: kind) {
            habit.kind = value
            habit.followDefaultEmoji(from: base.kind)
        } else {
            errors["kind"] = t("Choose build, quit or only measure.")
        }
        if let value = HabitType(rawValue: type) { habit.type = value } else { errors["type"] = t("Choose how it is measured.") }
        habit.unit = habit.type == .count ? unit : ""
        switch habit.type {
        case .checkmark:
            habit.target = Habit.defaultTarget(kind: habit.kind, type: .checkmark)
        case .count:
            if target.isEmpty {
                habit.target = Habit.defaultTarget(kind: habit.kind, type: .count)
            } else {
                do {
                    habit.target = try AmountText.amount(target, locale: Locale(identifier: locale))
                } catch {
                    errors["target"] = t("The target: {reason}.", ["reason": error.description])
                }
            }
            if step.isEmpty {
                habit.step = Habit.defaultStep
            } else {
                do {
                    habit.step = try AmountText.amount(step, locale: Locale(identifier: locale))
                } catch {
                    errors["step"] = t("The step: {reason}.", ["reason": error.description])
                }
            }
        case .duration:
            if target.isEmpty {
                habit.target = Habit.defaultTarget(kind: habit.kind, type: .duration)
            } else {
                // The value fields' reader: "20", "12.5", "1h30", "0.5h", "1:30".
                do {
                    habit.target = Amount(try DurationText.seconds(target))
                } catch {
                    errors["target"] = error.description
                }
            }
        }
        // A measurement has no target, whatever the (hidden) field says.
        if habit.kind == .measure { habit.target = 0 }
        if let schedule = parsedSchedule(base: base, today: today, errors: &errors) { habit.schedule = schedule }
        if let value = RoutineTime(rawValue: routineTime) {
            habit.routineTime = value
        } else {
            errors["routineTime"] = t("Choose a time of day.")
        }
        var reminders: [Reminder] = []
        for word in self.reminders.split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
            guard let time = try? TimeOfDay(parsing: String(word)) else {
                errors["reminders"] = t("“{text}” is not a time: use 24-hour HH:MM, e.g. 07:30.", ["text": String(word)])
                break
            }
            guard !reminders.contains(where: { $0.time == time }) else { continue }
            let reminder = base.reminders.first { $0.time == time } ?? Reminder(time: time)
            guard let details = reminderDetails.first(where: { $0.time == time.description }) else {
                reminders.append(reminder)
                continue
            }
            switch details.applied(to: reminder) {
            case .success(let changed): reminders.append(changed)
            case .failure(let error):
                errors["reminder-\(details.key)"] = error.message
                reminders.append(reminder)
            }
        }
        habit.reminders = reminders.sorted { $0.time < $1.time }
        habit.group = group
        habit.tags = tags.split(separator: ",").map(String.init)
        for (text, key) in [(startsOn, "startsOn"), (endsOn, "endsOn")] {
            var day: Day?
            if !text.isEmpty {
                if let parsed = try? Day(iso: text) {
                    if let refusal = RecordableDays.viewingRefusal(for: parsed, today: today, what: "The date") {
                        errors[key] = refusal + "."
                    }
                    day = parsed
                } else {
                    errors[key] = t("“{text}” is not a date: use YYYY-MM-DD, e.g. {example}.", ["text": text, "example": today.iso])
                }
            }
            if key == "startsOn" { habit.startsOn = day } else { habit.endsOn = day }
        }

        // TendCore's checks, each message put beside its field.
        if errors.isEmpty { errors = Self.validated(habit) }
        return errors.isEmpty ? .success(habit) : .failure(errors)
    }

    /// TendCore's checks of `habit`, each message by the field it is about (none: valid).
    static func validated(_ habit: Habit) -> Errors {
        var errors = Errors()
        do {
            try habit.validate()
        } catch {
            let message = error.description.prefix(1).uppercased() + error.description.dropFirst() + "."
            switch error {
            case .emptyName, .nameTooLong, .nameHasNewline: errors["name"] = message
            case .invalidEmoji: errors["emoji"] = message
            case .notesTooLong, .textHasNUL: errors["form"] = message
            case .unitTooLong: errors["unit"] = message
            case .targetOutOfRange(let value, let range):
                errors["target"] =
                    habit.type == .duration
                    ? t(
                        "The target must be {lowest}–{highest}, not {value}.",
                        [
                            "lowest": DurationText.words(range.lowerBound.whole), "highest": DurationText.words(range.upperBound.whole),
                            "value": DurationText.words(value.whole),
                        ])
                    : message
            case .targetNotWhole: errors["target"] = message
            case .stepOutOfRange: errors["step"] = message
            case .schedule: errors["schedule"] = message
            case .tooManyReminders, .reminder: errors["reminders"] = message
            case .negativeValue: errors["form"] = message
            case .group: errors["group"] = message
            case .tags: errors["tags"] = message
            case .dates: errors["endsOn"] = message
            case .pauses: errors["form"] = message
            case .versions: errors["rulesFrom"] = message
            case .measureIsCheckmark: errors["type"] = message
            }
        }
        return errors
    }

    private func parsedSchedule(base: Habit, today: Day, errors: inout Errors) -> Schedule? {
        /// `text` as a whole number, or nil and `refusal` beside the schedule.
        func number(_ text: String, _ refusal: @autoclosure () -> String) -> Int? {
            guard let value = Int(text) else {
                errors["schedule"] = refusal()
                return nil
            }
            return value
        }
        switch ScheduleChoice(rawValue: schedule) {
        case .daily: return .daily
        case .weekdays:
            return .weekdays(Set(Weekday.allCases.filter { weekdays.contains($0.code) }))
        case .perWeek: return number(perWeek, t("Times per week is a whole number.")).map(Schedule.timesPerWeek)
        case .perMonth: return number(perMonth, t("Times per month is a whole number.")).map(Schedule.timesPerMonth)
        case .everyN:
            guard let interval = number(everyN, t("N is a whole number.")) else { return nil }
            if case .everyNDays(let old, let start) = base.schedule, old == interval {
                return .everyNDays(interval: interval, start: start)
            }
            return .everyNDays(interval: interval, start: today)
        case .inDays:
            guard let times = number(inTimes, t("X is a whole number.")), let days = number(inDays, t("Y is a whole number.")) else {
                return nil
            }
            return .timesInDays(times: times, days: days)
        case .text:
            let parsed: Schedule
            do {
                parsed = try Schedule(parsing: scheduleText, startingOn: today)
            } catch {
                errors["schedule"] = t(
                    "“{text}” is not a schedule I know: try “mon,wed,fri”, “days 1,15”, “3/week” or “every 3 days”.",
                    ["text": scheduleText])
                return nil
            }
            do {
                try parsed.validateDays(today: today)
            } catch {
                let reason = error.description
                errors["schedule"] = reason.prefix(1).uppercased() + reason.dropFirst() + "."
                return nil
            }
            return parsed
        case nil:
            errors["schedule"] = t("Choose a schedule.")
            return nil
        }
    }

    /// Messages by field name (`form` for the whole form).
    struct Errors: Error, Sendable, Hashable {
        var messages: [String: String] = [:]
        subscript(field: String) -> String? {
            get { messages[field] }
            set { messages[field] = newValue }
        }
        var isEmpty: Bool { messages.isEmpty }
    }
}

/// The editor page: a new habit or an existing one, its form and any errors.
struct HabitEditorPage: Sendable, Hashable {
    /// `nil` for a new habit.
    var habitID: Habit.ID?
    var form: HabitForm
    var errors = HabitForm.Errors()
    /// The habit as the form first showed it (``HabitEditorPage/snapshot(_:)``), posted back in a
    /// hidden field so that saving applies only what the person changed: a form opened before
    /// another device renamed the habit does not undo the rename.
    var original: String? = nil
    /// The owner's groups, offered as the group field's suggestions.
    var groupNames: [String] = []
    /// The person's today (`YYYY-MM-DD`): the latest day a change may apply from.
    var today = ""

    var isNew: Bool { habitID == nil }
    var title: String {
        if isNew { return t("New habit") }
        return form.name.isEmpty ? t("Edit habit") : t("Edit {habit}", ["habit": form.name])
    }
    var action: String { habitID.map { WebPaths.editHabit($0) } ?? WebPaths.newHabit() }
    var cancelLink: String { habitID.map { WebPaths.habit($0) } ?? WebPaths.habits() }
    var deleteLink: String? { habitID.map { WebPaths.deleteHabit($0) + "?return=" + WebPaths.editHabit($0) } }

    /// The hidden field's text for `habit` (its JSON).
    static func snapshot(_ habit: Habit) -> String { FormSnapshot.text(habit) }

    /// The habit a posted snapshot describes (``FormSnapshot/value(_:from:)``).
    static func habit(fromSnapshot text: String?) -> Habit? { FormSnapshot.value(Habit.self, from: text) }
}

extension HabitForm {
    /// When the form's changed rule applies, or the message beside the choice: today, a day up to
    /// today, or the beginning.
    func ruleChangeStart(today: Day) -> Result<RuleChangeStart, HabitForm.Errors> {
        var errors = HabitForm.Errors()
        switch rulesFrom {
        case "today": return .success(.day(today))
        case "beginning": return .success(.beginning)
        case "day":
            guard let day = try? Day(iso: rulesFromDay.trimmingCharacters(in: .whitespaces)) else {
                errors["rulesFrom"] = t("Choose the day the change applies from (YYYY-MM-DD).")
                return .failure(errors)
            }
            if day > today {
                errors["rulesFrom"] = t("A change applies from today or an earlier day.")
            } else if day < RecordableDays.floor {
                errors["rulesFrom"] = t("Choose a day from {day} on.", ["day": RecordableDays.floor.iso])
            } else {
                return .success(.day(day))
            }
            return .failure(errors)
        default:
            errors["rulesFrom"] = t("Choose from today, from a day or from the beginning.")
            return .failure(errors)
        }
    }
}

extension HabitColor {
    /// The colour's name as the colour picker shows it ("Blue").
    var colourName: String {
        switch self {
        case .red: t("Red", context: "colour")
        case .orange: t("Orange", context: "colour")
        case .yellow: t("Yellow", context: "colour")
        case .green: t("Green", context: "colour")
        case .mint: t("Mint", context: "colour")
        case .teal: t("Teal", context: "colour")
        case .cyan: t("Cyan", context: "colour")
        case .blue: t("Blue", context: "colour")
        case .indigo: t("Indigo", context: "colour")
        case .purple: t("Purple", context: "colour")
        case .pink: t("Pink", context: "colour")
        case .brown: t("Brown", context: "colour")
        case .gray: t("Gray", context: "colour")
        }
    }

    /// The colour's name within a sentence ("…, in blue."; "its colour becomes blue").
    var colourNameInSentence: String {
        switch self {
        case .red: t("red", context: "colour in a sentence")
        case .orange: t("orange", context: "colour in a sentence")
        case .yellow: t("yellow", context: "colour in a sentence")
        case .green: t("green", context: "colour in a sentence")
        case .mint: t("mint", context: "colour in a sentence")
        case .teal: t("teal", context: "colour in a sentence")
        case .cyan: t("cyan", context: "colour in a sentence")
        case .blue: t("blue", context: "colour in a sentence")
        case .indigo: t("indigo", context: "colour in a sentence")
        case .purple: t("purple", context: "colour in a sentence")
        case .pink: t("pink", context: "colour in a sentence")
        case .brown: t("brown", context: "colour in a sentence")
        case .gray: t("gray", context: "colour in a sentence")
        }
    }
}
