import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization
import TendCore
import TendDelivery

/// A push service on 127.0.0.1 (RFC 8030 §5) that checks what real ones check and reads what
/// the browser would: the VAPID `Authorization` (signature, the key the subscription was made
/// with, `aud` = this service's origin, `exp` within 24 hours — ``VAPIDVerifier``),
/// `Content-Encoding: aes128gcm`, `TTL`, a valid `Urgency` and `Topic` if present, a body of at
/// most 4096 bytes that decrypts with the subscription's key (``WebPushReceiver``). What it
/// accepted is in ``messages``, what it refused in ``rejections``; ``failNext(_:with:)`` makes it
/// answer as a service does when a subscription is gone or it is busy.
public final class PushServiceDouble: Sendable {
    /// A message the double accepted, decrypted.
    public struct Message: Sendable, Hashable {
        public let subscription: String
        public let plaintext: Data
        public let ttl: Int
        public let urgency: String?
        public let topic: String?
        public let claims: VAPIDClaims
    }

    /// A request the double refused or failed on purpose, with its status and why.
    public struct Rejection: Sendable, Hashable {
        public let status: Int
        public let reason: String
    }

    /// What a push service answers instead of accepting.
    public enum Failure: Sendable, Hashable {
        /// 410: the subscription expired or was unsubscribed.
        case gone
        /// 429 with `Retry-After: seconds`.
        case tooManyRequests(retryAfter: Int)
        /// 500.
        case serverError
    }

    /// A browser's subscription to this service.
    public struct Subscription: Sendable {
        public let endpoint: URL
        public let keys: PushSubscriptionKeys
    }

    private struct State {
        var receivers: [String: WebPushReceiver] = [:]
        var messages: [Message] = []
        var rejections: [Rejection] = []
        var failures: [Failure] = []
        var requests = 0
    }

    /// The origin requests must be signed for (`aud`).
    public let origin: String
    private let storage: Storage

    /// Runs a push service for the length of `body`.
    ///
    /// - Parameters:
    ///   - applicationServerKey: the VAPID public key subscriptions are made with.
    ///   - maximumRequests: beyond this the double answers 503 to everything, so a sender stuck
    ///     in a loop fails its test rather than filling memory.
    public static func run<Value: Sendable>(
        applicationServerKey: String, maximumRequests: Int = 200, timeout: Duration = .seconds(120),
        now: @escaping @Sendable () -> Date = { Date() }, _ body: @escaping @Sendable (PushServiceDouble) async throws -> Value
    ) async throws -> Value {
        let storage = Storage(key: applicationServerKey, maximumRequests: maximumRequests, now: now)
        let router = Router()
        router.post("/push/{id}") { request, context in
            try await storage.handle(request, id: context.parameters.require("id"))
        }
        return try await LoopbackHTTPServer.run(router: router, timeout: timeout) { port in
            let double = PushServiceDouble(origin: "http://127.0.0.1:\(port)", storage: storage)
            storage.origin.withLock { $0 = double.origin }
            return try await body(double)
        }
    }

    private init(origin: String, storage: Storage) {
        self.origin = origin
        self.storage = storage
    }

    /// A new subscription, made as a browser makes one (its own key pair and auth secret).
    public func subscribe() -> Subscription {
        let receiver = WebPushReceiver()
        let id = Base64URL.encode(Data((0..<16).map { _ in UInt8.random(in: 0...255) }))
        storage.state.withLock { $0.receivers[id] = receiver }
        return Subscription(endpoint: URL(string: "\(origin)/push/\(id)")!, keys: receiver.keys)
    }

    /// The next `count` requests that pass the checks get `failure` instead of 201.
    public func failNext(_ count: Int, with failure: Failure) {
        storage.state.withLock { $0.failures.append(contentsOf: Array(repeating: failure, count: count)) }
    }

    public var messages: [Message] { storage.state.withLock { $0.messages } }
    public var rejections: [Rejection] { storage.state.withLock { $0.rejections } }
    /// Every request that reached the double.
    public var requestCount: Int { storage.state.withLock { $0.requests } }

    private final class Storage: Sendable {
        let state = Mutex(State())
        let origin = Mutex("")
        let verifier: VAPIDVerifier
        let maximumRequests: Int
        let now: @Sendable () -> Date

        init(key: String, maximumRequests: Int, now: @escaping @Sendable () -> Date) {
            verifier = VAPIDVerifier(expectedPublicKey: key)
            self.maximumRequests = maximumRequests
            self.now = now
        }

        func handle(_ request: Request, id: String) async throws -> Response {
            var request = request
            let count = state.withLock {
                $0.requests += 1
                return $0.requests
            }
            guard count <= maximumRequests else { return refuse(503, "the double's request limit is reached") }
            // RFC 8030 §5.1: push services accept 4096 bytes of payload; a little more is read
            // so that an oversized body is answered 413, not cut.
            let body = Data(try await request.collectBody(upTo: 8192).readableBytesView)
            guard let receiver = state.withLock({ $0.receivers[id] }) else { return refuse(404, "no such subscription") }
            let endpoint = URL(string: origin.withLock { $0 } + "/push/\(id)")!

            guard let authorization = request.headers[.authorization] else { return refuse(401, "no Authorization") }
            let claims: VAPIDClaims
            do {
                claims = try verifier.verify(authorization: authorization, endpoint: endpoint, now: now())
            } catch {
                return refuse(403, "VAPID: \(error)")
            }
            guard request.headers[HTTPField.Name("Content-Encoding")!] == "aes128gcm" else {
                return refuse(415, "Content-Encoding must be aes128gcm")
            }
            guard let ttlText = request.headers[HTTPField.Name("TTL")!], let ttl = Int(ttlText), ttl >= 0 else {
                return refuse(400, "TTL missing or not a number of seconds")
            }
            let urgency = request.headers[HTTPField.Name("Urgency")!]
            if let urgency, WebPushUrgency(rawValue: urgency) == nil { return refuse(400, "bad Urgency \(urgency)") }
            let topic = request.headers[HTTPField.Name("Topic")!]
            if let topic, !WebPushRequest.isValidTopic(topic) { return refuse(400, "bad Topic \(topic)") }
            guard body.count <= 4096 else { return refuse(413, "payload too large") }
            let plaintext: Data
            do {
                plaintext = try receiver.decrypt(body)
            } catch {
                return refuse(400, "decryption: \(error)")
            }

            let failure: Failure? = state.withLock { $0.failures.isEmpty ? nil : $0.failures.removeFirst() }
            switch failure {
            case .gone: return refuse(410, "subscription gone")
            case .tooManyRequests(let seconds): return refuse(429, "slow down", retryAfter: seconds)
            case .serverError: return refuse(500, "internal error")
            case nil: break
            }
            let message = Message(subscription: id, plaintext: plaintext, ttl: ttl, urgency: urgency, topic: topic, claims: claims)
            let number = state.withLock {
                $0.messages.append(message)
                return $0.messages.count
            }
            return Response(status: .created, headers: [.location: "/message/\(number)"])
        }

        private func refuse(_ status: Int, _ reason: String, retryAfter: Int? = nil) -> Response {
            state.withLock { $0.rejections.append(Rejection(status: status, reason: reason)) }
            var headers: HTTPFields = [.contentType: "text/plain"]
            if let retryAfter { headers[HTTPField.Name("Retry-After")!] = String(retryAfter) }
            return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(string: reason)))
        }
    }
}
