import Foundation
import PostgresNIO
import TendCore
import TendStore

extension PostgresStore {
    /// Applies one change in SQL, with exactly the meaning of `UserState.apply(_:)`: a change
    /// naming a habit or routine the owner does not hold is ignored, entries that become empty
    /// are deleted. Every write path goes through here, by way of ``commit(_:owner:on:)``, which
    /// also marks the owner for planning when a change needs it.
    ///
    /// - Returns: for a change to one day of one habit, the day's stored entry afterwards (`nil`
    ///   when nothing is stored for it); `nil` for every other change.
    ///
    /// `merging` (an operation from another device): a habit name another habit holds is made
    /// free as the fold makes it (``HabitRules/freeName(_:taken:)``) instead of refused.
    @discardableResult
    func apply(_ change: Change, owner: User.ID, merging: Bool = false, on c: PostgresConnection) async throws -> Entry? {
        let user = owner.rawValue
        switch change {
        case .habitCreated(var habit):
            if merging { habit.name = HabitRules.freeName(habit.name, taken: try await nameKeys(owner, except: habit.id, on: c)) }
            try await run(
                """
                INSERT INTO habits (user_id, id, name, name_key, emoji, color, notes, kind, type, target, unit, step,
                                    schedule, routine_time, reminders, is_archived, sort_order, created_on, group_name, tags,
                                    starts_on, ends_on, pauses, versions)
                VALUES (\(user), \(habit.id.rawValue), \(habit.name), \(HabitRules.nameKey(habit.name)), \(habit.emoji),
                        \(habit.color.rawValue), \(habit.notes), \(habit.kind.rawValue), \(habit.type.rawValue),
                        \(habit.target.thousandths), \(habit.unit), \(habit.step.thousandths), \(try Self.json(habit.schedule))::jsonb,
                        \(habit.routineTime.rawValue), \(try Self.json(habit.reminders))::jsonb, \(habit.isArchived),
                        \(habit.order), \(habit.createdOn.ordinal), \(habit.group), \(try Self.json(habit.tags)),
                        \(habit.startsOn?.ordinal)::integer, \(habit.endsOn?.ordinal)::integer, \(try Self.json(habit.pauses))::jsonb,
                        \(try Self.json(habit.versions))::jsonb)
                ON CONFLICT (user_id, id) DO NOTHING
                """, on: c)

        case .habitUpdated(let id, var patch):
            guard !patch.isEmpty else { return nil }
            if merging, let name = patch.name {
                patch.name = HabitRules.freeName(name, taken: try await nameKeys(owner, except: id, on: c))
            }
            // Tags are set operations on the stored set: read, applied as the core applies them.
            var tags: String?
            if patch.tagsAdded != nil || patch.tagsRemoved != nil {
                guard let row = try await rows("SELECT tags FROM habits WHERE user_id = \(user) AND id = \(id.rawValue)", on: c).first
                else { return nil }
                let stored = try StoredJSON.tags(row.decode(String.self))
                tags = try Self.json(HabitTags.applying(added: patch.tagsAdded ?? [], removed: patch.tagsRemoved ?? [], to: stored))
            }
            // A field the patch leaves out (NULL) keeps its value.
            try await run(
                """
                UPDATE habits SET
                    name = coalesce(\(patch.name), name),
                    name_key = coalesce(\(patch.name.map(HabitRules.nameKey)), name_key),
                    emoji = coalesce(\(patch.emoji), emoji),
                    color = coalesce(\(patch.color?.rawValue), color),
                    notes = coalesce(\(patch.notes), notes),
                    kind = coalesce(\(patch.kind?.rawValue), kind),
                    type = coalesce(\(patch.type?.rawValue), type),
                    target = coalesce(\(patch.target?.thousandths)::integer, target),
                    unit = coalesce(\(patch.unit), unit),
                    step = coalesce(\(patch.step?.thousandths)::integer, step),
                    schedule = coalesce(\(try patch.schedule.map(Self.json))::jsonb, schedule),
                    routine_time = coalesce(\(patch.routineTime?.rawValue), routine_time),
                    reminders = coalesce(\(try patch.reminders.map(Self.json))::jsonb, reminders),
                    is_archived = coalesce(\(patch.isArchived), is_archived),
                    sort_order = coalesce(\(patch.order)::integer, sort_order),
                    group_name = coalesce(\(patch.group.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }), group_name),
                    tags = coalesce(\(tags), tags),
                    -- A date the patch carries is set (to NULL for none); one it leaves out stays.
                    starts_on = CASE WHEN \(patch.startsOn != nil) THEN \(patch.startsOn?.day?.ordinal)::integer ELSE starts_on END,
                    ends_on = CASE WHEN \(patch.endsOn != nil) THEN \(patch.endsOn?.day?.ordinal)::integer ELSE ends_on END,
                    pauses = coalesce(\(try patch.pauses.map(Self.json))::jsonb, pauses),
                    versions = coalesce(\(try patch.versions.map(Self.json))::jsonb, versions)
                WHERE user_id = \(user) AND id = \(id.rawValue)
                """, on: c)

        case .habitDeleted(let id):
            // Entries and routine membership go with it (ON DELETE CASCADE).
            try await run("DELETE FROM habits WHERE user_id = \(user) AND id = \(id.rawValue)", on: c)

        case .habitsReordered(let ids):
            guard !ids.isEmpty else { return nil }
            // A habit listed twice takes its last place, as replaying the change in order would.
            try await run(
                """
                UPDATE habits h SET sort_order = o.n - 1
                FROM (SELECT id, max(n) AS n FROM unnest(\(ids.map(\.rawValue))::uuid[]) WITH ORDINALITY AS u(id, n)
                      GROUP BY id) o
                WHERE h.user_id = \(user) AND h.id = o.id
                """, on: c)

        case .entrySet(let habit, let day, let value):
            let value = max(0, value)
            return try await upsertEntry(
                owner: owner, habit: habit, day: day,
                """
                INSERT INTO entries (user_id, habit_id, day, value, is_skipped, note)
                SELECT \(user), \(habit.rawValue), \(day.ordinal), \(value.thousandths), false, NULL
                WHERE EXISTS (SELECT 1 FROM habits WHERE user_id = \(user) AND id = \(habit.rawValue))
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET
                    value = excluded.value,
                    is_skipped = entries.is_skipped AND excluded.value = 0
                RETURNING value, is_skipped, note
                """, on: c)

        case .entryIncremented(let habit, let day, let amount):
            return try await upsertEntry(
                owner: owner, habit: habit, day: day,
                """
                INSERT INTO entries (user_id, habit_id, day, value, is_skipped, note)
                SELECT \(user), \(habit.rawValue), \(day.ordinal), \(max(0, amount).thousandths), false, NULL
                WHERE EXISTS (SELECT 1 FROM habits WHERE user_id = \(user) AND id = \(habit.rawValue))
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET
                    value = greatest(0, entries.value + \(amount.thousandths)),
                    is_skipped = entries.is_skipped AND greatest(0, entries.value + \(amount.thousandths)) = 0
                RETURNING value, is_skipped, note
                """, on: c)

        case .entrySkipped(let habit, let day, let skipped):
            return try await upsertEntry(
                owner: owner, habit: habit, day: day,
                """
                INSERT INTO entries (user_id, habit_id, day, value, is_skipped, note)
                SELECT \(user), \(habit.rawValue), \(day.ordinal), 0, \(skipped), NULL
                WHERE EXISTS (SELECT 1 FROM habits WHERE user_id = \(user) AND id = \(habit.rawValue))
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET
                    is_skipped = excluded.is_skipped,
                    value = CASE WHEN excluded.is_skipped THEN 0 ELSE entries.value END
                RETURNING value, is_skipped, note
                """, on: c)

        case .entryReset(let habit, let day):
            return try await upsertEntry(
                owner: owner, habit: habit, day: day,
                """
                INSERT INTO entries (user_id, habit_id, day, value, is_skipped, note)
                SELECT \(user), \(habit.rawValue), \(day.ordinal), 0, false, NULL
                WHERE EXISTS (SELECT 1 FROM habits WHERE user_id = \(user) AND id = \(habit.rawValue))
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET value = 0, is_skipped = false
                RETURNING value, is_skipped, note
                """, on: c)

        case .entryNoteSet(let habit, let day, let note):
            let note = (note?.isEmpty ?? true) ? nil : note
            return try await upsertEntry(
                owner: owner, habit: habit, day: day,
                """
                INSERT INTO entries (user_id, habit_id, day, value, is_skipped, note)
                SELECT \(user), \(habit.rawValue), \(day.ordinal), 0, false, \(note)::text
                WHERE EXISTS (SELECT 1 FROM habits WHERE user_id = \(user) AND id = \(habit.rawValue))
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET note = excluded.note
                RETURNING value, is_skipped, note
                """, on: c)

        case .entriesImported(let habit, let entries):
            try await importEntries(entries, habit: habit, owner: owner, on: c)

        case .routineCreated(let routine), .routineUpdated(let routine):
            try await putRoutine(routine, owner: owner, on: c)

        case .routinePatched(let id, let patch):
            // A deleted routine stays deleted.
            guard let routine = try await fetchRoutines(owner, on: c)[id] else { return nil }
            try await putRoutine(patch.applied(to: routine), owner: owner, on: c)

        case .routineDeleted(let id):
            // Its habits stay; only their membership goes (ON DELETE CASCADE).
            try await run("DELETE FROM routines WHERE user_id = \(user) AND id = \(id.rawValue)", on: c)

        case .routinesReordered(let ids):
            // Listed routines first (a routine listed twice keeps its first place), the rest after
            // in their present order.
            try await run(
                """
                UPDATE routines r SET sort_order = s.n - 1
                FROM (SELECT r2.id,
                             row_number() OVER (ORDER BY p.position NULLS LAST, r2.sort_order, r2.name, r2.id) AS n
                      FROM routines r2
                      LEFT JOIN (SELECT id, min(n) AS position
                                 FROM unnest(\(ids.map(\.rawValue))::uuid[]) WITH ORDINALITY AS u(id, n)
                                 GROUP BY id) p ON p.id = r2.id
                      WHERE r2.user_id = \(user)) s
                WHERE r.user_id = \(user) AND r.id = s.id
                """, on: c)

        case .routineHabitMoved(let habit, let routine, let index):
            try await moveHabit(habit, to: routine, at: index, owner: owner, on: c)

        case .settingsUpdated(let patch):
            let current = try await fetchUser(owner, on: c).settings
            return try await apply(.settingsChanged(settings: patch.applied(to: current)), owner: owner, on: c)

        case .settingsChanged(let settings):
            try await run(
                """
                UPDATE users SET time_zone = \(settings.timeZone), day_start_hour = \(settings.dayStartHour),
                                 first_weekday = \(settings.firstWeekday)::integer, locale = \(settings.locale),
                                 snooze_minutes = \(settings.snoozeMinutes), kept_zones = \(settings.keptZonesText),
                                 language = \(settings.language)
                WHERE id = \(user)
                """, on: c)

        case .groupSaved, .groupRenamed, .groupDeleted, .groupsReordered:
            var groups = try await fetchGroups(owner, on: c)
            let move = groups.apply(change)
            try await run("UPDATE users SET habit_groups = \(try Self.json(groups.groups)) WHERE id = \(user)", on: c)
            guard let move else { return nil }
            // Few habits per owner: the case-insensitive key is compared here, as the core does.
            for row in try await rows("SELECT id, group_name FROM habits WHERE user_id = \(user) AND group_name <> ''", on: c) {
                let (id, group) = try row.decode((UUID, String).self)
                guard let moved = move.regrouped(group) else { continue }
                try await run("UPDATE habits SET group_name = \(moved) WHERE user_id = \(user) AND id = \(id)", on: c)
            }

        case .tipDismissed(let tip):
            try await run(
                """
                INSERT INTO tips (user_id, tip, state) VALUES (\(user), \(tip.rawValue), 'dismissed')
                ON CONFLICT DO NOTHING
                """, on: c)

        case .tipEventRecorded(let event):
            let tips = TipCatalog.all.filter { $0.retiredBy == event }.map(\.id.rawValue)
            guard !tips.isEmpty else { return nil }
            try await run(
                """
                INSERT INTO tips (user_id, tip, state)
                SELECT \(user), tip, 'actedOn' FROM unnest(\(tips)::text[]) AS t(tip)
                ON CONFLICT DO NOTHING
                """, on: c)
        }
        return nil
    }

