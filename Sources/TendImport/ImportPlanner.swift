import Foundation
import TendCore
import TendStore
import TendWords

/// The changes an import makes and the report that explains them.
public struct ImportPlan: Hashable, Sendable {
    public var changes: [Change]
    public var report: ImportReport
}

/// Decides, without touching any store, what importing `data` into a user's current state changes.
///
/// The rules:
/// - A habit is matched by id. A new one is created (its name made unique, empty names filled in,
///   attributes brought within range, placed after the user's habits); one the user already has is
///   merged: its attributes stay as the user has them.
/// - An entry is added on a day the habit has nothing; a day already holding the same thing is
///   unchanged; a day holding something else keeps the user's value (and the report says so).
/// - Routines are matched by id the same way; a new routine never takes a habit away from a routine
///   the user already has.
/// - Settings from the file are applied only to an account that holds no habits and no routines
///   (a restore); tips the file has seen are marked seen.
///
/// Importing the same data twice therefore changes nothing the second time.
public enum ImportPlanner {
    /// Entries per `entriesImported` change, so that no single operation grows without bound.
    public static let entryChunkSize = 500

    /// `mergeNames`: a habit of the file that is new by its id but has the name of one of the
    /// user's (regardless of case), of the same kind and type, is merged into it (its check-ins
    /// join that habit's history, the user's fields are kept) instead of being added as
    /// "Name (2)"; without it, such habits are listed in ``ImportReport/nameClashes``.
    public static func plan(
        _ data: ImportedData, into state: UserState, today: Day, dryRun: Bool = false, mergeNames: Bool = false
    ) throws(ImportError) -> ImportPlan {
        var report = ImportReport(format: data.format, dryRun: dryRun)
        report.adjustments = data.adjustments
        report.skipped = data.skipped
        report.entriesSkipped = data.skippedEntries
        var changes: [Change] = []
        var entryChanges: [Change] = []

        var takenNames = Set(state.habits.values.map { HabitRules.nameKey($0.habit.name) })
        var seenIDs: Set<Habit.ID> = []
        let orderOffset: Int = {
            guard let maxExisting = state.habits.values.map(\.habit.order).max() else { return 0 }
            let minImported = data.habits.map(\.habit.order).min() ?? 0
            return maxExisting + 1 - minImported
        }()
        var finalHabits = Set(state.habits.keys)
        // The user's habits by name, for merging by name; a file's habit merged into one of them
        // stands for it in the file's routines.
        let byName = Dictionary(
            state.habits.values.map { (HabitRules.nameKey($0.habit.name), $0) }, uniquingKeysWith: { first, _ in first })
        var mergedInto: [Habit.ID: Habit.ID] = [:]
        var mergedByName: Set<Habit.ID> = []

        for (index, imported) in data.habits.enumerated() {
            var habit = imported.habit
            if !seenIDs.insert(habit.id).inserted {
                let newID = Habit.ID(rawValue: StableID.uuid("duplicate|\(habit.id)|\(index)"))
                report.adjustments.append(
                    t(
                        "“{habit}”: its id {id} is used by another habit of the file, so it gets a new id",
                        ["habit": habit.name, "id": habit.id.description]))
                habit.id = newID
                seenIDs.insert(newID)
            }

            let (adjustedEntries, tally) = ImportAdjuster.adjust(entries: imported.entries, today: today)
            report.entriesSkipped += tally.dropped

            var target = state.habits[habit.id]
            if target == nil, let same = byName[HabitRules.nameKey(ImportAdjuster.cleanName(habit.name))],
                state.habits[same.id] != nil
            {
                if same.habit.kind == habit.kind, same.habit.type == habit.type, !mergedByName.contains(same.id) {
                    if mergeNames {
                        target = same
                        mergedInto[habit.id] = same.id
                        mergedByName.insert(same.id)
                    } else {
                        report.nameClashes.append(same.habit.name)
                    }
                } else if mergeNames {
                    report.adjustments.append(
                        t(
                            "“{habit}”: not merged into yours by its name, as one is {one} and the other {other}",
                            ["habit": habit.name, "one": Self.words(habit), "other": Self.words(same.habit)]))
                }
            }
            if let existing = target {
                report.habitsMerged.append(existing.habit.name)
                let (adjusted, _) = ImportAdjuster.adjust(habit, today: today)
                let differing = differingFields(existing.habit, adjusted)
                if !differing.isEmpty {
                    report.kept.append(
                        t(
                            "“{habit}”: your {fields} are kept (the file has others)",
                            ["habit": existing.habit.name, "fields": differing.joined(separator: ", ")]))
                }
                let sentences = tally.sentences(for: existing.habit.name)
                report.adjustments += sentences.adjusted
                report.skipped += sentences.skipped
                entryChanges += plannedEntries(adjustedEntries, for: existing, report: &report)
                continue
            }

            var name = ImportAdjuster.cleanName(habit.name)
            if name != habit.name, !name.isEmpty {
                report.adjustments.append(
                    tPlural(
                        "“{habit}”: the name was made one line of at most {count} character: “{name}”",
                        "“{habit}”: the name was made one line of at most {count} characters: “{name}”", count: Habit.maximumNameLength,
                        ["habit": habit.name, "name": name]))
            }
            if name.isEmpty {
                name = uniqueName("Habit \(index + 1)", taken: takenNames)
                report.adjustments.append(
                    t("habit {position} of the file has no name, so it is called “{name}”", ["position": String(index + 1), "name": name]))
            } else {
                let unique = uniqueName(name, taken: takenNames)
                if unique != name {
                    report.adjustments.append(
                        t("“{habit}”: the name is already used, so this habit is called “{name}”", ["habit": name, "name": unique]))
                }
                name = unique
            }
            takenNames.insert(HabitRules.nameKey(name))
            habit.name = name
            let (adjusted, notes) = ImportAdjuster.adjust(habit, today: today)
            habit = adjusted
            report.adjustments += notes
            habit.order += orderOffset
            do {
                try habit.validate()
            } catch {
                throw .invalidData(t("habit “{habit}” cannot be made valid: {reason}", ["habit": habit.name, "reason": error.description]))
            }
            let sentences = tally.sentences(for: habit.name)
            report.adjustments += sentences.adjusted
            report.skipped += sentences.skipped
            changes.append(.habitCreated(habit: habit))
            finalHabits.insert(habit.id)
            report.habitsAdded.append(habit.name)
            entryChanges += plannedEntries(adjustedEntries, for: TrackedHabit(habit: habit), report: &report)
        }
        // The habits a person keeps are bounded for every way in (HabitRules.checkRoom): a file
        // that would take them past it is refused whole, before anything is written.
        if state.habits.count + report.habitsAdded.count > Habit.maximumPerOwner {
            let added = report.habitsAdded.count
            throw .invalidData(
                tPlural(
                    "it adds {count} habit to your {existing}, and the most Tend keeps for one person is {limit}: delete some you no longer track first",
                    "it adds {count} habits to your {existing}, and the most Tend keeps for one person is {limit}: delete some you no longer track first",
                    count: added, ["existing": String(state.habits.count), "limit": String(Habit.maximumPerOwner)]))
        }
        changes += entryChanges
        let routines = data.routines.map { routine in
            var routine = routine
            routine.habitIDs = routine.habitIDs.map { mergedInto[$0] ?? $0 }
            return routine
        }
        changes += plannedRoutines(routines, state: state, habits: finalHabits, report: &report)
        changes += plannedGroups(data.groups, state: state, report: &report)

        if let settings = data.settings, settings != state.settings {
            if state.habits.isEmpty, state.routines.routines.isEmpty {
                do {
                    try settings.validate()
                    changes.append(.settingsChanged(settings: settings))
                    report.settingsApplied = true
                } catch {
                    report.skipped.append(t("the file's settings are not applied: {reason}", ["reason": error.description]))
                }
            } else {
                report.kept.append(t("your settings are kept (the file's are applied only to an account without habits)"))
            }
        }
        if let tips = data.tips {
            for tip in tips.dismissed.sorted(by: { $0.rawValue < $1.rawValue }) where !state.tips.dismissed.contains(tip) {
                changes.append(.tipDismissed(tip: tip))
                report.tipsApplied += 1
            }
            let events = Set(tips.actedOn.compactMap { id in TipCatalog.all.first { $0.id == id }?.retiredBy })
            for event in events.sorted(by: { $0.rawValue < $1.rawValue }) {
                let answered = TipCatalog.all.filter { $0.retiredBy == event }.map(\.id)
                if answered.contains(where: { !state.tips.actedOn.contains($0) }) {
                    changes.append(.tipEventRecorded(event: event))
                    report.tipsApplied += 1
                }
            }
        }
        report.changeCount = changes.count
        report.limitMessages()
        return ImportPlan(changes: changes, report: report)
    }

