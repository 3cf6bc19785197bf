import Foundation
import PostgresNIO
import TendCore
import TendStore

/// Reminder delivery in PostgreSQL, for any number of server instances on one database. A claim
/// is one `UPDATE` over a `SELECT … FOR UPDATE SKIP LOCKED` in its transaction: instances claiming
/// at once skip each other's locked rows instead of waiting, and a row another claim committed
/// meanwhile is re-checked against the lease condition, so each firing goes to one claimant.
/// Finishing and beginning a delivery lock the firing's row first (`FOR UPDATE`), so they run
/// one after another with a re-claim of the same firing.
extension PostgresStore: ReminderStore {
    static let pushColumns = "id, user_id, endpoint, p256dh, auth, created_at"
    static let webhookColumns = "id, user_id, url, format, access_token, created_at"
    static let firingColumns = "id, habit_id, reminder_id, day, fires_at, kind, repeat_number"

    public func addPushSubscription(
        owner: User.ID, endpoint: String, p256dh: String, auth: String, now: Date
    ) async throws
        -> PushSubscription
    {
        try ReminderRules.validatePush(endpoint: endpoint, p256dh: p256dh, auth: auth)
        return try await write { c in
            try await self.lockOwnerForTargets(owner, on: c)
            let others = try await self.rows(
                "SELECT count(*) FROM push_subscriptions WHERE user_id = \(owner.rawValue) AND endpoint <> \(endpoint)", on: c)
            try ReminderRules.checkRoomForPush(existing: try others.first?.decode(Int.self) ?? 0)
            // Subscribing again from the same browser keeps the row (its id) and takes the new keys.
            let rows = try await self.rows(
                """
                INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at)
                VALUES (\(UUID()), \(owner.rawValue), \(endpoint), \(p256dh), \(auth), \(now))
                ON CONFLICT (user_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth
                RETURNING \(unescaped: Self.pushColumns)
                """, on: c)
            guard let row = rows.first else { throw StoreError.notFound("push subscription") }
            return try Self.push(from: row)
        }
    }

    public func pushSubscriptions(owner: User.ID) async throws -> [PushSubscription] {
        try await read { c in
            try await self.requireOwner(owner, on: c)
            return try await self.rows(
                """
                SELECT \(unescaped: Self.pushColumns) FROM push_subscriptions WHERE user_id = \(owner.rawValue)
                ORDER BY created_at, id
                """, on: c
            ).map(Self.push(from:))
        }
    }

    public func deletePushSubscription(owner: User.ID, id: PushSubscription.ID) async throws {
        try await write { c in
            let deleted = try await self.rows(
                "DELETE FROM push_subscriptions WHERE user_id = \(owner.rawValue) AND id = \(id.rawValue) RETURNING id", on: c)
            guard !deleted.isEmpty else { throw StoreError.notFound("push subscription") }
        }
    }

    public func addWebhook(
        owner: User.ID, url: String, format: Webhook.Format, accessToken: String?, now: Date
    ) async throws
        -> Webhook
    {
        try ReminderRules.validateWebhook(url: url, accessToken: accessToken)
        let webhook = Webhook(owner: owner, url: url, format: format, accessToken: accessToken, createdAt: now)
        try await write { c in
            try await self.lockOwnerForTargets(owner, on: c)
            let existing = try await self.rows("SELECT count(*) FROM webhooks WHERE user_id = \(owner.rawValue)", on: c)
            try ReminderRules.checkRoomForWebhook(existing: try existing.first?.decode(Int.self) ?? 0)
            try await self.run(
                """
                INSERT INTO webhooks (id, user_id, url, format, access_token, created_at)
                VALUES (\(webhook.id.rawValue), \(owner.rawValue), \(url), \(format.rawValue), \(accessToken), \(now))
                """, on: c)
        }
        return webhook
    }

    /// Throws "user not found" for an unknown owner; else locks the owner's row until the
    /// transaction ends, so that two adds at once count one after the other and the limit holds.
    private func lockOwnerForTargets(_ owner: User.ID, on c: PostgresConnection) async throws {
        let rows = try await rows("SELECT 1 FROM users WHERE id = \(owner.rawValue) FOR UPDATE", on: c)
        guard !rows.isEmpty else { throw StoreError.notFound("user") }
    }

    public func webhooks(owner: User.ID) async throws -> [Webhook] {
        try await read { c in
            try await self.requireOwner(owner, on: c)
            return try await self.rows(
                "SELECT \(unescaped: Self.webhookColumns) FROM webhooks WHERE user_id = \(owner.rawValue) ORDER BY created_at, id",
                on: c
            ).map(Self.webhook(from:))
        }
    }

