import Foundation
import GRDB
import TendCore

/// The scheduler's batched writes in a few statements per batch, whatever its size (as on
/// PostgreSQL, ``ReminderBatch``): the batch's firings and deliveries are read in one statement
/// each, every item is judged in Swift, and the items that pass are written by one statement per
/// table. A statement per item and step was most of the writer's time in the reminder benchmark
/// (docs/performance.md, "Reminders"). The single calls are batches of one.
extension SQLiteStore {
    public func beginDeliveries(
        _ starts: [DeliveryStart], claimant: String, now: Date
    ) async throws -> [Result<DeliveryLogEntry.ID?, any Error>] {
        try await write { db in try SQLiteReminderBatches.begin(db, starts, claimant: claimant, now: now) }
    }

    public func beginDelivery(
        owner: User.ID, firing: ReminderFiring.ID, target: DeliveryTarget, claimant: String, now: Date
    ) async throws -> DeliveryLogEntry.ID? {
        let start = DeliveryStart(owner: owner, firing: firing, target: target)
        return try await beginDeliveries([start], claimant: claimant, now: now)[0].get()
    }

    public func finishFirings(_ finishes: [FiringFinish], claimant: String, now: Date) async throws -> [Result<Void, any Error>] {
        try await write { db in try SQLiteReminderBatches.finish(db, finishes, claimant: claimant, now: now) }
    }

    public func finishFiring(
        owner: User.ID, _ firing: ReminderFiring.ID, claimant: String, deliveries: [DeliveryLogEntry.ID: DeliveryResult],
        skipped: ReminderSkipReason?, next: [ReminderFiring], now: Date
    ) async throws {
        let finish = FiringFinish(owner: owner, firing: firing, deliveries: deliveries, skipped: skipped, next: next)
        try await finishFirings([finish], claimant: claimant, now: now)[0].get()
    }
}

