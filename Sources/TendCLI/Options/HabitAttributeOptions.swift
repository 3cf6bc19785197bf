import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

/// The attributes `add` and `edit` set; absent options leave an attribute as it is (or at its default).
/// What only takes something away from a habit is `edit`'s alone (``HabitRemovalOptions``).
struct HabitAttributeOptions: ParsableArguments {
    @Option(help: "One emoji shown beside the name.") var emoji: String?
    @Option(help: ArgumentHelp("A palette color: \(HabitColor.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "color"))
    var color: String?
    @Option(
        help: ArgumentHelp(
            "good (build: reach the target), bad (quit: stay at or under it) or measure (only record a value: weight, mood).",
            valueName: "kind"))
    var kind: String?
    @Option(help: ArgumentHelp("checkmark, count or duration.", valueName: "type"))
    var type: String?
    @Option(
        help: ArgumentHelp(
            "Per day: a number (up to three decimals for counts: 2.5), or a duration such as 20m for duration habits.",
            valueName: "target"))
    var target: String?
    @Option(
        help: ArgumentHelp("A count's step: what one tap and `tend decrement` add or take away (default 1; e.g. 0.25).", valueName: "step"))
    var step: String?
    @Option(help: "What a count counts (glasses, pages).") var unit: String?
    @Option(help: ArgumentHelp("daily, mon,wed,fri, days 1,15, 3/week, 2/month, every 3 days, 3 in 7 days.", valueName: "schedule"))
    var schedule: String?
    @Option(help: ArgumentHelp("morning, day, evening or anytime.", valueName: "time"))
    var routineTime: String?
    @Option(help: "Free-form notes.") var notes: String?
    @Option(
        name: .customLong("reminder"),
        help: ArgumentHelp("A reminder time, HH:MM; repeat for several (replaces the habit's reminders).", valueName: "time"))
    var reminders: [String] = []
    @Option(help: ArgumentHelp("The habit's group, an area of life (Health, Work); a new name makes a new group.", valueName: "group"))
    var group: String?
    @Option(name: .customLong("tag"), help: ArgumentHelp("Put a tag on the habit; repeat for several.", valueName: "tag"))
    var tags: [String] = []
    @Option(
        help: ArgumentHelp(
            "The first day the habit is due: YYYY-MM-DD, today, tomorrow or a weekday such as mon (the next one, today included).",
            valueName: "day"))
    var starts: String?
    @Option(help: ArgumentHelp("The last day the habit is due (a challenge's end), as --starts takes it.", valueName: "day"))
    var ends: String?
    @Option(
        help: ArgumentHelp("A challenge of N days: the habit ends N days after it starts, its first day included.", valueName: "n"))
    var days: Int?

    /// Whether these options add reminders (a tip's action).
    var addsReminders: Bool { !reminders.isEmpty }

    /// `habit` with the given options applied (validated by the caller through the store). A
    /// group name is spelled as the owner's existing group of that name (`groups`). Options that
    /// contradict each other are refused before anything is read from them.
    /// Amounts (`--target`, `--step`) are read in `locale`.
    func applied(
        to habit: Habit, today: Day, locale: Locale, groups: [HabitGroup] = [], removing removals: HabitRemovalOptions.Removals = .none
    ) throws -> Habit {
        if !reminders.isEmpty, removals.reminders { throw CLIError(t("give --reminder or --no-reminders, not both")) }
        if group != nil, removals.group { throw CLIError(t("give --group or --no-group, not both")) }
        if let tag = tags.first(where: { HabitTags.contains(removals.tags, $0) }) {
            throw CLIError(t("“{tag}” is given to both --tag and --untag; give it to one", ["tag": tag]))
        }
        var habit = habit
        let oldKind = habit.kind
        let oldType = habit.type
        if let emoji { habit.emoji = emoji }
        if let color { habit.color = try Parse.choice(color, .color) }
        if let kind {
            habit.kind = try Parse.choice(kind, .kind)
            if emoji == nil { habit.followDefaultEmoji(from: oldKind) }
        }
        if let type { habit.type = try Parse.choice(type, .type) }
        // A measurement records a number unless told it is a time.
        if habit.kind == .measure, type == nil, habit.type == .checkmark { habit.type = .count }
        if habit.kind == .measure, let target, target != "0" {
            throw CLIError(t("--target {target}: a habit that is only measured has no target", ["target": target]))
        }
        if let target {
            habit.target = try Self.target(target, kind: habit.kind, type: habit.type, locale: locale)
        } else if habit.kind != oldKind || habit.type != oldType {
            habit.target = Habit.defaultTarget(kind: habit.kind, type: habit.type)
        }
        if let step {
            guard habit.type == .count else {
                throw CLIError(
                    t(
                        "--step {step}: only a count habit has a step (a tap checks a checkmark and adds a minute to a time)",
                        ["step": step]))
            }
            habit.step = try Parse.amount(step, what: .option("--step"), locale: locale)
            guard Habit.stepRange.contains(habit.step) else {
                throw CLIError(
                    t(
                        "--step {step}: a step is from {least} to {most}",
                        ["step": step, "least": "\(Habit.stepRange.lowerBound)", "most": "\(Habit.stepRange.upperBound)"]))
            }
        } else if habit.type != .count {
            habit.step = Habit.defaultStep
        }
        if let unit { habit.unit = unit }
        if let schedule { habit.schedule = try Parse.schedule(schedule, startingOn: today) }
        if let routineTime { habit.routineTime = try Parse.choice(routineTime, .routineTime) }
        if let notes { habit.notes = notes }
        if removals.reminders { habit.reminders = [] }
        if !reminders.isEmpty { habit.reminders = try reminders.map { Reminder(time: try TimeOfDay(parsing: $0)) } }
        if let group {
            try HabitGroup.validate(name: group)
            habit.group = GroupList.spelling(of: group, among: groups)
        }
        if removals.group { habit.group = "" }
        try applyDates(to: &habit, today: today, removals: removals)
        for tag in tags + removals.tags { try HabitTags.validate(tag) }
        for tag in removals.tags where !HabitTags.contains(habit.tags, tag) {
            throw CLIError(
                habit.tags.isEmpty
                    ? t("“{habit}” has no tag “{tag}” (its tags: none)", ["habit": habit.name, "tag": tag])
                    : t(
                        "“{habit}” has no tag “{tag}” (its tags: {tags})",
                        ["habit": habit.name, "tag": tag, "tags": habit.tags.joined(separator: ", ")]))
        }
        habit.tags = HabitTags.applying(added: tags, removed: removals.tags, to: habit.tags)
        try habit.validate()
        return habit
    }

    /// `--starts`, `--ends` and `--days` (and `edit`'s `--no-start`, `--no-end`).
    private func applyDates(to habit: inout Habit, today: Day, removals: HabitRemovalOptions.Removals) throws {
        if starts != nil, removals.start { throw CLIError(t("give --starts or --no-start, not both")) }
        if ends != nil || days != nil, removals.end { throw CLIError(t("give --ends or --days, or --no-end, not both")) }
        if ends != nil, days != nil { throw CLIError(t("give --ends or --days, not both")) }
        if let starts { habit.startsOn = try Self.dateBound(starts, today: today, option: "--starts") }
        if removals.start { habit.startsOn = nil }
        if let ends { habit.endsOn = try Self.dateBound(ends, today: today, option: "--ends") }
        if let days {
            guard (1...RecordableDays.lookahead).contains(days) else {
                throw CLIError(
                    t(
                        "--days {days}: a challenge lasts from 1 to {most} days",
                        ["days": "\(days)", "most": "\(RecordableDays.lookahead)"]))
            }
            habit.endsOn = (habit.startsOn ?? max(today, habit.createdOn)).adding(days: days - 1)
        }
        if removals.end { habit.endsOn = nil }
        if let refusal = [habit.startsOn, habit.endsOn].compactMap({ $0 }).lazy.compactMap({
            RecordableDays.viewingRefusal(for: $0, today: today, what: "a start or end date")
        }).first {
            throw CLIError(refusal)
        }
    }

    /// A start or end date as typed: `YYYY-MM-DD`, `today`, `tomorrow`, or a weekday — the next
    /// one, today included (a habit that begins on Monday).
    static func dateBound(_ text: String, today: Day, option: String) throws -> Day {
        switch text.lowercased() {
        case "today": return today
        case "tomorrow": return today.next
        default:
            if text.allSatisfy(\.isLetter), let weekday = Weekday(code: text) {
                return today.adding(days: (weekday.rawValue - today.weekday.rawValue + 7) % 7)
            }
            guard let day = try? Day(iso: text) else {
                throw CLIError(
                    t("{option} {text}: a day is YYYY-MM-DD, today, tomorrow or a weekday such as mon", ["option": option, "text": text]))
            }
            return day
        }
    }

    /// `--target` for a habit of `kind` and `type`: one message, whatever is wrong with it (not
    /// a number, negative, 0 where 1 is the least, too large), saying the range that habit takes.
    static func target(_ text: String, kind: HabitKind, type: HabitType, locale: Locale) throws -> Amount {
        let range = Habit.targetRange(kind: kind, type: type)
        let refusal = CLIError("--target \(text): \(targetRule(kind: kind, type: type))")
        let value: Amount
        switch type {
        case .checkmark:
            guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else { throw refusal }
            value = Amount(number)
        case .count:
            do {
                value = try AmountText.amount(text, locale: locale)
            } catch {
                switch error {
                // Said as it is: the other reading, or the digits too many.
                case .ambiguous, .grouped, .tooPrecise: throw CLIError("--target \(text): \(error.description)")
                case .empty, .negative, .notANumber, .tooLarge: throw refusal
                }
            }
        case .duration:
            do {
                value = Amount(try DurationText.seconds(text))
            } catch {
                switch error {
                case .notADuration, .empty:
                    throw CLIError("--target \(text): " + durationRule(kind: kind, examples: true))
                case .negative, .tooLong: throw refusal
                }
            }
        }
        guard range.contains(value) else { throw refusal }
        return value
    }

    /// The targets a habit of `kind` and `type` takes, in words.
    static func targetRule(kind: HabitKind, type: HabitType) -> String {
        let range = Habit.targetRange(kind: kind, type: type)
        switch type {
        case .checkmark:
            return kind == .good
                ? t("a checkmark habit to build has the target 1 (for more a day, use --type count)")
                : t("a checkmark habit to quit has the target 0 (for a daily limit, use --type count)")
        case .count:
            return kind == .good
                ? t("a count habit to build takes a number above 0 (up to three decimals) up to {most}", ["most": "\(range.upperBound)"])
                : t("a count habit to quit takes a number from 0 (up to three decimals) to {most}", ["most": "\(range.upperBound)"])
        case .duration:
            return durationRule(kind: kind, examples: false)
        }
    }

    /// The targets a time habit of `kind` takes, in words; with `examples`, a few ways to write one.
    static func durationRule(kind: HabitKind, examples: Bool) -> String {
        let range = Habit.targetRange(kind: kind, type: .duration)
        let values: KeyValuePairs<String, String> = ["least": Format.duration(range.lowerBound), "most": Format.duration(range.upperBound)]
        switch (kind == .good, examples) {
        case (true, false): return t("a time habit to build takes a time from {least} to {most}", values)
        case (false, false): return t("a time habit to quit takes a time from {least} to {most}", values)
        case (true, true): return t("a time habit to build takes a time from {least} to {most}, such as 20m, 1h30 or 0.5h", values)
        case (false, true): return t("a time habit to quit takes a time from {least} to {most}, such as 20m, 1h30 or 0.5h", values)
        }
    }
}

/// `edit`'s options that take something off a habit: `add` has nothing to take off.
struct HabitRemovalOptions: ParsableArguments {
    @Flag(name: .customLong("no-reminders"), help: "Remove the habit's reminders.") var noReminders = false
    @Flag(name: .customLong("no-group"), help: "Take the habit out of its group.") var noGroup = false
    @Option(name: .customLong("untag"), help: ArgumentHelp("Take a tag off the habit; repeat for several.", valueName: "tag"))
    var untags: [String] = []
    @Flag(name: .customLong("no-start"), help: "Clear the habit's start date (due from its history's start).") var noStart = false
    @Flag(name: .customLong("no-end"), help: "Clear the habit's end date (it goes on; a finished habit is back on Today).")
    var noEnd = false

    /// What is taken off, as plain values.
    struct Removals {
        var reminders = false
        var group = false
        var tags: [String] = []
        var start = false
        var end = false
        static let none = Removals()
    }

    var removals: Removals { Removals(reminders: noReminders, group: noGroup, tags: untags, start: noStart, end: noEnd) }
}
