import AsyncHTTPClient
import Foundation
import NIOCore
import TendCore
import TendDelivery
import TendReminders
import TendTestSupport
import Testing

@Suite("SSRF: without --allow-private-targets the senders refuse local and private targets before any connection")
struct TargetRefusalTests {
    static let strict = DeliveryTargetPolicy()
    static let payload = WebhookPayload(
        habit: "Read", habitId: Habit.ID(), emoji: "📚", message: "Ten pages", firesAt: Fixtures.instant("2026-11-24T21:30:00Z"),
        day: Fixtures.day("2026-11-24"))

    @Test("A receiver listening on 127.0.0.1 gets nothing: by http, https, [::1] or localhost, each send is refused")
    func loopbackReceiver() async throws {
        try await ReminderTesting.withClient { client in
            try await WebhookReceiverDouble.run { receiver in
                let port = try #require(receiver.baseURL.port)
                let sender = WebhookSender(client: client, policy: Self.strict, logger: ReminderTesting.logger)
                for url in [
                    "http://127.0.0.1:\(port)/hook", "https://127.0.0.1:\(port)/hook", "https://[::1]:\(port)/hook",
                    "https://localhost:\(port)/hook", "http://localhost:\(port)/hook",
                ] {
                    let result = await sender.send(
                        Self.payload, to: URL(string: url)!, format: .json, accessToken: nil, deliveryID: UUID(), actionURL: nil,
                        now: Date())
                    guard case .refused = result else {
                        Issue.record("\(url) was not refused: \(result)")
                        continue
                    }
                }
                #expect(receiver.requestCount == 0)
            }
        }
    }

    @Test("A host that is no literal but resolves to loopback (2130706433, 0x7f.1) is refused on its resolved address")
    func shorthandResolvesToLoopback() async throws {
        try await ReminderTesting.withClient { client in
            try await WebhookReceiverDouble.run { receiver in
                let port = try #require(receiver.baseURL.port)
                let sender = WebhookSender(client: client, policy: Self.strict, logger: ReminderTesting.logger)
                for host in ["2130706433", "0x7f.1"] {
                    let result = await sender.send(
                        Self.payload, to: URL(string: "https://\(host):\(port)/hook")!, format: .json, accessToken: nil, deliveryID: UUID(),
                        actionURL: nil, now: Date())
                    guard case .refused(.notPublic(_, let address, .loopback)) = result else {
                        Issue.record("\(host) was not refused as loopback: \(result)")
                        continue
                    }
                    #expect(address == IPAddress("127.0.0.1"))
                }
                #expect(receiver.requestCount == 0)
            }
        }
    }

    @Test("With the allowance, a name is resolved at send time and the receiver on loopback gets the post")
    func localhostAllowed() async throws {
        try await ReminderTesting.withClient { client in
            try await WebhookReceiverDouble.run { receiver in
                let port = try #require(receiver.baseURL.port)
                let sender = WebhookSender(client: client, policy: ReminderTesting.loopback, logger: ReminderTesting.logger)
                let result = await sender.send(
                    Self.payload, to: URL(string: "http://localhost:\(port)/hook")!, format: .json, accessToken: nil, deliveryID: UUID(),
                    actionURL: nil, now: Date())
                #expect(result == .delivered(status: 200))
                #expect(receiver.posts.count == 1)
            }
        }
    }

    @Test(
        "Private, link-local and metadata addresses are refused at once (a connection would have hung until the timeout)",
        arguments: [
            "https://10.0.0.1/hook", "https://169.254.169.254/latest/meta-data/", "https://192.168.1.1/", "https://[fd00::1]/",
            "https://100.64.0.1/", "https://[::ffff:10.0.0.1]/", "http://ntfy.sh/habits",
        ])
    func privateAddresses(url: String) async throws {
        try await ReminderTesting.withClient { client in
            let sender = WebhookSender(client: client, policy: Self.strict, timeout: .seconds(30), logger: ReminderTesting.logger)
            let started = ContinuousClock.now
            let result = await sender.send(
                Self.payload, to: URL(string: url)!, format: .json, accessToken: nil, deliveryID: UUID(), actionURL: nil, now: Date())
            guard case .refused = result else {
                Issue.record("\(url) was not refused: \(result)")
                return
            }
            // Far below the 30 s timeout a hanging connection would have taken, with room for a loaded machine
            #expect(ContinuousClock.now - started < .seconds(10))
        }
    }

    @Test("The push sender refuses a push endpoint on loopback the same way, and the push service sees nothing")
    func pushEndpoint() async throws {
        try await ReminderTesting.withClient { client in
            try await PushServiceDouble.run(applicationServerKey: ReminderTesting.vapid.keyPair.publicKey) { service in
                let subscription = service.subscribe()
                let sender = WebPushSender(
                    client: client, vapid: ReminderTesting.vapid, policy: Self.strict, logger: ReminderTesting.logger)
                let result = await sender.send(
                    payload: Data("hi".utf8), to: subscription.endpoint, keys: subscription.keys, deliveryID: UUID(), now: Date())
                #expect(result == .refused(.notHTTPS(subscription.endpoint.absoluteString)))
                let secure = URL(string: subscription.endpoint.absoluteString.replacingOccurrences(of: "http://", with: "https://"))!
                let again = await sender.send(
                    payload: Data("hi".utf8), to: secure, keys: subscription.keys, deliveryID: UUID(), now: Date())
                guard case .refused(.notPublic(_, _, .loopback)) = again else {
                    Issue.record("expected a loopback refusal, got \(again)")
                    return
                }
                #expect(service.requestCount == 0)
            }
        }
    }
}
