import Foundation
import PostgresNIO
import TendCore
import TendStore

/// The scheduler's batched reads and writes in a few statements per batch, whatever its size: a
/// statement is a round trip, and a pass of 500 firings one statement per firing and step was
/// most of PostgreSQL's delivery time (docs/performance.md, "Reminder minute"). The batch's rows are
/// locked first, each item is judged in Swift against what was locked (and what the items before
/// it in the batch did), and only the items that pass are written, together. The single call
/// (``finishFiring(owner:_:claimant:deliveries:skipped:next:now:)``) is a batch of one.
extension PostgresStore {
    // MARK: Reading owners

    /// Owners in chunks, each chunk one read transaction of five statements.
    public func reminderContexts(_ owners: [User.ID: HistoryWindow]) async throws -> [User.ID: ReminderContext] {
        let all = Array(owners)
        let chunks = try await inChunks(all) { chunk in
            try await [self.readContexts(Dictionary(uniqueKeysWithValues: chunk.map { ($0.key, $0.value) }))]
        }
        return chunks.reduce(into: [:]) { merged, chunk in merged.merge(chunk) { first, _ in first } }
    }

    func readContexts(_ owners: [User.ID: HistoryWindow]) async throws -> [User.ID: ReminderContext] {
        guard !owners.isEmpty else { return [:] }
        let ids = owners.keys.map(\.rawValue)
        return try await read { c in
            var users: [UUID: User] = [:]
            for row in try await self.rows("SELECT \(unescaped: Self.userColumns) FROM users WHERE id = ANY(\(ids)::uuid[])", on: c) {
                let user = try Self.user(from: row)
                users[user.id.rawValue] = user
            }
            var habits: [UUID: [Habit]] = [:]
            for row in try await self.rows(
                "SELECT h.user_id AS owner, \(unescaped: Self.habitColumns) FROM habits h WHERE h.user_id = ANY(\(ids)::uuid[])", on: c)
            {
                guard let habit = try Self.habit(from: row) else { continue }
                habits[try row.makeRandomAccess()["owner"].decode(UUID.self), default: []].append(habit)
            }
            // Each owner's entry days, as ``trackedHabits(owner:includeArchived:window:)`` reads them:
            // one range of the entries' key per habit (PostgresStore+Rows.swift says why).
            var bounds: (owners: [UUID], habits: [UUID], firsts: [Int], lasts: [Int]) = ([], [], [], [])
            for owner in users.keys {
                guard let window = owners[User.ID(rawValue: owner)], let owned = habits[owner] else { continue }
                let days = window.entryDays(for: owned)
                for habit in owned {
                    bounds.owners.append(owner)
                    bounds.habits.append(habit.id.rawValue)
                    bounds.firsts.append((habit.createdOn > days.from ? Day.minimum : days.from).ordinal)
                    bounds.lasts.append(days.through.ordinal)
                }
            }
            var entries: [UUID: [Entry]] = [:]
            if !bounds.habits.isEmpty {
                let rows = try await self.rows(
                    """
                    SELECT e.habit_id, e.day, e.value, e.is_skipped, e.note
                    FROM unnest(\(bounds.owners)::uuid[], \(bounds.habits)::uuid[], \(bounds.firsts)::integer[],
                                \(bounds.lasts)::integer[]) AS w(owner, habit, first, last)
                    JOIN entries e ON e.user_id = w.owner AND e.habit_id = w.habit AND e.day BETWEEN w.first AND w.last
                    """, on: c)
                for row in rows {
                    let (habit, day, value, skipped, note) = try row.decode((UUID, Int, Int64, Bool, String?).self)
                    entries[habit, default: []].append(
                        Entry(day: Day(ordinal: day), value: Amount(thousandths: value), isSkipped: skipped, note: note))
                }
            }
            var pushes: [UUID: [PushSubscription]] = [:]
            for row in try await self.rows(
                """
                SELECT \(unescaped: Self.pushColumns) FROM push_subscriptions WHERE user_id = ANY(\(ids)::uuid[])
                ORDER BY created_at, id
                """, on: c)
            {
                let push = try Self.push(from: row)
                pushes[push.owner.rawValue, default: []].append(push)
            }
            var hooks: [UUID: [Webhook]] = [:]
            for row in try await self.rows(
                """
                SELECT \(unescaped: Self.webhookColumns) FROM webhooks WHERE user_id = ANY(\(ids)::uuid[]) ORDER BY created_at, id
                """, on: c)
            {
                let hook = try Self.webhook(from: row)
                hooks[hook.owner.rawValue, default: []].append(hook)
            }
            var contexts: [User.ID: ReminderContext] = [:]
            for (id, user) in users {
                let owned = (habits[id] ?? []).sorted { ($0.order, $0.name, $0.id) < ($1.order, $1.name, $1.id) }
                contexts[user.id] = ReminderContext(
                    user: user, habits: owned.map { TrackedHabit(habit: $0, entries: entries[$0.id.rawValue] ?? []) },
                    pushSubscriptions: pushes[id] ?? [], webhooks: hooks[id] ?? [])
            }
            return contexts
        }
    }

