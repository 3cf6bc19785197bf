import Foundation
import GRDB
import Synchronization
import TendCore
import TendStore
import TendWords

/// Sync on SQLite: taking in other devices' operations and paging the log out.
extension SQLiteStore {
    public func operationLogID() async throws -> String {
        try await writer.read { db in try SQLiteSync.logID(db) }
    }

    /// Operations that order before ones already applied are merged by refolding what they can
    /// have changed (``MergePlan``), which reads logged operations: a habit's imports among them,
    /// the log's largest rows. Those are read and decoded here first, on a reader, not under the
    /// write lock every user's writes wait for (decoding a few large imports there would hold it
    /// for a second). A logged operation never changes, so what was read stays true; the
    /// merge reads under the lock only the ids of what it refolds, and whatever came since.
    public func receive(owner: User.ID, _ operations: [ChangeOperation], from device: String?) async throws -> MergeReceipt {
        let known = (try? await writer.read { db in try SQLiteSync.prefetch(operations, owner: owner, db: db) }) ?? KnownOperations()
        return try await commits.write { [self] db in
            let accepted = try merge(operations, owner: owner, origin: device ?? "", known: known, db: db)
            let sequence = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT MAX(seq) FROM ops WHERE user_id = ?"), arguments: [owner.description])
            return MergeReceipt(accepted: accepted, duplicates: operations.count - accepted, latestSequence: sequence ?? 0)
        }
    }

    /// Logs the operations the user's log does not hold and merges them (see
    /// ``receive(owner:_:from:)``), noting the device they came from (`origin`). Returns how many
    /// were new. `known`: logged operations already read.
    func merge(
        _ operations: [ChangeOperation], owner: User.ID, origin: String, known: KnownOperations = KnownOperations(), db: Database
    ) throws -> Int {
        guard try SQLiteRows.user(db, id: owner.description) != nil else { throw StoreError.notFound("user") }
        let new = try SQLiteSync.unseen(operations, owner: owner, db: db)
        guard !new.isEmpty else { return 0 }
        let frontier = try SQLiteSync.frontier(owner: owner, db: db)
        for operation in new {
            try SQLiteApply.log(
                operation.change, owner: owner, timestamp: operation.timestamp, id: operation.id, origin: origin, db: db)
        }
        if MergePlan.inOrder(new, after: frontier) {
            try SQLiteApply.apply(inOrder: new.map(\.change), owner: owner, merging: true, db: db)
        } else {
            // The new operations are logged now: the refold reads them as it reads the others.
            var known = known
            for operation in new { known.whole[operation.id.text()] = operation }
            try SQLiteSync.refold(MergePlan(new), owner: owner, known: known, db: db)
        }
        let latest = new.last!.timestamp
        let wall = now()
        clock.withLock { clock in clock?.receive(latest, now: wall) }
        return new.count
    }

