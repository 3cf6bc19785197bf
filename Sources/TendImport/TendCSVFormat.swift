import Foundation
import TendCore
import TendStore
import TendWords

/// Tend's spreadsheet layout: one CSV file (RFC 4180, UTF-8, CRLF) whose rows are either a habit
/// (`record` = `habit`) or one day of a habit (`record` = `entry`). See docs/formats.md.
public enum TendCSVFormat {
    public static let columns = [
        "record", "habit_id", "habit", "emoji", "color", "kind", "type", "target", "unit", "schedule",
        "routine_time", "reminders", "archived", "order", "created_on", "notes", "day", "value", "skipped", "note",
        // Last, so files written before groups and tags read the same.
        "group", "tags", "step", "starts_on", "ends_on", "pauses", "versions",
    ]

    /// Habits in manual order, each followed by its entries by day.
    public static func encode(_ state: UserState) -> Data {
        var text = CSV.line(columns)
        for tracked in state.orderedHabits {
            let habit = tracked.habit
            text += CSV.line([
                "habit", habit.id.description, habit.name, habit.emoji, habit.color.rawValue, habit.kind.rawValue,
                habit.type.rawValue, habit.target.description, habit.unit, habit.schedule.description,
                habit.routineTime.rawValue, reminderText(habit.reminders), String(habit.isArchived), String(habit.order),
                habit.createdOn.iso, habit.notes, "", "", "", "", habit.group, habit.tags.joined(separator: ","),
                habit.step.description, habit.startsOn?.iso ?? "", habit.endsOn?.iso ?? "", pausesText(habit.pauses),
                versionsText(habit.versions),
            ])
            for entry in tracked.sortedEntries {
                text += CSV.line([
                    "entry", habit.id.description, habit.name, "", "", "", "", "", "", "", "", "", "", "", "", "",
                    entry.day.iso, entry.value.description, String(entry.isSkipped), entry.note ?? "", "", "", "", "", "", "", "",
                ])
            }
        }
        return Data(utf8: text)
    }

    /// Whether `data` starts with Tend's CSV header.
    static func matches(_ data: Data) -> Bool {
        var prefix = data.prefix(64)
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { prefix = prefix.dropFirst(3) }
        return prefix.starts(with: Array("record,habit_id,".utf8))
    }

    static func decode(_ data: Data, limits: ImportLimits, today: Day) throws(ImportError) -> ImportedData {
        var header: CSVHeader?
        var habits: [ImportedHabit] = []
        var indexByID: [Habit.ID: Int] = [:]
        // The last habit row of each name: a lookup, not a search of every habit per entry line.
        var lastIndexByName: [String: Int] = [:]
        var adjustments: [String] = []
        var entryCount = 0

        // Record by record as the parser reads them: only what is imported is kept.
        try CSV.parse(data, file: t("the CSV file", context: "import file"), limits: limits) { (record: CSV.Record) throws(ImportError) in
            guard let header else {
                let first = CSVHeader(record.fields)
                for column in ["record", "habit_id", "habit", "day", "value"] where !first.has(column) {
                    throw .invalidCSV(line: record.line, reason: t("the header has no “{column}” column", ["column": column]))
                }
                header = first
                return
            }
            let line = record.line
            func field(_ name: String) -> String { header.value(record, name).trimmingCharacters(in: .whitespaces) }
            switch field("record").lowercased() {
            case "habit":
                guard habits.count < limits.maximumHabits else { throw .tooMany(what: "habits", limit: limits.maximumHabits) }
                // Two rows with one id are both kept (the planner gives the second a new id);
                // entries below a row belong to it.
                let habit = try habitRow(record, header: header, today: today, adjustments: &adjustments)
                indexByID[habit.id] = habits.count
                lastIndexByName[habit.name] = habits.count
                habits.append(ImportedHabit(habit: habit))
            case "entry":
                entryCount += 1
                guard entryCount <= limits.maximumEntries else { throw .tooMany(what: "entries", limit: limits.maximumEntries) }
                let index: Int
                if let id = UUID(uuidString: field("habit_id")).map(Habit.ID.init(rawValue:)), let found = indexByID[id] {
                    index = found
                } else if field("habit_id").isEmpty,
                    let found = lastIndexByName[header.value(record, "habit")]
                {
                    index = found
                } else {
                    throw .invalidCSV(
                        line: line, reason: t("this entry belongs to no habit row above it (habit_id “{id}”)", ["id": field("habit_id")]))
                }
                habits[index].entries.append(try entryRow(record, header: header))
            case "":
                throw .invalidCSV(line: line, reason: t("the “record” column is empty (expected habit or entry)"))
            case let other:
                throw .invalidCSV(
                    line: line, reason: t("unknown record “{record}” (expected habit or entry)", ["record": String(other.prefix(40))]))
            }
        }
        guard header != nil else { throw .invalidCSV(line: 1, reason: t("the file is empty")) }
        // A creation day after the first entry would hide history: move it back.
        for index in habits.indices {
            if let first = habits[index].entries.map(\.day).min(), first < habits[index].habit.createdOn,
                habits[index].habit.createdOn == today
            {
                habits[index].habit.createdOn = first
            }
        }
        return ImportedData(format: .tendCSV, habits: habits, adjustments: adjustments)
    }

