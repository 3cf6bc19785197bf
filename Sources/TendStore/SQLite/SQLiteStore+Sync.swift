import Foundation
import GRDB
import Synchronization
import TendCore

/// Sync on SQLite (issue 15): taking in other devices' operations and paging the log out.
extension SQLiteStore {
    public func operationLogID() async throws -> String {
        try await writer.read { db in try SQLiteSync.logID(db) }
    }

    public func receive(owner: User.ID, _ operations: [ChangeOperation], from device: String?) async throws -> MergeReceipt {
        try await commits.write { [self] db in
            let accepted = try merge(operations, owner: owner, origin: device ?? "", db: db)
            let sequence = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT MAX(seq) FROM ops WHERE user_id = ?"), arguments: [owner.description])
            return MergeReceipt(accepted: accepted, duplicates: operations.count - accepted, latestSequence: sequence ?? 0)
        }
    }

    /// Logs the operations the user's log does not hold and merges them (see
    /// ``receive(owner:_:from:)``), noting the device they came from (`origin`). Returns how many
    /// were new.
    func merge(_ operations: [ChangeOperation], owner: User.ID, origin: String, db: Database) throws -> Int {
        guard try SQLiteRows.user(db, id: owner.description) != nil else { throw StoreError.notFound("user") }
        let new = try SQLiteSync.unseen(operations, owner: owner, db: db)
        guard !new.isEmpty else { return 0 }
        let frontier = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT hlc, id FROM ops WHERE user_id = ? ORDER BY hlc DESC, id DESC LIMIT 1"),
            arguments: [owner.description]
        ).flatMap { row in HybridTimestamp(row[0] as String).map { ($0, row[1] as String) } }
        for operation in new {
            try SQLiteApply.log(
                operation.change, owner: owner, timestamp: operation.timestamp, id: operation.id, origin: origin, db: db)
        }
        if MergePlan.inOrder(new, after: frontier) {
            try SQLiteApply.apply(inOrder: new.map(\.change), owner: owner, merging: true, db: db)
        } else {
            try SQLiteSync.refold(MergePlan(new), owner: owner, db: db)
        }
        let latest = new.last!.timestamp
        let wall = now()
        clock.withLock { clock in clock?.receive(latest, now: wall) }
        return new.count
    }

    public func operations(owner: User.ID, after: Int64, notFrom device: String?, limit: Int) async throws -> OperationPage {
        try await writer.read { db in
            guard try SQLiteRows.user(db, id: owner.description) != nil else { throw StoreError.notFound("user") }
            let limit = max(1, limit)
            // One more than the page, to know whether more remain.
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT seq, id, device, hlc, change FROM ops
                        WHERE user_id = ?1 AND seq > ?2 AND device <> ?3 AND coalesce(origin, '') <> ?3 ORDER BY seq LIMIT ?4
                        """),
                arguments: [owner.description, after, device ?? "", limit + 1])
            let operations = try rows.prefix(limit).map(SQLiteRows.loggedOperation)
            if rows.count > limit { return OperationPage(operations: operations, last: operations.last!.sequence, more: true) }
            let latest = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT MAX(seq) FROM ops WHERE user_id = ?"), arguments: [owner.description])
            return OperationPage(operations: operations, last: max(after, latest ?? 0), more: false)
        }
    }
}

/// The SQL of SQLite's merge.
enum SQLiteSync {
    /// The op-log rows of structural changes (``Change/isStructural``): no day, and not an import,
    /// which names a habit and is told by its JSON's first key.
    static let structural = "(day IS NULL AND (habit_id IS NULL OR change NOT LIKE '{\"entriesImported\"%'))"

    static func logID(_ db: Database) throws -> String {
        guard let id = try String.fetchOne(db, sql: "SELECT value FROM sync_meta WHERE key = 'log'") else {
            throw StoreError.unreadable("the database has no op-log identity")
        }
        return id
    }

    /// The operations of `operations` the log does not hold yet (each once), in the fold's order;
    /// refuses the batch when one of them is another user's.
    static func unseen(_ operations: [ChangeOperation], owner: User.ID, db: Database) throws -> [ChangeOperation] {
        var seen: Set<UUID> = []
        let batch = operations.filter { seen.insert($0.id).inserted }
        var held: Set<UUID> = []
        let chunk = 500
        for start in stride(from: 0, to: batch.count, by: chunk) {
            let ids = batch[start..<min(start + chunk, batch.count)].map { $0.id.text() }
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
            for row in try Row.fetchAll(
                db, sql: "SELECT id, user_id FROM ops WHERE id IN (\(marks))", arguments: StatementArguments(ids))
            {
                guard (row[1] as String) == owner.description else {
                    throw StoreError.conflict("operation \(row[0] as String) belongs to another account; nothing was stored")
                }
                held.insert(try SQLiteRows.uuid(row[0]))
            }
        }
        return MergeFold.sorted(batch.filter { !held.contains($0.id) })
    }

    /// Refolds what late operations can have changed (``MergePlan``) and writes it back.
    static func refold(_ plan: MergePlan, owner: User.ID, db: Database) throws {
        let user = owner.description
        var whole = plan.wholeHabits
        if plan.structural {
            guard let stored = try SQLiteRows.user(db, id: user) else { throw StoreError.notFound("user") }
            let storedState = UserState(
                settings: stored.settings,
                habits: try SQLiteRows.habits(db, owner: owner, includeArchived: true).map { TrackedHabit(habit: $0) },
                routines: try SQLiteRows.routines(db, owner: owner), groups: try SQLiteRows.groups(db, owner: owner).groups,
                tips: try SQLiteRows.tipState(db, owner: owner))
            // Imports carry entries only, and are the log's largest rows: left out by their prefix.
            let operations = try operations(
                db, where: structural, [user])
            let diff = StructureDiff(
                stored: storedState, folded: MergeFold.structure(operations, settings: stored.settings), operations: operations)
            try write(diff, owner: owner, db: db)
            whole.formUnion(diff.inserted.map(\.id) + diff.recreated)
        }
        for habit in whole.sorted() {
            let operations = try self.operations(db, where: "habit_id = ?", [user, habit.description])
            guard let entries = MergeFold.entries(of: habit, operations) else { continue }
            try db.execute(sql: "DELETE FROM entries WHERE user_id = ? AND habit_id = ?", arguments: [user, habit.description])
            try SQLiteApply.store(Array(entries.values), owner: owner, habit: habit, db: db)
        }
        for (habit, days) in plan.days where !whole.contains(habit) {
            let ordinals = days.map(\.ordinal)
            let marks = Array(repeating: "?", count: ordinals.count).joined(separator: ",")
            let operations = try self.operations(
                db, where: "habit_id = ? AND (day IS NULL OR day IN (\(marks)))",
                [user, habit.description] + ordinals.map { $0 as any DatabaseValueConvertible })
            guard let entries = MergeFold.entries(of: habit, operations) else { continue }
            try SQLiteApply.store(days.map { entries[$0] ?? Entry(day: $0) }, owner: owner, habit: habit, db: db)
        }
    }

    private static func operations(
        _ db: Database, where condition: String, _ arguments: [any DatabaseValueConvertible]
    ) throws -> [ChangeOperation] {
        try Row.fetchAll(
            db, sql: "SELECT seq, id, device, hlc, change FROM ops WHERE user_id = ? AND \(condition)",
            arguments: StatementArguments(arguments)
        ).map { try SQLiteRows.loggedOperation($0).operation }
    }

    private static func write(_ diff: StructureDiff, owner: User.ID, db: Database) throws {
        let user = owner.description
        for id in diff.deleted {
            try db.execute(sql: "DELETE FROM habits WHERE user_id = ? AND id = ?", arguments: [user, id.description])
        }
        // Names can move between habits (one renamed to what another was called): free every
        // changed name first, so no intermediate state holds a name twice.
        for habit in diff.updated {
            try db.execute(
                sql: "UPDATE habits SET name_key = ? WHERE user_id = ? AND id = ?",
                arguments: ["\u{1}" + habit.id.description, user, habit.id.description])
        }
        for habit in diff.updated { try SQLiteApply.update(habit, owner: owner, db: db) }
        for habit in diff.inserted { try SQLiteApply.insert(habit, owner: owner, db: db) }
        if let routines = diff.routines { try SQLiteApply.write(routines, owner: owner, db: db) }
        if let groups = diff.groups { try SQLiteApply.write(GroupList(groups), owner: owner, db: db) }
        if let settings = diff.settings { try SQLiteApply.write(settings, owner: owner, db: db) }
        if let tips = diff.tips { try SQLiteApply.write(tips, owner: owner, db: db) }
        if !diff.deleted.isEmpty || !diff.updated.isEmpty || !diff.inserted.isEmpty || diff.settings != nil {
            try SQLiteReminderRows.markForPlanning(owner, db: db)
        }
    }
}
