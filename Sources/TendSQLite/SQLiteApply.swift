import Foundation
import GRDB
import TendCore
import TendStore

/// Applying a ``Change`` to the SQLite tables: every write path goes through here, so what a
/// store holds is always what replaying its op log gives (``UserState/apply(_:)``).
enum SQLiteApply {
    /// JSON as stored (``StoredJSON/text(_:)``).
    static func json(_ value: some Encodable) throws -> String {
        try StoredJSON.text(value)
    }

    /// Appends an operation to the log, filed under its habit and day (see ``MergePlan``); a local
    /// change gets a new id, a received one keeps its own.
    static func log(
        _ change: Change, owner: User.ID, timestamp: HybridTimestamp, id: UUID? = nil, origin: String? = nil, db: Database
    ) throws {
        try db.cachedStatement(
            sql: "INSERT INTO ops (user_id, id, device, hlc, change, habit_id, day, origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        )
        .execute(arguments: [
            owner.description, (id ?? UUID.timeOrdered(milliseconds: timestamp.milliseconds)).text(), timestamp.device,
            timestamp.description, try OpLogJSON.text(change), change.habitID?.description, change.entryDay?.ordinal, origin,
        ])
    }

    /// Applies one change as ``UserState/apply(_:)`` does. `merging` (an operation from another
    /// device): a habit name another habit holds is made free as the fold makes it
    /// (``HabitRules/freeName(_:taken:)``) instead of refused.
    static func apply(_ change: Change, owner: User.ID, merging: Bool = false, db: Database) throws {
        let user = owner.description
        // In the change's own transaction, so a planner that clears the mark has seen the change.
        if ReminderRules.needsPlanning(change) { try SQLiteReminderRows.markForPlanning(owner, db: db) }
        switch change {
        case .habitCreated(var habit):
            guard try !SQLiteRows.habitExists(db, owner: owner, id: habit.id) else { return }
            if merging { habit.name = HabitRules.freeName(habit.name, taken: try nameKeys(owner: owner, except: habit.id, db: db)) }
            try insert(habit, owner: owner, db: db)

        case .habitUpdated(let id, var patch):
            guard try SQLiteRows.habitExists(db, owner: owner, id: id) else { return }
            if merging, let name = patch.name {
                patch.name = HabitRules.freeName(name, taken: try nameKeys(owner: owner, except: id, db: db))
            }
            try update(patch.applied(to: try SQLiteRows.habit(db, owner: owner, id: id)), owner: owner, db: db)

        case .habitDeleted(let id):
            try db.execute(sql: "DELETE FROM habits WHERE user_id = ? AND id = ?", arguments: [user, id.description])

        case .habitsReordered(let ids):
            let statement = try db.cachedStatement(sql: "UPDATE habits SET sort_order = ? WHERE user_id = ? AND id = ?")
            for (index, id) in ids.enumerated() { try statement.execute(arguments: [index, user, id.description]) }

        case .entrySet(let habit, let day, _), .entryIncremented(let habit, let day, _),
            .entrySkipped(let habit, let day, _), .entryReset(let habit, let day), .entryNoteSet(let habit, let day, _):
            guard try SQLiteRows.habitExists(db, owner: owner, id: habit) else { return }
            let current = try SQLiteRows.entries(db, owner: owner, habit: habit, from: day, through: day).first
            try store((current ?? Entry(day: day)).applying(change), owner: owner, habit: habit, db: db)

        case .entriesImported(let habit, let entries):
            guard try SQLiteRows.habitExists(db, owner: owner, id: habit) else { return }
            try store(entries, owner: owner, habit: habit, db: db)

        case .routineCreated, .routineUpdated, .routinePatched, .routineDeleted, .routinesReordered, .routineHabitMoved:
            // Routines are few: apply the change to the list as the core defines it, write the list back.
            var routines = RoutineList(try SQLiteRows.routines(db, owner: owner))
            let habitIDs = try String.fetchAll(db, sql: "SELECT id FROM habits WHERE user_id = ?", arguments: [user])
            routines.apply(change, knownHabits: Set(try habitIDs.map { Habit.ID(rawValue: try SQLiteRows.uuid($0)) }))
            try write(routines.routines, owner: owner, db: db)

        case .settingsChanged(let settings):
            try write(settings, owner: owner, db: db)

        case .settingsUpdated(let patch):
            guard let current = try SQLiteRows.user(db, id: user)?.settings else { return }
            try write(patch.applied(to: current), owner: owner, db: db)

        case .groupSaved, .groupRenamed, .groupDeleted, .groupsReordered:
            var groups = try SQLiteRows.groups(db, owner: owner)
            let move = groups.apply(change)
            try write(groups, owner: owner, db: db)
            guard let move else { return }
            // Few habits per owner: the case-insensitive key is compared here, as the core does.
            for row in try Row.fetchAll(
                db, sql: "SELECT id, group_name FROM habits WHERE user_id = ? AND group_name <> ''", arguments: [user])
            {
                guard let group = move.regrouped(row[1]) else { continue }
                try db.execute(
                    sql: "UPDATE habits SET group_name = ? WHERE user_id = ? AND id = ?", arguments: [group, user, row[0] as String])
            }

        case .tipDismissed(let tip):
            try db.execute(
                sql: "INSERT OR IGNORE INTO tips (user_id, tip, state) VALUES (?, ?, 'dismissed')",
                arguments: [user, tip.rawValue])

        case .tipEventRecorded(let event):
            var tips = TipState()
            tips.record(event)
            try write(tips, owner: owner, db: db)
        }
    }

    /// Applies changes in order, as applying them one by one would, with each day's entry read
    /// and written once however many of the changes touch it: runs of entry changes are folded in
    /// memory (they commute across days), and any other change first writes what the run made.
    /// What a sync's batch of thousands of check-ins costs is then a read and a write per day.
    static func apply(inOrder changes: [Change], owner: User.ID, merging: Bool, db: Database) throws {
        struct Cell: Hashable {
            var habit: Habit.ID
            var day: Day
        }
        var cells: [Cell: Entry] = [:]
        var order: [Cell] = []
        var habits: [Habit.ID: Bool] = [:]
        func flush() throws {
            var byHabit: [Habit.ID: [Entry]] = [:]
            for cell in order { byHabit[cell.habit, default: []].append(cells[cell]!) }
            for (habit, entries) in byHabit.sorted(by: { $0.key < $1.key }) { try store(entries, owner: owner, habit: habit, db: db) }
            cells.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            habits.removeAll(keepingCapacity: true)
        }
        for change in changes {
            guard let habit = change.habitID, let day = change.entryDay else {
                try flush()
                try apply(change, owner: owner, merging: merging, db: db)
                continue
            }
            let exists = try habits[habit] ?? SQLiteRows.habitExists(db, owner: owner, id: habit)
            habits[habit] = exists
            guard exists else { continue }
            let cell = Cell(habit: habit, day: day)
            if cells[cell] == nil {
                cells[cell] = try SQLiteRows.entries(db, owner: owner, habit: habit, from: day, through: day).first ?? Entry(day: day)
                order.append(cell)
            }
            cells[cell] = cells[cell]!.applying(change)
        }
        try flush()
    }

    /// The name keys of the owner's habits but `id`.
    static func nameKeys(owner: User.ID, except id: Habit.ID, db: Database) throws -> Set<String> {
        Set(
            try String.fetchAll(
                db, sql: "SELECT name_key FROM habits WHERE user_id = ? AND id <> ?", arguments: [owner.description, id.description]))
    }

    /// Writes a habit's attributes (not its id or creation day).
    static func update(_ habit: Habit, owner: User.ID, db: Database) throws {
        try db.execute(
            sql: """
                UPDATE habits SET name = ?, name_key = ?, emoji = ?, color = ?, notes = ?, kind = ?, type = ?,
                    target = ?, unit = ?, step = ?, schedule = ?, routine_time = ?, reminders = ?, is_archived = ?, sort_order = ?,
                    group_name = ?, tags = ?, starts_on = ?, ends_on = ?, pauses = ?, versions = ?, measure = ?
                WHERE user_id = ? AND id = ?
                """,
            arguments: [
                habit.name, HabitRules.nameKey(habit.name), habit.emoji, habit.color.rawValue, habit.notes,
                SQLiteRows.storedKind(habit.kind).kind, habit.type.rawValue, habit.target.thousandths, habit.unit, habit.step.thousandths,
                try json(habit.schedule),
                habit.routineTime.rawValue, try json(habit.reminders), habit.isArchived, habit.order,
                habit.group, try json(habit.tags), habit.startsOn?.ordinal, habit.endsOn?.ordinal, try json(habit.pauses),
                try json(habit.versions), SQLiteRows.storedKind(habit.kind).measure, owner.description,
                habit.id.description,
            ])
    }

    /// Replaces the owner's routines with `routines`.
    static func write(_ routines: [Routine], owner: User.ID, db: Database) throws {
        let user = owner.description
        try db.execute(sql: "DELETE FROM routines WHERE user_id = ?", arguments: [user])
        for routine in routines {
            try db.execute(
                sql: "INSERT INTO routines (user_id, id, name, start, weekdays, color, sort_order) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    user, routine.id.description, routine.name, routine.start.description,
                    try json(routine.weekdays.sorted()), routine.color.rawValue, routine.order,
                ])
            for (position, habit) in routine.habitIDs.enumerated() {
                try db.execute(
                    sql: "INSERT INTO routine_habits (user_id, habit_id, routine_id, position) VALUES (?, ?, ?, ?)",
                    arguments: [user, habit.description, routine.id.description, position])
            }
        }
    }

