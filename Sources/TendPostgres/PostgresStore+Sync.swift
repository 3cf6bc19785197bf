import Foundation
import PostgresNIO
import Synchronization
import TendCore
import TendStore
import TendWords

/// Sync on PostgreSQL: taking in other devices' operations and paging the log out.
/// Every merge holds the owner's row lock (``lockOwner(_:on:)``), as every write does, so an
/// owner's log positions become visible in order and a device's cursor never skips one.
extension PostgresStore {
    public func operationLogID() async throws -> String {
        try await read { c in
            let rows = try await self.rows("SELECT value FROM sync_meta WHERE key = 'log'", on: c)
            guard let id = try rows.first?.decode(String.self) else {
                throw StoreError.unreadable("the database has no op-log identity")
            }
            return id
        }
    }

    public func receive(owner: User.ID, _ operations: [ChangeOperation], from device: String?) async throws -> MergeReceipt {
        try await write { c in
            try await self.lockOwner(owner, on: c)
            var seen: Set<UUID> = []
            let batch = operations.filter { seen.insert($0.id).inserted }
            let heldRows = try await self.rows(
                "SELECT id, user_id FROM ops WHERE id = ANY(\(batch.map(\.id))::uuid[])", on: c)
            var held: Set<UUID> = []
            for row in heldRows {
                let (id, holder) = try row.decode((UUID, UUID).self)
                guard holder == owner.rawValue else {
                    throw StoreError.conflict(
                        t("operation {operation} belongs to another account; nothing was stored", ["operation": id.text()]))
                }
                held.insert(id)
            }
            let new = MergeFold.sorted(batch.filter { !held.contains($0.id) })
            if !new.isEmpty {
                let frontierRows = try await self.rows(
                    "SELECT hlc, id FROM ops WHERE user_id = \(owner.rawValue) ORDER BY hlc DESC, id DESC LIMIT 1", on: c)
                let frontier = try frontierRows.first.flatMap { row -> (HybridTimestamp, String)? in
                    let (hlc, id) = try row.decode((String, UUID).self)
                    return HybridTimestamp(hlc).map { ($0, id.text()) }
                }
                try await self.log(new, owner: owner, origin: device ?? "", on: c)
                if MergePlan.inOrder(new, after: frontier) {
                    try await self.apply(inOrder: new.map(\.change), owner: owner, on: c)
                    if new.contains(where: { ReminderRules.needsPlanning($0.change) }) {
                        _ = try await self.markForPlanning(owner, on: c)
                    }
                } else {
                    try await self.refold(MergePlan(new), owner: owner, on: c)
                }
                let latest = new.last!.timestamp
                let wall = self.now()
                self.clock.withLock { $0.receive(latest, now: wall) }
            }
            return MergeReceipt(
                accepted: new.count, duplicates: operations.count - new.count,
                latestSequence: try await self.fetchLatestSequence(owner, on: c) ?? 0)
        }
    }

    /// An owner's ops after a position, not from `device`, in order: one more than `limit`
    /// candidates, bounded on `(user_id, seq)` on both sides, never `user_id = x AND seq > n` (see
    /// ``latestSequence(_:)``), cut to the page in the database, so that only the page's rows leave
    /// it: those within `maximumBytes` of stored change (the first always), and, in each row, how
    /// many candidates there were, which tells whether more remain. Sizes are `pg_column_size`,
    /// the stored (for a large import, compressed) size, read without turning every candidate's
    /// JSON into text; only the page's rows are.
    static func pageQuery(owner: User.ID, after: Int64, notFrom device: String?, limit: Int, maximumBytes: Int) -> PostgresQuery {
        """
        SELECT seq, id, device, hlc, change::text, candidates FROM (
          SELECT seq, id, device, hlc, change, count(*) OVER () AS candidates,
                 row_number() OVER (ORDER BY seq) AS n, sum(pg_column_size(change)) OVER (ORDER BY seq) AS through
          FROM (
            SELECT seq, id, device, hlc, change FROM ops
            WHERE (user_id, seq) > (\(owner.rawValue), \(after)) AND (user_id, seq) <= (\(owner.rawValue), \(Int64.max))
              AND device <> \(device ?? "") AND coalesce(origin, '') <> \(device ?? "")
            ORDER BY user_id, seq LIMIT \(limit + 1)
          ) AS candidate
        ) AS page
        WHERE n <= \(limit) AND (n = 1 OR through <= \(Int64(maximumBytes)))
        ORDER BY seq
        """
    }