    public func operations(
        owner: User.ID, after: Int64, notFrom device: String?, limit: Int, maximumBytes: Int
    ) async throws -> OperationPage {
        try await writer.read { db in
            guard try SQLiteRows.user(db, id: owner.description) != nil else { throw StoreError.notFound("user") }
            var page = OperationPageBuilder(limit: limit, maximumBytes: maximumBytes)
            // Row by row, so that no more than the page (and the first row after it) is read.
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT seq, id, device, hlc, change FROM ops
                        WHERE user_id = ?1 AND seq > ?2 AND device <> ?3 AND coalesce(origin, '') <> ?3 ORDER BY seq LIMIT ?4
                        """),
                arguments: [owner.description, after, device ?? "", page.limit + 1])
            while let row = try rows.next() {
                guard try page.take(size: (row[4] as String).utf8.count, { try SQLiteRows.loggedOperation(row) }) else { break }
            }
            let operations = page.operations
            if page.more { return OperationPage(operations: operations, last: operations.last!.sequence, more: true) }
            let latest = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT MAX(seq) FROM ops WHERE user_id = ?"), arguments: [owner.description])
            return OperationPage(operations: operations, last: max(after, latest ?? 0), more: false)
        }
    }
}

/// Logged operations read before a merge's write (``SQLiteStore/receive(owner:_:from:)``), by id.
struct KnownOperations: Sendable {
    /// Whole operations.
    var whole: [String: ChangeOperation] = [:]
    /// Imports cut to the days a refold of their habit's days reads (to none for a habit only the
    /// structure's refold lists): folding those days needs no more, and a habit's years of imports
    /// are not folded under the write lock for one day.
    var cut: [String: (days: Set<Day>, operation: ChangeOperation)] = [:]

    /// The operation as a read with `days` needs it: a cut import serves a read of the days it was
    /// cut to, or of none; a habit's whole refold (`nil`) takes only whole ones.
    func operation(_ id: String, cutTo days: Set<Day>?) -> ChangeOperation? {
        if let operation = whole[id] { return operation }
        guard let days, let stored = cut[id], days.isEmpty || days == stored.days else { return nil }
        return stored.operation
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

    /// The latest operation applied: what a merge's first new operation must order after to be
    /// applied in order.
    static func frontier(owner: User.ID, db: Database) throws -> (timestamp: HybridTimestamp, id: String)? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT hlc, id FROM ops WHERE user_id = ? ORDER BY hlc DESC, id DESC LIMIT 1"),
            arguments: [owner.description]
        ).flatMap { row in HybridTimestamp(row[0] as String).map { ($0, row[1] as String) } }
    }

    /// The logged operations a merge of `operations` would refold, read and decoded (see
    /// ``SQLiteStore/receive(owner:_:from:)``); none when they merge in order.
    static func prefetch(_ operations: [ChangeOperation], owner: User.ID, db: Database) throws -> KnownOperations {
        guard try SQLiteRows.user(db, id: owner.description) != nil else { return KnownOperations() }
        let new = try unseen(operations, owner: owner, db: db)
        guard !new.isEmpty, !MergePlan.inOrder(new, after: try frontier(owner: owner, db: db)) else { return KnownOperations() }
        let plan = MergePlan(new)
        var reads: [Read] = []
        if plan.structural { reads.append(.structural(owner)) }
        reads += plan.wholeHabits.sorted().map { Read.habit($0, owner) }
        reads += plan.days.filter { !plan.wholeHabits.contains($0.key) }.map { Read.days($1, of: $0, owner) }
        var known = KnownOperations()
        for read in reads {
            for row in try Row.fetchAll(
                db, sql: "SELECT seq, id, device, hlc, change FROM ops WHERE user_id = ? AND \(read.condition)",
                arguments: StatementArguments(read.arguments))
            {
                let id: String = row[1]
                var operation = try SQLiteRows.loggedOperation(row).operation
                guard case .entriesImported(let habit, let entries) = operation.change, let days = read.cut else {
                    known.whole[id] = operation
                    continue
                }
                // The structure's read only tells imports apart; a days read wants their days.
                if read.cut == [], known.cut[id] != nil { continue }
                operation.change = .entriesImported(habit: habit, entries: entries.filter { days.contains($0.day) })
                known.cut[id] = (days, operation)
            }
        }
        return known
    }

    /// Which of a user's logged operations a refold reads: a condition on columns the indexes
    /// hold (never on `change`, whose reading is the cost to keep out of the write lock).
    struct Read {
        var condition: String
        var arguments: [any DatabaseValueConvertible]
        /// The days of imports the refold uses: all (`nil`), some, or none (it only leaves them out).
        var cut: Set<Day>?

        /// Every operation without a day (structure, habits' own, imports), through the
        /// `ops_without_day` index; the refold keeps the structural ones.
        static func structural(_ owner: User.ID) -> Read { Read(condition: "day IS NULL", arguments: [owner.description], cut: []) }

        /// Everything of a habit.
        static func habit(_ habit: Habit.ID, _ owner: User.ID) -> Read {
            Read(condition: "habit_id = ?", arguments: [owner.description, habit.description], cut: nil)
        }

        /// A habit's own operations (creation, changes, deletion, imports) and those of `days`.
        static func days(_ days: Set<Day>, of habit: Habit.ID, _ owner: User.ID) -> Read {
            let ordinals = days.map(\.ordinal).sorted()
            let marks = Array(repeating: "?", count: ordinals.count).joined(separator: ",")
            return Read(
                condition: "habit_id = ? AND (day IS NULL OR day IN (\(marks)))",
                arguments: [owner.description, habit.description] + ordinals.map { $0 as any DatabaseValueConvertible }, cut: days)
        }
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
                    throw StoreError.conflict(
                        t("operation {operation} belongs to another account; nothing was stored", ["operation": row[0] as String]))
                }
                held.insert(try SQLiteRows.uuid(row[0]))
            }
        }
        return MergeFold.sorted(batch.filter { !held.contains($0.id) })
    }

    /// Refolds what late operations can have changed (``MergePlan``) and writes it back, taking
    /// the logged operations it reads from `known` where they are there.
    static func refold(_ plan: MergePlan, owner: User.ID, known: KnownOperations = KnownOperations(), db: Database) throws {
        let user = owner.description
        var whole = plan.wholeHabits
        if plan.structural {
            guard let stored = try SQLiteRows.user(db, id: user) else { throw StoreError.notFound("user") }
            let storedState = UserState(
                settings: stored.settings,
                habits: try SQLiteRows.habits(db, owner: owner, includeArchived: true).map { TrackedHabit(habit: $0) },
                routines: try SQLiteRows.routines(db, owner: owner), groups: try SQLiteRows.groups(db, owner: owner).groups,
                tips: try SQLiteRows.tipState(db, owner: owner))
            // Imports carry entries only: left out (they are read from `known`, or once here).
            let operations = try self.operations(.structural(owner), known: known, db: db).filter(\.change.isStructural)
            let diff = StructureDiff(
                stored: storedState, folded: MergeFold.structure(operations, settings: stored.settings), operations: operations)
            try write(diff, owner: owner, db: db)
            whole.formUnion(diff.inserted.map(\.id) + diff.recreated)
        }
        for habit in whole.sorted() {
            let operations = try self.operations(.habit(habit, owner), known: known, db: db)
            guard let entries = MergeFold.entries(of: habit, operations) else { continue }
            try db.execute(sql: "DELETE FROM entries WHERE user_id = ? AND habit_id = ?", arguments: [user, habit.description])
            try SQLiteApply.store(Array(entries.values), owner: owner, habit: habit, db: db)
        }
        for (habit, days) in plan.days where !whole.contains(habit) {
            let operations = try self.operations(.days(days, of: habit, owner), known: known, db: db)
            guard let entries = MergeFold.entries(of: habit, operations) else { continue }
            try SQLiteApply.store(days.map { entries[$0] ?? Entry(day: $0) }, owner: owner, habit: habit, db: db)
        }
    }

    /// The operations `read` selects: their ids first (read off the indexes and the rows' first
    /// columns, not the changes), then those not `known` by id, 500 at a time.
    private static func operations(_ read: Read, known: KnownOperations, db: Database) throws -> [ChangeOperation] {
        let ids = try String.fetchAll(
            db, sql: "SELECT id FROM ops WHERE user_id = ? AND \(read.condition)", arguments: StatementArguments(read.arguments))
        var operations: [ChangeOperation] = []
        var missing: [String] = []
        for id in ids {
            if let operation = known.operation(id, cutTo: read.cut) { operations.append(operation) } else { missing.append(id) }
        }
        for start in stride(from: 0, to: missing.count, by: 500) {
            let chunk = Array(missing[start..<min(start + 500, missing.count)])
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            operations += try Row.fetchAll(
                db, sql: "SELECT seq, id, device, hlc, change FROM ops WHERE id IN (\(marks))", arguments: StatementArguments(chunk)
            ).map { try SQLiteRows.loggedOperation($0).operation }
        }
        return operations
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
