import AsyncHTTPClient
import Foundation
import Logging
import Synchronization
import TendCore
import TendDelivery
import TendHTTP
import TendReminders
import TendStore

/// The server's side of reminders: its keys (the VAPID key pair and the action-token secret,
/// made on first start and kept in the database, so every instance and every restart signs the
/// same way), the deliverer the scheduler and the test route share, and the scheduler service.
public final class ReminderDelivery: Sendable {
    let configuration: ServerConfiguration
    let store: any ServerStore
    let logger: Logger
    let dayPath: @Sendable (Habit.ID, Day) -> String
    private let loaded = Mutex<Task<Keys, any Error>?>(nil)
    /// Test notifications each user may send a minute: a person tries a new target a few times;
    /// a script sending them in a loop would make the server a relay to every target.
    static let testSendsPerMinute = 5
    /// Test sends of the last minute, per user (this instance's).
    let testSends = RateLimiter(limit: ReminderDelivery.testSendsPerMinute, window: 60)

    /// The names the keys are stored under (`server_secrets`).
    public static let vapidSecretName = "vapid-private-key"
    public static let actionSecretName = "action-token-secret"

    struct Keys: Sendable {
        let vapid: VAPIDKeyPair
        let actions: ActionTokenSecret
    }

    init(
        configuration: ServerConfiguration, store: any ServerStore, logger: Logger,
        dayPath: @escaping @Sendable (Habit.ID, Day) -> String
    ) {
        self.configuration = configuration
        self.store = store
        self.logger = logger
        self.dayPath = dayPath
    }

    var policy: DeliveryTargetPolicy { DeliveryTargetPolicy(allowPrivateTargets: configuration.allowPrivateTargets) }

    /// The keys, read once (and created and stored if this database has none).
    func keys() async throws -> Keys {
        let task = loaded.withLock { task in
            if let task { return task }
            let store = store
            let new = Task {
                let vapid = try VAPIDKeyPair(
                    storedPrivateKey: try await store.serverSecret(named: Self.vapidSecretName) { VAPIDKeyPair().storedPrivateKey })
                let stored = try await store.serverSecret(named: Self.actionSecretName) { ActionTokenSecret().stored }
                guard let actions = ActionTokenSecret(stored: stored) else {
                    throw StoreError.unreadable("the stored action-token secret is damaged")
                }
                return Keys(vapid: vapid, actions: actions)
            }
            task = new
            return new
        }
        do {
            return try await task.value
        } catch {
            // A database that was down may be up next time: do not keep the failure.
            loaded.withLock { $0 = nil }
            throw error
        }
    }

    /// The VAPID public key browsers subscribe with (`applicationServerKey`).
    public func publicKey() async throws -> String {
        try await keys().vapid.publicKey
    }

    /// The action tokens' secret (the "Done"/"Later" routes verify with it).
    func actionSecret() async throws -> ActionTokenSecret {
        try await keys().actions
    }

    /// The VAPID subject: `--vapid-subject`, else the public URL when it is a public https one.
    /// Without either, pushes still go out, signed with a placeholder contact that Apple's push
    /// service refuses; the server says so when it starts.
    func subject() -> VAPIDSubject {
        if let text = configuration.vapidSubject, let subject = try? VAPIDSubject(text) { return subject }
        if configuration.baseURL.scheme == "https", let subject = try? VAPIDSubject(configuration.baseURL.absoluteString) {
            return subject
        }
        return Self.placeholderSubject
    }

    static let placeholderSubject = try! VAPIDSubject("mailto:webpush@tend.invalid")

    /// What sends reminders and test notifications.
    public func deliverer() async throws -> ReminderDeliverer {
        let keys = try await keys()
        let client = HTTPClient.reminders
        let signer = VAPIDSigner(keyPair: keys.vapid, subject: subject())
        return ReminderDeliverer(
            push: WebPushSender(client: client, vapid: signer, policy: policy, logger: logger),
            webhook: WebhookSender(client: client, policy: policy, logger: logger),
            actionSecret: keys.actions, publicURL: configuration.baseURL, dayPath: dayPath)
    }

    /// The scheduler as a service of the application: it loads the keys when it starts.
    public func scheduler(
        configuration schedulerConfiguration: ReminderScheduler.Configuration = ReminderScheduler.Configuration(),
        metrics: ServerMetrics
    ) -> ReminderSchedulerService {
        ReminderSchedulerService(delivery: self, configuration: schedulerConfiguration, metrics: metrics)
    }
}
