import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

extension HTTPClient.Configuration {
    /// The shared client's settings for reminder delivery: redirects are never followed (a
    /// 30x to `http://169.254.169.254/` would step around ``DeliveryTargetPolicy``'s check of
    /// the address), and connecting and reading are bounded so one dead host cannot hold a
    /// delivery for long.
    ///
    /// Up to 64 connections per host (AsyncHTTPClient's default is 8): most pushes go to one of a
    /// few push services (FCM, Apple, Mozilla), and a minute's reminders must not queue behind 8.
    public static func reminderDelivery(connect: TimeAmount = .seconds(5), read: TimeAmount = .seconds(15)) -> Self {
        var pool = HTTPClient.Configuration.ConnectionPool()
        pool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: connect, read: read), connectionPool: pool,
            decompression: .disabled)
        // Tend bootstraps no tracer; without this the client still opens a span on the global
        // no-op tracer and fills its attributes for every request, work that buys nothing.
        configuration.tracing.tracer = nil
        return configuration
    }
}

/// What a sender needs of an answer: its status, `Retry-After`, and the start of its body.
struct DeliveryResponse: Sendable {
    let status: Int
    let retryAfter: String?
    /// At most ``bodyLimit`` bytes, read only for the reason of a refusal.
    let body: String

    static let bodyLimit = 1024
}

extension HTTPClient {
    /// POSTs and judges the answer with `judge`; a failure to get one (a refused connection, a
    /// timeout) is worth another try later, and reads as ``DeliveryResult/couldNotConnect(_:url:logger:)``.
    func deliver(
        url: URL, headers: [(String, String)], body: Data, timeout: TimeAmount, logger: Logger,
        judge: (DeliveryResponse) -> DeliveryResult
    ) async -> DeliveryResult {
        do {
            return judge(try await post(url: url, headers: headers, body: body, timeout: timeout))
        } catch {
            return .couldNotConnect(error, url: url, logger: logger)
        }
    }

    /// POSTs `body` and reads at most ``DeliveryResponse/bodyLimit`` bytes of the answer; the
    /// whole exchange is bounded by `timeout`.
    func post(url: URL, headers: [(String, String)], body: Data, timeout: TimeAmount) async throws -> DeliveryResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.headers.replaceOrAdd(name: "User-Agent", value: "Tend")
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await execute(request, timeout: timeout)
        var buffer = ByteBuffer()
        // Only the first bytes matter (a reason to log); the rest is read and dropped so the
        // connection can be reused, up to a bound.
        var dropped = 0
        for try await chunk in response.body {
            var part = chunk
            let room = DeliveryResponse.bodyLimit - buffer.readableBytes
            if room > 0, let bytes = part.readSlice(length: min(room, part.readableBytes)) {
                buffer.writeImmutableBuffer(bytes)
            }
            dropped += part.readableBytes
            if dropped > 64 * 1024 { break }
        }
        return DeliveryResponse(
            status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"),
            body: String(decoding: buffer.readableBytesView, as: UTF8.self))
    }
}

extension HTTPClient {
    /// The process's client for reminder delivery (``Configuration/reminderDelivery(connect:read:)``):
    /// made on first use and never shut down, like AsyncHTTPClient's `shared` (which follows
    /// redirects, so it cannot be used here). One server runs per process; its connections end
    /// with it.
    public static let reminders = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .reminderDelivery())
}
