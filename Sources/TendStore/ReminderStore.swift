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
    /// Claims up to `limit` unfinished firings due at `now` (earliest first) that nobody holds or
    /// whose holder's lease has expired, for `claimant` until `now + lease`. Concurrent claimants,
    /// on any number of instances, get disjoint sets.
    func claimDueFirings(now: Date, limit: Int, claimant: String, lease: TimeInterval) async throws -> [ClaimedFiring]
    /// In one transaction: records the `deliveries`' results (attempts begun by `claimant`), marks
    /// the firing finished (`skipped`: why it was not delivered, shown in the log) and queues
    /// `next` (the follow-up scheduled or repeat firing). `.conflict` when `claimant` no longer
    /// holds the firing (another claimant took it after the lease expired) or it is finished:
    /// nothing is written, so a slow instance cannot record twice.
    func finishFiring(
        owner: User.ID, _ firing: ReminderFiring.ID, claimant: String, deliveries: [DeliveryLogEntry.ID: DeliveryResult],
        skipped: ReminderSkipReason?, next: [ReminderFiring], now: Date
    ) async throws

    // MARK: Deliveries

    /// Before sending a claimed firing to one target: inserts its `sending` row and returns its
    /// id, or `nil` when the firing already has a row for that target (it was sent, or tried: do
    /// not send). A `sending` row left by another claimant (whose process died between sending
    /// and recording) becomes `unknown`. `.conflict` when `claimant` does not hold the firing.
    func beginDelivery(
        owner: User.ID, firing: ReminderFiring.ID, target: DeliveryTarget, claimant: String, now: Date
    )
        async throws -> DeliveryLogEntry.ID?
    /// Records what sending came to (also a retry's). Only the claimant that began it may, while
    /// its row is `sending`, `failed` or `unknown` (a slow sender's true answer replaces the doubt).
    func recordDelivery(
        owner: User.ID, _ delivery: DeliveryLogEntry.ID, claimant: String, result: DeliveryResult, now: Date)
        async throws
    /// The owner's delivery log, newest first: deliveries and skipped firings.
    func deliveries(owner: User.ID, limit: Int) async throws -> [DeliveryLogEntry]
}
