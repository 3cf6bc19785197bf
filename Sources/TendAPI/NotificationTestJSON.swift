/// `POST /api/v1/notifications/test`: what sending a test notification to each of the user's
/// targets came to.
public struct NotificationTestJSON: Codable, Hashable, Sendable {
    public struct Result: Codable, Hashable, Sendable {
        /// `push` or `webhook`.
        public var channel: String
        /// The subscription's or webhook's id.
        public var target: String
        /// `delivered`, `failed`, `refused`, `gone` (the target was removed) or `retry` (busy or
        /// unreachable now; a test is not retried).
        public var result: String
        /// The service's answer or the reason, when not delivered.
        public var detail: String?

        public init(channel: String, target: String, result: String, detail: String?) {
            self.channel = channel
            self.target = target
            self.result = result
            self.detail = detail
        }
    }

    public var results: [Result]

    public init(results: [Result]) {
        self.results = results
    }
}