    /// The entry changes for one habit: only days the user has nothing on.
    private static func plannedEntries(_ entries: [Entry], for tracked: TrackedHabit, report: inout ImportReport) -> [Change] {
        var added: [Entry] = []
        var keptDays: [Day] = []
        for entry in entries {
            if let current = tracked.entry(on: entry.day) {
                if current == entry {
                    report.entriesUnchanged += 1
                } else {
                    report.entriesKept += 1
                    keptDays.append(entry.day)
                }
            } else {
                added.append(entry)
            }
        }
        if !keptDays.isEmpty {
            report.kept.append(
                tPlural(
                    "“{habit}”: your entries on {count} days differ from the file and are kept (first: {first})",
                    "“{habit}”: your entries on {count} days differ from the file and are kept (first: {first})", count: keptDays.count,
                    ["habit": tracked.habit.name, "first": keptDays[0].iso]))
        }
        report.entriesAdded += added.count
        return stride(from: 0, to: added.count, by: entryChunkSize).map { start in
            .entriesImported(habit: tracked.id, entries: Array(added[start..<min(start + entryChunkSize, added.count)]))
        }
    }

    /// The file's described groups the account does not describe yet, after its own; one already
    /// described keeps its emoji and place.
    private static func plannedGroups(_ groups: [HabitGroup], state: UserState, report: inout ImportReport) -> [Change] {
        var changes: [Change] = []
        var described = state.groups
        for imported in groups {
            var group = imported
            group.name = ImportAdjuster.oneLine(group.name).trimmingCharacters(in: .whitespaces)
            guard described[group.name] == nil else { continue }
            if !group.emoji.isEmpty, !Habit.isSingleEmoji(group.emoji) { group.emoji = "" }
            do {
                try group.validate()
            } catch {
                report.skipped.append(
                    t("group “{group}” is not kept: {reason}", ["group": String(group.name.prefix(60)), "reason": error.description]))
                continue
            }
            guard described.groups.count < HabitGroup.maximumPerOwner else {
                report.skipped.append(t("groups beyond {limit} are not kept", ["limit": String(HabitGroup.maximumPerOwner)]))
                break
            }
            described.apply(.groupSaved(group: group))
            changes.append(.groupSaved(group: group))
        }
        return changes
    }