    /// The name keys of the owner's habits but `id`.
    func nameKeys(_ owner: User.ID, except id: Habit.ID, on c: PostgresConnection) async throws -> Set<String> {
        let rows = try await rows(
            "SELECT name_key FROM habits WHERE user_id = \(owner.rawValue) AND id <> \(id.rawValue)", on: c)
        return Set(try rows.map { try $0.decode(String.self) })
    }

    /// Runs an entry upsert that returns the day's row, then deletes the row if it carries
    /// nothing (as `TrackedHabit` never keeps an empty entry).
    private func upsertEntry(
        owner: User.ID, habit: Habit.ID, day: Day, _ upsert: PostgresQuery, on c: PostgresConnection
    ) async throws -> Entry? {
        guard let row = try await rows(upsert, on: c).first else { return nil }  // no such habit
        let (value, skipped, note) = try row.decode((Int64, Bool, String?).self)
        let entry = Entry(day: day, value: Amount(thousandths: value), isSkipped: skipped, note: note)
        guard entry.isEmpty else { return entry }
        try await run(
            """
            DELETE FROM entries WHERE user_id = \(owner.rawValue) AND habit_id = \(habit.rawValue) AND day = \(day.ordinal)
            """, on: c)
        return nil
    }

    /// Each entry replaces its day's entry, in order (so the last one for a day wins); empty ones
    /// clear the day. Two statements however many entries.
    private func importEntries(_ entries: [Entry], habit: Habit.ID, owner: User.ID, on c: PostgresConnection) async throws {
        var last: [Day: Entry] = [:]
        for entry in entries { last[entry.day] = entry }
        let kept = last.values.filter { !$0.isEmpty }.sorted { $0.day < $1.day }
        let cleared = last.values.filter(\.isEmpty).map(\.day.ordinal)
        let user = owner.rawValue
        if !kept.isEmpty {
            let replace = try await entryReplacement(of: habit, owner: owner, writing: kept.count, on: c)
            try await run(
                """
                INSERT INTO entries (user_id, habit_id, day, value, is_skipped, note)
                SELECT \(user), \(habit.rawValue), u.day, u.value, u.skipped, CASE WHEN u.has_note THEN u.note END
                FROM unnest(\(kept.map(\.day.ordinal))::bigint[], \(kept.map(\.value.thousandths))::bigint[],
                            \(kept.map(\.isSkipped))::boolean[], \(kept.map { $0.note ?? "" })::text[],
                            \(kept.map { $0.note != nil })::boolean[]) AS u(day, value, skipped, note, has_note)
                WHERE EXISTS (SELECT 1 FROM habits WHERE user_id = \(user) AND id = \(habit.rawValue))
                \(unescaped: replace)
                """, on: c)
        }
        if !cleared.isEmpty {
            try await run(
                """
                DELETE FROM entries
                WHERE user_id = \(user) AND habit_id = \(habit.rawValue) AND day = ANY(\(cleared)::bigint[])
                """, on: c)
        }
    }