    public func deleteWebhook(owner: User.ID, id: Webhook.ID) async throws {
        try await write { c in
            let deleted = try await self.rows(
                "DELETE FROM webhooks WHERE user_id = \(owner.rawValue) AND id = \(id.rawValue) RETURNING id", on: c)
            guard !deleted.isEmpty else { throw StoreError.notFound("webhook") }
        }
    }

    public func serverSecret(named name: String, create: @Sendable () throws -> String) async throws -> String {
        if let stored = try await read({ c in
            try await self.rows("SELECT value FROM server_secrets WHERE name = \(name)", on: c).first?.decode(String.self)
        }) {
            return stored
        }
        let created = try create()
        // Instances starting together all get here: the first insert wins, the others (waiting
        // on its uncommitted row, then doing nothing) read its value in a new statement.
        return try await write { c in
            try await self.run(
                "INSERT INTO server_secrets (name, value) VALUES (\(name), \(created)) ON CONFLICT (name) DO NOTHING", on: c)
            return try await self.rows("SELECT value FROM server_secrets WHERE name = \(name)", on: c).first?.decode(String.self)
                ?? created
        }
    }

    public func replacePlannedFirings(owner: User.ID, habit: Habit.ID, _ firings: [ReminderFiring]) async throws {
        try ReminderRules.checkBelong(firings, to: habit)
        try await write { c in
            try await self.requireHabit(owner, habit, on: c)
            try await self.run(
                """
                DELETE FROM reminder_firings
                WHERE user_id = \(owner.rawValue) AND habit_id = \(habit.rawValue) AND kind = 'scheduled'
                  AND claimed_by IS NULL AND finished_at IS NULL
                """, on: c)
            try await self.insert(firings, owner: owner, on: c)
        }
    }

    public func plannedFirings(owner: User.ID) async throws -> [ReminderFiring] {
        try await read { c in
            try await self.requireOwner(owner, on: c)
            return try await self.rows(
                """
                SELECT \(unescaped: Self.firingColumns) FROM reminder_firings
                WHERE user_id = \(owner.rawValue) AND finished_at IS NULL ORDER BY fires_at, id
                """, on: c
            ).map { try Self.firing(from: $0.makeRandomAccess()) }
        }
    }

    public func claimDueFirings(now: Date, limit: Int, claimant: String, lease: TimeInterval) async throws -> [ClaimedFiring] {
        let expires = now + lease
        return try await write { c in
            let rows = try await self.rows(
                """
                WITH due AS (
                    SELECT id FROM reminder_firings
                    WHERE finished_at IS NULL AND fires_at <= \(now) AND (claim_expires_at IS NULL OR claim_expires_at <= \(now))
                    ORDER BY fires_at, user_id, id LIMIT \(max(0, limit))
                    FOR UPDATE SKIP LOCKED)
                UPDATE reminder_firings f SET claimed_by = \(claimant), claim_expires_at = \(expires)
                FROM due WHERE f.id = due.id
                RETURNING f.user_id, f.id, f.habit_id, f.reminder_id, f.day, f.fires_at, f.kind, f.repeat_number
                """, on: c)
            return try rows.map { row in
                let random = row.makeRandomAccess()
                return ClaimedFiring(
                    owner: User.ID(rawValue: try random["user_id"].decode(UUID.self)), firing: try Self.firing(from: random),
                    claimant: claimant, claimExpiresAt: expires)
            }.sorted { $0.isClaimed(before: $1) }
        }
    }

    public func finishFiring(
        owner: User.ID, _ firing: ReminderFiring.ID, claimant: String, deliveries: [SentDelivery], skipped: ReminderSkipReason?,
        next: [ReminderFiring], now: Date
    ) async throws {
        let finish = FiringFinish(owner: owner, firing: firing, deliveries: deliveries, skipped: skipped, next: next)
        try await finishChunk([finish], claimant: claimant, now: now)[0].get()
    }

    /// Chunks of the lot at once, a transaction each (``finishChunk(_:claimant:now:)``): a
    /// failing finish writes nothing of its own and fails alone.
    public func finishFirings(_ finishes: [FiringFinish], claimant: String, now: Date) async throws -> [Result<Void, any Error>] {
        try await inChunks(finishes) { chunk in try await self.finishChunk(chunk, claimant: claimant, now: now) }
    }