    private static func habitRow(
        _ record: CSV.Record, header: CSVHeader, today: Day, adjustments: inout [String]
    ) throws(ImportError) -> Habit {
        let line = record.line
        func field(_ name: String) -> String { header.value(record, name).trimmingCharacters(in: .whitespaces) }
        let name = header.value(record, "habit")
        // Messages quote the file shortly: a long name repeated in each would multiply it.
        let label = name.isEmpty ? t("the habit on line {line}", ["line": String(line)]) : "“\(name.prefix(60))”"
        let id: Habit.ID
        if let uuid = UUID(uuidString: field("habit_id")) {
            id = Habit.ID(rawValue: uuid)
        } else {
            id = Habit.ID(rawValue: StableID.uuid("tend-csv|\(name)|\(line)"))
            if !field("habit_id").isEmpty {
                adjustments.append(
                    t("{habit}: “{id}” is not an id, so the habit gets one", ["habit": label, "id": String(field("habit_id").prefix(40))]))
            }
        }
        /// The column's value; one that cannot be read is `value`, with the sentence `refusal`
        /// makes of the text (cut short) and the default (as Swift writes it).
        func parsed<T>(_ column: String, _ parse: (String) -> T?, default value: T, refusal: (String, String) -> String) -> T {
            let text = field(column)
            if text.isEmpty { return value }
            if let result = parse(text.lowercased()) ?? parse(text) { return result }
            adjustments.append(refusal(String(text.prefix(40)), String(describing: value)))
            return value
        }
        let kind = parsed("kind", HabitKind.init(rawValue:), default: .good) {
            t("{habit}: kind “{text}” is not good or bad, so it is {value}", ["habit": label, "text": $0, "value": $1])
        }
        let type = parsed("type", HabitType.init(rawValue:), default: .checkmark) {
            t(
                "{habit}: type “{text}” is not checkmark, count or duration, so it is {value}",
                ["habit": label, "text": $0, "value": $1])
        }
        let createdOn = parsed("created_on", { try? Day(iso: $0) }, default: today) {
            t(
                "{habit}: created_on “{text}” is not a day (YYYY-MM-DD), so it is {value}",
                ["habit": label, "text": $0, "value": $1])
        }
        let schedule: Schedule
        do {
            schedule = field("schedule").isEmpty ? .daily : try Schedule(parsing: field("schedule"), startingOn: createdOn)
        } catch {
            adjustments.append(
                t(
                    "{habit}: schedule “{text}” cannot be read ({reason}), so it is daily",
                    ["habit": label, "text": String(field("schedule").prefix(40)), "reason": error.description]))
            schedule = .daily
        }
        let reminders = parseReminders(field("reminders"), habit: id) { bad in
            adjustments.append(
                t(
                    "{habit}: reminder “{text}” cannot be read (expected HH:mm or HH:mm mon,wed), so it is left out",
                    ["habit": label, "text": String(bad.prefix(40))]))
        }
        // Worked out one by one, in the columns' order (their sentences are in that order), and
        // each on its own: as arguments of one call they would be one expression to type-check.
        let color: HabitColor = parsed("color", HabitColor.init(rawValue:), default: .blue) {
            t("{habit}: color “{text}” is not a Tend color, so it is {value}", ["habit": label, "text": $0, "value": $1])
        }
        let target: Amount? = parsed(
            "target", { text in ImportedAmount.parse(text).flatMap { $0.rounded ? nil : $0.amount } },
            default: Habit.defaultTarget(kind: kind, type: type)
        ) {
            t(
                "{habit}: target “{text}” is not a number with at most three decimals, so it is {value}",
                ["habit": label, "text": $0, "value": $1])
        }
        let step: Amount = parsed(
            "step", { text in ImportedAmount.parse(text).flatMap { $0.rounded ? nil : $0.amount } }, default: Habit.defaultStep
        ) {
            t(
                "{habit}: step “{text}” is not a number with at most three decimals, so it is {value}",
                ["habit": label, "text": $0, "value": $1])
        }
        let routineTime: RoutineTime = parsed("routine_time", RoutineTime.init(rawValue:), default: .anytime) {
            t(
                "{habit}: routine_time “{text}” is not morning, day, evening or anytime, so it is {value}",
                ["habit": label, "text": $0, "value": $1])
        }
        let isArchived: Bool = parsed("archived", parseBool, default: false) {
            t("{habit}: archived “{text}” is not true or false, so it is {value}", ["habit": label, "text": $0, "value": $1])
        }
        let order: Int = parsed("order", { Int($0) }, default: 0) {
            t("{habit}: order “{text}” is not a whole number, so it is {value}", ["habit": label, "text": $0, "value": $1])
        }
        let startsOn: Day? = parsed("starts_on", { try? Day(iso: $0) }, default: nil) {
            t("{habit}: starts_on “{text}” is not a day (YYYY-MM-DD), so it is {value}", ["habit": label, "text": $0, "value": $1])
        }
        let endsOn: Day? = parsed("ends_on", { try? Day(iso: $0) }, default: nil) {
            t("{habit}: ends_on “{text}” is not a day (YYYY-MM-DD), so it is {value}", ["habit": label, "text": $0, "value": $1])
        }
        let pauses: [HabitPause] = parsed("pauses", parsePauses, default: []) {
            t(
                "{habit}: pauses “{text}” is not pauses such as 2026-03-06..2026-03-19; 2026-07-01.. (none overlapping), so it is {value}",
                ["habit": label, "text": $0, "value": $1])
        }
        let versions: [HabitVersion] = parsed("versions", parseVersions, default: []) {
            t(
                "{habit}: versions “{text}” is not earlier rules as Tend's JSON writes them, so it is {value}",
                ["habit": label, "text": $0, "value": $1])
        }
        return Habit(
            id: id, name: name,
            emoji: field("emoji").isEmpty ? Habit.defaultEmoji : field("emoji"),
            color: color,
            notes: header.value(record, "notes"),
            kind: kind, type: type,
            target: target,
            unit: header.value(record, "unit"),
            step: step,
            schedule: schedule,
            routineTime: routineTime,
            reminders: reminders,
            isArchived: isArchived,
            group: field("group"),
            tags: field("tags").split(separator: ",").map(String.init),
            order: order,
            createdOn: createdOn,
            startsOn: startsOn,
            endsOn: endsOn,
            pauses: pauses,
            versions: versions)
    }