    /// The clause by which an insert of `count` entries of a habit replaces the days it already
    /// holds. `ON CONFLICT` looks each row's key up before inserting it (a large part of a big
    /// import's time); a habit that holds no entries yet, as every habit of a first sync, needs
    /// none. A small write keeps the clause rather than ask first (`knownEmpty` skips the asking).
    func entryReplacement(
        of habit: Habit.ID, owner: User.ID, writing count: Int, knownEmpty: Bool = false, on c: PostgresConnection
    ) async throws -> String {
        let clause = """
            ON CONFLICT (user_id, habit_id, day) DO UPDATE SET
                value = excluded.value, is_skipped = excluded.is_skipped, note = excluded.note
            """
        if knownEmpty { return "" }
        guard count >= 64 else { return clause }
        let held = try await rows(
            """
            SELECT EXISTS (SELECT 1 FROM entries WHERE user_id = \(owner.rawValue) AND habit_id = \(habit.rawValue))
            """, on: c)
        return try held.first?.decode(Bool.self) == false ? "" : clause
    }

    /// Creates or updates a routine as `UserState.apply` does: an existing routine keeps its
    /// place, a new one goes last; only the owner's habits are kept, and they leave any other routine.
    private func putRoutine(_ routine: Routine, owner: User.ID, on c: PostgresConnection) async throws {
        let user = owner.rawValue
        var seen: Set<Habit.ID> = []
        let habits = routine.habitIDs.filter { seen.insert($0).inserted }.map(\.rawValue)
        let weekdays = try Self.json(routine.weekdays.sorted())
        try await run(
            """
            INSERT INTO routines (user_id, id, name, start, weekdays, color, sort_order)
            SELECT \(user), \(routine.id.rawValue), \(routine.name), \(routine.start.description), \(weekdays)::jsonb,
                   \(routine.color.rawValue), coalesce(max(sort_order) + 1, 0)
            FROM routines WHERE user_id = \(user)
            ON CONFLICT (user_id, id) DO UPDATE SET
                name = excluded.name, start = excluded.start, weekdays = excluded.weekdays, color = excluded.color
            """, on: c)
        try await run(
            """
            DELETE FROM routine_habits
            WHERE user_id = \(user) AND (routine_id = \(routine.id.rawValue) OR habit_id = ANY(\(habits)::uuid[]))
            """, on: c)
        guard !habits.isEmpty else { return }
        try await run(
            """
            INSERT INTO routine_habits (user_id, habit_id, routine_id, position)
            SELECT \(user), h.id, \(routine.id.rawValue), u.n - 1
            FROM unnest(\(habits)::uuid[]) WITH ORDINALITY AS u(id, n)
            JOIN habits h ON h.user_id = \(user) AND h.id = u.id
            """, on: c)
    }

