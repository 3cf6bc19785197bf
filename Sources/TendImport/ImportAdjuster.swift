import Foundation
import TendCore
import TendStore
import TendWords

/// Brings one imported habit within Tend's rules, saying what it changed. Real exports break
/// rules that Tend's screens enforce; the import keeps the data and adjusts it visibly instead of
/// refusing it. Names are made unique by ``ImportPlanner``, which sees all habits.
enum ImportAdjuster {
    /// `habit` with every attribute but its name within range, and sentences for what changed.
    static func adjust(_ habit: Habit, today: Day) -> (Habit, [String]) {
        var habit = habit
        var notes: [String] = []
        let label = "“\(habit.name)”"

        if !Habit.isSingleEmoji(habit.emoji) {
            notes.append(
                t(
                    "{habit}: emoji “{emoji}” is not a single emoji, so it is {default}",
                    ["habit": label, "emoji": habit.emoji, "default": Habit.defaultEmoji]))
            habit.emoji = Habit.defaultEmoji
        }
        if habit.notes.containsNUL {
            habit.notes = habit.notes.withoutNUL
            notes.append(t("{habit}: NUL characters were taken out of its notes", ["habit": label]))
        }
        if habit.notes.count > Habit.maximumNotesLength {
            habit.notes = String(habit.notes.prefix(Habit.maximumNotesLength))
            notes.append(
                tPlural(
                    "{habit}: notes were cut to {count} character", "{habit}: notes were cut to {count} characters",
                    count: Habit.maximumNotesLength, ["habit": label]))
        }
        let unit = oneLine(habit.unit)
        if unit != habit.unit || unit.count > Habit.maximumUnitLength {
            habit.unit = String(unit.prefix(Habit.maximumUnitLength))
            notes.append(
                tPlural(
                    "{habit}: unit was made one line of at most {count} character",
                    "{habit}: unit was made one line of at most {count} characters",
                    count: Habit.maximumUnitLength, ["habit": label]))
        }
        let range = Habit.targetRange(kind: habit.kind, type: habit.type)
        if !range.contains(habit.target) {
            // Below a good count's range (0.001), a target of one unit, as a new habit gets.
            let floor = range.lowerBound.isWhole ? range.lowerBound : Habit.defaultTarget(kind: habit.kind, type: habit.type)
            let clamped = min(max(habit.target, floor), range.upperBound)
            notes.append(
                t(
                    "{habit}: target {target} is outside {lower}…{upper}, so it is {value}",
                    [
                        "habit": label, "target": habit.target.description, "lower": range.lowerBound.description,
                        "upper": range.upperBound.description, "value": clamped.description,
                    ]))
            habit.target = clamped
        }
        let (schedule, scheduleNote) = adjust(habit.schedule)
        if let scheduleNote {
            notes.append(t("{habit}: {note}", ["habit": label, "note": scheduleNote]))
            habit.schedule = schedule
        }
        if habit.reminders.count > Habit.maximumReminders {
            notes.append(
                t(
                    "{habit}: only the first {limit} of {count} reminders are kept",
                    ["habit": label, "limit": String(Habit.maximumReminders), "count": String(habit.reminders.count)]))
            habit.reminders = Array(habit.reminders.prefix(Habit.maximumReminders))
        }
        for index in habit.reminders.indices {
            habit.reminders[index].message = habit.reminders[index].message?.withoutNUL
            if let message = habit.reminders[index].message, message.count > Reminder.maximumMessageLength {
                habit.reminders[index].message = String(message.prefix(Reminder.maximumMessageLength))
                notes.append(
                    tPlural(
                        "{habit}: a reminder's message was cut to {count} character",
                        "{habit}: a reminder's message was cut to {count} characters",
                        count: Reminder.maximumMessageLength, ["habit": label]))
            }
        }
        let group = oneLine(habit.group)
        if group != habit.group || group.count > HabitGroup.maximumNameLength {
            habit.group = String(group.prefix(HabitGroup.maximumNameLength)).trimmingCharacters(in: .whitespaces)
            notes.append(
                tPlural(
                    "{habit}: its group was made one line of at most {count} character",
                    "{habit}: its group was made one line of at most {count} characters", count: HabitGroup.maximumNameLength,
                    ["habit": label]))
        }
        let tags = habit.tags.map { tag in
            String(oneLine(tag).replacingOccurrences(of: ",", with: " ").prefix(HabitTags.maximumLength))
        }
        if tags != habit.tags {
            habit.tags = tags
            notes.append(
                tPlural(
                    "{habit}: tags were made one line without commas, of at most {count} character",
                    "{habit}: tags were made one line without commas, of at most {count} characters", count: HabitTags.maximumLength,
                    ["habit": label]))
        }
        if habit.tags.count > HabitTags.maximumPerHabit {
            notes.append(
                t(
                    "{habit}: only {limit} of its {count} tags are kept",
                    ["habit": label, "limit": String(HabitTags.maximumPerHabit), "count": String(habit.tags.count)]))
            habit.tags = Array(habit.tags.prefix(HabitTags.maximumPerHabit))
        }
        // As every other way in: a day outside is a broken date, or one that has not come yet.
        let days = RecordableDays.recordable(today: today)
        if !days.contains(habit.createdOn) {
            let moved = habit.createdOn < days.lowerBound ? days.lowerBound : days.upperBound
            notes.append(
                t(
                    "{habit}: creation day {day} is outside {first}…{last}, so it is {moved}",
                    [
                        "habit": label, "day": habit.createdOn.iso, "first": days.lowerBound.iso, "last": days.upperBound.iso,
                        "moved": moved.iso,
                    ]))
            habit.createdOn = moved
        }
        return (habit, notes)
    }

