import AsyncHTTPClient
import Foundation
import TendCore
import TendDelivery
import TendReminders
import TendStore
import TendTestSupport
import TendWords
import Testing

@Suite("A message's URLs: the server's public address with the page's or the answer's path")
struct ReminderMessageURLTests {
    /// A deliverer at `publicURL` whose day pages are at `dayPath`.
    static func deliverer(
        publicURL: URL, dayPath: @escaping @Sendable (Habit.ID, Day) -> String = { _, _ in "/" }
    ) -> ReminderDeliverer {
        ReminderDeliverer(
            push: WebPushSender(
                client: .reminders, vapid: ReminderTesting.vapid, policy: ReminderTesting.loopback, logger: ReminderTesting.logger),
            webhook: WebhookSender(client: .reminders, policy: ReminderTesting.loopback, logger: ReminderTesting.logger),
            actionSecret: ActionTokenSecret(), publicURL: publicURL, dayPath: dayPath)
    }

    /// The message `deliverer` makes of `habit`'s first reminder on 2026-11-24, owned by `owner`.
    static func message(of habit: Habit, owner: User, from deliverer: ReminderDeliverer) -> ReminderMessage {
        let firing = ReminderFiring(
            habit: habit.id, reminder: habit.reminders[0].id, day: Fixtures.day("2026-11-24"),
            firesAt: Fixtures.instant("2026-11-24T07:00:00Z"), kind: .scheduled)
        return deliverer.message(for: firing, of: habit, owner: owner, now: Fixtures.instant("2026-11-24T07:00:00Z"))
    }

    @Test(
        "Each URL is what resolving its path against the public URL gives, whatever that URL's port, path or trailing slash",
        arguments: [
            "https://tend.example.com", "https://tend.example.com/", "http://127.0.0.1:8080", "https://example.com:8443/tend/",
            "https://example.com/tend/index.html?x=1",
        ])
    func resolved(publicURL: String) throws {
        let base = try #require(URL(string: publicURL))
        let habit = Habit(name: "Read", reminders: [Reminder(time: try TimeOfDay(hour: 8))], createdOn: Fixtures.day("2026-01-01"))
        let deliverer = Self.deliverer(publicURL: base, dayPath: { id, day in "/habits/\(id)/days/\(day.iso)?from=reminder" })
        let message = Self.message(of: habit, owner: User(id: User.ID(), username: "ana", settings: UserSettings()), from: deliverer)
        func resolving(_ url: URL?) -> String? {
            url.flatMap { URL(string: ReminderMessageURLTests.path(of: $0), relativeTo: base)?.absoluteURL.absoluteString }
        }
        #expect(message.openURL.absoluteString == resolving(message.openURL))
        #expect(message.openURL.absoluteString.hasSuffix("/habits/\(habit.id)/days/2026-11-24?from=reminder"))
        #expect(message.doneURL?.absoluteString == resolving(message.doneURL))
        #expect(message.laterURL?.absoluteString == resolving(message.laterURL))
        #expect(message.doneURL?.absoluteString.hasSuffix("/done") == true)
        #expect(message.openURL.host == base.host && message.openURL.port == base.port && message.openURL.scheme == base.scheme)
        let test = deliverer.testMessage(today: Fixtures.day("2026-11-24"), now: Fixtures.instant("2026-11-24T07:00:00Z"))
        #expect(test.openURL.absoluteString == URL(string: "/", relativeTo: base)?.absoluteURL.absoluteString)
    }

    /// Path, query and fragment of an absolute URL.
    static func path(of url: URL) -> String {
        var text = url.path(percentEncoded: true)
        if let query = url.query(percentEncoded: true) { text += "?" + query }
        return text
    }
}

@Suite("A reminder in its recipient's language")
struct ReminderLanguageTests {
    static func message(language: String?, kind: HabitKind = .good, own: String? = nil) throws -> ReminderMessage {
        let habit = Habit(
            name: "Lesen", kind: kind, reminders: [Reminder(time: try TimeOfDay(hour: 8), message: own)],
            createdOn: Fixtures.day("2026-01-01"))
        let user = User(id: User.ID(), username: "ana", settings: UserSettings(timeZone: "Europe/Berlin", language: language))
        return ReminderMessageURLTests.message(
            of: habit, owner: user, from: ReminderMessageURLTests.deliverer(publicURL: URL(string: "https://tend.example.com")!))
    }

