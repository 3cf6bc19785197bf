import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// A webhook receiver on 127.0.0.1: records every POST (path, headers, body) — Tend's JSON, an
/// ntfy message, anything — and answers 200, or what ``failNext(_:status:retryAfter:)`` asks.
public final class WebhookReceiverDouble: Sendable {
    /// One POST as it arrived.
    public struct Post: Sendable, Hashable {
        public let path: String
        /// Header names in lower case.
        public let headers: [String: String]
        public let body: Data
    }

    private struct State {
        var posts: [Post] = []
        var failures: [(status: Int, retryAfter: String?)] = []
        var requests = 0
        /// Recorded POSTs still to be held before they are answered.
        var holds = 0
        var released = false
    }

    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL

    /// Runs a receiver for the length of `body`; beyond `maximumRequests` it answers 503 and
    /// records nothing, and bodies over 64 KiB are refused (413).
    /// `delay`: each answer waits this long first (a slow receiver, so a test can stop a sender mid-delivery).
    public static func run<Value: Sendable>(
        maximumRequests: Int = 200, timeout: Duration = .seconds(120), delay: Duration = .zero,
        _ body: @escaping @Sendable (WebhookReceiverDouble) async throws -> Value
    ) async throws -> Value {
        let shared = SharedState()
        let router = Router()
        let handler: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            if delay > .zero { try await Task.sleep(for: delay) }
            return try await shared.handle(request, maximumRequests: maximumRequests)
        }
        router.post("/", use: handler)
        router.post("**", use: handler)
        return try await LoopbackHTTPServer.run(router: router, timeout: timeout) { port in
            try await body(WebhookReceiverDouble(baseURL: URL(string: "http://127.0.0.1:\(port)")!, shared: shared))
        }
    }

    private let shared: SharedState

    private init(baseURL: URL, shared: SharedState) {
        self.baseURL = baseURL
        self.shared = shared
    }

    /// The receiver's URL for `path` (`/hooks/1`, or an ntfy topic `/habits`).
    public func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path)!
    }

    /// The next `count` POSTs are answered `status` (with `Retry-After` when given) and not recorded.
    public func failNext(_ count: Int, status: Int, retryAfter: String? = nil) {
        shared.state.withLock { $0.failures.append(contentsOf: Array(repeating: (status: status, retryAfter: retryAfter), count: count)) }
    }

    /// The next `count` POSTs are recorded and then not answered until ``release()`` (or for at
    /// most 30 s): a sender stays mid-delivery while the test moves on.
    public func holdNext(_ count: Int = 1) {
        shared.state.withLock {
            $0.holds += count
            $0.released = false
        }
    }

    /// Answers the held POSTs.
    public func release() {
        shared.state.withLock { $0.released = true }
    }

    public var posts: [Post] { shared.state.withLock { $0.posts } }
    /// Every request that reached the receiver, failed ones included.
    public var requestCount: Int { shared.state.withLock { $0.requests } }

    private final class SharedState: Sendable {
        let state = Mutex(State())

        func handle(_ request: Request, maximumRequests: Int) async throws -> Response {
            var request = request
            let count = state.withLock {
                $0.requests += 1
                return $0.requests
            }
            guard count <= maximumRequests else { return Response(status: .serviceUnavailable) }
            let buffer: ByteBuffer
            do {
                buffer = try await request.collectBody(upTo: 64 * 1024)
            } catch {
                return Response(status: .init(code: 413))
            }
            let failure = state.withLock { $0.failures.isEmpty ? nil : $0.failures.removeFirst() }
            if let failure {
                var headers = HTTPFields()
                if let retryAfter = failure.retryAfter { headers[HTTPField.Name("Retry-After")!] = retryAfter }
                return Response(
                    status: .init(code: failure.status), headers: headers, body: .init(byteBuffer: ByteBuffer(string: "failing on purpose"))
                )
            }
            var headers: [String: String] = [:]
            for field in request.headers {
                let name = field.name.canonicalName
                headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
            }
            let post = Post(path: request.uri.path, headers: headers, body: Data(buffer.readableBytesView))
            let held = state.withLock {
                $0.posts.append(post)
                guard $0.holds > 0 else { return false }
                $0.holds -= 1
                return true
            }
            if held {
                let deadline = ContinuousClock.now + .seconds(30)
                while !state.withLock({ $0.released }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            }
            return Response(status: .ok)
        }
    }
}
