import Foundation
import TendCore

/// A reminder in ntfy's JSON publishing format (docs.ntfy.sh/publish, "Publish as JSON"): the
/// JSON goes to the server's root URL, not the topic's, with the topic in the body. The user
/// gives Tend the topic's URL (`https://ntfy.example.com/habits`), as ntfy's apps show it, and
/// the message is posted to `https://ntfy.example.com/` with `"topic": "habits"`.
public struct NtfyMessage: Hashable, Sendable, Encodable {
    /// The `http` action button (docs.ntfy.sh/publish, "Action buttons"): ntfy's app sends the
    /// request itself when the button is tapped.
    public struct Action: Hashable, Sendable, Encodable {
        public var action = "http"
        public var label: String
        public var url: String
        public var method = "POST"
        /// Dismisses the notification once the request succeeded.
        public var clear = true
    }

    public var topic: String
    /// The habit's emoji and name.
    public var title: String
    public var message: String
    /// ntfy shows tags that name an emoji as the emoji, others as text.
    public var tags: [String]
    public var actions: [Action]
    /// Opened when the notification is tapped: the habit's day in the web app.
    public var click: String?

    /// Where to POST: the topic URL's parent (the ntfy server's root, or its base path).
    public let publishURL: URL

    private enum CodingKeys: String, CodingKey {
        case topic, title, message, tags, actions, click
    }

    /// ntfy's reminder for `payload`, to the topic at `topicURL`; `actionURL` is Tend's signed
    /// "Done" URL (``ActionToken``) under the button `actionLabel` (the recipient's language),
    /// `openURL` what a tap opens.
    public init(
        _ payload: WebhookPayload, topicURL: URL, actionURL: URL?, actionLabel: String = "Done", openURL: URL? = nil
    ) throws(NtfyTopicError) {
        guard var components = URLComponents(url: topicURL, resolvingAgainstBaseURL: false) else {
            throw .noTopic(topicURL.absoluteString)
        }
        var segments = components.path.split(separator: "/", omittingEmptySubsequences: true)
        guard let topic = segments.popLast().map(String.init), Self.isValidTopic(topic) else {
            throw .noTopic(topicURL.absoluteString)
        }
        components.path = "/" + segments.map { $0 + "/" }.joined()
        components.query = nil
        components.fragment = nil
        guard let root = components.url else { throw .noTopic(topicURL.absoluteString) }
        self.topic = topic
        self.publishURL = root
        self.title = payload.title
        self.message = payload.message
        self.tags = ["alarm_clock"]
        self.actions = actionURL.map { [Action(label: actionLabel, url: $0.absoluteString)] } ?? []
        self.click = openURL?.absoluteString
    }

    /// The JSON body, keys sorted.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try! encoder.encode(self)
    }

    /// ntfy's topic names: 1 to 64 of `A-Z a-z 0-9 _ -`.
    public static func isValidTopic(_ topic: String) -> Bool {
        (1...64).contains(topic.utf8.count) && Base64URL.isAlphabet(topic)
    }
}

/// The URL given for an ntfy webhook does not end in a topic.
public enum NtfyTopicError: Error, Hashable, Sendable, CustomStringConvertible {
    case noTopic(String)

    public var description: String {
        switch self {
        case .noTopic(let url):
            "'\(url)' is not an ntfy topic URL: it must end in the topic's name (letters, digits, - and _), e.g. https://ntfy.sh/my-habits"
        }
    }
}