    @Test(
        "A German account's reminder speaks German whatever the server's language; the push payload carries it; a message of one's own is kept"
    )
    func german() throws {
        let german = try Self.message(language: "de")
        #expect(german.body == Words.of(.german)("Time for {habit}.", ["habit": "Lesen"]))
        #expect(german.body != "Time for Lesen.")
        #expect(german.pushPayload.body == german.body)
        #expect(german.webhookPayload.message == german.body)
        #expect(try Self.message(language: "de", kind: .bad).body == Words.of(.german)("Stay on track today."))
        #expect(try Self.message(language: "ar").body == Words.of(.arabic)("Time for {habit}.", ["habit": "Lesen"]))
        #expect(try Self.message(language: nil).body == "Time for Lesen.")
        #expect(try Self.message(language: "de", own: "Buch holen").body == "Buch holen")
    }
}

@Suite("A German account's reminders reach a push service and an ntfy server in German")
struct ReminderLanguageDeliveryTests {
    struct Push: Decodable {
        struct Labels: Decodable {
            let done: String
            let later: String
        }

        let body: String
        let labels: Labels?
    }

    struct Ntfy: Decodable {
        struct Action: Decodable { let label: String }
        let message: String
        let actions: [Action]
    }

    @Test("Web Push: the body and the Done/Later buttons in German; ntfy: the message and its Done button; English has no labels")
    func delivered() async throws {
        let german = try ReminderLanguageTests.message(language: "de")
        let english = try ReminderLanguageTests.message(language: nil)
        let words = Words.of(.german)
        try await ReminderTesting.withClient { client in
            let deliverer = ReminderDeliverer(
                push: WebPushSender(
                    client: client, vapid: ReminderTesting.vapid, policy: ReminderTesting.loopback, logger: ReminderTesting.logger),
                webhook: WebhookSender(client: client, policy: ReminderTesting.loopback, logger: ReminderTesting.logger),
                actionSecret: ActionTokenSecret(), publicURL: URL(string: "https://tend.example.com")!, dayPath: { _, _ in "/" })
            try await PushServiceDouble.run(applicationServerKey: ReminderTesting.vapid.keyPair.publicKey) { service in
                let subscription = service.subscribe()
                let target = PushSubscription(
                    owner: User.ID(), endpoint: subscription.endpoint.absoluteString, p256dh: subscription.keys.p256dh,
                    auth: Base64URL.encode(subscription.keys.authSecret), createdAt: Date())
                #expect(await deliverer.send(german, to: .push(target), deliveryID: UUID(), now: Date()) == .delivered(status: 201))
                #expect(await deliverer.send(english, to: .push(target), deliveryID: UUID(), now: Date()) == .delivered(status: 201))
                #expect(service.messages.count == 2)
                let sent = try JSONDecoder().decode(Push.self, from: try #require(service.messages.first).plaintext)
                #expect(sent.body == words("Time for {habit}.", ["habit": "Lesen"]))
                #expect(sent.labels?.done == words("Done", context: "reminder answer"))
                #expect(sent.labels?.later == words("Later", context: "reminder answer"))
                #expect(sent.labels?.done != "Done" && sent.labels?.later != "Later")
                let plain = try JSONDecoder().decode(Push.self, from: service.messages[1].plaintext)
                #expect(plain.body == "Time for Lesen.")
                #expect(plain.labels == nil)
            }
            try await WebhookReceiverDouble.run { receiver in
                let hook = Webhook(owner: User.ID(), url: receiver.url("/lesen").absoluteString, format: .ntfy, createdAt: Date())
                #expect(await deliverer.send(german, to: .webhook(hook), deliveryID: UUID(), now: Date()) == .delivered(status: 200))
                let body = try JSONDecoder().decode(Ntfy.self, from: try #require(receiver.posts.first).body)
                #expect(body.message == german.body)
                #expect(body.actions.map(\.label) == [words("Done", context: "reminder answer")])
            }
        }
    }
}
