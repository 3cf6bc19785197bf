import Foundation
import GRDB
import TendCore
import TendStore

/// Reminder delivery in SQLite. Every write is one transaction of the group commit (planning
/// excepted: one transaction per owner, see ``planReminders(now:limit:plan:)``), and SQLite has
/// one writer at a time (write transactions begin IMMEDIATE), so a claim — read the due firings
/// or retries, mark them — cannot interleave with another claim, from this process or another on
/// the same file: claims are disjoint without row locks.
extension SQLiteStore: ReminderStore {
    public func addPushSubscription(
        owner: User.ID, endpoint: String, p256dh: String, auth: String, now: Date
    ) async throws
        -> PushSubscription
    {
        try ReminderRules.validatePush(endpoint: endpoint, p256dh: p256dh, auth: auth)
        let new = PushSubscription(owner: owner, endpoint: endpoint, p256dh: p256dh, auth: auth, createdAt: now)
        return try await write { db in
            try SQLiteAccountRows.requireUser(db, owner)
            try ReminderRules.checkRoomForPush(
                existing: try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM push_subscriptions WHERE user_id = ? AND endpoint <> ?",
                    arguments: [owner.description, endpoint]) ?? 0)
            // Subscribing again from the same browser keeps the row (its id) and takes the new keys.
            let row = try Row.fetchOne(
                db,
                sql: """
                    INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (user_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth
                    RETURNING \(SQLiteReminderRows.pushColumns)
                    """,
                arguments: [
                    new.id.description, owner.description, endpoint, p256dh, auth, now.timeIntervalSince1970,
                ])
            guard let row else { throw StoreError.notFound("push subscription") }
            return try SQLiteReminderRows.push(row)
        }
    }

    public func pushSubscriptions(owner: User.ID) async throws -> [PushSubscription] {
        try await writer.read { db in
            try SQLiteAccountRows.requireUser(db, owner)
            return try SQLiteReminderRows.pushSubscriptions(db, owner: owner)
        }
    }

    public func deletePushSubscription(owner: User.ID, id: PushSubscription.ID) async throws {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM push_subscriptions WHERE user_id = ? AND id = ?", arguments: [owner.description, id.description])
            guard db.changesCount == 1 else { throw StoreError.notFound("push subscription") }
        }
    }

    public func addWebhook(
        owner: User.ID, url: String, format: Webhook.Format, accessToken: String?, now: Date
    ) async throws
        -> Webhook
    {
        try ReminderRules.validateWebhook(url: url, accessToken: accessToken)
        let webhook = Webhook(owner: owner, url: url, format: format, accessToken: accessToken, createdAt: now)
        try await write { db in
            try SQLiteAccountRows.requireUser(db, owner)
            try ReminderRules.checkRoomForWebhook(
                existing: try Int.fetchOne(db, sql: "SELECT count(*) FROM webhooks WHERE user_id = ?", arguments: [owner.description]) ?? 0)
            try db.execute(
                sql: "INSERT INTO webhooks (id, user_id, url, format, access_token, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [
                    webhook.id.description, owner.description, url, format.rawValue, accessToken, now.timeIntervalSince1970,
                ])
        }
        return webhook
    }

    public func webhooks(owner: User.ID) async throws -> [Webhook] {
        try await writer.read { db in
            try SQLiteAccountRows.requireUser(db, owner)
            return try SQLiteReminderRows.webhooks(db, owner: owner)
        }
    }

    public func deleteWebhook(owner: User.ID, id: Webhook.ID) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM webhooks WHERE user_id = ? AND id = ?", arguments: [owner.description, id.description])
            guard db.changesCount == 1 else { throw StoreError.notFound("webhook") }
        }
    }

    /// One read for every owner of a pass, five statements whatever their number (a statement per
    /// owner and table would be a large part of a scheduler pass): users, habits, the entries of
    /// each owner's window, push subscriptions and webhooks. An owner deleted since is left out.
    public func reminderContexts(_ owners: [User.ID: HistoryWindow]) async throws -> [User.ID: ReminderContext] {
        guard !owners.isEmpty else { return [:] }
        return try await writer.read { db in try SQLiteReminderRows.contexts(db, owners) }
    }

    public func serverSecret(named name: String, create: @Sendable () throws -> String) async throws -> String {
        if let value = try await writer.read({ db in
            try String.fetchOne(db, sql: "SELECT value FROM server_secrets WHERE name = ?", arguments: [name])
        }) {
            return value
        }
        let created = try create()
        // Another process on the file may have stored one meanwhile: the first stored wins.
        return try await write { db in
            try db.execute(
                sql: "INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                arguments: [name, created])
            return try String.fetchOne(db, sql: "SELECT value FROM server_secrets WHERE name = ?", arguments: [name]) ?? created
        }
    }

    public func replacePlannedFirings(owner: User.ID, habit: Habit.ID, _ firings: [ReminderFiring]) async throws {
        try ReminderRules.checkBelong(firings, to: habit)
        try await write { db in
            guard try SQLiteRows.habitIfPresent(db, owner: owner, id: habit) != nil else { throw StoreError.notFound("habit") }
            try db.execute(
                sql: """
                    DELETE FROM reminder_firings
                    WHERE user_id = ? AND habit_id = ? AND kind = 'scheduled' AND claimed_by IS NULL AND finished_at IS NULL
                    """,
                arguments: [owner.description, habit.description])
            try SQLiteReminderBatches.insert(db, firings.map { ($0, owner) })
        }
    }

    public func plannedFirings(owner: User.ID) async throws -> [ReminderFiring] {
        try await writer.read { db in
            try SQLiteAccountRows.requireUser(db, owner)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT \(SQLiteReminderRows.firingColumns) FROM reminder_firings
                    WHERE user_id = ? AND finished_at IS NULL ORDER BY fires_at, id
                    """,
                arguments: [owner.description]
            ).map(SQLiteReminderRows.firing)
        }
    }

    public func claimDueFirings(now: Date, limit: Int, claimant: String, lease: TimeInterval) async throws -> [ClaimedFiring] {
        let at = now.timeIntervalSince1970
        let expires = (now + lease).timeIntervalSince1970
        return try await write { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    UPDATE reminder_firings SET claimed_by = ?1, claim_expires_at = ?2
                    WHERE id IN (
                        SELECT id FROM reminder_firings
                        WHERE finished_at IS NULL AND fires_at <= ?3 AND (claim_expires_at IS NULL OR claim_expires_at <= ?3)
                        ORDER BY fires_at, user_id, id LIMIT ?4)
                    RETURNING user_id, \(SQLiteReminderRows.firingColumns)
                    """,
                arguments: [claimant, expires, at, max(0, limit)])
            return try rows.map { row in
                ClaimedFiring(
                    owner: User.ID(rawValue: try SQLiteRows.uuid(row["user_id"])), firing: try SQLiteReminderRows.firing(row),
                    claimant: claimant, claimExpiresAt: Date(timeIntervalSince1970: expires))
            }.sorted { $0.isClaimed(before: $1) }
        }
    }

    // MARK: The calendar feed

    public func calendarFeedGeneration(owner: User.ID) async throws -> Int {
        try await writer.read { db in
            guard
                let generation = try Int.fetchOne(
                    db, sql: "SELECT calendar_generation FROM users WHERE id = ?", arguments: [owner.description])
            else { throw StoreError.notFound("user") }
            return generation
        }
    }

    public func rotateCalendarFeed(owner: User.ID) async throws -> Int {
        try await write { db in
            guard
                let generation = try Int.fetchOne(
                    db, sql: "UPDATE users SET calendar_generation = calendar_generation + 1 WHERE id = ? RETURNING calendar_generation",
                    arguments: [owner.description])
            else { throw StoreError.notFound("user") }
            return generation
        }
    }

    // MARK: Planning

    /// One transaction per owner, on GRDB's writer directly rather than through the group commit:
    /// `plan` runs inside the transaction and must not outlive this call, which a queued write's
    /// closure would. SQLite has one writer (also across processes on the file), so between
    /// reading the owner's habits and clearing the mark no change can commit, and two planners
    /// never take the same owner: a change made meanwhile runs after and marks the owner again.
    public func planReminders(
        now: Date, limit: Int, plan: @Sendable (User, [Habit]) -> [ReminderFiring]
    ) async throws -> [User.ID] {
        var planned: [User.ID] = []
        while planned.count < limit {
            let skipping = planned
            let owner = try await writer.writeWithoutTransaction { db in
                var owner: User.ID?
                try db.inTransaction(.immediate) {
                    owner = try SQLiteReminderRows.planNext(db, skipping: skipping, now: now, plan: plan)
                    return .commit
                }
                return owner
            }
            checkpointer?.wrote()
            guard let owner else { break }
            planned.append(owner)
        }
        return planned
    }

    public func requestPlanning(owner: User.ID) async throws {
        try await write { db in
            try SQLiteAccountRows.requireUser(db, owner)
            try SQLiteReminderRows.markForPlanning(owner, db: db)
        }
    }

    // MARK: Answers

    public func firing(owner: User.ID, id: ReminderFiring.ID) async throws -> ReminderFiring {
        try await writer.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT \(SQLiteReminderRows.firingColumns) FROM reminder_firings WHERE id = ? AND user_id = ?",
                    arguments: [id.description, owner.description])
            else { throw StoreError.notFound("firing") }
            return try SQLiteReminderRows.firing(row)
        }
    }

    public func firingAnswer(owner: User.ID, id: ReminderFiring.ID) async throws -> FiringAnswer? {
        try await writer.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT answer FROM reminder_firings WHERE id = ? AND user_id = ?",
                    arguments: [id.description, owner.description])
            else { throw StoreError.notFound("firing") }
            return try (row["answer"] as String?).map(FiringAnswer.init(stored:))
        }
    }

    public func answerFiring(
        owner: User.ID, _ firing: ReminderFiring.ID, answer: FiringAnswer, snooze: ReminderFiring?, now: Date
    ) async throws -> Bool {
        try await write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT habit_id, answer FROM reminder_firings WHERE id = ? AND user_id = ?",
                    arguments: [firing.description, owner.description])
            else { throw StoreError.notFound("firing") }
            if let snooze { try ReminderRules.checkBelong([snooze], to: Habit.ID(rawValue: try SQLiteRows.uuid(row["habit_id"]))) }
            // One writer at a time: no other answer can land between this read and the update.
            guard (row["answer"] as String?) == nil else { return false }
            try db.execute(
                sql: "UPDATE reminder_firings SET answer = ?, answered_at = ? WHERE id = ?",
                arguments: [answer.rawValue, now.timeIntervalSince1970, firing.description])
            if let snooze { try SQLiteReminderBatches.insert(db, [(snooze, owner)]) }
            return true
        }
    }

    // MARK: Retries and housekeeping

    public func claimDueRetries(now: Date, limit: Int, claimant: String, lease: TimeInterval) async throws -> [ClaimedDelivery] {
        let at = now.timeIntervalSince1970
        return try await write { db in
            // Failed ones whose retry has come, and retries whose sender died: left `sending` past
            // the lease though their firing is finished (no claimant of the firing will take them
            // over), due since they were last written. Each half reads its own partial index.
            let delivery = """
                d.id AS delivery_id, d.user_id, d.channel, d.target_id, d.attempts,
                f.id, f.habit_id, f.reminder_id, f.day, f.fires_at, f.kind, f.repeat_number
                """
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(delivery), d.next_retry_at AS due_at
                    FROM reminder_deliveries d JOIN reminder_firings f ON f.id = d.firing_id
                    WHERE d.status = 'failed' AND d.next_retry_at <= ?1
                    UNION ALL
                    SELECT \(delivery), d.updated_at AS due_at
                    FROM reminder_deliveries d JOIN reminder_firings f ON f.id = d.firing_id
                    WHERE d.status = 'sending' AND d.updated_at <= ?2 AND f.finished_at IS NOT NULL
                    ORDER BY due_at, delivery_id LIMIT ?3
                    """,
                arguments: [at, (now - lease).timeIntervalSince1970, max(0, limit)])
            let claim = try db.cachedStatement(
                sql: "UPDATE reminder_deliveries SET status = 'sending', claimant = ?, next_retry_at = NULL, updated_at = ? WHERE id = ?")
            return try rows.map { row in
                let id: String = row["delivery_id"]
                guard let target = DeliveryDestination(channel: row["channel"], id: try SQLiteRows.uuid(row["target_id"])) else {
                    throw StoreError.unreadable("a delivery's channel is damaged")
                }
                try claim.execute(arguments: [claimant, at, id])
                return ClaimedDelivery(
                    owner: User.ID(rawValue: try SQLiteRows.uuid(row["user_id"])),
                    id: DeliveryLogEntry.ID(rawValue: try SQLiteRows.uuid(id)), firing: try SQLiteReminderRows.firing(row),
                    target: target, attempts: row["attempts"], claimant: claimant)
            }
        }
    }

    public func pruneReminderHistory(before: Date) async throws -> Int {
        try await write { db in
            // Their deliveries go with them (ON DELETE CASCADE); `changesCount` counts only the firings.
            try db.execute(
                sql: "DELETE FROM reminder_firings WHERE finished_at < ?", arguments: [before.timeIntervalSince1970])
            return db.changesCount
        }
    }

    public func recordDelivery(
        owner: User.ID, _ delivery: DeliveryLogEntry.ID, claimant: String, result: DeliveryOutcome, now: Date
    )
        async throws
    {
        try await write { db in
            try SQLiteReminderRows.record(db, delivery, owner: owner, claimant: claimant, result: result, now: now)
        }
    }

    public func deliveries(owner: User.ID, limit: Int) async throws -> [DeliveryLogEntry] {
        try await writer.read { db in
            try SQLiteAccountRows.requireUser(db, owner)
            let firing = "f.id AS firing_id, f.habit_id, f.reminder_id, f.kind, f.repeat_number, f.day, f.fires_at"
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT d.id, d.updated_at AS time, \(firing), d.channel, d.target_id, d.status, NULL AS skip_reason,
                           d.latency_ms, d.attempts, d.next_retry_at, d.error
                    FROM reminder_deliveries d JOIN reminder_firings f ON f.id = d.firing_id
                    WHERE d.user_id = ?1
                    UNION ALL
                    SELECT f.id, f.finished_at AS time, \(firing), NULL, NULL, 'skipped', f.skip_reason,
                           NULL, 0, NULL, NULL
                    FROM reminder_firings f
                    WHERE f.user_id = ?1 AND f.skip_reason IS NOT NULL
                    ORDER BY time DESC, id DESC LIMIT ?2
                    """,
                arguments: [owner.description, max(0, limit)]
            ).map(SQLiteReminderRows.logEntry)
        }
    }
}