    // MARK: The calendar feed

    public func calendarFeedGeneration(owner: User.ID) async throws -> Int {
        try await read { c in
            guard let row = try await self.rows("SELECT calendar_generation FROM users WHERE id = \(owner.rawValue)", on: c).first
            else { throw StoreError.notFound("user") }
            return try row.decode(Int.self)
        }
    }

    public func rotateCalendarFeed(owner: User.ID) async throws -> Int {
        try await write { c in
            let rows = try await self.rows(
                """
                UPDATE users SET calendar_generation = calendar_generation + 1 WHERE id = \(owner.rawValue)
                RETURNING calendar_generation
                """, on: c)
            guard let row = rows.first else { throw StoreError.notFound("user") }
            return try row.decode(Int.self)
        }
    }

    // MARK: Planning

    /// Each owner is planned in a transaction of its own, whose first statement locks, skipping
    /// whatever another transaction holds, both the owner's request row (`FOR UPDATE`) and the
    /// owner's user row (`FOR NO KEY UPDATE`, the lock every write of the owner takes first).
    ///
    /// - Disjoint: a planner holds the request row until it commits, so concurrent planners skip
    ///   the owner; after the commit the row is gone, or is a newer mark (a new reason to plan).
    /// - No change is lost: every change that needs planning marks the owner in its transaction,
    ///   under the owner's lock (``commit(_:owner:on:)``). While the planner holds that lock no
    ///   such change can run: one that started earlier holds the lock, so the planner skips the
    ///   owner (still marked, taken next round); one that starts later waits for the planner's
    ///   commit, then marks again. The reads are statements after the lock, so they see every
    ///   change committed before it. ``requestPlanning(owner:)`` takes no user lock, but its
    ///   upsert (`ON CONFLICT DO UPDATE`, which locks the row it conflicts with) waits for the
    ///   planner's lock on the request row; when the planner has deleted the row and committed,
    ///   PostgreSQL retries the insert, so that mark is made again. (`DO NOTHING` would not wait:
    ///   it would see the row about to be deleted and the mark would be lost.) The delete also
    ///   requires the version the planner read: a second guard, so the planner never clears a
    ///   mark it did not see, should the locking above ever change.
    /// - No deadlock with the owner's writes: the planner never waits for the owner's locks
    ///   (it skips the owner), and writers wait for the planner.
    public func planReminders(
        now: Date, limit: Int, plan: @Sendable (User, [Habit]) -> [ReminderFiring]
    ) async throws -> [User.ID] {
        var planned: [User.ID] = []
        while planned.count < limit {
            // An owner marked again during this call waits for the next call, so a busy owner
            // cannot keep one planner busy.
            let skipping = planned.map(\.rawValue)
            let owner: User.ID? = try await write { c in
                let locked = try await self.rows(
                    """
                    SELECT r.user_id, r.version FROM reminder_plan_requests r JOIN users u ON u.id = r.user_id
                    WHERE r.user_id <> ALL(\(skipping)::uuid[])
                    ORDER BY r.seq LIMIT 1
                    FOR UPDATE OF r SKIP LOCKED
                    FOR NO KEY UPDATE OF u SKIP LOCKED
                    """, on: c)
                guard let row = locked.first else { return nil }
                let (id, version) = try row.decode((UUID, Int).self)
                let owner = User.ID(rawValue: id)
                let user = try await self.fetchUser(owner, on: c)
                let habits = try await self.fetchHabits(owner, includeArchived: true, on: c)
                let firings = plan(user, habits)
                try ReminderRules.checkPlanned(firings, of: habits)
                try await self.run(
                    """
                    DELETE FROM reminder_firings
                    WHERE user_id = \(id) AND kind = 'scheduled' AND fires_at > \(now)
                      AND claimed_by IS NULL AND finished_at IS NULL
                    """, on: c)
                try await self.insert(firings, owner: owner, on: c)
                try await self.run(
                    "DELETE FROM reminder_plan_requests WHERE user_id = \(id) AND version = \(version)", on: c)
                return owner
            }
            guard let owner else { break }
            planned.append(owner)
        }
        return planned
    }

    public func requestPlanning(owner: User.ID) async throws {
        try await write { c in
            guard try await !self.markForPlanning(owner, on: c).isEmpty else { throw StoreError.notFound("user") }
        }
    }