enum SQLiteReminderBatches {
    /// The firings with these ids, as the batch finds them (the write transaction holds the file,
    /// so nothing changes them until it commits).
    static func firings(_ db: Database, _ ids: some Sequence<ReminderFiring.ID>) throws -> [UUID: ReminderBatch.LockedFiring] {
        var list = SQLiteJSONRows()
        for id in Set(ids) { list.append(.text(id.description)) }
        var found: [UUID: ReminderBatch.LockedFiring] = [:]
        let cursor = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT f.id, f.user_id, f.habit_id, f.claimed_by, f.finished_at IS NOT NULL
                    FROM json_each(?) j JOIN reminder_firings f ON f.id = j.value ->> 0
                    """),
            arguments: [list.text])
        while let row = try cursor.next() {
            found[try SQLiteRows.uuid(row[0])] = ReminderBatch.LockedFiring(
                owner: try SQLiteRows.uuid(row[1]), habit: try SQLiteRows.uuid(row[2]), holder: row[3], finished: row[4])
        }
        return found
    }

    /// The deliveries with these ids, as the batch finds them.
    static func deliveries(_ db: Database, _ ids: some Sequence<DeliveryLogEntry.ID>) throws -> [UUID: ReminderBatch.LockedDelivery] {
        var list = SQLiteJSONRows()
        for id in Set(ids) { list.append(.text(id.description)) }
        guard list.count > 0 else { return [:] }
        var found: [UUID: ReminderBatch.LockedDelivery] = [:]
        let cursor = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT d.id, d.user_id, d.firing_id, d.claimant, d.status, d.attempts, d.latency_ms, d.error, d.next_retry_at
                    FROM json_each(?) j JOIN reminder_deliveries d ON d.id = j.value ->> 0
                    """),
            arguments: [list.text])
        while let row = try cursor.next() {
            let retry: Double? = row[8]
            found[try SQLiteRows.uuid(row[0])] = ReminderBatch.LockedDelivery(
                owner: try SQLiteRows.uuid(row[1]), firing: try SQLiteRows.uuid(row[2]), holder: row[3], status: row[4],
                record: DeliveryResult.Record(
                    attempts: row[5], latencyMilliseconds: row[6], nextRetryAt: retry.map(Date.init(timeIntervalSince1970:)),
                    error: row[7]))
        }
        return found
    }

    /// Begins the deliveries: one read of their firings, one insert of the new rows, and (only
    /// when some exist already) a read of those and a take-over of each still `sending` from
    /// another claimant.
    static func begin(
        _ db: Database, _ starts: [DeliveryStart], claimant: String, now: Date
    ) throws -> [Result<DeliveryLogEntry.ID?, any Error>] {
        var judged = ReminderBatch.judge(starts, claimant: claimant, firings: try firings(db, starts.map(\.firing)), now: now)
        guard !judged.fresh.isEmpty else { return judged.results }
        var rows = SQLiteJSONRows()
        for item in judged.fresh {
            rows.append(
                .text(item.id.description), .text(item.owner.text()), .text(item.key.firing.text()), .text(item.key.channel),
                .text(item.key.target.text()))
        }
        // `WHERE true`: SQLite's grammar needs it between a SELECT and an upsert clause.
        let made = try Set(
            String.fetchAll(
                db.cachedStatement(
                    sql: """
                        INSERT INTO reminder_deliveries (id, user_id, firing_id, channel, target_id, claimant, status, attempts, updated_at)
                        SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, ?2, 'sending', 0, ?3
                        FROM json_each(?1) WHERE true
                        ON CONFLICT (firing_id, channel, target_id) DO NOTHING RETURNING id
                        """),
                arguments: [rows.text, claimant, now.timeIntervalSince1970]))
        let existing = judged.answer(made: Set(try made.map(SQLiteRows.uuid)))
        guard !existing.isEmpty else { return judged.results }
        // A row still `sending` from another claimant: its process died between beginning and
        // recording, before or after the message went out. The firing's new holder sends it
        // again under the same id, by which receivers drop a copy.
        let take = try db.cachedStatement(sql: "UPDATE reminder_deliveries SET claimant = ?, updated_at = ? WHERE id = ?")
        let find = try db.cachedStatement(
            sql: "SELECT id, claimant, status FROM reminder_deliveries WHERE firing_id = ? AND channel = ? AND target_id = ?")
        for item in existing {
            guard
                let row = try Row.fetchOne(find, arguments: [item.key.firing.text(), item.key.channel, item.key.target.text()])
            else { continue }
            let status: String = row["status"]
            let holder: String = row["claimant"]
            guard status == DeliveryStatus.sending.rawValue, holder != claimant else { continue }
            let taken: String = row["id"]
            try take.execute(arguments: [claimant, now.timeIntervalSince1970, taken])
            judged.results[item.index] = .success(DeliveryLogEntry.ID(rawValue: try SQLiteRows.uuid(taken)))
        }
        return judged.results
    }

    /// Finishes the firings: one read of the firings and one of the deliveries, then one
    /// statement each for the deliveries' results, the firings and their follow-ups. A finish
    /// that fails (its claim lost, a delivery not its own) writes nothing and fails alone.
    static func finish(_ db: Database, _ finishes: [FiringFinish], claimant: String, now: Date) throws -> [Result<Void, any Error>] {
        let judged = ReminderBatch.judge(
            finishes, claimant: claimant, firings: try firings(db, finishes.map(\.firing)),
            deliveries: try deliveries(db, finishes.flatMap(\.deliveries.keys)))
        var changed = SQLiteJSONRows()
        for (id, row) in judged.changed {
            changed.append(
                .text(id.text()), .text(row.status), .integer(row.record.attempts), .optionalInteger(row.record.latencyMilliseconds),
                .optionalDate(row.record.nextRetryAt), .optionalText(row.record.error))
        }
        var finished = SQLiteJSONRows()
        for (firing, skip) in judged.finished { finished.append(.text(firing.text()), .optionalText(skip)) }
        if changed.count > 0 {
            try db.cachedStatement(
                sql: """
                    UPDATE reminder_deliveries
                    SET status = j.value ->> 1, attempts = j.value ->> 2, latency_ms = j.value ->> 3, next_retry_at = j.value ->> 4,
                        error = j.value ->> 5, updated_at = ?2
                    FROM json_each(?1) j WHERE reminder_deliveries.id = j.value ->> 0
                    """
            ).execute(arguments: [changed.text, now.timeIntervalSince1970])
        }
        if finished.count > 0 {
            try db.cachedStatement(
                sql: """
                    UPDATE reminder_firings SET finished_at = ?2, skip_reason = j.value ->> 1
                    FROM json_each(?1) j WHERE reminder_firings.id = j.value ->> 0
                    """
            ).execute(arguments: [finished.text, now.timeIntervalSince1970])
        }
        try insert(db, judged.next.map { ($0.firing, User.ID(rawValue: $0.owner)) })
        return judged.results
    }

    /// Queues firings in one statement, skipping any identical to one queued or finished (same
    /// reminder, kind and instant).
    static func insert(_ db: Database, _ firings: [(ReminderFiring, owner: User.ID)]) throws {
        guard !firings.isEmpty else { return }
        var rows = SQLiteJSONRows()
        for (firing, owner) in firings {
            rows.append(
                .text(firing.id.description), .text(owner.description), .text(firing.habit.description),
                .text(firing.reminder.description), .integer(firing.day.ordinal), .real(firing.firesAt.timeIntervalSince1970),
                .text(firing.kind.name), .integer(firing.kind.repeatNumber))
        }
        try db.cachedStatement(
            sql: """
                INSERT INTO reminder_firings (id, user_id, habit_id, reminder_id, day, fires_at, kind, repeat_number)
                SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7
                FROM json_each(?) WHERE true
                ON CONFLICT DO NOTHING
                """
        ).execute(arguments: [rows.text])
    }
}
