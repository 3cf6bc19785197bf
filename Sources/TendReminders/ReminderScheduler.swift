import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import TendCore
import TendDelivery
import TendStore

/// `tend serve`'s reminder delivery (docs/reminders.md), a service of the application's
/// lifecycle. Each pass:
///
/// 1. plans the owners whose habits or settings changed (``ReminderStore/planReminders(now:limit:plan:)``):
///    each enabled reminder's next firing is in the queue;
/// 2. claims the due firings (leased; on PostgreSQL `FOR UPDATE SKIP LOCKED`, so any number of
///    instances share the queue), judges each by the habit as it is now (``ReminderPlanner/decide(_:for:now:)``),
///    begins one delivery per target, sends, and finishes the firing with the results and its
///    follow-up (the next scheduled firing, an "until done" repeat) in one transaction;
/// 3. sends the failed deliveries whose retry is due;
/// 4. now and then, forgets history older than ``Configuration/historyRetention``.
///
/// A crash anywhere leaves the firing claimed and unfinished; when its lease ends another pass
/// (on this instance after a restart, or on another) claims it and sends what was begun but not
/// recorded again, with the same delivery id: the webhook's `Idempotency-Key` and the push
/// `Topic` are the same, so a receiver drops the copy (docs/reminders.md, "Exactly once").
public final class ReminderScheduler: Service, Sendable {
    public struct Configuration: Sendable {
        /// How long an idle scheduler waits before looking again.
        public var pollInterval: Duration = .seconds(1)
        /// Firings claimed at a time.
        public var batchSize = 500
        /// Owners whose firings are processed at once.
        public var concurrency = 64
        /// How long a claim holds: longer than a firing's sends take (each is bounded by its
        /// sender's timeout), short enough that a crashed instance's firings are soon taken over.
        public var lease: TimeInterval = 120
        public var retryPolicy = RetryPolicy.reminders
        /// Finished firings and their deliveries are kept this long (the delivery log).
        public var historyRetention: TimeInterval = 30 * 86_400
        public var pruneInterval: TimeInterval = 3600

        public init() {}
    }

    /// What one pass did.
    public struct Pass: Hashable, Sendable {
        public var planned = 0
        public var claimed = 0
        public var delivered = 0
        public var failed = 0
        public var skipped = 0
        public var retried = 0
        public var lost = 0

        public init() {}

        var didWork: Bool { planned + claimed + retried > 0 }
    }

    let store: any TendStore & ReminderStore
    let deliverer: ReminderDeliverer
    let configuration: Configuration
    /// This instance's name in claims: a claim is only ever finished by who made it.
    public let claimant: String
    let now: @Sendable () -> Date
    let random: @Sendable () -> Double
    let events: @Sendable (ReminderEvent) -> Void
    let logger: Logger
    private let lastPrune = Mutex<Date?>(nil)

    public init(
        store: any TendStore & ReminderStore, deliverer: ReminderDeliverer, configuration: Configuration = Configuration(),
        claimant: String = ReminderScheduler.defaultClaimant(), now: @escaping @Sendable () -> Date = { Date() },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        events: @escaping @Sendable (ReminderEvent) -> Void = { _ in }, logger: Logger
    ) {
        self.store = store
        self.deliverer = deliverer
        self.configuration = configuration
        self.claimant = claimant
        self.now = now
        self.random = random
        self.events = events
        self.logger = logger
    }

    /// Host, process and a random part: unique across instances and restarts.
    public static func defaultClaimant() -> String {
        "\(ProcessInfo.processInfo.hostName)/\(ProcessInfo.processInfo.processIdentifier)/\(UUID().uuidString.prefix(8))"
    }