    public func operations(
        owner: User.ID, after: Int64, notFrom device: String?, limit: Int, maximumBytes: Int
    ) async throws -> OperationPage {
        try await read { c in
            try await self.requireOwner(owner, on: c)
            let limit = max(1, limit)
            let rows = try await self.rows(
                Self.pageQuery(owner: owner, after: after, notFrom: device, limit: limit, maximumBytes: maximumBytes), on: c)
            var candidates: Int64 = 0
            let operations = try rows.map { row in
                let (sequence, id, device, hlc, change, count) = try row.decode((Int64, UUID, String, String, String, Int64).self)
                candidates = count
                return try Self.loggedOperation(sequence: sequence, id: id, device: device, hlc: hlc, change: change)
            }
            if candidates > operations.count {
                return OperationPage(operations: operations, last: operations.last!.sequence, more: true)
            }
            let latest = try await self.fetchLatestSequence(owner, on: c) ?? 0
            return OperationPage(operations: operations, last: max(after, latest), more: false)
        }
    }

    /// Applies changes in order, as applying them one by one would, in a few statements per run
    /// of entry changes whatever its length: the run's days are read in one query, folded in
    /// memory (entry changes of different days commute) and written in one upsert and one delete.
    /// Any other change ends a run and is applied on its own.
    func apply(inOrder changes: [Change], owner: User.ID, on c: PostgresConnection) async throws {
        var start = 0
        while start < changes.count {
            guard changes[start].entryDay != nil else {
                try await apply(changes[start], owner: owner, merging: true, on: c)
                start += 1
                continue
            }
            var end = start
            while end < changes.count, changes[end].entryDay != nil { end += 1 }
            try await applyEntries(Array(changes[start..<end]), owner: owner, on: c)
            start = end
        }
    }

    private struct Cell: Hashable {
        var habit: Habit.ID
        var day: Day
    }

    private func applyEntries(_ changes: [Change], owner: User.ID, on c: PostgresConnection) async throws {
        let user = owner.rawValue
        var cells: [Cell] = []
        var seen: Set<Cell> = []
        for change in changes {
            guard let habit = change.habitID, let day = change.entryDay else { continue }
            if seen.insert(Cell(habit: habit, day: day)).inserted { cells.append(Cell(habit: habit, day: day)) }
        }
        let rows = try await rows(
            """
            SELECT p.habit, p.day, h.id IS NOT NULL, e.value, e.is_skipped, e.note
            FROM unnest(\(cells.map(\.habit.rawValue))::uuid[], \(cells.map(\.day.ordinal))::bigint[]) AS p(habit, day)
            LEFT JOIN habits h ON h.user_id = \(user) AND h.id = p.habit
            LEFT JOIN entries e ON e.user_id = \(user) AND e.habit_id = p.habit AND e.day = p.day
            """, on: c)
        var entries: [Cell: Entry] = [:]
        var existing: Set<Habit.ID> = []
        for row in rows {
            let (habit, ordinal, exists, value, skipped, note) = try row.decode((UUID, Int, Bool, Int64?, Bool?, String?).self)
            let cell = Cell(habit: Habit.ID(rawValue: habit), day: Day(ordinal: ordinal))
            if exists { existing.insert(cell.habit) }
            entries[cell] = Entry(day: cell.day, value: Amount(thousandths: value ?? 0), isSkipped: skipped ?? false, note: note)
        }
        for change in changes {
            guard let habit = change.habitID, let day = change.entryDay, existing.contains(habit) else { continue }
            let cell = Cell(habit: habit, day: day)
            entries[cell] = (entries[cell] ?? Entry(day: day)).applying(change)
        }
        let written = cells.filter { existing.contains($0.habit) }
        let kept = written.compactMap { cell in entries[cell].flatMap { $0.isEmpty ? nil : (cell, $0) } }
        let cleared = written.filter { entries[$0]?.isEmpty ?? true }
        try await run(
            """
            WITH put AS (
                INSERT INTO entries (user_id, habit_id, day, value, is_skipped, note)
                SELECT \(user), u.habit, u.day, u.value, u.skipped, CASE WHEN u.has_note THEN u.note END
                FROM unnest(\(kept.map(\.0.habit.rawValue))::uuid[], \(kept.map(\.0.day.ordinal))::bigint[],
                            \(kept.map(\.1.value.thousandths))::bigint[], \(kept.map(\.1.isSkipped))::boolean[],
                            \(kept.map { $0.1.note ?? "" })::text[], \(kept.map { $0.1.note != nil })::boolean[])
                     AS u(habit, day, value, skipped, note, has_note)
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET
                    value = excluded.value, is_skipped = excluded.is_skipped, note = excluded.note
            )
            DELETE FROM entries e
            USING unnest(\(cleared.map(\.habit.rawValue))::uuid[], \(cleared.map(\.day.ordinal))::bigint[]) AS d(habit, day)
            WHERE e.user_id = \(user) AND e.habit_id = d.habit AND e.day = d.day
            """, on: c)
    }