/// Reading and writing the reminder tables (migrations v4 and v5).
enum SQLiteReminderRows {
    static let pushColumns = "id, user_id, endpoint, p256dh, auth, created_at"
    static let webhookColumns = "id, user_id, url, format, access_token, created_at"
    static let firingColumns = "id, habit_id, reminder_id, day, fires_at, kind, repeat_number"
    static let habitColumnsOfH = qualified(SQLiteRows.habitColumns, by: "h")
    static let pushColumnsOfP = qualified(pushColumns, by: "p")
    static let webhookColumnsOfW = qualified(webhookColumns, by: "w")

    /// `columns` (a comma-separated list) each prefixed by `table`.
    static func qualified(_ columns: String, by table: String) -> String {
        columns.split(separator: ",").map { "\(table).\($0.trimmingCharacters(in: .whitespaces))" }.joined(separator: ", ")
    }

    /// The owner's push subscriptions, oldest first.
    static func pushSubscriptions(_ db: Database, owner: User.ID) throws -> [PushSubscription] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT \(pushColumns) FROM push_subscriptions WHERE user_id = ? ORDER BY created_at, id"),
            arguments: [owner.description]
        ).map(push)
    }

    /// The owner's webhooks, oldest first.
    static func webhooks(_ db: Database, owner: User.ID) throws -> [Webhook] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT \(webhookColumns) FROM webhooks WHERE user_id = ? ORDER BY created_at, id"),
            arguments: [owner.description]
        ).map(webhook)
    }

    /// What ``SQLiteStore/reminderContexts(_:)`` reads, in one statement per table; each owner's
    /// habits, entries and targets are what ``SQLiteRows/trackedHabits(_:owner:includeArchived:window:)``,
    /// ``pushSubscriptions(_:owner:)`` and ``webhooks(_:owner:)`` read for them alone, in the same order.
    static func contexts(_ db: Database, _ owners: [User.ID: HistoryWindow]) throws -> [User.ID: ReminderContext] {
        var ids = SQLiteJSONRows()
        for owner in owners.keys { ids.append(.text(owner.description)) }
        var users: [User.ID: User] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT u.id, u.username, u.time_zone, u.day_start_hour, u.first_weekday, u.locale, u.snooze_minutes, u.kept_zones,
                        u.language
                    FROM json_each(?) j JOIN users u ON u.id = j.value ->> 0
                    """),
            arguments: [ids.text])
        {
            let user = User(
                id: User.ID(rawValue: try SQLiteRows.uuid(row[0])), username: row[1],
                settings: UserSettings(
                    timeZone: row[2], dayStartHour: row[3], firstWeekday: row[4], locale: row[5], snoozeMinutes: row[6],
                    keptZones: UserSettings.keptZones(text: row[7]), language: row[8]))
            users[user.id] = user
        }
        guard !users.isEmpty else { return [:] }

        // Habits by owner, in each owner's order (as ``SQLiteRows/habits(_:owner:includeArchived:)``).
        var habits: [User.ID: [Habit]] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT h.user_id, \(habitColumnsOfH)
                    FROM json_each(?) j JOIN habits h ON h.user_id = j.value ->> 0
                    ORDER BY h.user_id, h.sort_order, h.name, h.id
                    """),
            arguments: [ids.text])
        {
            let owner = User.ID(rawValue: try SQLiteRows.uuid(row[0]))
            habits[owner, default: []].append(try SQLiteRows.habit(row, offset: 1))
        }

        // Each owner's entry days, as ``SQLiteRows/trackedHabits(_:owner:includeArchived:window:)``
        // reads them: a habit created inside the window brings its whole history.
        var windows = SQLiteJSONRows()
        for (owner, owned) in habits {
            guard let window = owners[owner] else { continue }
            let days = window.entryDays(for: owned)
            windows.append(.text(owner.description), .integer(days.from.ordinal), .integer(days.through.ordinal))
        }
        var entries: [Habit.ID: [Entry]] = [:]
        if windows.count > 0 {
            let cursor = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT h.id, e.day, e.value, e.is_skipped, e.note
                        FROM json_each(?1) w
                        JOIN habits h ON h.user_id = w.value ->> 0
                        JOIN entries e ON e.user_id = h.user_id AND e.habit_id = h.id
                            AND e.day BETWEEN (CASE WHEN h.created_on > w.value ->> 1 THEN ?2 ELSE w.value ->> 1 END) AND w.value ->> 2
                        """),
                arguments: [windows.text, Day.minimum.ordinal])
            var current: (text: String, id: Habit.ID)?
            while let row = try cursor.next() {
                let text: String = row[0]
                if current?.text != text { current = (text, Habit.ID(rawValue: try SQLiteRows.uuid(text))) }
                entries[current!.id, default: []].append(
                    Entry(day: Day(ordinal: row[1]), value: Amount(thousandths: row[2]), isSkipped: row[3], note: row[4]))
            }
        }

        var pushes: [User.ID: [PushSubscription]] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(pushColumnsOfP)
                    FROM json_each(?) j JOIN push_subscriptions p ON p.user_id = j.value ->> 0
                    ORDER BY p.user_id, p.created_at, p.id
                    """),
            arguments: [ids.text])
        {
            let push = try push(row)
            pushes[push.owner, default: []].append(push)
        }
        var hooks: [User.ID: [Webhook]] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(webhookColumnsOfW)
                    FROM json_each(?) j JOIN webhooks w ON w.user_id = j.value ->> 0
                    ORDER BY w.user_id, w.created_at, w.id
                    """),
            arguments: [ids.text])
        {
            let hook = try webhook(row)
            hooks[hook.owner, default: []].append(hook)
        }

        var contexts: [User.ID: ReminderContext] = [:]
        for (id, user) in users {
            contexts[id] = ReminderContext(
                user: user, habits: (habits[id] ?? []).map { TrackedHabit(habit: $0, entries: entries[$0.id] ?? []) },
                pushSubscriptions: pushes[id] ?? [], webhooks: hooks[id] ?? [])
        }
        return contexts
    }

    static func push(_ row: Row) throws -> PushSubscription {
        PushSubscription(
            id: PushSubscription.ID(rawValue: try SQLiteRows.uuid(row["id"])),
            owner: User.ID(rawValue: try SQLiteRows.uuid(row["user_id"])),
            endpoint: row["endpoint"], p256dh: row["p256dh"], auth: row["auth"],
            createdAt: Date(timeIntervalSince1970: row["created_at"]))
    }

    static func webhook(_ row: Row) throws -> Webhook {
        guard let format = Webhook.Format(rawValue: row["format"]) else { throw StoreError.unreadable("a webhook's format is damaged") }
        return Webhook(
            id: Webhook.ID(rawValue: try SQLiteRows.uuid(row["id"])), owner: User.ID(rawValue: try SQLiteRows.uuid(row["user_id"])),
            url: row["url"], format: format, accessToken: row["access_token"],
            createdAt: Date(timeIntervalSince1970: row["created_at"]))
    }

    static func kind(_ name: String, _ number: Int) throws -> ReminderFiring.Kind {
        guard let kind = ReminderFiring.Kind(name: name, repeatNumber: number) else {
            throw StoreError.unreadable("a reminder firing's kind is damaged")
        }
        return kind
    }

    static func firing(_ row: Row) throws -> ReminderFiring {
        ReminderFiring(
            id: ReminderFiring.ID(rawValue: try SQLiteRows.uuid(row["id"])),
            habit: Habit.ID(rawValue: try SQLiteRows.uuid(row["habit_id"])),
            reminder: Reminder.ID(rawValue: try SQLiteRows.uuid(row["reminder_id"])), day: Day(ordinal: row["day"]),
            firesAt: Date(timeIntervalSince1970: row["fires_at"]), kind: try kind(row["kind"], row["repeat_number"]))
    }

    static func logEntry(_ row: Row) throws -> DeliveryLogEntry {
        var target: DeliveryDestination?
        if let channel: String = row["channel"], let id: String = row["target_id"] {
            target = DeliveryDestination(channel: channel, id: try SQLiteRows.uuid(id))
        }
        guard let status = DeliveryStatus(rawValue: row["status"]) else { throw StoreError.unreadable("a delivery's status is damaged") }
        let reason: String? = row["skip_reason"]
        let retry: Double? = row["next_retry_at"]
        return DeliveryLogEntry(
            id: DeliveryLogEntry.ID(rawValue: try SQLiteRows.uuid(row["id"])), time: Date(timeIntervalSince1970: row["time"]),
            habit: Habit.ID(rawValue: try SQLiteRows.uuid(row["habit_id"])),
            reminder: Reminder.ID(rawValue: try SQLiteRows.uuid(row["reminder_id"])),
            firing: ReminderFiring.ID(rawValue: try SQLiteRows.uuid(row["firing_id"])),
            kind: try kind(row["kind"], row["repeat_number"]), day: Day(ordinal: row["day"]),
            firesAt: Date(timeIntervalSince1970: row["fires_at"]), target: target, status: status,
            skipReason: reason.flatMap(ReminderSkipReason.init(rawValue:)), latencyMilliseconds: row["latency_ms"],
            attempts: row["attempts"], nextRetryAt: retry.map(Date.init(timeIntervalSince1970:)), error: row["error"])
    }

    /// Marks the owner for planning (again): a new row, or one more mark on the row.
    static func markForPlanning(_ owner: User.ID, db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO reminder_plan_requests (user_id) VALUES (?)
                ON CONFLICT (user_id) DO UPDATE SET version = version + 1
                """
        ).execute(arguments: [owner.description])
    }

    /// Plans the first marked owner not in `skipping` (an owner marked again during one call of
    /// the planner waits for the next call, so a busy owner cannot keep it going) and clears the
    /// mark; `nil` when no owner is left. Runs in the caller's transaction.
    static func planNext(
        _ db: Database, skipping: [User.ID], now: Date, plan: (User, [Habit]) -> [ReminderFiring]
    ) throws -> User.ID? {
        let skipped = Set(skipping.map(\.description))
        let marked = try String.fetchAll(
            db, sql: "SELECT user_id FROM reminder_plan_requests ORDER BY rowid LIMIT ?", arguments: [skipped.count + 1])
        guard let id = marked.first(where: { !skipped.contains($0) }) else { return nil }
        let owner = User.ID(rawValue: try SQLiteRows.uuid(id))
        // The request row goes with its user (ON DELETE CASCADE), so the user is there.
        guard let user = try SQLiteRows.user(db, id: id) else { throw StoreError.notFound("user") }
        let habits = try SQLiteRows.habits(db, owner: owner, includeArchived: true)
        let firings = plan(user, habits)
        try ReminderRules.checkPlanned(firings, of: habits)
        try db.execute(
            sql: """
                DELETE FROM reminder_firings
                WHERE user_id = ? AND kind = 'scheduled' AND fires_at > ? AND claimed_by IS NULL AND finished_at IS NULL
                """,
            arguments: [id, now.timeIntervalSince1970])
        try SQLiteReminderBatches.insert(db, firings.map { ($0, owner) })
        try db.execute(sql: "DELETE FROM reminder_plan_requests WHERE user_id = ?", arguments: [id])
        return owner
    }

    /// Records a delivery's result; only its claimant may, while it is still recordable.
    static func record(
        _ db: Database, _ id: DeliveryLogEntry.ID, owner: User.ID, claimant: String, result: DeliveryOutcome, now: Date
    ) throws {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT claimant, status FROM reminder_deliveries WHERE id = ? AND user_id = ?"),
                arguments: [id.description, owner.description])
        else { throw StoreError.notFound("delivery") }
        let holder: String = row["claimant"]
        guard holder == claimant, let status = DeliveryStatus(rawValue: row["status"]),
            ReminderRules.recordable.contains(status)
        else { throw ReminderRules.notRecordable }
        let sql: String
        let arguments: StatementArguments
        switch result {
        case .sent(let latency):
            sql = """
                UPDATE reminder_deliveries SET status = 'sent', attempts = attempts + 1, latency_ms = ?, next_retry_at = NULL,
                    error = NULL, updated_at = ? WHERE id = ?
                """
            arguments = [latency, now.timeIntervalSince1970, id.description]
        case .failed(let attempts, let retry, let error):
            sql =
                "UPDATE reminder_deliveries SET status = 'failed', attempts = ?, next_retry_at = ?, error = ?, updated_at = ? WHERE id = ?"
            arguments = [attempts, retry?.timeIntervalSince1970, error, now.timeIntervalSince1970, id.description]
        case .gone:
            sql =
                "UPDATE reminder_deliveries SET status = 'gone', attempts = attempts + 1, next_retry_at = NULL, updated_at = ? WHERE id = ?"
            arguments = [now.timeIntervalSince1970, id.description]
        }
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }
}
