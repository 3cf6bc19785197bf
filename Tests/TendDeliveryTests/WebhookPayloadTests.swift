import Foundation
import TendCore
import TendDelivery
import TendTestSupport
import Testing

@Suite("Webhook bodies: Tend's JSON and ntfy's, pinned byte for byte")
struct WebhookPayloadTests {
    static let habitID = Habit.ID(rawValue: UUID(uuidString: "0192F6A0-0000-7000-8000-00000000002A")!)
    static let payload = WebhookPayload(
        habit: "Read", habitId: habitID, emoji: "📚", message: "Ten pages", firesAt: Fixtures.instant("2026-11-24T21:30:00Z"),
        day: Fixtures.day("2026-11-24"))
    static let delivery = UUID(uuidString: "0192F6A0-1111-7000-8000-000000000001")!

    @Test("Tend's JSON: the six fields, firesAt in UTC, day as YYYY-MM-DD; and it reads back")
    func json() throws {
        let text = String(decoding: Self.payload.json(), as: UTF8.self)
        #expect(
            text
                == #"{"day":"2026-11-24","emoji":"📚","firesAt":"2026-11-24T21:30:00Z","habit":"Read","habitId":"0192f6a0-0000-7000-8000-00000000002a","message":"Ten pages"}"#
        )
        #expect(try JSONDecoder().decode(WebhookPayload.self, from: Self.payload.json()) == Self.payload)
    }

    @Test("ntfy: posted to the server's root with the topic in the body, title = emoji + name, a Done button that POSTs")
    func ntfy() throws {
        let message = try NtfyMessage(
            Self.payload, topicURL: URL(string: "https://ntfy.example.com/my-habits")!,
            actionURL: URL(string: "https://tend.example.com/actions/done/TOKEN")!)
        #expect(message.publishURL.absoluteString == "https://ntfy.example.com/")
        #expect(
            String(decoding: message.json(), as: UTF8.self)
                == #"{"actions":[{"action":"http","clear":true,"label":"Done","method":"POST","url":"https://tend.example.com/actions/done/TOKEN"}],"message":"Ten pages","tags":["alarm_clock"],"title":"📚 Read","topic":"my-habits"}"#
        )
    }

    @Test("ntfy under a base path keeps the path; a URL without a topic is refused")
    func ntfyPaths() throws {
        let nested = try NtfyMessage(Self.payload, topicURL: URL(string: "https://example.com/ntfy/habits?x=1")!, actionURL: nil)
        #expect(nested.publishURL.absoluteString == "https://example.com/ntfy/")
        #expect(nested.topic == "habits")
        #expect(nested.actions.isEmpty)
        #expect(throws: NtfyTopicError.self) { try NtfyMessage(Self.payload, topicURL: URL(string: "https://ntfy.sh/")!, actionURL: nil) }
        #expect(throws: NtfyTopicError.self) {
            try NtfyMessage(Self.payload, topicURL: URL(string: "https://ntfy.sh/bad.topic")!, actionURL: nil)
        }
    }

    @Test("The request: JSON content type, the delivery id as Idempotency-Key, the access token as a bearer")
    func request() throws {
        let request = try WebhookRequest(
            payload: Self.payload, url: URL(string: "https://ntfy.example.com/my-habits")!, format: .ntfy, accessToken: "tk_abc123",
            deliveryID: Self.delivery, actionURL: nil)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://ntfy.example.com/")
        #expect(request[header: "content-type"] == "application/json")
        #expect(request[header: "Idempotency-Key"] == "0192f6a0-1111-7000-8000-000000000001")
        #expect(request[header: "Authorization"] == "Bearer tk_abc123")
        let plain = try WebhookRequest(
            payload: Self.payload, url: URL(string: "https://hooks.example.com/tend")!, format: .json, accessToken: nil,
            deliveryID: Self.delivery, actionURL: nil)
        #expect(plain.url.absoluteString == "https://hooks.example.com/tend")
        #expect(plain[header: "Authorization"] == nil)
        #expect(plain.body == Self.payload.json())
    }

    @Test(
        "An access token that would bend the header is refused",
        arguments: ["", "a b", "tk\r\nX-Evil: 1", String(repeating: "a", count: 600)])
    func badToken(token: String) {
        #expect(throws: WebhookRequestError.invalidAccessToken) {
            try WebhookRequest(
                payload: Self.payload, url: URL(string: "https://hooks.example.com/tend")!, format: .json, accessToken: token,
                deliveryID: Self.delivery, actionURL: nil)
        }
    }
}
