import Foundation
import TendCore

/// What reminder delivery keeps: the owners' delivery targets, the firing queue that scheduler
/// instances claim from, one row per delivery (the exactly-once guard per firing and target), the
/// delivery log, and the server's secrets. Implemented by every store.
///
/// Scoped by owner like ``TendStore`` (another owner's ids are not found), except what the
/// scheduler does for all owners at once: ``claimDueFirings(now:limit:claimant:lease:)``, and
/// ``serverSecret(named:create:)``, which belongs to the server.
public protocol ReminderStore: Sendable {
    // MARK: Targets

    /// Adds a push subscription, or updates the keys of the owner's subscription with that
    /// endpoint (its id and creation time stay).
    func addPushSubscription(
        owner: User.ID, endpoint: String, p256dh: String, auth: String, now: Date
    ) async throws
        -> PushSubscription
    /// The owner's push subscriptions, oldest first.
    func pushSubscriptions(owner: User.ID) async throws -> [PushSubscription]
    func deletePushSubscription(owner: User.ID, id: PushSubscription.ID) async throws
    func addWebhook(
        owner: User.ID, url: String, format: Webhook.Format, accessToken: String?, now: Date
    ) async throws
        -> Webhook
    /// The owner's webhooks, oldest first.
    func webhooks(owner: User.ID) async throws -> [Webhook]
    func deleteWebhook(owner: User.ID, id: Webhook.ID) async throws

    // MARK: The calendar feed

    /// The generation of the owner's calendar feed URL (0 until first rotated): the feed's secret
    /// token is derived from it (and the server's secret), so rotating makes every older URL fail.
    func calendarFeedGeneration(owner: User.ID) async throws -> Int
    /// Moves the owner's calendar feed to a new generation and returns it.
    func rotateCalendarFeed(owner: User.ID) async throws -> Int

    // MARK: The server's secrets

    /// The secret stored under `name`; if there is none, `create()`'s value is stored and
    /// returned. Instances racing on one database all end with the same value (the first stored).
    func serverSecret(named name: String, create: @Sendable () throws -> String) async throws -> String

    // MARK: The firing queue

    /// Replaces the habit's scheduled firings that are not claimed (nor finished) with `firings`
    /// (all of this habit; a firing identical to one already queued or finished — same reminder,
    /// kind and instant — is not added again). What planning calls after a change to the
    /// reminder, the habit, its schedule or the owner's zone.
    func replacePlannedFirings(owner: User.ID, habit: Habit.ID, _ firings: [ReminderFiring]) async throws
    /// The owner's unfinished firings, by instant (claimed or not).
    func plannedFirings(owner: User.ID) async throws -> [ReminderFiring]
    /// Claims up to `limit` unfinished firings due at `now` (earliest first; of one instant, an
    /// owner's together, so that a pass reads each owner once) that nobody holds or whose
    /// holder's lease has expired, for `claimant` until `now + lease`. Concurrent claimants, on
    /// any number of instances, get disjoint sets.
    func claimDueFirings(now: Date, limit: Int, claimant: String, lease: TimeInterval) async throws -> [ClaimedFiring]
    /// In one transaction: records the `deliveries` (one row per target, under each one's id; a
    /// row of that firing and target left `sending` by an older Tend is recorded over), marks the
    /// firing finished (`skipped`: why it was not delivered, shown in the log) and queues `next`
    /// (the follow-up scheduled or repeat firing). `.conflict` when `claimant` no longer holds the
    /// firing (another claimant took it after the lease expired) or it is finished: nothing is
    /// written, so a slow instance cannot record twice.
    ///
    /// Nothing is written between the claim and the finish: a claimant that dies after sending
    /// leaves the firing claimed, and whoever claims it after the lease sends it again under the
    /// same delivery ids (derived from the firing and target), by which receivers drop a copy.
    func finishFiring(
        owner: User.ID, _ firing: ReminderFiring.ID, claimant: String, deliveries: [SentDelivery], skipped: ReminderSkipReason?,
        next: [ReminderFiring], now: Date
    ) async throws