    static func loggedOperation(_ row: PostgresRow) throws -> LoggedOperation {
        let (sequence, id, device, hlc, change) = try row.decode((Int64, UUID, String, String, String).self)
        return try loggedOperation(sequence: sequence, id: id, device: device, hlc: hlc, change: change)
    }

    static func loggedOperation(sequence: Int64, id: UUID, device: String, hlc: String, change: String) throws -> LoggedOperation {
        guard let timestamp = HybridTimestamp(hlc) else {
            throw StoreError.unreadable("operation \(id) has a damaged timestamp '\(hlc)'")
        }
        return LoggedOperation(
            sequence: sequence,
            operation: ChangeOperation(id: id, device: device, timestamp: timestamp, change: try decodeChange(change)))
    }

    private static func decodeChange(_ text: String) throws -> Change {
        do {
            return try Change.decode(json: Array(text.utf8))
        } catch {
            throw StoreError.unreadable("stored Change is damaged: \(error)")
        }
    }

    /// Refolds what late operations can have changed (``MergePlan``) and writes it back.
    private func refold(_ plan: MergePlan, owner: User.ID, on c: PostgresConnection) async throws {
        let user = owner.rawValue
        var whole = plan.wholeHabits
        if plan.structural {
            let stored = UserState(
                settings: try await fetchUser(owner, on: c).settings,
                habits: try await fetchHabits(owner, includeArchived: true, on: c).map { TrackedHabit(habit: $0) },
                routines: try await fetchRoutines(owner, on: c).routines, groups: try await fetchGroups(owner, on: c).groups,
                tips: try await fetchTips(owner, on: c))
            // Imports carry entries only, and are the log's largest rows: left out.
            let operations = try await self.operations(
                """
                SELECT seq, id, device, hlc, change::text FROM ops
                WHERE user_id = \(user) AND day IS NULL AND NOT (change ? 'entriesImported')
                """, on: c)
            let diff = StructureDiff(
                stored: stored, folded: MergeFold.structure(operations, settings: stored.settings), operations: operations)
            try await write(diff, owner: owner, on: c)
            whole.formUnion(diff.inserted.map(\.id) + diff.recreated)
        }
        for habit in whole.sorted() {
            let operations = try await self.operations(
                "SELECT seq, id, device, hlc, change::text FROM ops WHERE user_id = \(user) AND habit_id = \(habit.rawValue)", on: c)
            guard let entries = MergeFold.entries(of: habit, operations) else { continue }
            try await run("DELETE FROM entries WHERE user_id = \(user) AND habit_id = \(habit.rawValue)", on: c)
            try await put(Array(entries.values), days: [], habit: habit, owner: owner, cleared: true, on: c)
        }
        for (habit, days) in plan.days where !whole.contains(habit) {
            let ordinals = days.map(\.ordinal)
            let operations = try await self.operations(
                """
                SELECT seq, id, device, hlc, change::text FROM ops
                WHERE user_id = \(user) AND habit_id = \(habit.rawValue) AND (day IS NULL OR day = ANY(\(ordinals)::integer[]))
                """, on: c)
            guard let entries = MergeFold.entries(of: habit, operations) else { continue }
            try await put(days.compactMap { entries[$0] }, days: Array(days), habit: habit, owner: owner, on: c)
        }
    }

    /// The operations a query (`SELECT seq, id, device, hlc, change::text FROM ops …`) reads.
    private func operations(_ query: PostgresQuery, on c: PostgresConnection) async throws -> [ChangeOperation] {
        try await rows(query, on: c).map { try Self.loggedOperation($0).operation }
    }