    public func run() async throws {
        logger.info("reminder scheduler started", metadata: ["claimant": "\(claimant)"])
        // A graceful shutdown stops between passes: deliveries in flight finish and are recorded.
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            var pass = Pass()
            do {
                pass = try await runOnce()
            } catch {
                logger.error("reminder pass failed", metadata: ["error": "\(error)"])
            }
            if pass.didWork { continue }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: self.configuration.pollInterval) }
        }
        logger.info("reminder scheduler stopped")
    }

    /// One pass: plan, deliver what is due, retry what failed, prune now and then.
    @discardableResult
    public func runOnce() async throws -> Pass {
        var pass = Pass()
        pass.planned = try await plan()
        let claimed = try await store.claimDueFirings(
            now: now(), limit: configuration.batchSize, claimant: claimant, lease: configuration.lease)
        pass.claimed = claimed.count
        if !claimed.isEmpty {
            events(.due(claimed.count))
            let byOwner = Dictionary(grouping: claimed, by: \.owner)
            let outcomes = await forEach(Array(byOwner.values)) { firings in await self.deliver(firings) }
            for outcome in outcomes.joined() {
                switch outcome {
                case .delivered: pass.delivered += 1
                case .failed: pass.failed += 1
                case .skipped: pass.skipped += 1
                case .lost: pass.lost += 1
                }
            }
        }
        pass.retried = try await retry()
        try await pruneIfDue()
        return pass
    }

    // MARK: Planning

    func plan() async throws -> Int {
        let at = now()
        var total = 0
        while true {
            let planned = try await store.planReminders(now: at, limit: configuration.batchSize) { user, habits in
                let planner = ReminderPlanner(settings: user.settings)
                return habits.flatMap { planner.nextScheduled(for: $0, after: at) }
            }
            total += planned.count
            if planned.count < configuration.batchSize { return total }
        }
    }

    // MARK: Delivering

    enum Outcome {
        case delivered
        case failed
        case skipped
        case lost
    }

    /// One owner's claimed firings: the owner, targets and habits are read once for all of them.
    func deliver(_ firings: [ClaimedFiring]) async -> [Outcome] {
        guard let owner = firings.first?.owner else { return [] }
        let context: OwnerContext
        do {
            context = try await OwnerContext.load(owner, store: store)
        } catch {
            // The owner was deleted (their firings went with them) or the store is down: the
            // claims lapse and the firings, if any remain, are claimed again.
            logger.warning("reminder owner unreadable", metadata: ["owner": "\(owner)", "error": "\(error)"])
            return firings.map { _ in .lost }
        }
        var outcomes: [Outcome] = []
        for claimed in firings {
            do {
                outcomes.append(contentsOf: try await deliver(claimed, context: context))
            } catch {
                logger.warning(
                    "reminder firing not finished", metadata: ["firing": "\(claimed.firing.id)", "error": "\(error)"])
                outcomes.append(.lost)
            }
        }
        return outcomes
    }

    func deliver(_ claimed: ClaimedFiring, context: OwnerContext) async throws -> [Outcome] {
        let firing = claimed.firing
        let owner = claimed.owner
        let planner = ReminderPlanner(settings: context.user.settings)
        guard let habit = context.habits[firing.habit] else {
            // Deleted since it was claimed: its firing goes with it (the store cascades).
            return [.lost]
        }
        let from = firing.day.adding(days: -(max(habit.schedule.frequency.denominator, 31) + 1))
        let entries = try await store.entries(owner: owner, habit: habit.id, from: from, through: firing.day)
        let tracked = TrackedHabit(habit: habit, entries: entries)
        let at = now()
        var next: [ReminderFiring] = []
        if firing.kind == .scheduled, let reminder = habit.reminders.first(where: { $0.id == firing.reminder }),
            let following = planner.nextScheduled(
                reminder, of: habit.id, after: max(firing.firesAt, at - ReminderPlanner.missedAfter))
        {
            next.append(following)
        }
        switch planner.decide(firing, for: tracked, now: at) {
        case .skip(let reason):
            try await store.finishFiring(
                owner: owner, firing.id, claimant: claimant, deliveries: [:], skipped: reason, next: next, now: at)
            events(.skipped(reason))
            return [.skipped]
        case .deliver:
            let message = deliverer.message(for: firing, of: habit, owner: owner, now: at)
            let sent = await forEach(context.targets) { target in
                try? await self.send(message, of: claimed, to: target)
            }
            var results: [DeliveryLogEntry.ID: DeliveryLogEntry.Result] = [:]
            var gone: [ReminderTarget] = []
            var outcomes: [Outcome] = []
            for case (let target, let id, let result)? in sent {
                results[id] = result
                switch result {
                case .sent: outcomes.append(.delivered)
                case .gone:
                    gone.append(target)
                    outcomes.append(.failed)
                case .failed: outcomes.append(.failed)
                }
            }
            if let repeatFiring = planner.nextRepeat(after: firing, of: tracked, now: at) { next.append(repeatFiring) }
            try await store.finishFiring(
                owner: owner, firing.id, claimant: claimant, deliveries: results, skipped: nil, next: next, now: now())
            await remove(gone, owner: owner)
            return outcomes.isEmpty ? [.skipped] : outcomes
        }
    }

    /// Begins the firing's delivery to `target` (nil: already delivered), sends and judges it.
    func send(
        _ message: ReminderMessage, of claimed: ClaimedFiring, to target: ReminderTarget
    ) async throws -> (ReminderTarget, DeliveryLogEntry.ID, DeliveryLogEntry.Result)? {
        guard
            let id = try await store.beginDelivery(
                owner: claimed.owner, firing: claimed.firing.id, target: target.key, claimant: claimant, now: now())
        else { return nil }
        let result = await deliverer.send(message, to: target, deliveryID: id.rawValue, now: now())
        return (target, id, judge(result, channel: target.channel, firesAt: claimed.firing.firesAt, attempts: 1))
    }

    /// What a send's result is recorded as, with its retry time; reports it to `events`.
    func judge(_ result: DeliveryResult, channel: String, firesAt: Date, attempts: Int) -> DeliveryLogEntry.Result {
        let at = now()
        switch result {
        case .delivered:
            let lateness = max(0, at.timeIntervalSince(firesAt))
            events(.delivered(channel: channel, lateness: lateness))
            return .sent(latencyMilliseconds: Int((lateness * 1000).rounded()))
        case .gone:
            events(.gone(channel: channel))
            return .gone
        case .retry(let after, let reason):
            // Past the hour a firing counts as missed, a retry after it would be noise.
            let retryAt = configuration.retryPolicy.delay(afterFailedAttempts: attempts, retryAfter: after, random: random())
                .map { at + $0 }
                .flatMap { $0 <= firesAt + ReminderPlanner.missedAfter ? $0 : nil }
            events(.failed(channel: channel, willRetry: retryAt != nil))
            return .failed(attempts: attempts, nextRetryAt: retryAt, error: reason)
        case .failed(_, let reason):
            events(.failed(channel: channel, willRetry: false))
            return .failed(attempts: attempts, nextRetryAt: nil, error: reason)
        case .refused(let error):
            events(.failed(channel: channel, willRetry: false))
            return .failed(attempts: attempts, nextRetryAt: nil, error: "refused: \(error)")
        }
    }

    /// Forgets targets their service reported gone (a retry would only be refused again).
    func remove(_ gone: [ReminderTarget], owner: User.ID) async {
        for target in gone {
            do {
                switch target {
                case .push(let subscription): try await store.deletePushSubscription(owner: owner, id: subscription.id)
                case .webhook(let hook): try await store.deleteWebhook(owner: owner, id: hook.id)
                }
            } catch StoreError.notFound {
                // Removed meanwhile (by the owner, or by another instance's delivery).
            } catch {
                logger.warning("gone target not removed", metadata: ["error": "\(error)"])
            }
        }
    }

    // MARK: Retries

    func retry() async throws -> Int {
        let claimed = try await store.claimDueRetries(
            now: now(), limit: configuration.batchSize, claimant: claimant, lease: configuration.lease)
        guard !claimed.isEmpty else { return 0 }
        _ = await forEach(Array(Dictionary(grouping: claimed, by: \.owner).values)) { deliveries in
            await self.retry(deliveries)
        }
        return claimed.count
    }

    func retry(_ deliveries: [ClaimedDelivery]) async {
        guard let owner = deliveries.first?.owner else { return }
        guard let context = try? await OwnerContext.load(owner, store: store) else { return }
        for delivery in deliveries {
            let result: DeliveryLogEntry.Result
            let target = context.targets.first { $0.key == delivery.target }
            if let target, let habit = context.habits[delivery.firing.habit] {
                let message = deliverer.message(for: delivery.firing, of: habit, owner: owner, now: now())
                let sent = await deliverer.send(message, to: target, deliveryID: delivery.id.rawValue, now: now())
                result = judge(sent, channel: target.channel, firesAt: delivery.firing.firesAt, attempts: delivery.attempts + 1)
                if case .gone = result { await remove([target], owner: owner) }
            } else {
                // The target or the habit was removed since: nothing to send to, nothing to retry.
                result = .failed(attempts: delivery.attempts, nextRetryAt: nil, error: "the target or the habit was removed")
            }
            do {
                try await store.recordDelivery(owner: owner, delivery.id, claimant: claimant, result: result, now: now())
            } catch {
                logger.warning("retry not recorded", metadata: ["delivery": "\(delivery.id)", "error": "\(error)"])
            }
        }
    }

    // MARK: Housekeeping

    func pruneIfDue() async throws {
        let at = now()
        let due = lastPrune.withLock { last in
            guard last.map({ at.timeIntervalSince($0) >= configuration.pruneInterval }) ?? true else { return false }
            last = at
            return true
        }
        guard due else { return }
        let removed = try await store.pruneReminderHistory(before: at - configuration.historyRetention)
        if removed > 0 { logger.info("reminder history pruned", metadata: ["firings": "\(removed)"]) }
    }

    // MARK: Concurrency

    /// `body` over `items`, at most ``Configuration/concurrency`` at once; results in no order.
    func forEach<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ body: @escaping @Sendable (Item) async -> Result
    ) async -> [Result] {
        await withTaskGroup(of: Result.self) { group in
            var results: [Result] = []
            results.reserveCapacity(items.count)
            var iterator = items.makeIterator()
            for _ in 0..<max(1, configuration.concurrency) {
                guard let item = iterator.next() else { break }
                group.addTask { await body(item) }
            }
            while let result = await group.next() {
                results.append(result)
                if let item = iterator.next() { group.addTask { await body(item) } }
            }
            return results
        }
    }
}

/// One owner, as delivering their firings needs them: settings, habits and targets.
struct OwnerContext: Sendable {
    let user: User
    let habits: [Habit.ID: Habit]
    let targets: [ReminderTarget]

    static func load(_ owner: User.ID, store: any TendStore & ReminderStore) async throws -> OwnerContext {
        let user = try await store.user(id: owner)
        let habits = try await store.habits(owner: owner, includeArchived: true)
        let push = try await store.pushSubscriptions(owner: owner).map(ReminderTarget.push)
        let hooks = try await store.webhooks(owner: owner).map(ReminderTarget.webhook)
        return OwnerContext(
            user: user, habits: Dictionary(uniqueKeysWithValues: habits.map { ($0.id, $0) }), targets: push + hooks)
    }
}
