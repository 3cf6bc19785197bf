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
///    sends it to each target, and finishes the firing with the results and its follow-up (the
///    next scheduled firing, an "until done" repeat) in one transaction;
/// 3. sends the failed deliveries whose retry is due;
/// 4. now and then, forgets history older than ``Configuration/historyRetention``.
///
/// A crash anywhere leaves the firing claimed and unfinished; when its lease ends another pass
/// (on this instance after a restart, or on another) claims it and sends it again under the same
/// delivery ids, derived from the firing and target (``DeliveryIdentity``): the webhook's
/// `Idempotency-Key` and the push `Topic` are the same, so a receiver drops the copy
/// (docs/reminders.md, "Exactly once").
public final class ReminderScheduler: Service, Sendable {
    public struct Configuration: Sendable {
        /// How long an idle scheduler waits before looking again.
        public var pollInterval: Duration = .seconds(1)
        /// Firings claimed at a time.
        public var batchSize = 500
        /// Owners whose firings are processed at once.
        public var concurrency = 64
        /// Passes run at once: while one pass sends, another can read and write the store. Each
        /// pass claims under a name of its own (``ReminderScheduler/claimant(ofPass:)``), so a
        /// firing whose lease ran out under one pass is, if the other takes it, the other's alone.
        public var passesAtOnce = 2
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
    /// This instance's name in claims: a claim is only ever finished by who made it. Its
    /// passes claim as ``claimant(ofPass:)``.
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

    /// The name pass `index` of this instance claims under: passes at once must not share one,
    /// or a firing whose lease ran out under one pass and that the other claimed would be
    /// finished by both.
    public func claimant(ofPass index: Int) -> String {
        index == 0 ? claimant : "\(claimant)#\(index)"
    }

    public func run() async throws {
        logger.info("reminder scheduler started", metadata: ["claimant": "\(claimant)"])
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<max(1, configuration.passesAtOnce) {
                group.addTask { await self.loop(as: self.claimant(ofPass: index)) }
            }
        }
        logger.info("reminder scheduler stopped")
    }