    /// `text` with its line breaks and other control characters made spaces (as group names and
    /// tags must be, ``HabitGroup/validate(name:)``).
    static func oneLine(_ text: String) -> String {
        let text = text.replacingOccurrences(of: "\r\n", with: " ")
        guard text.unicodeScalars.contains(where: \.breaksLabel) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.breaksLabel ? " " : $0 }))
    }

    /// A valid schedule close to `schedule`, and what changed (nil when it was valid).
    static func adjust(_ schedule: Schedule) -> (Schedule, String?) {
        do {
            try schedule.validate()
            return (schedule, nil)
        } catch {
            let fixed: Schedule
            switch schedule {
            case .daily: fixed = .daily
            case .weekdays: fixed = .daily
            case .daysOfMonth(let days):
                let valid = days.filter { (1...31).contains($0) }
                fixed = valid.isEmpty ? .daily : .daysOfMonth(valid)
            case .everyNDays(let interval, let start):
                fixed = .everyNDays(interval: min(max(interval, 1), 365), start: start)
            case .timesPerWeek(let times): fixed = .timesPerWeek(min(max(times, 1), 7))
            case .timesPerMonth(let times): fixed = .timesPerMonth(min(max(times, 1), 31))
            case .timesInDays(let times, let days):
                let window = min(max(days, 1), 365)
                fixed = .timesInDays(times: min(max(times, 1), window), days: window)
            }
            return (fixed, t("{reason}, so the schedule is “{schedule}”", ["reason": error.description, "schedule": fixed.description]))
        }
    }

    /// Counts of what ``adjust(entries:of:)`` changed, summed into one sentence each.
    struct EntryTally {
        /// The days entries may be on (``RecordableDays/recordable(today:)``).
        var recordable: ClosedRange<Day>
        var outOfRangeDays: [Day] = []
        var negative: [Day] = []
        var clamped: [Day] = []
        var skipAndValue: [Day] = []
        var longNotes: [Day] = []
        var duplicates: [Day] = []

        var dropped: Int { outOfRangeDays.count + negative.count }

        func sentences(for name: String) -> (adjusted: [String], skipped: [String]) {
            // Each list is said only when it holds a day: its first one is in the sentence. The
            // English says "entries" whatever the count, as it always has; translations take forms.
            var adjusted: [String] = []
            var skipped: [String] = []
            if let first = outOfRangeDays.first {
                skipped.append(
                    tPlural(
                        "“{habit}”: {count} entries on days before {floor} or after today ({today}) are not imported (first: {first})",
                        "“{habit}”: {count} entries on days before {floor} or after today ({today}) are not imported (first: {first})",
                        count: outOfRangeDays.count,
                        ["habit": name, "floor": recordable.lowerBound.iso, "today": recordable.upperBound.iso, "first": first.iso]))
            }
            if let first = negative.first {
                skipped.append(
                    tPlural(
                        "“{habit}”: {count} entries with a negative value are not imported (first: {first})",
                        "“{habit}”: {count} entries with a negative value are not imported (first: {first})", count: negative.count,
                        ["habit": name, "first": first.iso]))
            }
            if let first = clamped.first {
                adjusted.append(
                    tPlural(
                        "“{habit}”: {count} values above {limit} were lowered to it (first: {first})",
                        "“{habit}”: {count} values above {limit} were lowered to it (first: {first})", count: clamped.count,
                        ["habit": name, "limit": EntryCommand.maximumValue.description, "first": first.iso]))
            }
            if let first = skipAndValue.first {
                adjusted.append(
                    tPlural(
                        "“{habit}”: {count} days were both skipped and given a value; they are kept as skipped (first: {first})",
                        "“{habit}”: {count} days were both skipped and given a value; they are kept as skipped (first: {first})",
                        count: skipAndValue.count, ["habit": name, "first": first.iso]))
            }
            if let first = longNotes.first {
                adjusted.append(
                    tPlural(
                        "“{habit}”: {count} notes were cut to {limit} characters (first: {first})",
                        "“{habit}”: {count} notes were cut to {limit} characters (first: {first})", count: longNotes.count,
                        ["habit": name, "limit": String(Entry.maximumNoteLength), "first": first.iso]))
            }
            if let first = duplicates.first {
                adjusted.append(
                    tPlural(
                        "“{habit}”: {count} days appear more than once; the last one is kept (first: {first})",
                        "“{habit}”: {count} days appear more than once; the last one is kept (first: {first})", count: duplicates.count,
                        ["habit": name, "first": first.iso]))
            }
            return (adjusted, skipped)
        }
    }

    /// The entries Tend can hold, one per day in day order, and a tally of what changed.
    static func adjust(entries: [Entry], today: Day) -> ([Entry], EntryTally) {
        var tally = EntryTally(recordable: RecordableDays.recordable(today: today))
        var byDay: [Day: Entry] = [:]
        for var entry in entries {
            guard tally.recordable.contains(entry.day) else {
                tally.outOfRangeDays.append(entry.day)
                continue
            }
            guard entry.value >= 0 else {
                tally.negative.append(entry.day)
                continue
            }
            if entry.value > EntryCommand.maximumValue {
                entry.value = EntryCommand.maximumValue
                tally.clamped.append(entry.day)
            }
            if entry.isSkipped, entry.value > 0 {
                entry.value = 0
                tally.skipAndValue.append(entry.day)
            }
            entry.note = entry.note?.withoutNUL
            if let note = entry.note, note.count > Entry.maximumNoteLength {
                entry.note = String(note.prefix(Entry.maximumNoteLength))
                tally.longNotes.append(entry.day)
            }
            if entry.note?.isEmpty == true { entry.note = nil }
            if entry.isEmpty { continue }
            if byDay.updateValue(entry, forKey: entry.day) != nil { tally.duplicates.append(entry.day) }
        }
        return (byDay.values.sorted { $0.day < $1.day }, tally)
    }

    /// A one-line name of at most the maximum length (the planner fills in empty ones).
    static func cleanName(_ name: String) -> String {
        let trimmed = oneLine(name).trimmingCharacters(in: .whitespacesAndNewlines)
        return String(trimmed.prefix(Habit.maximumNameLength))
    }
}
