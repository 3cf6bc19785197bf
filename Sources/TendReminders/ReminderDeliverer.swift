import Foundation
import Logging
import TendCore
import TendDelivery
import TendStore
import TendWords

/// Makes a firing's message and sends it to one target: what the scheduler and the "send a
/// test notification" route share.
public struct ReminderDeliverer: Sendable {
    public let push: WebPushSender
    public let webhook: WebhookSender
    public let actionSecret: ActionTokenSecret
    /// The server's address as people's devices reach it: the base of every URL in a message.
    public let publicURL: URL
    /// The path of a habit's day page (the web app's), where a tap on a notification leads.
    public let dayPath: @Sendable (Habit.ID, Day) -> String
    /// `publicURL`'s scheme and authority (`https://tend.example.com`), which every path in a
    /// message (each starts with one `/`) is appended to: what resolving the path against
    /// `publicURL` gives, without resolving three URLs per firing.
    let origin: String

    /// How long a "Done"/"Later" URL works: long enough to answer the next morning, not forever.
    public static let actionLifetime: TimeInterval = 48 * 3600

    public init(
        push: WebPushSender, webhook: WebhookSender, actionSecret: ActionTokenSecret, publicURL: URL,
        dayPath: @escaping @Sendable (Habit.ID, Day) -> String
    ) {
        self.push = push
        self.webhook = webhook
        self.actionSecret = actionSecret
        self.publicURL = publicURL
        self.dayPath = dayPath
        origin = String((URL(string: "/", relativeTo: publicURL)?.absoluteString ?? publicURL.absoluteString).dropLast())
    }

    /// The path of an answer's route for `token` (`done` or `later`).
    public static func actionPath(token: String, answer: FiringAnswer) -> String {
        "/api/v1/reminders/actions/\(token)/\(answer.rawValue)"
    }

    func url(_ path: String) -> URL {
        guard path.hasPrefix("/"), !path.hasPrefix("//") else { return URL(string: path, relativeTo: publicURL)?.absoluteURL ?? publicURL }
        return URL(string: origin + path) ?? publicURL
    }

    /// The message of `firing` of `habit`, owned by `user`, in their language, with answers
    /// signed until 48 hours from `now`.
    public func message(for firing: ReminderFiring, of habit: Habit, owner user: User, now: Date) -> ReminderMessage {
        let reminder = habit.reminders.first { $0.id == firing.reminder }
        let body =
            reminder?.message.flatMap { $0.isEmpty ? nil : $0 }
            ?? Words.$current.withValue(Words.of(user.settings.reminderLanguage)) { ReminderMessage.defaultBody(for: habit) }
        let token = ActionToken(
            owner: user.id.rawValue, habit: habit.id, day: firing.day, firing: firing.id.rawValue, expires: now + Self.actionLifetime
        ).signed(with: actionSecret)
        return ReminderMessage(
            kind: .reminder, habitName: habit.name, habitID: habit.id, emoji: habit.emoji, body: body, firesAt: firing.firesAt,
            day: firing.day, tag: "reminder-\(firing.reminder)-\(firing.day.iso)", openURL: url(dayPath(habit.id, firing.day)),
            doneURL: url(Self.actionPath(token: token, answer: .done)), laterURL: url(Self.actionPath(token: token, answer: .later)),
            language: user.settings.reminderLanguage)
    }

    /// A test message for the owner's `today`: no answers; a tap opens the app.
    public func testMessage(today: Day, now: Date) -> ReminderMessage {
        ReminderMessage(
            kind: .test, habitName: "Tend", habitID: Habit.ID(rawValue: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))),
            emoji: "🔔",
            body: t("Notifications reach this device."), firesAt: now, day: today, tag: "test",
            openURL: url("/"), doneURL: nil, laterURL: nil)
    }

    /// Sends `message` to `target`. `deliveryID` is the same on every resend of one delivery, so
    /// receivers can drop a copy (webhooks' `Idempotency-Key`, the push `Topic`).
    public func send(_ message: ReminderMessage, to target: ReminderTarget, deliveryID: UUID, now: Date) async -> DeliveryResult {
        switch target {
        case .push(let subscription):
            guard let endpoint = URL(string: subscription.endpoint) else {
                return .failed(status: nil, reason: "the push endpoint is not a URL")
            }
            let keys: PushSubscriptionKeys
            do {
                keys = try PushSubscriptionKeys(p256dh: subscription.p256dh, auth: subscription.auth)
            } catch {
                return .failed(status: nil, reason: "\(error)")
            }
            var push = push
            push.logger[metadataKey: "target"] = "\(target.key.id.text())"
            return await push.send(payload: message.pushPayload.json(), to: endpoint, keys: keys, deliveryID: deliveryID, now: now)
        case .webhook(let hook):
            guard let url = URL(string: hook.url) else { return .failed(status: nil, reason: "the webhook is not a URL") }
            var webhook = webhook
            webhook.logger[metadataKey: "target"] = "\(target.key.id.text())"
            return await webhook.send(
                message.webhookPayload, to: url, format: hook.format == .ntfy ? .ntfy : .json, accessToken: hook.accessToken,
                deliveryID: deliveryID, actionURL: message.doneURL, actionLabel: message.doneLabel, openURL: message.openURL, now: now)
        }
    }
}