    // MARK: Planning

    /// Plans up to `limit` owners marked for planning: each store marks an owner, in the same
    /// transaction as the change, when one of their habits is created or updated or their
    /// settings change (migration marks every owner with habits once), and
    /// ``requestPlanning(owner:)`` marks one without a change. For each owner, in one transaction:
    /// reads the owner and all their habits (archived included), removes the owner's `scheduled`
    /// firings after `now` that nobody holds, queues `plan`'s result (a firing identical to one
    /// queued or finished is not added again) and clears the mark. Firings at or before `now`
    /// stay: they are due, and the claim judges them by the habit as it is then. Concurrent
    /// planners, on any number of instances, take disjoint owners; a change committed while an
    /// owner is planned leaves the owner marked. Returns the owners planned.
    func planReminders(
        now: Date, limit: Int, plan: @Sendable (User, [Habit]) -> [ReminderFiring]
    ) async throws -> [User.ID]
    /// Marks the owner for ``planReminders(now:limit:plan:)``.
    func requestPlanning(owner: User.ID) async throws

    // MARK: Answers to a notification

    /// The owner's firing (finished or not).
    func firing(owner: User.ID, id: ReminderFiring.ID) async throws -> ReminderFiring
    /// The answer recorded for the owner's firing, `nil` while it has none.
    func firingAnswer(owner: User.ID, id: ReminderFiring.ID) async throws -> FiringAnswer?
    /// Records the person's answer to a firing's notification ("Done", "Later"), once per firing:
    /// `false` when it was answered before, and then nothing is written. With the first answer,
    /// `snooze` (a firing of the same habit) is queued in the same transaction.
    func answerFiring(
        owner: User.ID, _ firing: ReminderFiring.ID, answer: FiringAnswer, snooze: ReminderFiring?, now: Date
    ) async throws -> Bool

    /// Many ``finishFiring(owner:_:claimant:deliveries:skipped:next:now:)`` at once, in one
    /// transaction where the store can: each finish is still all or nothing on its own (one that
    /// fails — its claim lost, a delivery unknown — writes nothing and fails alone, with its
    /// error in its place of the answer). The scheduler's path for a pass's firings.
    func finishFirings(_ finishes: [FiringFinish], claimant: String, now: Date) async throws -> [Result<Void, any Error>]

    // MARK: Deliveries

    /// Records what a retry's sending came to. Only the claimant that claimed it may, while its row
    /// is `sending`, `failed` or `unknown` (a slow sender's true answer replaces the doubt).
    func recordDelivery(
        owner: User.ID, _ delivery: DeliveryLogEntry.ID, claimant: String, result: DeliveryOutcome, now: Date)
        async throws
    /// Claims up to `limit` failed deliveries (of any owner) whose `nextRetryAt` is at or before
    /// `now`, earliest first: each becomes `sending` again, held by `claimant` (who records its
    /// result with ``recordDelivery(owner:_:claimant:result:now:)``). Concurrent claimants get
    /// disjoint sets. A delivery left `sending` more than `lease` after it was last recorded,
    /// whose firing is finished (its sender died during a retry), is claimed too: it is sent
    /// again under its id, as a taken-over firing is sent again under its deliveries' ids.
    func claimDueRetries(now: Date, limit: Int, claimant: String, lease: TimeInterval) async throws -> [ClaimedDelivery]
    /// For each owner, what delivering their due firings needs (``ReminderContext``: habits with
    /// the entries of the owner's window), in as few reads as the store can; an owner that no
    /// longer exists is left out.
    func reminderContexts(_ owners: [User.ID: HistoryWindow]) async throws -> [User.ID: ReminderContext]
    /// The owner's delivery log, newest first: deliveries and skipped firings.
    func deliveries(owner: User.ID, limit: Int) async throws -> [DeliveryLogEntry]

    // MARK: Housekeeping

    /// Deletes the firings (of every owner) finished before `before`, with their deliveries;
    /// returns how many firings.
    func pruneReminderHistory(before: Date) async throws -> Int
}
