import AsyncHTTPClient
import Foundation
import TendCore
import TendDelivery
import TendReminders
import TendTestSupport
import Testing

@Suite("WebhookSender: Tend's JSON and ntfy's format reach a receiver with their headers")
struct WebhookSenderTests {
    static let payload = WebhookPayload(
        habit: "Read", habitId: Habit.ID(), emoji: "📚", message: "Ten pages", firesAt: Fixtures.instant("2026-11-24T21:30:00Z"),
        day: Fixtures.day("2026-11-24"))

    /// What ntfy reads of the body.
    struct NtfyBody: Decodable, Equatable {
        struct Action: Decodable, Equatable {
            let action: String
            let label: String
            let url: String
            let method: String
        }

        let topic: String
        let title: String
        let message: String
        let tags: [String]
        let actions: [Action]
    }

    @Test("JSON: POSTed to the hook's URL with the payload, content type and Idempotency-Key; 200 → delivered")
    func json() async throws {
        try await ReminderTesting.withClient { client in
            try await WebhookReceiverDouble.run { receiver in
                let sender = WebhookSender(client: client, policy: ReminderTesting.loopback, logger: ReminderTesting.logger)
                let delivery = UUID()
                let result = await sender.send(
                    Self.payload, to: receiver.url("/hooks/tend"), format: .json, accessToken: nil, deliveryID: delivery, actionURL: nil,
                    now: Date())
                #expect(result == .delivered(status: 200))
                let post = try #require(receiver.posts.first)
                #expect(post.path == "/hooks/tend")
                #expect(post.body == Self.payload.json())
                #expect(try JSONDecoder().decode(WebhookPayload.self, from: post.body) == Self.payload)
                #expect(post.headers["content-type"] == "application/json")
                #expect(post.headers["idempotency-key"] == delivery.text())
                #expect(post.headers["authorization"] == nil)
                #expect(post.headers["user-agent"] == "Tend")
            }
        }
    }

    @Test("ntfy: POSTed to the server's root with the topic, the Done action and the access token as a bearer")
    func ntfy() async throws {
        try await ReminderTesting.withClient { client in
            try await WebhookReceiverDouble.run { receiver in
                let sender = WebhookSender(client: client, policy: ReminderTesting.loopback, logger: ReminderTesting.logger)
                let action = URL(string: "https://tend.example.com/actions/done/abc")!
                let result = await sender.send(
                    Self.payload, to: receiver.url("/my-habits"), format: .ntfy, accessToken: "tk_secret42", deliveryID: UUID(),
                    actionURL: action, now: Date())
                #expect(result == .delivered(status: 200))
                let post = try #require(receiver.posts.first)
                #expect(post.path == "/")
                #expect(post.headers["authorization"] == "Bearer tk_secret42")
                let body = try JSONDecoder().decode(NtfyBody.self, from: post.body)
                #expect(
                    body
                        == NtfyBody(
                            topic: "my-habits", title: "📚 Read", message: "Ten pages", tags: ["alarm_clock"],
                            actions: [.init(action: "http", label: "Done", url: action.absoluteString, method: "POST")]))
            }
        }
    }

    @Test("410 → gone; 503 with Retry-After → retry after it; 429 → retry; 404 → failed; a resend keeps its Idempotency-Key")
    func answers() async throws {
        try await ReminderTesting.withClient { client in
            try await WebhookReceiverDouble.run { receiver in
                let sender = WebhookSender(client: client, policy: ReminderTesting.loopback, logger: ReminderTesting.logger)
                let delivery = UUID()
                func send() async -> DeliveryResult {
                    await sender.send(
                        Self.payload, to: receiver.url("/hook"), format: .json, accessToken: nil, deliveryID: delivery, actionURL: nil,
                        now: Date())
                }
                receiver.failNext(1, status: 410)
                #expect(await send() == .gone(status: 410))
                receiver.failNext(1, status: 503, retryAfter: "30")
                #expect(await send() == .retry(after: 30, reason: "HTTP 503: failing on purpose"))
                receiver.failNext(1, status: 429)
                #expect(await send() == .retry(after: nil, reason: "HTTP 429: failing on purpose"))
                receiver.failNext(1, status: 404)
                #expect(await send() == .failed(status: 404, reason: "HTTP 404: failing on purpose"))
                #expect(await send() == .delivered(status: 200))
                #expect(receiver.requestCount == 5)
                #expect(receiver.posts.map { $0.headers["idempotency-key"] } == [delivery.text()])
            }
        }
    }

    @Test("A redirect is not followed: it could lead anywhere the target check did not see")
    func redirect() async throws {
        try await ReminderTesting.withClient { client in
            try await WebhookReceiverDouble.run { receiver in
                let sender = WebhookSender(client: client, policy: ReminderTesting.loopback, logger: ReminderTesting.logger)
                receiver.failNext(1, status: 307, retryAfter: nil)
                let result = await sender.send(
                    Self.payload, to: receiver.url("/hook"), format: .json, accessToken: nil, deliveryID: UUID(), actionURL: nil,
                    now: Date())
                #expect(result == .failed(status: 307, reason: "HTTP 307: failing on purpose"))
                #expect(receiver.requestCount == 1)
            }
        }
    }
}
