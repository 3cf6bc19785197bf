import Foundation
import TendCore
import TendStore

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
            notes.append("\(label): emoji “\(habit.emoji)” is not a single emoji, so it is \(Habit.defaultEmoji)")
            habit.emoji = Habit.defaultEmoji
        }
        if habit.notes.containsNUL {
            habit.notes = habit.notes.withoutNUL
            notes.append("\(label): NUL characters were taken out of its notes")
        }
        if habit.notes.count > Habit.maximumNotesLength {
            habit.notes = String(habit.notes.prefix(Habit.maximumNotesLength))
            notes.append("\(label): notes were cut to \(Habit.maximumNotesLength) characters")
        }
        let unit = oneLine(habit.unit)
        if unit != habit.unit || unit.count > Habit.maximumUnitLength {
            habit.unit = String(unit.prefix(Habit.maximumUnitLength))
            notes.append("\(label): unit was made one line of at most \(Habit.maximumUnitLength) characters")
        }
        let range = Habit.targetRange(kind: habit.kind, type: habit.type)
        if !range.contains(habit.target) {
            // Below a good count's range (0.001), a target of one unit, as a new habit gets.
            let floor = range.lowerBound.isWhole ? range.lowerBound : Habit.defaultTarget(kind: habit.kind, type: habit.type)
            let clamped = min(max(habit.target, floor), range.upperBound)
            notes.append("\(label): target \(habit.target) is outside \(range.lowerBound)…\(range.upperBound), so it is \(clamped)")
            habit.target = clamped
        }
        let (schedule, scheduleNote) = adjust(habit.schedule)
        if let scheduleNote {
            notes.append("\(label): \(scheduleNote)")
            habit.schedule = schedule
        }
        if habit.reminders.count > Habit.maximumReminders {
            notes.append("\(label): only the first \(Habit.maximumReminders) of \(habit.reminders.count) reminders are kept")
            habit.reminders = Array(habit.reminders.prefix(Habit.maximumReminders))
        }
        for index in habit.reminders.indices {
            habit.reminders[index].message = habit.reminders[index].message?.withoutNUL
            if let message = habit.reminders[index].message, message.count > Reminder.maximumMessageLength {
                habit.reminders[index].message = String(message.prefix(Reminder.maximumMessageLength))
                notes.append("\(label): a reminder's message was cut to \(Reminder.maximumMessageLength) characters")
            }
        }
        let group = oneLine(habit.group)
        if group != habit.group || group.count > HabitGroup.maximumNameLength {
            habit.group = String(group.prefix(HabitGroup.maximumNameLength)).trimmingCharacters(in: .whitespaces)
            notes.append("\(label): its group was made one line of at most \(HabitGroup.maximumNameLength) characters")
        }
        let tags = habit.tags.map { tag in
            String(oneLine(tag).replacingOccurrences(of: ",", with: " ").prefix(HabitTags.maximumLength))
        }
        if tags != habit.tags {
            habit.tags = tags
            notes.append("\(label): tags were made one line without commas, of at most \(HabitTags.maximumLength) characters")
        }
        if habit.tags.count > HabitTags.maximumPerHabit {
            notes.append("\(label): only \(HabitTags.maximumPerHabit) of its \(habit.tags.count) tags are kept")
            habit.tags = Array(habit.tags.prefix(HabitTags.maximumPerHabit))
        }
        // As every other way in: a day outside is a broken date, or one that has not come yet.
        let days = RecordableDays.recordable(today: today)
        if !days.contains(habit.createdOn) {
            let moved = habit.createdOn < days.lowerBound ? days.lowerBound : days.upperBound
            notes.append(
                "\(label): creation day \(habit.createdOn.iso) is outside \(days.lowerBound.iso)…\(days.upperBound.iso), so it is \(moved.iso)"
            )
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
            return (fixed, "\(error.description), so the schedule is “\(fixed)”")
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
            func example(_ days: [Day]) -> String { days.first.map { " (first: \($0.iso))" } ?? "" }
            var adjusted: [String] = []
            var skipped: [String] = []
            if !outOfRangeDays.isEmpty {
                skipped.append(
                    "“\(name)”: \(outOfRangeDays.count) entries on days before \(recordable.lowerBound.iso) or after today (\(recordable.upperBound.iso)) are not imported\(example(outOfRangeDays))"
                )
            }
            if !negative.isEmpty {
                skipped.append("“\(name)”: \(negative.count) entries with a negative value are not imported\(example(negative))")
            }
            if !clamped.isEmpty {
                adjusted.append(
                    "“\(name)”: \(clamped.count) values above \(EntryCommand.maximumValue) were lowered to it\(example(clamped))")
            }
            if !skipAndValue.isEmpty {
                adjusted.append(
                    "“\(name)”: \(skipAndValue.count) days were both skipped and given a value; they are kept as skipped\(example(skipAndValue))"
                )
            }
            if !longNotes.isEmpty {
                adjusted.append(
                    "“\(name)”: \(longNotes.count) notes were cut to \(Entry.maximumNoteLength) characters\(example(longNotes))")
            }
            if !duplicates.isEmpty {
                adjusted.append("“\(name)”: \(duplicates.count) days appear more than once; the last one is kept\(example(duplicates))")
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