    static func write(_ groups: GroupList, owner: User.ID, db: Database) throws {
        try db.execute(
            sql: "UPDATE users SET habit_groups = ? WHERE id = ?", arguments: [try json(groups.groups), owner.description])
    }

    static func write(_ settings: UserSettings, owner: User.ID, db: Database) throws {
        try db.execute(
            sql: """
                UPDATE users SET time_zone = ?, day_start_hour = ?, first_weekday = ?, locale = ?, snooze_minutes = ?,
                    kept_zones = ?, language = ?
                WHERE id = ?
                """,
            arguments: [
                settings.timeZone, settings.dayStartHour, settings.firstWeekday, settings.locale, settings.snoozeMinutes,
                settings.keptZonesText, settings.language, owner.description,
            ])
    }

    /// Adds the tips `tips` retires (tips are only ever added).
    static func write(_ tips: TipState, owner: User.ID, db: Database) throws {
        for tip in tips.dismissed {
            try db.execute(
                sql: "INSERT OR IGNORE INTO tips (user_id, tip, state) VALUES (?, ?, 'dismissed')",
                arguments: [owner.description, tip.rawValue])
        }
        for tip in tips.actedOn {
            try db.execute(
                sql: "INSERT OR IGNORE INTO tips (user_id, tip, state) VALUES (?, ?, 'actedOn')",
                arguments: [owner.description, tip.rawValue])
        }
    }