    /// Pass after pass, pausing when one finds nothing to do. A graceful shutdown stops between
    /// passes: deliveries in flight finish and are recorded.
    func loop(as claimant: String) async {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            var pass = Pass()
            do {
                pass = try await runOnce(as: claimant)
            } catch {
                logger.error("reminder pass failed", metadata: ["error": "\(error)"])
            }
            if pass.didWork { continue }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: self.configuration.pollInterval) }
        }
    }

    /// One pass: plan, deliver what is due, retry what failed, prune now and then. `claimant`
    /// is the pass's name in claims (by default the instance's).
    @discardableResult
    public func runOnce(as claimant: String? = nil) async throws -> Pass {
        let claimant = claimant ?? self.claimant
        var pass = Pass()
        pass.planned = try await plan()
        let claimed = try await store.claimDueFirings(
            now: now(), limit: configuration.batchSize, claimant: claimant, lease: configuration.lease)
        pass.claimed = claimed.count
        if !claimed.isEmpty {
            events(.due(claimed.count))
            try await deliver(claimed, as: claimant, into: &pass)
        }
        pass.retried = try await retry(as: claimant)
        try await pruneIfDue()
        events(.passed)
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

    /// A claimed firing the pass decided to send, and what it is sent as.
    struct Sending: Sendable {
        let claimed: ClaimedFiring
        let message: ReminderMessage
        let targets: [ReminderTarget]
        var finish: FiringFinish
    }

    /// The pass's firings, in few store calls however many there are: the owners are read
    /// together, every firing is judged, those to send are sent many at once, and the firings are
    /// finished with their deliveries in writes of a few (``finishBatch``) as their sends end.
    func deliver(_ claimed: [ClaimedFiring], as claimant: String, into pass: inout Pass) async throws {
        let windows = Dictionary(grouping: claimed, by: \.owner).mapValues { OwnerContext.window($0.map(\.firing.day)) }
        let contexts = try await store.reminderContexts(windows).mapValues(OwnerContext.init)

        let at = now()
        var finishes: [FiringFinish] = []
        var sendings: [Sending] = []
        for item in claimed {
            // An owner deleted since the claim took the firing with them; a store that failed to
            // read leaves the claim to lapse and the firing to be claimed again.
            guard let context = contexts[item.owner], let tracked = context.habits[item.firing.habit] else {
                pass.lost += 1
                continue
            }
            let firing = item.firing
            let planner = ReminderPlanner(settings: context.user.settings)
            var finish = FiringFinish(owner: item.owner, firing: firing.id, deliveries: [], skipped: nil, next: [])
            if firing.kind == .scheduled, let reminder = tracked.habit.reminders.first(where: { $0.id == firing.reminder }),
                let following = planner.nextScheduled(
                    reminder, of: tracked.id, after: max(firing.firesAt, at - ReminderPlanner.missedAfter))
            {
                finish.next.append(following)
            }
            switch planner.decide(firing, for: tracked, now: at) {
            case .skip(let reason):
                finish.skipped = reason
                finishes.append(finish)
                events(.skipped(reason))
                pass.skipped += 1
            case .deliver:
                if let repeatFiring = planner.nextRepeat(after: firing, of: tracked, now: at) { finish.next.append(repeatFiring) }
                let message = deliverer.message(for: firing, of: tracked.habit, owner: context.user, now: at)
                sendings.append(Sending(claimed: item, message: message, targets: context.targets, finish: finish))
            }
        }

        // Each delivery's id is derived from its firing and target (``DeliveryIdentity``): a pass
        // that takes the firing over after a crash sends under the same id, by which receivers
        // drop a copy, so nothing is written before sending; the results are recorded with the
        // firing's finish.
        var toSend: [(sending: Int, target: ReminderTarget, id: DeliveryLogEntry.ID)] = []
        for (index, sending) in sendings.enumerated() {
            for target in sending.targets {
                let id = DeliveryIdentity.id(firing: sending.claimed.firing.id.rawValue, channel: target.key.channel, target: target.key.id)
                toSend.append((index, target, DeliveryLogEntry.ID(rawValue: id)))
            }
        }

        // Send, a firing's targets together and many firings at once; each firing is recorded
        // soon after its sends end (in writes of a few), so that a crash resends little.
        let bySending = Dictionary(grouping: toSend, by: \.sending)
        for (index, sending) in sendings.enumerated() where bySending[index] == nil {
            finishes.append(sending.finish)
            if sending.targets.isEmpty { pass.skipped += 1 }
        }
        pass.lost += try await finish(finishes, as: claimant)

        let frozen = sendings
        var gone: [(User.ID, ReminderTarget)] = []
        var buffer: [FiringFinish] = []
        var recording: [Task<Int, any Error>] = []
        var counts = Pass()
        try await withThrowingTaskGroup(of: (Int, [(ReminderTarget, DeliveryLogEntry.ID, DeliveryLogEntry.Result)]).self) { group in
            var pending = bySending.makeIterator()
            func startNext() {
                guard let (index, sends) = pending.next() else { return }
                group.addTask {
                    let sending = frozen[index]
                    let results = await withTaskGroup(of: (ReminderTarget, DeliveryLogEntry.ID, DeliveryLogEntry.Result).self) { targets in
                        for send in sends {
                            targets.addTask {
                                let result = await self.deliverer.send(
                                    sending.message, to: send.target, deliveryID: send.id.rawValue, now: self.now())
                                return (
                                    send.target, send.id,
                                    self.judge(result, channel: send.target.channel, firesAt: sending.claimed.firing.firesAt, attempts: 1)
                                )
                            }
                        }
                        var all: [(ReminderTarget, DeliveryLogEntry.ID, DeliveryLogEntry.Result)] = []
                        for await result in targets { all.append(result) }
                        return all
                    }
                    return (index, results)
                }
            }
            for _ in 0..<max(1, configuration.concurrency) { startNext() }
            while let (index, results) = try await group.next() {
                var finish = frozen[index].finish
                for (target, id, result) in results {
                    finish.deliveries.append(SentDelivery(id: id, target: target.key, result: result))
                    switch result {
                    case .sent: counts.delivered += 1
                    case .gone:
                        gone.append((finish.owner, target))
                        counts.failed += 1
                    case .failed: counts.failed += 1
                    }
                }
                buffer.append(finish)
                if buffer.count >= Self.finishBatch {
                    // Recorded beside the sends (a store on a pool of connections records several
                    // batches at once), a few batches at a time.
                    let batch = buffer
                    buffer.removeAll()
                    recording.append(Task { try await self.finish(batch, as: claimant) })
                    if recording.count >= Self.recordingsInFlight { counts.lost += try await recording.removeFirst().value }
                }
                startNext()
            }
        }
        recording.append(Task { [buffer] in try await self.finish(buffer, as: claimant) })
        for task in recording { counts.lost += try await task.value }
        pass.delivered += counts.delivered
        pass.failed += counts.failed
        pass.lost += counts.lost
        for (owner, target) in gone { await remove([target], owner: owner) }
    }

    /// Firings recorded together: few enough that a crash resends little (a firing sent and not
    /// yet recorded is sent again by the next claimant, under the same delivery id, which
    /// receivers drop), enough that a write's pages and statements serve many firings.
    static let finishBatch = 64

    /// Batches of ``finishBatch`` being recorded at once.
    static let recordingsInFlight = 4

    /// Records `finishes`; answers how many could not be (their claim lost: another instance
    /// took them over).
    func finish(_ finishes: [FiringFinish], as claimant: String) async throws -> Int {
        guard !finishes.isEmpty else { return 0 }
        let finished = try await store.finishFirings(finishes, claimant: claimant, now: now())
        var lost = 0
        for (finish, result) in zip(finishes, finished) {
            if case .failure(let error) = result {
                logger.warning("reminder firing not finished", metadata: ["firing": "\(finish.firing)", "error": "\(error)"])
                lost += 1
            }
        }
        return lost
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
                try await store.remove(target, owner: owner)
            } catch {
                logger.warning("gone target not removed", metadata: ["error": "\(error)"])
            }
        }
    }

    // MARK: Retries

    func retry(as claimant: String) async throws -> Int {
        let claimed = try await store.claimDueRetries(
            now: now(), limit: configuration.batchSize, claimant: claimant, lease: configuration.lease)
        guard !claimed.isEmpty else { return 0 }
        _ = await forEach(Array(Dictionary(grouping: claimed, by: \.owner).values)) { deliveries in
            await self.retry(deliveries, as: claimant)
        }
        return claimed.count
    }

    func retry(_ deliveries: [ClaimedDelivery], as claimant: String) async {
        guard let owner = deliveries.first?.owner else { return }
        guard let found = try? await store.reminderContexts([owner: OwnerContext.window(deliveries.map(\.firing.day))])[owner]
        else { return }
        let context = OwnerContext(found)
        for delivery in deliveries {
            let result: DeliveryLogEntry.Result
            let target = context.targets.first { $0.key == delivery.target }
            if let target, let habit = context.habits[delivery.firing.habit]?.habit {
                let message = deliverer.message(for: delivery.firing, of: habit, owner: context.user, now: now())
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

/// One owner, as delivering their firings needs them: settings, habits with the entries the
/// firings' days are judged by, and targets.
struct OwnerContext: Sendable {
    let user: User
    let habits: [Habit.ID: TrackedHabit]
    let targets: [ReminderTarget]

    init(_ context: ReminderContext) {
        user = context.user
        habits = Dictionary(context.habits.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        targets = ReminderTarget.bounded(push: context.pushSubscriptions, webhooks: context.webhooks)
    }

    /// The entries the statuses of the firings' `days` depend on.
    static func window(_ days: [Day]) -> HistoryWindow {
        let latest = days.max() ?? Day(ordinal: 0)
        return HistoryWindow(from: days.min() ?? latest, through: latest, today: latest)
    }
}
