import Foundation
import GRDB
import TendCore
import TendStore

/// The device side of sync on SQLite (the CLI): this database's link to a server, what it has
/// not pushed yet, and each round's result written with its merge in one transaction.
extension SQLiteStore {
    /// This database's device id (made on first use; see ``localDevice(_:)``).
    public func deviceID() async throws -> String {
        try await write { db in try self.localDevice(db) }
    }

    public func syncLink() async throws -> SyncLinkState? {
        try await writer.read { db in try SQLiteSyncLink.state(db) }
    }

    /// Links this database to `server`: from the start for a new server; signed in again to the
    /// same one, where it stood (its cursor, what it has pushed).
    public func link(to server: String) async throws {
        try await write { db in
            if var link = try SQLiteSyncLink.state(db), link.server == server {
                link.signedOut = false
                link.lastError = nil
                try SQLiteSyncLink.save(link, db: db)
                return
            }
            try db.execute(sql: "DELETE FROM sync_link")
            try db.execute(sql: "INSERT INTO sync_link (id, server) VALUES (1, ?)", arguments: [server])
        }
    }

    public func unlink() async throws {
        try await write { db in try db.execute(sql: "DELETE FROM sync_link") }
    }

    /// The user's operations the server has not acknowledged, oldest first: made here, or any
    /// after a server lost what it had (``SyncLinkState/repush``).
    public func pendingOperations(owner: User.ID, limit: Int) async throws -> [LoggedOperation] {
        try await writer.read { db in
            guard let link = try SQLiteSyncLink.state(db) else { return [] }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT seq, id, device, hlc, change FROM ops
                    WHERE user_id = ? AND seq > ? AND (origin IS NULL OR ?) ORDER BY seq LIMIT ?
                    """,
                arguments: [owner.description, link.pushedSequence, link.repush, max(1, limit)]
            ).map(SQLiteRows.loggedOperation)
        }
    }

    /// Before the first push to a server whose account sent this device nothing: the log's entry
    /// operations (check-ins, increments, skips, notes, imports) go as one import per habit of the
    /// entries it holds now, stamped after everything the log holds, when they are at least
    /// `minimum` (``SyncRules/compactionMinimum``). Returns how many they were (0: none, nothing
    /// changed).
    ///
    /// The fold of the log is unchanged (each import sets its days to what they hold), and no
    /// other replica can hold an operation on these habits that orders among them: nothing of the
    /// log has left this database for that account, and whoever learns of the habits later takes
    /// in the imports' timestamps first (``HybridClock``). The server then stores a habit's years
    /// in one statement instead of an op-log row per day.
    ///
    /// The entry operations stay in this log, counted as pushed: the other unpushed operations
    /// (habits, routines, settings: few) move after them, and the link's pushed position to the
    /// last of them, so the next push sends those and the imports.
    public func compactUnsharedEntryOperations(owner: User.ID, minimum: Int) async throws -> Int {
        try await write { db in
            guard var link = try SQLiteSyncLink.state(db), link.pushedSequence == 0, !link.repush else { return 0 }
            let user = owner.description
            let structural = SQLiteSync.structural
            let count =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM ops WHERE user_id = ? AND origin IS NULL AND NOT \(structural)",
                    arguments: [user]) ?? 0
            guard count >= max(1, minimum) else { return 0 }
            var imports: [(habit: Habit.ID, entries: [Entry])] = []
            let rows = try Row.fetchCursor(
                db, sql: "SELECT habit_id, day, value, is_skipped, note FROM entries WHERE user_id = ? ORDER BY habit_id, day",
                arguments: [user])
            while let row = try rows.next() {
                let habit = Habit.ID(rawValue: try SQLiteRows.uuid(row[0]))
                let entry = Entry(day: Day(ordinal: row[1]), value: Amount(thousandths: row[2]), isSkipped: row[3], note: row[4])
                if imports.last?.habit == habit {
                    imports[imports.count - 1].entries.append(entry)
                } else {
                    imports.append((habit, [entry]))
                }
            }
            let others = try Row.fetchAll(
                db,
                sql: """
                    SELECT seq, id, device, hlc, change, habit_id, day FROM ops
                    WHERE user_id = ? AND origin IS NULL AND \(structural) ORDER BY seq
                    """,
                arguments: [user])
            for row in others { try db.execute(sql: "DELETE FROM ops WHERE seq = ?", arguments: [row[0] as Int64]) }
            link.pushedSequence =
                try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM ops WHERE user_id = ?", arguments: [user]) ?? 0
            for row in others {
                try db.execute(
                    sql: "INSERT INTO ops (user_id, id, device, hlc, change, habit_id, day) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    arguments: [user, row[1], row[2], row[3], row[4], row[5], row[6]])
            }
            for (habit, entries) in imports {
                try SQLiteApply.log(
                    .entriesImported(habit: habit, entries: entries), owner: owner,
                    timestamp: try self.nextTimestamp(db, owner: owner), db: db)
            }
            try SQLiteSyncLink.save(link, db: db)
            return count
        }
    }

    /// How many of the user's operations wait to be pushed.
    public func pendingCount(owner: User.ID) async throws -> Int {
        try await writer.read { db in
            guard let link = try SQLiteSyncLink.state(db) else { return 0 }
            return try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM ops WHERE user_id = ? AND seq > ? AND (origin IS NULL OR ?)",
                arguments: [owner.description, link.pushedSequence, link.repush]) ?? 0
        }
    }

    /// Records a successful round, in one transaction with its merge: the pushed operations (through
    /// log position `pushedThrough`) are acknowledged, the pulled ones merged and marked received,
    /// and the cursor moves on. `reset`: the server did not know the cursor, and may have lost
    /// operations: everything is pushed again from the start.
    public func recordSyncRound(
        owner: User.ID, pushedThrough: Int64?, pulled: [ChangeOperation], cursor: String?, reset: Bool, at now: Date
    ) async throws {
        try await write { db in
            guard var link = try SQLiteSyncLink.state(db) else { throw StoreError.notFound("sync link") }
            if let pushedThrough { link.pushedSequence = max(link.pushedSequence, pushedThrough) }
            if reset {
                link.pushedSequence = 0
                link.repush = true
            }
            _ = try self.merge(pulled, owner: owner, origin: link.server, db: db)
            if link.repush {
                let last = try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM ops WHERE user_id = ?", arguments: [owner.description]) ?? 0
                if link.pushedSequence >= last && !reset { link.repush = false }
            }
            link.cursor = cursor
            link.lastSuccess = now
            link.lastAttempt = now
            link.lastError = nil
            link.signedOut = false
            try SQLiteSyncLink.save(link, db: db)
        }
    }

    /// Records a failed attempt (the server unreachable, or refusing the token when `signedOut`).
    public func recordSyncFailure(_ error: String, signedOut: Bool, at now: Date) async throws {
        try await write { db in
            guard var link = try SQLiteSyncLink.state(db) else { return }
            link.lastAttempt = now
            link.lastError = error
            link.signedOut = link.signedOut || signedOut
            try SQLiteSyncLink.save(link, db: db)
        }
    }
}

enum SQLiteSyncLink {
    static func state(_ db: Database) throws -> SyncLinkState? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT server, cursor, pushed_seq, last_success, last_attempt, last_error, signed_out, repush
                    FROM sync_link WHERE id = 1
                    """)
        else { return nil }
        return SyncLinkState(
            server: row[0], cursor: row[1], pushedSequence: row[2],
            lastSuccess: (row[3] as Double?).map(Date.init(timeIntervalSince1970:)),
            lastAttempt: (row[4] as Double?).map(Date.init(timeIntervalSince1970:)), lastError: row[5], signedOut: row[6],
            repush: row[7])
    }

    static func save(_ link: SyncLinkState, db: Database) throws {
        try db.execute(
            sql: """
                UPDATE sync_link SET server = ?, cursor = ?, pushed_seq = ?, last_success = ?, last_attempt = ?, last_error = ?,
                    signed_out = ?, repush = ?
                WHERE id = 1
                """,
            arguments: [
                link.server, link.cursor, link.pushedSequence, link.lastSuccess?.timeIntervalSince1970,
                link.lastAttempt?.timeIntervalSince1970, link.lastError, link.signedOut, link.repush,
            ])
    }
}
