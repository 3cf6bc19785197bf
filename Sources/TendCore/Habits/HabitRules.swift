import Foundation
import TendWords

/// The rules every store checks before it writes: habits, routines and settings valid, entries
/// within range, names unique by a case-insensitive key.
public enum HabitRules {
    /// The case-insensitive key under which a habit's name must be unique for its owner.
    public static func nameKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// The name a habit merged from another device takes when another habit holds its name (two
    /// devices offline each created "Read"): the name with " (2)", " (3)"… — the first whose key
    /// is not in `taken` — shortened to fit ``Habit/maximumNameLength``. Both habits are kept;
    /// which one is renamed is the one later in the operations' order, so every replica agrees.
    public static func freeName(_ name: String, taken: Set<String>) -> String {
        guard taken.contains(nameKey(name)) else { return name }
        let base = name.trimmingCharacters(in: .whitespacesAndNewlines)
        var number = 2
        while true {
            let suffix = " (\(number))"
            let candidate = String(base.prefix(Habit.maximumNameLength - suffix.count)) + suffix
            if !taken.contains(nameKey(candidate)) { return candidate }
            number += 1
        }
    }

    /// Refuses a new habit when the owner already has ``Habit/maximumPerOwner`` (archived ones count).
    public static func checkRoom(existingHabits count: Int) throws(RuleViolation) {
        guard count < Habit.maximumPerOwner else {
            throw RuleViolation(
                tPlural(
                    "you have {count} habit, the most Tend keeps for one person is {limit}: delete some you no longer track first",
                    "you have {count} habits, the most Tend keeps for one person is {limit}: delete some you no longer track first",
                    count: count, ["limit": String(Habit.maximumPerOwner)]))
        }
    }

    /// Refuses a habit whose history would start on a day no one can record on (see
    /// ``RecordableDays``): before the floor, or after the person's `today`.
    public static func checkCreatedOn(_ day: Day, today: Day) throws(RuleViolation) {
        if let refusal = RecordableDays.refusal(for: day, today: today) {
            throw RuleViolation(t("createdOn: {reason}", ["reason": refusal]))
        }
    }

    public static func validate(_ habit: Habit) throws(RuleViolation) {
        do {
            try habit.validate()
        } catch {
            throw RuleViolation(error.description)
        }
    }

    /// The text and list fields a patch carries, each valid on its own, as a new habit's must be
    /// (kind, type and target go together: the store checks them against the habit).
    static func validateFields(_ patch: HabitPatch) throws(RuleViolation) {
        do throws(HabitValidationError) {
            if let name = patch.name { try Habit.validate(name: name) }
            if let emoji = patch.emoji, !Habit.isSingleEmoji(emoji) { throw HabitValidationError.invalidEmoji(emoji) }
            if let notes = patch.notes { try Habit.validate(notes: notes) }
            if let unit = patch.unit { try Habit.validate(unit: unit) }
            if let step = patch.step, !Habit.stepRange.contains(step) {
                throw HabitValidationError.stepOutOfRange(step, Habit.stepRange)
            }
            if let pauses = patch.pauses { try HabitPause.validate(pauses) }
            if let versions = patch.versions { try HabitVersion.validate(versions) }
            if let reminders = patch.reminders {
                guard reminders.count <= Habit.maximumReminders else { throw HabitValidationError.tooManyReminders(Habit.maximumReminders) }
                for reminder in reminders { try reminder.validate() }
            }
        } catch {
            throw RuleViolation(error.description)
        }
    }

    public static func validate(_ routine: Routine) throws(RuleViolation) {
        do {
            try routine.validate()
        } catch {
            throw RuleViolation(error.description)
        }
    }

    public static func validate(_ settings: UserSettings) throws(RuleViolation) {
        do {
            try settings.validate()
        } catch {
            throw RuleViolation(error.description)
        }
    }

    /// Checks prepared changes (an import) before any is applied: habits valid, entries within
    /// range. Every store runs this first in `applyChanges`, so a bad batch changes nothing.
    public static func validate(_ changes: [Change]) throws(RuleViolation) {
        for change in changes {
            switch change {
            case .habitCreated(let habit):
                try validate(habit)
            case .habitUpdated(_, let patch):
                try validateFields(patch)
                if let group = patch.group, !group.isEmpty { try HabitGroup.validate(name: group) }
                try HabitTags.validate(patch.tagsAdded ?? [])
                for tag in patch.tagsRemoved ?? [] { try HabitTags.validate(tag) }
                if (patch.tagsRemoved?.count ?? 0) > HabitTags.maximumPerHabit {
                    throw RuleViolation(
                        tPlural(
                            "a change takes off at most {count} tag", "a change takes off at most {count} tags",
                            count: HabitTags.maximumPerHabit))
                }
            case .groupSaved(let group):
                try group.validate()
            case .groupRenamed(let from, let to):
                try HabitGroup.validate(name: from)
                try HabitGroup.validate(name: to)
            case .groupDeleted(let name):
                try HabitGroup.validate(name: name)
            case .groupsReordered(let names):
                guard names.count <= HabitGroup.maximumPerOwner else {
                    throw RuleViolation(
                        tPlural(
                            "at most {count} group can be ordered", "at most {count} groups can be ordered",
                            count: HabitGroup.maximumPerOwner))
                }
                for name in names { try HabitGroup.validate(name: name) }
            case .entriesImported(_, let entries):
                for entry in entries { try validate(entry) }
            case .entrySet(_, let day, let value):
                try validate(Entry(day: day, value: value))
            case .entryNoteSet(_, let day, let note):
                try validate(Entry(day: day, note: note))
            case .settingsChanged(let settings):
                try validate(settings)
            case .settingsUpdated(let patch):
                // Each setting it carries must be valid on its own (over defaults that are).
                try validate(patch.applied(to: UserSettings()))
            case .routinePatched(_, let patch):
                // Each field it carries must be valid on its own (over a routine that is).
                try validate(patch.applied(to: Routine(name: "Routine", start: TimeOfDay(uncheckedHour: 7, minute: 0))))
            default:
                break
            }
        }
    }

    public static func validate(_ entry: Entry) throws(RuleViolation) {
        guard entry.value >= 0 else {
            throw RuleViolation(
                t("a value cannot be negative ({value} on {day})", ["value": entry.value.description, "day": entry.day.iso]))
        }
        guard entry.value <= EntryCommand.maximumValue else {
            throw RuleViolation(
                t("a value is at most {limit} ({day})", ["limit": EntryCommand.maximumValue.description, "day": entry.day.iso]))
        }
        if let note = entry.note, note.count > Entry.maximumNoteLength {
            throw RuleViolation(
                tPlural(
                    "a note is at most {count} character ({day})", "a note is at most {count} characters ({day})",
                    count: Entry.maximumNoteLength, ["day": entry.day.iso]))
        }
        if let note = entry.note, note.containsNUL {
            throw RuleViolation(t("a note cannot hold a NUL character ({day})", ["day": entry.day.iso]))
        }
    }
}
