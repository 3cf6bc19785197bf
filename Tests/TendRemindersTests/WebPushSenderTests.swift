import AsyncHTTPClient
import Foundation
import TendDelivery
import TendReminders
import TendTestSupport
import Testing

@Suite("WebPushSender: a reminder reaches a push service that checks it as real ones do")
struct WebPushSenderTests {
    static let payload = Data(#"{"habit":"Read","emoji":"📚","message":"Ten pages","day":"2026-11-24"}"#.utf8)

    @Test("End to end: the service verifies the VAPID token, decrypts exactly the payload sent, and answers 201 → delivered")
    func delivered() async throws {
        try await ReminderTesting.withClient { client in
            try await PushServiceDouble.run(applicationServerKey: ReminderTesting.vapid.keyPair.publicKey) { service in
                // Given a browser subscribed to the service
                let subscription = service.subscribe()
                let sender = WebPushSender(
                    client: client, vapid: ReminderTesting.vapid, policy: ReminderTesting.loopback, logger: ReminderTesting.logger)
                let delivery = UUID()
                // When a reminder is sent
                let result = await sender.send(
                    payload: Self.payload, to: subscription.endpoint, keys: subscription.keys, deliveryID: delivery, now: Date())
                // Then the service took it, and reads the very bytes sent
                #expect(result == .delivered(status: 201))
                #expect(service.rejections.isEmpty)
                let message = try #require(service.messages.first)
                #expect(service.messages.count == 1)
                #expect(message.plaintext == Self.payload)
                #expect(message.claims.aud == service.origin)
                #expect(message.claims.sub == "mailto:admin@tend.example.com")
                #expect(message.ttl == 3600)
                #expect(message.urgency == "high")
                #expect(message.topic == WebPushSender.topic(forDelivery: delivery))
            }
        }
    }

    @Test("A resend of the same delivery carries the same topic, so the service replaces rather than duplicates")
    func topic() throws {
        let id = UUID()
        let topic = WebPushSender.topic(forDelivery: id)
        #expect(topic == WebPushSender.topic(forDelivery: id))
        #expect(topic != WebPushSender.topic(forDelivery: UUID()))
        #expect(topic.count == 22)
        #expect(WebPushRequest.isValidTopic(topic))
    }

    @Test("410 → gone: the subscription is to be removed")
    func gone() async throws {
        try await ReminderTesting.withClient { client in
            try await PushServiceDouble.run(applicationServerKey: ReminderTesting.vapid.keyPair.publicKey) { service in
                let subscription = service.subscribe()
                service.failNext(1, with: .gone)
                let sender = WebPushSender(
                    client: client, vapid: ReminderTesting.vapid, policy: ReminderTesting.loopback, logger: ReminderTesting.logger)
                let result = await sender.send(
                    payload: Self.payload, to: subscription.endpoint, keys: subscription.keys, deliveryID: UUID(), now: Date())
                #expect(result == .gone(status: 410))
                #expect(service.messages.isEmpty)
            }
        }
    }

    @Test("429 with Retry-After → retry after those seconds; 500 → retry; the next attempt is delivered")
    func retry() async throws {
        try await ReminderTesting.withClient { client in
            try await PushServiceDouble.run(applicationServerKey: ReminderTesting.vapid.keyPair.publicKey) { service in
                let subscription = service.subscribe()
                service.failNext(1, with: .tooManyRequests(retryAfter: 120))
                service.failNext(1, with: .serverError)
                let sender = WebPushSender(
                    client: client, vapid: ReminderTesting.vapid, policy: ReminderTesting.loopback, logger: ReminderTesting.logger)
                let delivery = UUID()
                func attempt() async -> DeliveryResult {
                    await sender.send(
                        payload: Self.payload, to: subscription.endpoint, keys: subscription.keys, deliveryID: delivery, now: Date())
                }
                let first = await attempt()
                guard case .retry(let after, let reason) = first else {
                    Issue.record("expected a retry, got \(first)")
                    return
                }
                #expect(after == 120)
                #expect(reason == "HTTP 429: slow down")
                let second = await attempt()
                #expect(second.isRetryable)
                #expect(await attempt() == .delivered(status: 201))
                #expect(service.messages.count == 1)
            }
        }
    }

    @Test("A token signed with another key is refused by the service (403) → failed, with its reason")
    func refusedKey() async throws {
        try await ReminderTesting.withClient { client in
            try await PushServiceDouble.run(applicationServerKey: VAPIDKeyPair().publicKey) { service in
                let subscription = service.subscribe()
                let sender = WebPushSender(
                    client: client, vapid: ReminderTesting.vapid, policy: ReminderTesting.loopback, logger: ReminderTesting.logger)
                let result = await sender.send(
                    payload: Self.payload, to: subscription.endpoint, keys: subscription.keys, deliveryID: UUID(), now: Date())
                #expect(result == .failed(status: 403, reason: "HTTP 403: VAPID: unexpectedKey"))
                #expect(service.messages.isEmpty)
            }
        }
    }

    @Test("A push service's 404 (unknown subscription) → gone")
    func unknownSubscription() async throws {
        try await ReminderTesting.withClient { client in
            try await PushServiceDouble.run(applicationServerKey: ReminderTesting.vapid.keyPair.publicKey) { service in
                let keys = service.subscribe().keys
                let sender = WebPushSender(
                    client: client, vapid: ReminderTesting.vapid, policy: ReminderTesting.loopback, logger: ReminderTesting.logger)
                let result = await sender.send(
                    payload: Self.payload, to: URL(string: "\(service.origin)/push/unknown")!, keys: keys, deliveryID: UUID(), now: Date())
                #expect(result == .gone(status: 404))
            }
        }
    }

    @Test("Nothing listening → retry (a network error is not the subscription's fault)")
    func networkError() async throws {
        try await ReminderTesting.withClient { client in
            let sender = WebPushSender(
                client: client, vapid: ReminderTesting.vapid, policy: ReminderTesting.loopback, logger: ReminderTesting.logger)
            // Port 9 (discard) on loopback: nothing listens there in the test machine.
            let result = await sender.send(
                payload: Self.payload, to: URL(string: "http://127.0.0.1:9/push/x")!, keys: WebPushReceiver().keys, deliveryID: UUID(),
                now: Date())
            #expect(result.isRetryable)
        }
    }
}
