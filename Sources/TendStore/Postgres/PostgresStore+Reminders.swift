import Foundation
import PostgresNIO
import TendCore

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
            try await self.requireOwner(owner, on: c)
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
            try await self.requireOwner(owner, on: c)
            try await self.run(
                """
                INSERT INTO webhooks (id, user_id, url, format, access_token, created_at)
                VALUES (\(webhook.id.rawValue), \(owner.rawValue), \(url), \(format.rawValue), \(accessToken), \(now))
                """, on: c)
        }
        return webhook
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
                    ORDER BY fires_at, id LIMIT \(max(0, limit))
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
            }.sorted { ($0.firing.firesAt, $0.firing.id) < ($1.firing.firesAt, $1.firing.id) }
        }
    }

    public func finishFiring(
        owner: User.ID, _ firing: ReminderFiring.ID, claimant: String, deliveries: [DeliveryLogEntry.ID: DeliveryResult],
        skipped: ReminderSkipReason?, next: [ReminderFiring], now: Date
    ) async throws {
        try await write { c in
            let habit = try await self.held(firing, owner: owner, claimant: claimant, on: c)
            try ReminderRules.checkBelong(next, to: habit)
            for (id, result) in deliveries {
                try await self.record(id, owner: owner, firing: firing, claimant: claimant, result: result, now: now, on: c)
            }
            try await self.run(
                """
                UPDATE reminder_firings SET finished_at = \(now), skip_reason = \(skipped?.rawValue) WHERE id = \(firing.rawValue)
                """, on: c)
            try await self.insert(next, owner: owner, on: c)
        }
    }

    public func beginDelivery(
        owner: User.ID, firing: ReminderFiring.ID, target: DeliveryTarget, claimant: String, now: Date
    )
        async throws -> DeliveryLogEntry.ID?
    {
        let id = DeliveryLogEntry.ID()
        return try await write { c in
            _ = try await self.held(firing, owner: owner, claimant: claimant, on: c)
            let inserted = try await self.rows(
                """
                INSERT INTO reminder_deliveries (id, user_id, firing_id, channel, target_id, claimant, status, attempts, updated_at)
                VALUES (\(id.rawValue), \(owner.rawValue), \(firing.rawValue), \(target.channel), \(target.id), \(claimant),
                        'sending', 0, \(now))
                ON CONFLICT (firing_id, channel, target_id) DO NOTHING RETURNING id
                """, on: c)
            if !inserted.isEmpty { return id }
            // A row still `sending` from another claimant: its process died between sending and
            // recording. Whether it arrived is unknown; it is not sent again.
            try await self.run(
                """
                UPDATE reminder_deliveries SET status = 'unknown', updated_at = \(now)
                WHERE firing_id = \(firing.rawValue) AND channel = \(target.channel) AND target_id = \(target.id)
                  AND status = 'sending' AND claimant <> \(claimant)
                """, on: c)
            return nil
        }
    }

    public func recordDelivery(
        owner: User.ID, _ delivery: DeliveryLogEntry.ID, claimant: String, result: DeliveryResult, now: Date
    )
        async throws
    {
        try await write { c in
            try await self.record(delivery, owner: owner, firing: nil, claimant: claimant, result: result, now: now, on: c)
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

    /// Queues firings, skipping any identical to one queued or finished (same reminder, kind and instant).
    func insert(_ firings: [ReminderFiring], owner: User.ID, on c: PostgresConnection) async throws {
        for firing in firings {
            try await run(
                """
                INSERT INTO reminder_firings (id, user_id, habit_id, reminder_id, day, fires_at, kind, repeat_number)
                VALUES (\(firing.id.rawValue), \(owner.rawValue), \(firing.habit.rawValue), \(firing.reminder.rawValue),
                        \(firing.day.ordinal), \(firing.firesAt), \(firing.kind.name), \(firing.kind.repeatNumber))
                ON CONFLICT DO NOTHING
                """, on: c)
        }
    }

    /// Locks the owner's unfinished firing that `claimant` holds and returns its habit; `.conflict` otherwise.
    func held(_ firing: ReminderFiring.ID, owner: User.ID, claimant: String, on c: PostgresConnection) async throws -> Habit.ID {
        let rows = try await rows(
            """
            SELECT habit_id, claimed_by, finished_at IS NOT NULL FROM reminder_firings
            WHERE id = \(firing.rawValue) AND user_id = \(owner.rawValue) FOR UPDATE
            """, on: c)
        guard let row = rows.first else { throw StoreError.notFound("firing") }
        let (habit, holder, finished) = try row.decode((UUID, String?, Bool).self)
        guard holder == claimant, !finished else { throw ReminderRules.claimLost }
        return Habit.ID(rawValue: habit)
    }

    /// Records a delivery's result; only its claimant may, while it is still recordable.
    func record(
        _ id: DeliveryLogEntry.ID, owner: User.ID, firing: ReminderFiring.ID?, claimant: String, result: DeliveryResult, now: Date,
        on c: PostgresConnection
    ) async throws {
        let rows = try await rows(
            """
            SELECT firing_id, claimant, status FROM reminder_deliveries
            WHERE id = \(id.rawValue) AND user_id = \(owner.rawValue) FOR UPDATE
            """, on: c)
        guard let row = rows.first else { throw StoreError.notFound("delivery") }
        let (ofFiring, holder, status) = try row.decode((UUID, String, String).self)
        if let firing, ofFiring != firing.rawValue { throw StoreError.notFound("delivery") }
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
        var target: DeliveryTarget?
        if let channel = try row["channel"].decode(String?.self), let id = try row["target_id"].decode(UUID?.self) {
            target = DeliveryTarget(channel: channel, id: id)
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
