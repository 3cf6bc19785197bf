import AsyncHTTPClient
import Foundation
import Synchronization
import TendCore
import TendDelivery
import TendReminders
import TendSQLite
import TendStore
import TendTestSupport

/// A wall clock the test moves.
final class TestClock: Sendable {
    private let instant: Mutex<Date>

    init(_ start: Date) { instant = Mutex(start) }

    var now: Date { instant.withLock { $0 } }
    func set(_ date: Date) { instant.withLock { $0 = date } }
    func advance(_ seconds: TimeInterval) { instant.withLock { $0 += seconds } }
}

/// A scheduler on a store with one user, wired to a webhook receiver double (and a push
/// service double when the test asks), driven pass by pass with a test clock.
struct SchedulerHarness {
    let store: SQLiteStore
    let clock: TestClock
    let owner: User
    let scheduler: ReminderScheduler
    let recorder: Recorder

    static let vapid = VAPIDSigner(keyPair: VAPIDKeyPair(), subject: try! VAPIDSubject("mailto:admin@tend.example.com"))
    static let actionSecret = ActionTokenSecret()

    static func dayPath(_ habit: Habit.ID, _ day: Day) -> String { "/?date=\(day.iso)#habit-\(habit)" }

    /// Runs `body` with a harness whose user lives in `zone`, starting at `start`.
    /// `clock`, when given, is shared with a double that checks time (the push service's VAPID expiry).
    static func run<Value>(
        zone: String = "Europe/Berlin", start: Date, clock: TestClock? = nil, configuration: ReminderScheduler.Configuration = .forTests,
        _ body: (SchedulerHarness) async throws -> Value
    ) async throws -> Value {
        try await ReminderTesting.withClient { client in
            let clock = clock ?? TestClock(start)
            let store = try SQLiteStore(inMemoryDevice: "memory", now: { clock.now })
            let owner = try await store.createUser(username: "ada", settings: UserSettings(timeZone: zone))
            let deliverer = ReminderDeliverer(
                push: WebPushSender(client: client, vapid: vapid, policy: ReminderTesting.loopback, logger: ReminderTesting.logger),
                webhook: WebhookSender(client: client, policy: ReminderTesting.loopback, logger: ReminderTesting.logger),
                actionSecret: actionSecret, publicURL: URL(string: "https://tend.example.com")!, dayPath: dayPath)
            let recorded = Recorder()
            let scheduler = ReminderScheduler(
                store: store, deliverer: deliverer, configuration: configuration, claimant: "test", now: { clock.now },
                random: { 1 }, events: { recorded.append($0) }, logger: ReminderTesting.logger)
            let harness = SchedulerHarness(store: store, clock: clock, owner: owner, scheduler: scheduler, recorder: recorded)
            return try await body(harness)
        }
    }

    /// Adds a habit with one reminder.
    @discardableResult
    func habit(
        _ name: String, at hour: Int, _ minute: Int = 0, kind: HabitKind = .good, repeatEvery: Int? = nil, repeatLimit: Int? = nil,
        message: String? = nil
    ) async throws -> Habit {
        let reminder = Reminder(
            time: try TimeOfDay(hour: hour, minute: minute), message: message, repeatEveryMinutes: repeatEvery, repeatLimit: repeatLimit)
        return try await store.createHabit(
            owner: owner.id,
            Habit(name: name, emoji: "📚", kind: kind, reminders: [reminder], createdOn: Fixtures.day("2025-01-01")))
    }

    /// A JSON webhook of the user's to `receiver`.
    @discardableResult
    func webhook(_ receiver: WebhookReceiverDouble, format: Webhook.Format = .json) async throws -> Webhook {
        try await store.addWebhook(
            owner: owner.id, url: receiver.url("/hook").absoluteString, format: format, accessToken: nil, now: clock.now)
    }

    /// A subscription of the user's at `push`, made as a browser makes one.
    @discardableResult
    func subscribe(_ push: PushServiceDouble) async throws -> PushSubscription {
        let browser = push.subscribe()
        return try await store.addPushSubscription(
            owner: owner.id, endpoint: browser.endpoint.absoluteString, p256dh: browser.keys.p256dh, auth: browser.keys.auth,
            now: clock.now)
    }

    /// One pass at `instant`.
    @discardableResult
    func pass(at instant: Date) async throws -> ReminderScheduler.Pass {
        clock.set(instant)
        return try await scheduler.runOnce()
    }
}

extension ReminderScheduler.Configuration {
    static var forTests: Self {
        var configuration = Self()
        configuration.lease = 60
        return configuration
    }
}

/// Collects what the scheduler reports.
final class Recorder: Sendable {
    private let events = Mutex<[ReminderEvent]>([])
    func append(_ event: ReminderEvent) { events.withLock { $0.append(event) } }
    var all: [ReminderEvent] { events.withLock { $0 } }
}