    /// Writes `entries` of a habit and clears the other days of `days` (empty entries clear theirs);
    /// `cleared`: the habit holds no entries before.
    private func put(
        _ entries: [Entry], days: [Day], habit: Habit.ID, owner: User.ID, cleared habitCleared: Bool = false,
        on c: PostgresConnection
    ) async throws {
        let user = owner.rawValue
        let kept = entries.filter { !$0.isEmpty }
        let keptDays = Set(kept.map(\.day))
        let cleared = (days + entries.filter(\.isEmpty).map(\.day)).filter { !keptDays.contains($0) }.map(\.ordinal)
        if !cleared.isEmpty {
            try await run(
                """
                DELETE FROM entries WHERE user_id = \(user) AND habit_id = \(habit.rawValue) AND day = ANY(\(cleared)::bigint[])
                """, on: c)
        }
        guard !kept.isEmpty else { return }
        let replace = try await entryReplacement(
            of: habit, owner: owner, writing: kept.count, knownEmpty: habitCleared, on: c)
        try await run(
            """
            INSERT INTO entries (user_id, habit_id, day, value, is_skipped, note)
            SELECT \(user), \(habit.rawValue), u.day, u.value, u.skipped, CASE WHEN u.has_note THEN u.note END
            FROM unnest(\(kept.map(\.day.ordinal))::bigint[], \(kept.map(\.value.thousandths))::bigint[],
                        \(kept.map(\.isSkipped))::boolean[], \(kept.map { $0.note ?? "" })::text[],
                        \(kept.map { $0.note != nil })::boolean[]) AS u(day, value, skipped, note, has_note)
            \(unescaped: replace)
            """, on: c)
    }

    private func write(_ diff: StructureDiff, owner: User.ID, on c: PostgresConnection) async throws {
        let user = owner.rawValue
        if !diff.deleted.isEmpty {
            try await run(
                "DELETE FROM habits WHERE user_id = \(user) AND id = ANY(\(diff.deleted.map(\.rawValue))::uuid[])", on: c)
        }
        if !diff.updated.isEmpty {
            // Names can move between habits: free every changed name first, so no statement holds a name twice.
            try await run(
                """
                UPDATE habits SET name_key = chr(1) || id::text
                WHERE user_id = \(user) AND id = ANY(\(diff.updated.map(\.id.rawValue))::uuid[])
                """, on: c)
        }
        for habit in diff.updated {
            try await run(
                """
                UPDATE habits SET name = \(habit.name), name_key = \(HabitRules.nameKey(habit.name)), emoji = \(habit.emoji),
                    color = \(habit.color.rawValue), notes = \(habit.notes), kind = \(habit.kind.rawValue),
                    type = \(habit.type.rawValue), target = \(habit.target.thousandths), unit = \(habit.unit),
                    step = \(habit.step.thousandths),
                    schedule = \(try Self.json(habit.schedule))::jsonb, routine_time = \(habit.routineTime.rawValue),
                    reminders = \(try Self.json(habit.reminders))::jsonb, is_archived = \(habit.isArchived),
                    sort_order = \(habit.order), group_name = \(habit.group), tags = \(try Self.json(habit.tags)),
                    starts_on = \(habit.startsOn?.ordinal)::integer, ends_on = \(habit.endsOn?.ordinal)::integer,
                    pauses = \(try Self.json(habit.pauses))::jsonb, versions = \(try Self.json(habit.versions))::jsonb
                WHERE user_id = \(user) AND id = \(habit.id.rawValue)
                """, on: c)
        }
        for habit in diff.inserted { try await apply(.habitCreated(habit: habit), owner: owner, on: c) }
        if let routines = diff.routines {
            try await run("DELETE FROM routines WHERE user_id = \(user)", on: c)
            for routine in routines.sorted(by: { $0.order < $1.order }) {
                try await apply(.routineCreated(routine: routine), owner: owner, on: c)
            }
        }
        if let settings = diff.settings { try await apply(.settingsChanged(settings: settings), owner: owner, on: c) }
        if let groups = diff.groups {
            try await run("UPDATE users SET habit_groups = \(try Self.json(groups)) WHERE id = \(user)", on: c)
        }
        if let tips = diff.tips {
            for tip in tips.dismissed { try await apply(.tipDismissed(tip: tip), owner: owner, on: c) }
            for tip in tips.actedOn {
                try await run(
                    "INSERT INTO tips (user_id, tip, state) VALUES (\(user), \(tip.rawValue), 'actedOn') ON CONFLICT DO NOTHING",
                    on: c)
            }
        }
        if !diff.deleted.isEmpty || !diff.updated.isEmpty || !diff.inserted.isEmpty || diff.settings != nil {
            _ = try await markForPlanning(owner, on: c)
        }
    }
}