    /// Marks the owner for planning (again); returns the request's row, none when there is no
    /// such user. `DO UPDATE`, not `DO NOTHING`: see ``planReminders(now:limit:plan:)``.
    @discardableResult
    func markForPlanning(_ owner: User.ID, on c: PostgresConnection) async throws -> [PostgresRow] {
        try await rows(
            """
            INSERT INTO reminder_plan_requests (user_id) SELECT id FROM users WHERE id = \(owner.rawValue)
            ON CONFLICT (user_id) DO UPDATE SET version = reminder_plan_requests.version + 1
            RETURNING version
            """, on: c)
    }

    // MARK: Answers

    public func firing(owner: User.ID, id: ReminderFiring.ID) async throws -> ReminderFiring {
        try await read { c in
            let rows = try await self.rows(
                """
                SELECT \(unescaped: Self.firingColumns) FROM reminder_firings
                WHERE id = \(id.rawValue) AND user_id = \(owner.rawValue)
                """, on: c)
            guard let row = rows.first else { throw StoreError.notFound("firing") }
            return try Self.firing(from: row.makeRandomAccess())
        }
    }

    public func firingAnswer(owner: User.ID, id: ReminderFiring.ID) async throws -> FiringAnswer? {
        try await read { c in
            let rows = try await self.rows(
                "SELECT answer FROM reminder_firings WHERE id = \(id.rawValue) AND user_id = \(owner.rawValue)", on: c)
            guard let row = rows.first else { throw StoreError.notFound("firing") }
            return try row.decode(String?.self).map(FiringAnswer.init(stored:))
        }
    }

    public func answerFiring(
        owner: User.ID, _ firing: ReminderFiring.ID, answer: FiringAnswer, snooze: ReminderFiring?, now: Date
    ) async throws -> Bool {
        try await write { c in
            // A concurrent answer waits for this lock, then reads the committed answer (FOR UPDATE
            // returns the row's newest version) and writes nothing.
            let rows = try await self.rows(
                """
                SELECT habit_id, answer IS NOT NULL FROM reminder_firings
                WHERE id = \(firing.rawValue) AND user_id = \(owner.rawValue) FOR UPDATE
                """, on: c)
            guard let row = rows.first else { throw StoreError.notFound("firing") }
            let (habit, answered) = try row.decode((UUID, Bool).self)
            if let snooze { try ReminderRules.checkBelong([snooze], to: Habit.ID(rawValue: habit)) }
            guard !answered else { return false }
            try await self.run(
                """
                UPDATE reminder_firings SET answer = \(answer.rawValue), answered_at = \(now) WHERE id = \(firing.rawValue)
                """, on: c)
            if let snooze { try await self.insert([snooze], owner: owner, on: c) }
            return true
        }
    }

    // MARK: Retries and housekeeping

    /// One statement: the due rows are locked `FOR UPDATE SKIP LOCKED`, so concurrent claimants
    /// skip each other's rows (and rows a sender is recording) instead of waiting, and a row
    /// another claimant committed after this statement's snapshot is re-checked on its newest
    /// version and dropped (it is `sending`, and recently written).
    public func claimDueRetries(now: Date, limit: Int, claimant: String, lease: TimeInterval) async throws -> [ClaimedDelivery] {
        try await write { c in
            // Failed ones whose retry has come, and retries whose sender died: left `sending` past
            // the lease though their firing is finished (no claimant of the firing will take them
            // over), due since they were last written.
            let rows = try await self.rows(
                """
                WITH due AS (
                    SELECT d.id, CASE WHEN d.status = 'failed' THEN d.next_retry_at ELSE d.updated_at END AS due_at
                    FROM reminder_deliveries d
                    WHERE (d.status = 'failed' AND d.next_retry_at <= \(now))
                       OR (d.status = 'sending' AND d.updated_at <= \(now - lease)
                           AND EXISTS (SELECT 1 FROM reminder_firings f WHERE f.id = d.firing_id AND f.finished_at IS NOT NULL))
                    ORDER BY due_at, d.id LIMIT \(max(0, limit))
                    FOR UPDATE OF d SKIP LOCKED)
                UPDATE reminder_deliveries d
                SET status = 'sending', claimant = \(claimant), next_retry_at = NULL, updated_at = \(now)
                FROM due, reminder_firings f
                WHERE d.id = due.id AND f.id = d.firing_id
                RETURNING d.id AS delivery_id, d.user_id, d.channel, d.target_id, d.attempts, due.due_at,
                          f.id, f.habit_id, f.reminder_id, f.day, f.fires_at, f.kind, f.repeat_number
                """, on: c)
            let claimed = try rows.map { row in
                let cells = row.makeRandomAccess()
                guard
                    let target = DeliveryDestination(
                        channel: try cells["channel"].decode(String.self), id: try cells["target_id"].decode(UUID.self))
                else { throw StoreError.unreadable("a delivery's channel is damaged") }
                let delivery = ClaimedDelivery(
                    owner: User.ID(rawValue: try cells["user_id"].decode(UUID.self)),
                    id: DeliveryLogEntry.ID(rawValue: try cells["delivery_id"].decode(UUID.self)),
                    firing: try Self.firing(from: cells), target: target, attempts: try cells["attempts"].decode(Int.self),
                    claimant: claimant)
                return (dueAt: try cells["due_at"].decode(Date.self), delivery: delivery)
            }
            return claimed.sorted { ($0.dueAt, $0.delivery.id) < ($1.dueAt, $1.delivery.id) }.map(\.delivery)
        }
    }