    static func insert(_ habit: Habit, owner: User.ID, db: Database) throws {
        do {
            try db.execute(
                sql: """
                    INSERT INTO habits (user_id, id, name, name_key, emoji, color, notes, kind, type, target,
                        unit, step, schedule, routine_time, reminders, is_archived, sort_order, created_on,
                        group_name, tags, starts_on, ends_on, pauses, versions, measure)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    owner.description, habit.id.description, habit.name, HabitRules.nameKey(habit.name), habit.emoji,
                    habit.color.rawValue, habit.notes, SQLiteRows.storedKind(habit.kind).kind, habit.type.rawValue,
                    habit.target.thousandths,
                    habit.unit, habit.step.thousandths, try json(habit.schedule), habit.routineTime.rawValue, try json(habit.reminders),
                    habit.isArchived,
                    habit.order, habit.createdOn.ordinal, habit.group, try json(habit.tags), habit.startsOn?.ordinal,
                    habit.endsOn?.ordinal, try json(habit.pauses), try json(habit.versions), SQLiteRows.storedKind(habit.kind).measure,
                ])
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw StoreError.habitNameTaken(habit.name)
        }
    }

    /// Stores `entries` as storing each in order would (the last of a day is the day's; an empty
    /// one clears it), the days kept in one statement: an import's years of a habit cost a
    /// statement per entry in calls and bindings more than in SQLite's own work.
    static func store(_ entries: [Entry], owner: User.ID, habit: Habit.ID, db: Database) throws {
        guard entries.count > 16 else {
            for entry in entries { try store(entry, owner: owner, habit: habit, db: db) }
            return
        }
        var last: [Day: Entry] = [:]
        for entry in entries { last[entry.day] = entry }
        var kept = SQLiteJSONRows()
        var cleared = SQLiteJSONRows()
        for entry in last.values.sorted(by: { $0.day < $1.day }) {
            if entry.isEmpty {
                cleared.append(.integer(entry.day.ordinal))
            } else {
                kept.append(
                    .integer(entry.day.ordinal), .integer(Int(entry.value.thousandths)), .integer(entry.isSkipped ? 1 : 0),
                    .optionalText(entry.note))
            }
        }
        let (user, habit) = (owner.description, habit.description)
        if kept.count > 0 {
            try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO entries (user_id, habit_id, day, value, is_skipped, note)
                    SELECT ?, ?, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3 FROM json_each(?) j
                    """
            ).execute(arguments: [user, habit, kept.text])
        }
        if cleared.count > 0 {
            try db.cachedStatement(
                sql: "DELETE FROM entries WHERE user_id = ? AND habit_id = ? AND day IN (SELECT j.value ->> 0 FROM json_each(?) j)"
            ).execute(arguments: [user, habit, cleared.text])
        }
    }

    /// Writes a day's entry; an entry that carries nothing is removed.
    static func store(_ entry: Entry, owner: User.ID, habit: Habit.ID, db: Database) throws {
        if entry.isEmpty {
            try db.cachedStatement(sql: "DELETE FROM entries WHERE user_id = ? AND habit_id = ? AND day = ?")
                .execute(arguments: [owner.description, habit.description, entry.day.ordinal])
        } else {
            try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO entries (user_id, habit_id, day, value, is_skipped, note) VALUES (?, ?, ?, ?, ?, ?)"
            ).execute(arguments: [
                owner.description, habit.description, entry.day.ordinal, entry.value.thousandths, entry.isSkipped, entry.note,
            ])
        }
    }
}
