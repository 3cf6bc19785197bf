import Foundation
import TendCore
import TendDelivery
import TendWords

/// One reminder as every channel shows it: the habit's emoji and name, the reminder's message,
/// the day it is for, where a tap leads, and the signed answers ("Done", "Later").
public struct ReminderMessage: Hashable, Sendable {
    public var kind: PushNotificationPayload.Kind
    public var habitName: String
    public var habitID: Habit.ID
    public var emoji: String
    public var body: String
    public var firesAt: Date
    public var day: Day
    /// Replaces an earlier notification of the same reminder and day.
    public var tag: String
    /// Absolute: the page a tap opens.
    public var openURL: URL
    /// Absolute; `nil` for a test.
    public var doneURL: URL?
    public var laterURL: URL?
    /// The recipient's: the answers' buttons are in it (the body is already).
    public var language: Language

    public init(
        kind: PushNotificationPayload.Kind, habitName: String, habitID: Habit.ID, emoji: String, body: String, firesAt: Date,
        day: Day, tag: String, openURL: URL, doneURL: URL?, laterURL: URL?, language: Language = .english
    ) {
        self.kind = kind
        self.habitName = habitName
        self.habitID = habitID
        self.emoji = emoji
        self.body = body
        self.firesAt = firesAt
        self.day = day
        self.tag = tag
        self.openURL = openURL
        self.doneURL = doneURL
        self.laterURL = laterURL
        self.language = language
    }

    /// The words of the "Done" and "Later" buttons.
    public var doneLabel: String { Words.$current.withValue(Words.of(language)) { t("Done", context: "reminder answer") } }
    public var laterLabel: String { Words.$current.withValue(Words.of(language)) { t("Later", context: "reminder answer") } }

    /// What a reminder says when it has no message of its own.
    public static func defaultBody(for habit: Habit) -> String {
        habit.kind == .bad ? t("Stay on track today.") : t("Time for {habit}.", ["habit": habit.name])
    }

    public var webhookPayload: WebhookPayload {
        WebhookPayload(habit: habitName, habitId: habitID, emoji: emoji, message: body, firesAt: firesAt, day: day)
    }

    /// The push message; its URLs are paths (the service worker is on the same origin).
    public var pushPayload: PushNotificationPayload {
        let actions = doneURL.flatMap { done in
            laterURL.map { PushNotificationPayload.Actions(done: Self.path(of: done), later: Self.path(of: $0)) }
        }
        return PushNotificationPayload(
            kind: kind, title: webhookPayload.title, body: body, tag: tag, url: Self.path(of: openURL), actions: actions,
            labels: actions == nil || language == .english ? nil : PushNotificationPayload.Labels(done: doneLabel, later: laterLabel))
    }

    /// The URL without scheme and host: path, query and fragment (the card on the page).
    static func path(of url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        var path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { path += "?" + query }
        if let fragment = components.percentEncodedFragment { path += "#" + fragment }
        return path
    }
}
