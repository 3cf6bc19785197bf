import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TendDelivery
import TendTestSupport
import Testing

@Suite("PushServiceDouble refuses what real push services refuse, so a pass against it means something")
struct PushServiceDoubleTests {
    /// POSTs `request` with `change` applied to its headers; the status the double answered.
    static func post(_ request: WebPushRequest, client: HTTPClient, change: (inout HTTPHeaders) -> Void) async throws -> UInt {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = .POST
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        change(&outgoing.headers)
        outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        let response = try await client.execute(outgoing, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 4096)
        return response.status.code
    }

    @Test("No TTL, another Content-Encoding, an unknown Urgency, a bad Topic, no Authorization: each refused, nothing recorded")
    func refusals() async throws {
        try await ReminderTesting.withClient { client in
            try await PushServiceDouble.run(applicationServerKey: ReminderTesting.vapid.keyPair.publicKey) { service in
                let subscription = service.subscribe()
                let request = try WebPushRequest(
                    endpoint: subscription.endpoint, keys: subscription.keys, payload: Data("hi".utf8), vapid: ReminderTesting.vapid,
                    now: Date(), ttl: 60)
                #expect(try await Self.post(request, client: client) { $0.remove(name: "TTL") } == 400)
                #expect(try await Self.post(request, client: client) { $0.replaceOrAdd(name: "Content-Encoding", value: "aesgcm") } == 415)
                #expect(try await Self.post(request, client: client) { $0.replaceOrAdd(name: "Urgency", value: "urgent") } == 400)
                #expect(try await Self.post(request, client: client) { $0.replaceOrAdd(name: "Topic", value: "a/b") } == 400)
                #expect(try await Self.post(request, client: client) { $0.remove(name: "Authorization") } == 401)
                #expect(service.messages.isEmpty)
                #expect(service.rejections.map(\.status) == [400, 415, 400, 400, 401])
                // And the same request unchanged is accepted
                #expect(try await Self.post(request, client: client) { _ in } == 201)
                #expect(service.messages.map(\.plaintext) == [Data("hi".utf8)])
            }
        }
    }
}