    /// Puts a habit into a routine at a position (default last), out of any other; `nil`: out of
    /// every routine. An unknown habit or routine, or a position outside the list, changes nothing.
    private func moveHabit(
        _ habit: Habit.ID, to routine: Routine.ID?, at index: Int?, owner: User.ID, on c: PostgresConnection
    ) async throws {
        let user = owner.rawValue
        guard let routine else {
            try await run("DELETE FROM routine_habits WHERE user_id = \(user) AND habit_id = \(habit.rawValue)", on: c)
            return
        }
        let rows = try await rows(
            """
            SELECT (SELECT count(*) FROM habits WHERE user_id = \(user) AND id = \(habit.rawValue)) AS habit_exists,
                   rh.habit_id
            FROM routines r
            LEFT JOIN routine_habits rh ON rh.user_id = r.user_id AND rh.routine_id = r.id
            WHERE r.user_id = \(user) AND r.id = \(routine.rawValue)
            ORDER BY rh.position
            """, on: c)
        guard let first = rows.first, try first.decode((Int, UUID?).self).0 > 0 else { return }
        var list = try rows.compactMap { try $0.decode((Int, UUID?).self).1 }.filter { $0 != habit.rawValue }
        let position = index ?? list.count
        guard (0...list.count).contains(position) else { return }
        list.insert(habit.rawValue, at: position)
        try await run(
            """
            DELETE FROM routine_habits
            WHERE user_id = \(user) AND (routine_id = \(routine.rawValue) OR habit_id = \(habit.rawValue))
            """, on: c)
        try await run(
            """
            INSERT INTO routine_habits (user_id, habit_id, routine_id, position)
            SELECT \(user), u.id, \(routine.rawValue), u.n - 1 FROM unnest(\(list)::uuid[]) WITH ORDINALITY AS u(id, n)
            """, on: c)
    }
}
