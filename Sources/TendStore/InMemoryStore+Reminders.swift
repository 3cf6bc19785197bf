import Foundation
import TendCore

/// What the in-memory store keeps for ``ReminderStore``: the tables the SQL stores have, by key.
struct ReminderTables: Sendable {
    struct StoredFiring: Sendable {
        var owner: User.ID
        var firing: ReminderFiring
        var claimedBy: String?
        var claimExpiresAt: Date?
        var finishedAt: Date?
        var skipReason: ReminderSkipReason?
        var answer: FiringAnswer?

        /// What makes two firings the same ring (the SQL stores' unique index).
        var key: FiringKey {
            FiringKey(
                owner: owner, habit: firing.habit, reminder: firing.reminder, kind: firing.kind, firesAt: firing.firesAt)
        }
    }

    struct FiringKey: Hashable {
        var owner: User.ID
        var habit: Habit.ID
        var reminder: Reminder.ID
        var kind: ReminderFiring.Kind
        var firesAt: Date
    }

    struct StoredDelivery: Sendable {
        var id: DeliveryLogEntry.ID
        var owner: User.ID
        var firing: ReminderFiring.ID
        var target: DeliveryTarget
        var claimant: String
        var status: DeliveryStatus
        var attempts: Int
        var nextRetryAt: Date?
        var error: String?
        var latencyMilliseconds: Int?
        var updatedAt: Date
    }

    var push: [PushSubscription.ID: PushSubscription] = [:]
    var webhooks: [Webhook.ID: Webhook] = [:]
    var secrets: [String: String] = [:]
    var firings: [ReminderFiring.ID: StoredFiring] = [:]
    var deliveries: [DeliveryLogEntry.ID: StoredDelivery] = [:]
    /// Owners whose reminders are to be planned again.
    var planRequests: Set<User.ID> = []
    var calendarGenerations: [User.ID: Int] = [:]

    /// What deleting a user cascades to.
    mutating func removeAll(of user: User.ID) {
        planRequests.remove(user)
        calendarGenerations[user] = nil
        push = push.filter { $0.value.owner != user }
        webhooks = webhooks.filter { $0.value.owner != user }
        firings = firings.filter { $0.value.owner != user }
        deliveries = deliveries.filter { $0.value.owner != user }
    }

    /// What deleting a habit cascades to: its firings and their deliveries.
    mutating func removeHabit(_ habit: Habit.ID, of owner: User.ID) {
        let gone = Set(firings.values.filter { $0.owner == owner && $0.firing.habit == habit }.map(\.firing.id))
        guard !gone.isEmpty else { return }
        firings = firings.filter { !gone.contains($0.key) }
        deliveries = deliveries.filter { !gone.contains($0.value.firing) }
    }

    /// Adds firings unless an identical one exists (the SQL stores' `ON CONFLICT DO NOTHING`).
    mutating func insert(_ new: [ReminderFiring], owner: User.ID) {
        var keys = Set(firings.values.map(\.key))
        for firing in new {
            let stored = StoredFiring(owner: owner, firing: firing)
            guard firings[firing.id] == nil, keys.insert(stored.key).inserted else { continue }
            firings[firing.id] = stored
        }
    }

    /// The owner's unfinished firing held by `claimant`, or `.conflict`.
    func held(_ id: ReminderFiring.ID, owner: User.ID, claimant: String) throws -> StoredFiring {
        guard let stored = firings[id], stored.owner == owner else { throw StoreError.notFound("firing") }
        guard stored.finishedAt == nil, stored.claimedBy == claimant else { throw ReminderRules.claimLost }
        return stored
    }
}

// Every method runs on the actor without suspending, so each is one atomic step, as a
// transaction is in the SQL stores.
extension InMemoryStore: ReminderStore {
    public func addPushSubscription(
        owner: User.ID, endpoint: String, p256dh: String, auth: String, now: Date
    ) throws
        -> PushSubscription
    {
        _ = try user(id: owner)
        try ReminderRules.validatePush(endpoint: endpoint, p256dh: p256dh, auth: auth)
        if var existing = reminders.push.values.first(where: { $0.owner == owner && $0.endpoint == endpoint }) {
            existing.p256dh = p256dh
            existing.auth = auth
            reminders.push[existing.id] = existing
            return existing
        }
        try ReminderRules.checkRoomForPush(existing: reminders.push.values.count { $0.owner == owner })
        let subscription = PushSubscription(owner: owner, endpoint: endpoint, p256dh: p256dh, auth: auth, createdAt: now)
        reminders.push[subscription.id] = subscription
        return subscription
    }

