import Foundation
import GRDB
import TendCore
import TendStore

/// The scheduler's batched writes in a few statements per batch, whatever its size (as on
/// PostgreSQL, ``ReminderBatch``): the batch's firings are read in one statement, every item is
/// judged in Swift, and the items that pass are written by one statement per table. A statement
/// per item and step was most of the writer's time in the reminder benchmark
/// (docs/performance.md, "Reminder minute"). The single call is a batch of one.
extension SQLiteStore {
    public func finishFirings(_ finishes: [FiringFinish], claimant: String, now: Date) async throws -> [Result<Void, any Error>] {
        try await write { db in try SQLiteReminderBatches.finish(db, finishes, claimant: claimant, now: now) }
    }

    public func finishFiring(
        owner: User.ID, _ firing: ReminderFiring.ID, claimant: String, deliveries: [SentDelivery], skipped: ReminderSkipReason?,
        next: [ReminderFiring], now: Date
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

    /// Finishes the firings: one read of the firings, then one statement each for the
    /// deliveries, the firings and their follow-ups. A finish that fails (its claim lost, a
    /// follow-up of another habit) writes nothing and fails alone.
    static func finish(_ db: Database, _ finishes: [FiringFinish], claimant: String, now: Date) throws -> [Result<Void, any Error>] {
        let judged = ReminderBatch.judge(finishes, claimant: claimant, firings: try firings(db, finishes.map(\.firing)))
        if !judged.deliveries.isEmpty {
            var rows = SQLiteJSONRows()
            for item in judged.deliveries {
                rows.append(
                    .text(item.delivery.id.rawValue.text()), .text(item.owner.text()), .text(item.firing.text()),
                    .text(item.delivery.target.channel), .text(item.delivery.target.id.text()), .text(item.status),
                    .integer(item.record.attempts), .optionalInteger(item.record.latencyMilliseconds),
                    .optionalDate(item.record.nextRetryAt),
                    .optionalText(item.record.error))
            }
            // A row of the firing and target exists only if an older Tend began it before sending.
            try db.cachedStatement(
                sql: """
                    INSERT INTO reminder_deliveries
                        (id, user_id, firing_id, channel, target_id, claimant, status, attempts, latency_ms, next_retry_at, error, updated_at)
                    SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, ?2, value ->> 5, value ->> 6, value ->> 7,
                        value ->> 8, value ->> 9, ?3
                    FROM json_each(?1) WHERE true
                    ON CONFLICT (firing_id, channel, target_id) DO UPDATE SET
                        claimant = excluded.claimant, status = excluded.status, attempts = excluded.attempts,
                        latency_ms = excluded.latency_ms, next_retry_at = excluded.next_retry_at, error = excluded.error,
                        updated_at = excluded.updated_at
                    """
            ).execute(arguments: [rows.text, claimant, now.timeIntervalSince1970])
        }
        var finished = SQLiteJSONRows()
        for (firing, skip) in judged.finished { finished.append(.text(firing.text()), .optionalText(skip)) }
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
