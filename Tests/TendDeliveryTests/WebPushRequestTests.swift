import Foundation
import TendCore
import TendDelivery
import TendTestSupport
import Testing

@Suite("WebPushRequest: the POST a push service receives, as its double will check it")
struct WebPushRequestTests {
    static let now = Fixtures.instant("2026-03-01T07:30:00Z")
    static let endpoint = URL(string: "https://web.push.apple.com/QGuQyavXutnMH7rQ9jIFtA")!
    static let signer = VAPIDSigner(keyPair: VAPIDKeyPair(), subject: try! VAPIDSubject("https://tend.example.com"))
    static let payload = Data(utf8: #"{"habit":"Read","emoji":"📚","message":"Ten pages","day":"2026-03-01"}"#)

    @Test("A reminder's request: POST to the endpoint, aes128gcm body, TTL, urgency, topic and VAPID, in that order")
    func request() throws {
        // Given a browser's subscription
        let browser = WebPushReceiver()
        // When the server makes the request for a reminder
        let request = try WebPushRequest(
            endpoint: Self.endpoint, keys: browser.keys, payload: Self.payload, vapid: Self.signer, now: Self.now, ttl: 3600,
            urgency: .high, topic: "reminder-42")
        // Then it is a POST to the endpoint with the headers push services require
        #expect(request.method == "POST")
        #expect(request.url == Self.endpoint)
        #expect(request.headers.map(\.name) == ["Content-Encoding", "Content-Type", "TTL", "Urgency", "Topic", "Authorization"])
        #expect(request[header: "content-encoding"] == "aes128gcm")
        #expect(request[header: "Content-Type"] == "application/octet-stream")
        #expect(request[header: "TTL"] == "3600")
        #expect(request[header: "Urgency"] == "high")
        #expect(request[header: "Topic"] == "reminder-42")
        #expect(request[header: "Crypto-Key"] == nil)
        // And the push service accepts its credentials, and the browser reads the payload
        let authorization = try #require(request[header: "Authorization"])
        let claims = try VAPIDVerifier(expectedPublicKey: Self.signer.keyPair.publicKey)
            .verify(authorization: authorization, endpoint: Self.endpoint, now: Self.now)
        #expect(claims.aud == "https://web.push.apple.com")
        #expect(claims.sub == "https://tend.example.com")
        #expect(try browser.decrypt(request.body) == Self.payload)
    }

    @Test("Without a topic there is no Topic header, and urgency is normal")
    func defaults() throws {
        let request = try WebPushRequest(
            endpoint: Self.endpoint, keys: WebPushReceiver().keys, payload: Self.payload, vapid: Self.signer, now: Self.now, ttl: 0)
        #expect(request[header: "Topic"] == nil)
        #expect(request[header: "Urgency"] == "normal")
        #expect(request[header: "TTL"] == "0")
        #expect(request.headers.count == 5)
    }

    @Test("Urgency values are RFC 8030's tokens")
    func urgencyTokens() {
        #expect(WebPushUrgency.allCases.map(\.rawValue) == ["very-low", "low", "normal", "high"])
    }

    @Test(
        "Topics: up to 32 base64url characters",
        arguments: [
            ("a", true), ("reminder_42-b", true), (String(repeating: "x", count: 32), true),
            ("", false), (String(repeating: "x", count: 33), false), ("reminder 42", false), ("réminder", false), ("a+b", false),
            ("a=", false),
        ])
    func topics(topic: String, valid: Bool) {
        #expect(WebPushRequest.isValidTopic(topic) == valid)
        let made = Result { () throws(WebPushRequestError) in
            try WebPushRequest(url: Self.endpoint, body: Data(), authorization: "vapid t=x, k=y", ttl: 60, topic: topic)
        }
        if valid {
            #expect((try? made.get())?[header: "Topic"] == topic)
        } else {
            #expect(throws: WebPushRequestError.invalidTopic(topic)) { try made.get() }
        }
    }

    @Test("A negative TTL, a payload too large and an endpoint without an origin are refused, each saying why")
    func refusals() {
        let keys = WebPushReceiver().keys
        #expect(throws: WebPushRequestError.invalidTTL(-1)) {
            try WebPushRequest(endpoint: Self.endpoint, keys: keys, payload: Self.payload, vapid: Self.signer, now: Self.now, ttl: -1)
        }
        #expect(throws: WebPushRequestError.encryption(.payloadTooLarge(byteCount: 4000, limit: 3993))) {
            try WebPushRequest(endpoint: Self.endpoint, keys: keys, payload: Data(count: 4000), vapid: Self.signer, now: Self.now, ttl: 60)
        }
        let relative = URL(string: "/push/1")!
        #expect(throws: WebPushRequestError.vapid(.invalidEndpoint("/push/1"))) {
            try WebPushRequest(endpoint: relative, keys: keys, payload: Self.payload, vapid: Self.signer, now: Self.now, ttl: 60)
        }
        #expect(WebPushRequestError.invalidTTL(-1).description == "a TTL is a number of seconds from 0, not -1")
    }
}
