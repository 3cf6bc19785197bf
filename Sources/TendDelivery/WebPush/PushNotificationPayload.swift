import Foundation

/// What a push message carries (encrypted) to Tend's service worker, which shows it as a
/// notification: always one, since a push that shows nothing gets a subscription revoked on iOS.
///
/// `{"actions":{"done","later"},"body","kind","labels":{"done","later"},"tag","title","url"}`, keys
/// sorted; `actions` only for a reminder (a test has nothing to answer); `labels`, the answers'
/// button words, only when they are not English (the service worker's own words).
public struct PushNotificationPayload: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case reminder
        case test
    }

    /// The answers' URLs (POST, no session: the signed token in the path is the credential).
    public struct Actions: Hashable, Sendable, Codable {
        public var done: String
        public var later: String

        public init(done: String, later: String) {
            self.done = done
            self.later = later
        }
    }

    public var kind: Kind
    /// The habit's emoji and name.
    public var title: String
    public var body: String
    /// One per reminder and day: a repeat or a resend replaces the notification already shown
    /// instead of stacking another.
    public var tag: String
    /// The page a tap opens (the habit's day, where one tap checks it in).
    public var url: String
    public var actions: Actions?
    /// The buttons' words in the recipient's language.
    public var labels: Labels?

    public struct Labels: Hashable, Sendable, Codable {
        public var done: String
        public var later: String

        public init(done: String, later: String) {
            self.done = done
            self.later = later
        }
    }

    public init(kind: Kind, title: String, body: String, tag: String, url: String, actions: Actions?, labels: Labels? = nil) {
        self.kind = kind
        self.title = title
        self.body = body
        self.tag = tag
        self.url = url
        self.actions = actions
        self.labels = labels
    }

    /// The message's bytes (before encryption).
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings only: encoding cannot fail.
        return try! encoder.encode(self)
    }
}