    public func pushSubscriptions(owner: User.ID) throws -> [PushSubscription] {
        _ = try user(id: owner)
        return reminders.push.values.filter { $0.owner == owner }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    public func deletePushSubscription(owner: User.ID, id: PushSubscription.ID) throws {
        guard reminders.push[id]?.owner == owner else { throw StoreError.notFound("push subscription") }
        reminders.push[id] = nil
    }

    public func addWebhook(owner: User.ID, url: String, format: Webhook.Format, accessToken: String?, now: Date) throws -> Webhook {
        _ = try user(id: owner)
        try ReminderRules.validateWebhook(url: url, accessToken: accessToken)
        try ReminderRules.checkRoomForWebhook(existing: reminders.webhooks.values.count { $0.owner == owner })
        let webhook = Webhook(owner: owner, url: url, format: format, accessToken: accessToken, createdAt: now)
        reminders.webhooks[webhook.id] = webhook
        return webhook
    }

    public func webhooks(owner: User.ID) throws -> [Webhook] {
        _ = try user(id: owner)
        return reminders.webhooks.values.filter { $0.owner == owner }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    public func deleteWebhook(owner: User.ID, id: Webhook.ID) throws {
        guard reminders.webhooks[id]?.owner == owner else { throw StoreError.notFound("webhook") }
        reminders.webhooks[id] = nil
    }

    public func calendarFeedGeneration(owner: User.ID) throws -> Int {
        _ = try user(id: owner)
        return reminders.calendarGenerations[owner] ?? 0
    }

    public func rotateCalendarFeed(owner: User.ID) throws -> Int {
        _ = try user(id: owner)
        let next = (reminders.calendarGenerations[owner] ?? 0) + 1
        reminders.calendarGenerations[owner] = next
        return next
    }

    public func serverSecret(named name: String, create: @Sendable () throws -> String) throws -> String {
        if let value = reminders.secrets[name] { return value }
        let value = try create()
        reminders.secrets[name] = value
        return value
    }

    public func replacePlannedFirings(owner: User.ID, habit: Habit.ID, _ firings: [ReminderFiring]) throws {
        try ReminderRules.checkBelong(firings, to: habit)
        _ = try self.habit(owner: owner, id: habit)
        reminders.firings = reminders.firings.filter { _, stored in
            !(stored.owner == owner && stored.firing.habit == habit && stored.firing.kind == .scheduled
                && stored.claimedBy == nil && stored.finishedAt == nil)
        }
        reminders.insert(firings, owner: owner)
    }

    public func plannedFirings(owner: User.ID) throws -> [ReminderFiring] {
        _ = try user(id: owner)
        return reminders.firings.values.filter { $0.owner == owner && $0.finishedAt == nil }.map(\.firing)
            .sorted { ($0.firesAt, $0.id) < ($1.firesAt, $1.id) }
    }

    public func claimDueFirings(now: Date, limit: Int, claimant: String, lease: TimeInterval) -> [ClaimedFiring] {
        let claimed = reminders.firings.values
            .filter { $0.finishedAt == nil && $0.firing.firesAt <= now && ($0.claimExpiresAt.map { $0 <= now } ?? true) }
            .map { ClaimedFiring(owner: $0.owner, firing: $0.firing, claimant: claimant, claimExpiresAt: now + lease) }
            .sorted { $0.isClaimed(before: $1) }
            .prefix(max(0, limit))
        for item in claimed {
            reminders.firings[item.firing.id]?.claimedBy = claimant
            reminders.firings[item.firing.id]?.claimExpiresAt = item.claimExpiresAt
        }
        return Array(claimed)
    }

    public func finishFiring(
        owner: User.ID, _ firing: ReminderFiring.ID, claimant: String, deliveries: [SentDelivery], skipped: ReminderSkipReason?,
        next: [ReminderFiring], now: Date
    ) throws {
        try finish(
            FiringFinish(owner: owner, firing: firing, deliveries: deliveries, skipped: skipped, next: next), claimant: claimant, now: now)
    }

    public func finishFirings(_ finishes: [FiringFinish], claimant: String, now: Date) -> [Result<Void, any Error>] {
        finishes.map { finish in Result { try self.finish(finish, claimant: claimant, now: now) } }
    }

    /// All checks before any change: all or nothing, as the SQL stores' transaction.
    private func finish(_ finish: FiringFinish, claimant: String, now: Date) throws {
        let (owner, firing) = (finish.owner, finish.firing)
        let stored = try reminders.held(firing, owner: owner, claimant: claimant)
        try ReminderRules.checkBelong(finish.next, to: stored.firing.habit)
        try ReminderRules.checkDistinctTargets(finish.deliveries)
        for sent in finish.deliveries {
            // A row of this firing and target exists only if an older Tend began it: recorded over, as the SQL stores' upsert does.
            let id = reminders.deliveries.values.first { $0.firing == firing && $0.target == sent.target }?.id ?? sent.id
            let record = sent.record
            reminders.deliveries[id] = ReminderTables.StoredDelivery(
                id: id, owner: owner, firing: firing, target: sent.target, claimant: claimant, status: sent.result.status,
                attempts: record.attempts, nextRetryAt: record.nextRetryAt, error: record.error,
                latencyMilliseconds: record.latencyMilliseconds, updatedAt: now)
        }
        reminders.firings[firing]?.finishedAt = now
        reminders.firings[firing]?.skipReason = finish.skipped
        reminders.insert(finish.next, owner: owner)
    }

    public func planReminders(
        now: Date, limit: Int, plan: @Sendable (User, [Habit]) -> [ReminderFiring]
    ) throws -> [User.ID] {
        let owners = reminders.planRequests.sorted { $0.rawValue.uuidString < $1.rawValue.uuidString }.prefix(max(0, limit))
        for owner in owners {
            guard let user = try? user(id: owner) else {
                reminders.planRequests.remove(owner)
                continue
            }
            let habits = try self.habits(owner: owner, includeArchived: true)
            let firings = plan(user, habits)
            // Refused before anything changes, as the SQL stores' transaction rolls back: the owner stays marked.
            try ReminderRules.checkPlanned(firings, of: habits)
            reminders.planRequests.remove(owner)
            reminders.firings = reminders.firings.filter { _, stored in
                !(stored.owner == owner && stored.firing.kind == .scheduled && stored.firing.firesAt > now
                    && stored.claimedBy == nil && stored.finishedAt == nil)
            }
            reminders.insert(firings, owner: owner)
        }
        return Array(owners)
    }

    public func requestPlanning(owner: User.ID) throws {
        _ = try user(id: owner)
        reminders.planRequests.insert(owner)
    }

    public func firing(owner: User.ID, id: ReminderFiring.ID) throws -> ReminderFiring {
        guard let stored = reminders.firings[id], stored.owner == owner else { throw StoreError.notFound("firing") }
        return stored.firing
    }

    public func firingAnswer(owner: User.ID, id: ReminderFiring.ID) throws -> FiringAnswer? {
        guard let stored = reminders.firings[id], stored.owner == owner else { throw StoreError.notFound("firing") }
        return stored.answer
    }

    public func answerFiring(
        owner: User.ID, _ firing: ReminderFiring.ID, answer: FiringAnswer, snooze: ReminderFiring?, now: Date
    ) throws -> Bool {
        guard let stored = reminders.firings[firing], stored.owner == owner else { throw StoreError.notFound("firing") }
        if let snooze { try ReminderRules.checkBelong([snooze], to: stored.firing.habit) }
        guard stored.answer == nil else { return false }
        reminders.firings[firing]?.answer = answer
        if let snooze { reminders.insert([snooze], owner: owner) }
        return true
    }

    public func claimDueRetries(now: Date, limit: Int, claimant: String, lease: TimeInterval) -> [ClaimedDelivery] {
        // A retry left `sending` past the lease (its sender died) is due again at once.
        func dueAt(_ delivery: ReminderTables.StoredDelivery) -> Date? {
            switch delivery.status {
            case .failed: delivery.nextRetryAt.flatMap { $0 <= now ? $0 : nil }
            case .sending:
                reminders.firings[delivery.firing]?.finishedAt != nil && delivery.updatedAt <= now - lease ? delivery.updatedAt : nil
            default: nil
            }
        }
        let due = reminders.deliveries.values
            .compactMap { delivery in dueAt(delivery).map { (at: $0, delivery: delivery) } }
            .sorted { ($0.at, $0.delivery.id) < ($1.at, $1.delivery.id) }
            .map(\.delivery)
            .prefix(max(0, limit))
        return due.compactMap { delivery in
            guard let firing = reminders.firings[delivery.firing]?.firing else { return nil }
            reminders.deliveries[delivery.id]?.status = .sending
            reminders.deliveries[delivery.id]?.claimant = claimant
            reminders.deliveries[delivery.id]?.nextRetryAt = nil
            reminders.deliveries[delivery.id]?.updatedAt = now
            return ClaimedDelivery(
                owner: delivery.owner, id: delivery.id, firing: firing, target: delivery.target, attempts: delivery.attempts,
                claimant: claimant)
        }
    }

    public func pruneReminderHistory(before: Date) -> Int {
        let old = Set(reminders.firings.values.filter { $0.finishedAt.map { $0 < before } ?? false }.map(\.firing.id))
        reminders.firings = reminders.firings.filter { !old.contains($0.key) }
        reminders.deliveries = reminders.deliveries.filter { !old.contains($0.value.firing) }
        return old.count
    }

    public func recordDelivery(
        owner: User.ID, _ delivery: DeliveryLogEntry.ID, claimant: String, result: DeliveryResult, now: Date
    )
        throws
    {
        guard let stored = reminders.deliveries[delivery], stored.owner == owner else { throw StoreError.notFound("delivery") }
        guard stored.claimant == claimant, ReminderRules.recordable.contains(stored.status) else {
            throw ReminderRules.notRecordable
        }
        record(delivery, result, now: now)
    }

    private func record(_ id: DeliveryLogEntry.ID, _ result: DeliveryResult, now: Date) {
        guard var delivery = reminders.deliveries[id] else { return }
        delivery.status = result.status
        delivery.updatedAt = now
        let record = result.applied(
            to: DeliveryResult.Record(
                attempts: delivery.attempts, latencyMilliseconds: delivery.latencyMilliseconds, nextRetryAt: delivery.nextRetryAt,
                error: delivery.error))
        (delivery.attempts, delivery.latencyMilliseconds, delivery.nextRetryAt, delivery.error) =
            (record.attempts, record.latencyMilliseconds, record.nextRetryAt, record.error)
        reminders.deliveries[id] = delivery
    }

    public func deliveries(owner: User.ID, limit: Int) throws -> [DeliveryLogEntry] {
        _ = try user(id: owner)
        var entries: [DeliveryLogEntry] = []
        for delivery in reminders.deliveries.values where delivery.owner == owner {
            guard let firing = reminders.firings[delivery.firing]?.firing else { continue }
            entries.append(
                DeliveryLogEntry(
                    id: delivery.id, time: delivery.updatedAt, habit: firing.habit, reminder: firing.reminder,
                    firing: firing.id, kind: firing.kind, day: firing.day, firesAt: firing.firesAt, target: delivery.target,
                    status: delivery.status, skipReason: nil, latencyMilliseconds: delivery.latencyMilliseconds,
                    attempts: delivery.attempts, nextRetryAt: delivery.nextRetryAt, error: delivery.error))
        }
        for stored in reminders.firings.values where stored.owner == owner && stored.skipReason != nil {
            let firing = stored.firing
            entries.append(
                DeliveryLogEntry(
                    id: DeliveryLogEntry.ID(rawValue: firing.id.rawValue), time: stored.finishedAt ?? firing.firesAt,
                    habit: firing.habit, reminder: firing.reminder, firing: firing.id, kind: firing.kind, day: firing.day,
                    firesAt: firing.firesAt, target: nil, status: .skipped, skipReason: stored.skipReason,
                    latencyMilliseconds: nil, attempts: 0, nextRetryAt: nil, error: nil))
        }
        return Array(entries.sorted { ($1.time, $1.id) < ($0.time, $0.id) }.prefix(max(0, limit)))
    }
}
