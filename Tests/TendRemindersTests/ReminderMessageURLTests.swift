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