    /// A habit's earlier rules as the JSON export writes them (a JSON array in the cell); empty
    /// for none.
    static func versionsText(_ versions: [HabitVersion]) -> String {
        guard !versions.isEmpty else { return "" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(versions)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The versions of ``versionsText(_:)``, or `nil` when unreadable or breaking a rule.
    static func parseVersions(_ text: String) -> [HabitVersion]? {
        guard let versions = try? JSONDecoder().decode([HabitVersion].self, from: Data(text.utf8)),
            (try? HabitVersion.validate(versions)) != nil
        else { return nil }
        return versions
    }

    /// `2026-03-06..2026-03-19; 2026-07-01..`: each pause its first and last day, an open one
    /// without the last.
    static func pausesText(_ pauses: [HabitPause]) -> String {
        pauses.map { "\($0.start.iso)..\($0.end?.iso ?? "")" }.joined(separator: "; ")
    }

    /// The pauses of ``pausesText(_:)``, or `nil` when one is unreadable or they break a rule
    /// (overlapping, reversed, before 2000).
    static func parsePauses(_ text: String) -> [HabitPause]? {
        var pauses: [HabitPause] = []
        for part in text.split(separator: ";") {
            let bounds = part.trimmingCharacters(in: .whitespaces).components(separatedBy: "..")
            guard bounds.count == 2, let start = try? Day(iso: bounds[0]) else { return nil }
            if bounds[1].isEmpty {
                pauses.append(HabitPause(start: start))
            } else {
                guard let end = try? Day(iso: bounds[1]) else { return nil }
                pauses.append(HabitPause(start: start, end: end))
            }
        }
        guard (try? HabitPause.validate(pauses)) != nil else { return nil }
        return pauses
    }

    private static func entryRow(_ record: CSV.Record, header: CSVHeader) throws(ImportError) -> Entry {
        func field(_ name: String) -> String { header.value(record, name).trimmingCharacters(in: .whitespaces) }
        let day: Day
        do {
            day = try Day(iso: field("day"))
        } catch {
            throw .invalidCSV(line: record.line, reason: error.description)
        }
        let valueText = field("value")
        guard let value = valueText.isEmpty ? 0 : ImportedAmount.parse(valueText).flatMap({ $0.rounded ? nil : $0.amount }) else {
            throw .invalidCSV(
                line: record.line, reason: t("value “{text}” is not a number with at most three decimals", ["text": valueText]))
        }
        let skippedText = field("skipped")
        guard let skipped = skippedText.isEmpty ? false : parseBool(skippedText.lowercased()) else {
            throw .invalidCSV(line: record.line, reason: t("skipped “{text}” is not true or false", ["text": skippedText]))
        }
        let note = header.value(record, "note")
        return Entry(day: day, value: value, isSkipped: skipped, note: note.isEmpty ? nil : note)
    }

    private static func parseBool(_ text: String) -> Bool? {
        switch text {
        case "true", "yes", "1": true
        case "false", "no", "0": false
        default: nil
        }
    }

    /// `08:30; 21:00 mon,wed,fri` — each reminder a time and optionally its weekdays; a disabled
    /// one ends with ` off`.
    static func reminderText(_ reminders: [Reminder]) -> String {
        reminders.map { reminder in
            var text = reminder.time.description
            if !reminder.weekdays.isEmpty { text += " " + reminder.weekdays.sorted().map(\.code).joined(separator: ",") }
            if !reminder.isEnabled { text += " off" }
            return text
        }.joined(separator: "; ")
    }

    static func parseReminders(_ text: String, habit: Habit.ID, invalid: (String) -> Void) -> [Reminder] {
        var reminders: [Reminder] = []
        for (index, part) in text.split(separator: ";").enumerated() {
            var words = part.split(separator: " ").map(String.init)
            guard !words.isEmpty else { continue }
            var enabled = true
            if words.last?.lowercased() == "off" {
                enabled = false
                words.removeLast()
            }
            guard let time = try? TimeOfDay(parsing: words[0]), words.count <= 2 else {
                invalid(part.trimmingCharacters(in: .whitespaces))
                continue
            }
            var weekdays: Set<Weekday> = []
            if words.count == 2 {
                let codes = words[1].split(separator: ",").map(String.init)
                let parsed = codes.compactMap(Weekday.init(code:))
                guard parsed.count == codes.count else {
                    invalid(part.trimmingCharacters(in: .whitespaces))
                    continue
                }
                weekdays = Set(parsed)
            }
            let id = Reminder.ID(rawValue: StableID.uuid("reminder|\(habit)|\(index)"))
            reminders.append(Reminder(id: id, time: time, weekdays: weekdays, isEnabled: enabled))
        }
        return reminders
    }
}
