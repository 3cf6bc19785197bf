import Foundation
import TendCore

/// The HTTP request that hands one message to a push service (RFC 8030 §5): what an HTTP client
/// sends, and what the tests' push-service double receives. Making it is pure; sending it is
/// the scheduler's.
public struct WebPushRequest: Hashable, Sendable {
    /// A header field, kept in order so the request is the same every time it is made.
    public struct Header: Hashable, Sendable {
        public let name: String
        public let value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Push services deliver a message that is POSTed to the subscription's endpoint.
    public let method = "POST"
    /// The subscription's endpoint.
    public let url: URL
    public let headers: [Header]
    /// The `aes128gcm` body.
    public let body: Data

    /// Encrypts `payload` for the subscription and signs a VAPID token for the endpoint's origin.
    ///
    /// - Parameters:
    ///   - ttl: how many seconds the push service keeps the message for an unreachable device;
    ///     0 delivers now or never. Services may shorten it (FCM keeps at most 28 days).
    ///   - topic: a later message with the same topic replaces one not yet delivered (a
    ///     snoozed reminder replacing its first ring); at most 32 base64url characters.
    public init(
        endpoint: URL, keys: PushSubscriptionKeys, payload: Data, vapid: VAPIDSigner, now: Date, ttl: Int,
        urgency: WebPushUrgency = .normal, topic: String? = nil, paddingLength: Int = 0
    ) throws(WebPushRequestError) {
        let body: Data
        let authorization: String
        do {
            body = try WebPushEncryption.encrypt(payload, for: keys, paddingLength: paddingLength)
        } catch {
            throw .encryption(error)
        }
        do {
            authorization = try vapid.authorization(for: endpoint, now: now)
        } catch {
            throw .vapid(error)
        }
        try self.init(url: endpoint, body: body, authorization: authorization, ttl: ttl, urgency: urgency, topic: topic)
    }

    /// A request around a body already encrypted and a header already signed (tests pin both).
    public init(
        url: URL, body: Data, authorization: String, ttl: Int, urgency: WebPushUrgency = .normal, topic: String? = nil
    ) throws(WebPushRequestError) {
        guard ttl >= 0 else { throw .invalidTTL(ttl) }
        if let topic, !Self.isValidTopic(topic) { throw .invalidTopic(topic) }
        var headers = [
            Header("Content-Encoding", "aes128gcm"),
            Header("Content-Type", "application/octet-stream"),
            Header("TTL", String(ttl)),
            Header("Urgency", urgency.rawValue),
        ]
        if let topic { headers.append(Header("Topic", topic)) }
        headers.append(Header("Authorization", authorization))
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The value of a header, its name compared case-insensitively as HTTP does.
    public subscript(header name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// RFC 8030 §5.4: at most 32 characters of the URL- and filename-safe base64 alphabet.
    public static func isValidTopic(_ topic: String) -> Bool {
        (1...32).contains(topic.utf8.count) && Base64URL.isAlphabet(topic)
    }
}

/// Why a push request could not be made.
public enum WebPushRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    case encryption(WebPushEncryptionError)
    case vapid(VAPIDError)
    case invalidTTL(Int)
    case invalidTopic(String)

    public var description: String {
        switch self {
        case .encryption(let error): error.description
        case .vapid(let error): error.description
        case .invalidTTL(let ttl): "a TTL is a number of seconds from 0, not \(ttl)"
        case .invalidTopic(let topic): "a topic is 1 to 32 characters of A-Z, a-z, 0-9, - and _, not '\(topic)'"
        }
    }
}