    private static func plannedRoutines(
        _ routines: [Routine], state: UserState, habits: Set<Habit.ID>, report: inout ImportReport
    ) -> [Change] {
        var changes: [Change] = []
        var claimed = Set(state.routines.routines.flatMap(\.habitIDs))
        var seen: Set<Routine.ID> = []
        for (index, imported) in routines.sorted(by: { $0.order < $1.order }).enumerated() {
            var routine = imported
            if !seen.insert(routine.id).inserted {
                routine.id = Routine.ID(rawValue: StableID.uuid("duplicate-routine|\(routine.id)|\(index)"))
                seen.insert(routine.id)
                report.adjustments.append(
                    t("routine “{routine}”: its id is used twice in the file, so it gets a new id", ["routine": routine.name]))
            }
            if let existing = state.routines[routine.id] {
                report.routinesMerged.append(existing.name)
                continue
            }
            let name = ImportAdjuster.cleanName(routine.name)
            if name.isEmpty {
                // A name stored with the account's data, as the habits' "Habit 3": not in the words.
                routine.name = "Routine \(index + 1)"
                report.adjustments.append(
                    t(
                        "routine {position} of the file has no name, so it is called “{name}”",
                        ["position": String(index + 1), "name": routine.name]))
            } else {
                routine.name = String(name.prefix(Routine.maximumNameLength))
            }
            if routine.weekdays.isEmpty {
                routine.weekdays = Set(Weekday.allCases)
                report.adjustments.append(t("routine “{routine}”: it had no weekdays, so it runs every day", ["routine": routine.name]))
            }
            var ids: [Habit.ID] = []
            var left = 0
            for id in routine.habitIDs where habits.contains(id) {
                if claimed.insert(id).inserted { ids.append(id) } else { left += 1 }
            }
            if left > 0 {
                report.kept.append(
                    tPlural(
                        "routine “{routine}”: {count} habits stay in the routine they are already in",
                        "routine “{routine}”: {count} habits stay in the routine they are already in", count: left,
                        ["routine": routine.name]))
            }
            routine.habitIDs = ids
            changes.append(.routineCreated(routine: routine))
            report.routinesAdded.append(routine.name)
        }
        return changes
    }