    // MARK: Locked firings

    /// Locks the firings (in id order, so two batches over the same rows cannot deadlock).
    func lockFirings(_ ids: Set<ReminderFiring.ID>, on c: PostgresConnection) async throws -> [UUID: ReminderBatch.LockedFiring] {
        let rows = try await rows(
            """
            SELECT id, user_id, habit_id, claimed_by, finished_at IS NOT NULL FROM reminder_firings
            WHERE id = ANY(\(ids.map(\.rawValue))::uuid[]) ORDER BY id FOR UPDATE
            """, on: c)
        var locked: [UUID: ReminderBatch.LockedFiring] = [:]
        for row in rows {
            let (id, owner, habit, holder, finished) = try row.decode((UUID, UUID, UUID, String?, Bool).self)
            locked[id] = ReminderBatch.LockedFiring(owner: owner, habit: habit, holder: holder, finished: finished)
        }
        return locked
    }

    // MARK: Finishing firings

    /// One chunk in one transaction: the firings locked, then three statements for the lot
    /// (deliveries, firings, follow-ups).
    func finishChunk(_ finishes: [FiringFinish], claimant: String, now: Date) async throws -> [Result<Void, any Error>] {
        try await write { c in
            let judged = ReminderBatch.judge(
                finishes, claimant: claimant, firings: try await self.lockFirings(Set(finishes.map(\.firing)), on: c))
            let deliveries = judged.deliveries
            let finished = judged.finished
            if !deliveries.isEmpty {
                // A row of the firing and target exists only if an older Tend began it before sending.
                try await self.run(
                    """
                    INSERT INTO reminder_deliveries
                        (id, user_id, firing_id, channel, target_id, claimant, status, attempts, latency_ms, next_retry_at, error, updated_at)
                    SELECT u.id, u.owner, u.firing, u.channel, u.target, \(claimant), u.status, u.attempts,
                        CASE WHEN u.has_latency THEN u.latency END, CASE WHEN u.has_retry THEN u.retry END,
                        CASE WHEN u.has_error THEN u.error END, \(now)
                    FROM unnest(\(deliveries.map(\.delivery.id.rawValue))::uuid[], \(deliveries.map(\.owner))::uuid[],
                                \(deliveries.map(\.firing))::uuid[], \(deliveries.map(\.delivery.target.channel))::text[],
                                \(deliveries.map(\.delivery.target.id))::uuid[], \(deliveries.map(\.status))::text[],
                                \(deliveries.map(\.record.attempts))::bigint[],
                                \(deliveries.map { $0.record.latencyMilliseconds != nil })::boolean[],
                                \(deliveries.map { $0.record.latencyMilliseconds ?? 0 })::bigint[],
                                \(deliveries.map { $0.record.nextRetryAt != nil })::boolean[],
                                \(deliveries.map { $0.record.nextRetryAt ?? now })::timestamptz[],
                                \(deliveries.map { $0.record.error != nil })::boolean[], \(deliveries.map { $0.record.error ?? "" })::text[])
                         AS u(id, owner, firing, channel, target, status, attempts, has_latency, latency, has_retry, retry, has_error, error)
                    ON CONFLICT (firing_id, channel, target_id) DO UPDATE SET
                        claimant = excluded.claimant, status = excluded.status, attempts = excluded.attempts,
                        latency_ms = excluded.latency_ms, next_retry_at = excluded.next_retry_at, error = excluded.error,
                        updated_at = excluded.updated_at
                    """, on: c)
            }
            if !finished.isEmpty {
                try await self.run(
                    """
                    UPDATE reminder_firings f
                    SET finished_at = \(now), skip_reason = CASE WHEN u.has_skip THEN u.skip END
                    FROM unnest(\(finished.map(\.firing))::uuid[], \(finished.map { $0.skip != nil })::boolean[],
                                \(finished.map { $0.skip ?? "" })::text[]) AS u(id, has_skip, skip)
                    WHERE f.id = u.id
                    """, on: c)
            }
            try await self.insertFirings(judged.next.map { ($0.firing, owner: $0.owner) }, on: c)
            return judged.results
        }
    }

    /// Queues firings in one statement, skipping any identical to one queued or finished (same
    /// reminder, kind and instant).
    func insertFirings(_ firings: [(ReminderFiring, owner: UUID)], on c: PostgresConnection) async throws {
        guard !firings.isEmpty else { return }
        try await run(
            """
            INSERT INTO reminder_firings (id, user_id, habit_id, reminder_id, day, fires_at, kind, repeat_number)
            SELECT * FROM unnest(\(firings.map(\.0.id.rawValue))::uuid[], \(firings.map(\.owner))::uuid[],
                                 \(firings.map(\.0.habit.rawValue))::uuid[], \(firings.map(\.0.reminder.rawValue))::uuid[],
                                 \(firings.map(\.0.day.ordinal))::bigint[], \(firings.map(\.0.firesAt))::timestamptz[],
                                 \(firings.map(\.0.kind.name))::text[], \(firings.map(\.0.kind.repeatNumber))::bigint[])
            ON CONFLICT DO NOTHING
            """, on: c)
    }
}