    public func pruneReminderHistory(before: Date) async throws -> Int {
        try await write { c in
            // Their deliveries go with them (ON DELETE CASCADE).
            let rows = try await self.rows(
                """
                WITH pruned AS (DELETE FROM reminder_firings WHERE finished_at < \(before) RETURNING 1)
                SELECT count(*) FROM pruned
                """, on: c)
            return try rows.first?.decode(Int.self) ?? 0
        }
    }

    /// `body` over `items` in up to eight chunks at once; the answers in the items' order. A
    /// chunk costs the same few statements however many items it holds, so small lots (a
    /// scheduler's batch of finishes) stay whole.
    func inChunks<Item: Sendable, Answer: Sendable>(
        _ items: [Item], _ body: @escaping @Sendable ([Item]) async throws -> [Answer]
    ) async throws -> [Answer] {
        let size = max(64, (items.count + 7) / 8)
        let chunks = stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min(items.count, $0 + size)]) }
        return try await withThrowingTaskGroup(of: (Int, [Answer]).self) { group in
            for (index, chunk) in chunks.enumerated() { group.addTask { (index, try await body(chunk)) } }
            var answers = [[Answer]](repeating: [], count: chunks.count)
            while let (index, chunkAnswers) = try await group.next() { answers[index] = chunkAnswers }
            return answers.flatMap { $0 }
        }
    }

    public func recordDelivery(
        owner: User.ID, _ delivery: DeliveryLogEntry.ID, claimant: String, result: DeliveryOutcome, now: Date
    )
        async throws
    {
        try await write { c in
            try await self.record(delivery, owner: owner, claimant: claimant, result: result, now: now, on: c)
        }
    }

    public func deliveries(owner: User.ID, limit: Int) async throws -> [DeliveryLogEntry] {
        try await read { c in
            try await self.requireOwner(owner, on: c)
            return try await self.rows(
                """
                SELECT d.id, d.updated_at AS time, f.id AS firing_id, f.habit_id, f.reminder_id, f.kind, f.repeat_number, f.day,
                       f.fires_at, d.channel, d.target_id, d.status, NULL::text AS skip_reason, d.latency_ms, d.attempts,
                       d.next_retry_at, d.error
                FROM reminder_deliveries d JOIN reminder_firings f ON f.id = d.firing_id
                WHERE d.user_id = \(owner.rawValue)
                UNION ALL
                SELECT f.id, f.finished_at, f.id, f.habit_id, f.reminder_id, f.kind, f.repeat_number, f.day,
                       f.fires_at, NULL::text, NULL::uuid, 'skipped', f.skip_reason, NULL::integer, 0,
                       NULL::timestamptz, NULL::text
                FROM reminder_firings f
                WHERE f.user_id = \(owner.rawValue) AND f.skip_reason IS NOT NULL
                ORDER BY time DESC, id DESC LIMIT \(max(0, limit))
                """, on: c
            ).map { try Self.logEntry(from: $0.makeRandomAccess()) }
        }
    }

    // MARK: Rows

    /// Queues the owner's firings (``insertFirings(_:on:)``).
    func insert(_ firings: [ReminderFiring], owner: User.ID, on c: PostgresConnection) async throws {
        try await insertFirings(firings.map { ($0, owner.rawValue) }, on: c)
    }

    /// Records a delivery's result; only its claimant may, while it is still recordable.
    func record(
        _ id: DeliveryLogEntry.ID, owner: User.ID, claimant: String, result: DeliveryOutcome, now: Date, on c: PostgresConnection
    ) async throws {
        let rows = try await rows(
            """
            SELECT claimant, status FROM reminder_deliveries
            WHERE id = \(id.rawValue) AND user_id = \(owner.rawValue) FOR UPDATE
            """, on: c)
        guard let row = rows.first else { throw StoreError.notFound("delivery") }
        let (holder, status) = try row.decode((String, String).self)
        guard holder == claimant, let status = DeliveryStatus(rawValue: status), ReminderRules.recordable.contains(status) else {
            throw ReminderRules.notRecordable
        }
        switch result {
        case .sent(let latency):
            try await run(
                """
                UPDATE reminder_deliveries SET status = 'sent', attempts = attempts + 1, latency_ms = \(latency),
                    next_retry_at = NULL, error = NULL, updated_at = \(now)
                WHERE id = \(id.rawValue)
                """, on: c)
        case .failed(let attempts, let retry, let error):
            try await run(
                """
                UPDATE reminder_deliveries SET status = 'failed', attempts = \(attempts), next_retry_at = \(retry),
                    error = \(error), updated_at = \(now)
                WHERE id = \(id.rawValue)
                """, on: c)
        case .gone:
            try await run(
                """
                UPDATE reminder_deliveries SET status = 'gone', attempts = attempts + 1, next_retry_at = NULL, updated_at = \(now)
                WHERE id = \(id.rawValue)
                """, on: c)
        }
    }

    static func push(from row: PostgresRow) throws -> PushSubscription {
        let (id, owner, endpoint, p256dh, auth, createdAt) = try row.decode((UUID, UUID, String, String, String, Date).self)
        return PushSubscription(
            id: PushSubscription.ID(rawValue: id), owner: User.ID(rawValue: owner), endpoint: endpoint, p256dh: p256dh, auth: auth,
            createdAt: createdAt)
    }

    static func webhook(from row: PostgresRow) throws -> Webhook {
        let (id, owner, url, format, token, createdAt) = try row.decode((UUID, UUID, String, String, String?, Date).self)
        return Webhook(
            id: Webhook.ID(rawValue: id), owner: User.ID(rawValue: owner), url: url, format: try enumValue(format),
            accessToken: token, createdAt: createdAt)
    }

    static func kind(_ name: String, _ number: Int) throws -> ReminderFiring.Kind {
        guard let kind = ReminderFiring.Kind(name: name, repeatNumber: number) else {
            throw StoreError.unreadable("a reminder firing's kind is damaged")
        }
        return kind
    }

    static func firing(from row: PostgresRandomAccessRow) throws -> ReminderFiring {
        ReminderFiring(
            id: ReminderFiring.ID(rawValue: try row["id"].decode(UUID.self)),
            habit: Habit.ID(rawValue: try row["habit_id"].decode(UUID.self)),
            reminder: Reminder.ID(rawValue: try row["reminder_id"].decode(UUID.self)),
            day: Day(ordinal: try row["day"].decode(Int.self)), firesAt: try row["fires_at"].decode(Date.self),
            kind: try kind(row["kind"].decode(String.self), row["repeat_number"].decode(Int.self)))
    }

    static func logEntry(from row: PostgresRandomAccessRow) throws -> DeliveryLogEntry {
        var target: DeliveryDestination?
        if let channel = try row["channel"].decode(String?.self), let id = try row["target_id"].decode(UUID?.self) {
            target = DeliveryDestination(channel: channel, id: id)
        }
        return DeliveryLogEntry(
            id: DeliveryLogEntry.ID(rawValue: try row["id"].decode(UUID.self)), time: try row["time"].decode(Date.self),
            habit: Habit.ID(rawValue: try row["habit_id"].decode(UUID.self)),
            reminder: Reminder.ID(rawValue: try row["reminder_id"].decode(UUID.self)),
            firing: ReminderFiring.ID(rawValue: try row["firing_id"].decode(UUID.self)),
            kind: try kind(row["kind"].decode(String.self), row["repeat_number"].decode(Int.self)),
            day: Day(ordinal: try row["day"].decode(Int.self)), firesAt: try row["fires_at"].decode(Date.self),
            target: target, status: try enumValue(row["status"].decode(String.self)),
            skipReason: try row["skip_reason"].decode(String?.self).map { try enumValue($0) },
            latencyMilliseconds: try row["latency_ms"].decode(Int?.self), attempts: try row["attempts"].decode(Int.self),
            nextRetryAt: try row["next_retry_at"].decode(Date?.self), error: try row["error"].decode(String?.self))
    }
}