    /// "a count", "a time", "a yes/no habit", "a bad habit to limit".
    private static func words(_ habit: Habit) -> String {
        switch (habit.type, habit.kind == .bad) {
        case (.checkmark, false): t("a yes/no habit", context: "habit kind")
        case (.checkmark, true): t("a yes/no habit to limit", context: "habit kind")
        case (.count, false): t("a count", context: "habit kind")
        case (.count, true): t("a count to limit", context: "habit kind")
        case (.duration, false): t("a time", context: "habit kind")
        case (.duration, true): t("a time to limit", context: "habit kind")
        }
    }

    /// `name`, or `name (2)`, `name (3)` … the first one no habit uses (case-insensitively).
    static func uniqueName(_ name: String, taken: Set<String>) -> String {
        guard taken.contains(HabitRules.nameKey(name)) else { return name }
        var number = 2
        while true {
            let suffix = " (\(number))"
            let candidate = String(name.prefix(Habit.maximumNameLength - suffix.count)) + suffix
            if !taken.contains(HabitRules.nameKey(candidate)) { return candidate }
            number += 1
        }
    }

    /// The attributes in which the user's habit differs from the file's (order aside, and a name
    /// the first import had to number counts as the same).
    private static func differingFields(_ existing: Habit, _ imported: Habit) -> [String] {
        var fields: [String] = []
        let importedName = ImportAdjuster.cleanName(imported.name)
        // Listed in a sentence ("your emoji, target are kept"), each in the current words.
        if existing.name != importedName, !isNumbered(existing.name, from: importedName) {
            fields.append(t("name", context: "habit field"))
        }
        if existing.emoji != imported.emoji { fields.append(t("emoji", context: "habit field")) }
        if existing.color != imported.color { fields.append(t("color", context: "habit field")) }
        if existing.notes != imported.notes { fields.append(t("notes", context: "habit field")) }
        if existing.kind != imported.kind || existing.type != imported.type { fields.append(t("kind and type", context: "habit field")) }
        if existing.target != imported.target { fields.append(t("target", context: "habit field")) }
        if existing.unit != imported.unit { fields.append(t("unit", context: "habit field")) }
        if existing.schedule != imported.schedule { fields.append(t("schedule", context: "habit field")) }
        if existing.routineTime != imported.routineTime { fields.append(t("routine time", context: "habit field")) }
        if existing.reminders != imported.reminders { fields.append(t("reminders", context: "habit field")) }
        if existing.isArchived != imported.isArchived { fields.append(t("archived state", context: "habit field")) }
        if HabitGroup.key(existing.group) != HabitGroup.key(imported.group) { fields.append(t("group", context: "habit field")) }
        if existing.tags != imported.tags { fields.append(t("tags", context: "habit field")) }
        return fields
    }

    private static func isNumbered(_ name: String, from base: String) -> Bool {
        guard name.hasSuffix(")"), let open = name.range(of: " (", options: .backwards) else { return false }
        let number = name[open.upperBound..<name.index(before: name.endIndex)]
        return Int(number) != nil && base.hasPrefix(name[..<open.lowerBound])
    }
}
