import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import TendCore
import TendDelivery
import TendStore
import TendTestSupport
import Testing

@testable import TendReminders

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A member who points a webhook at a name that resolves to a public address when Tend checks
/// it and to an inside one when Tend connects (DNS rebinding) must not learn which inside ports
/// are open from the answers (issue 40): every connection-level failure reads the same to them,
/// and the reason is in the server's log only.
@Suite("Connection failures read the same to the user; the reason goes to the server log")
struct ConnectionFailureTests {
    /// A port on 127.0.0.1 that nothing listens on: bound by the system, then released.
    static func closedPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Sends a test message to a webhook at `url` through a deliverer whose senders log to `log`.
    static func send(to url: String, log: CapturedLog, client: HTTPClient) async -> (TendReminders.DeliveryResult, Webhook) {
        let logger = log.logger(level: .info)
        let deliverer = ReminderDeliverer(
            push: WebPushSender(client: client, vapid: ReminderTesting.vapid, policy: ReminderTesting.loopback, logger: logger),
            webhook: WebhookSender(client: client, policy: ReminderTesting.loopback, logger: logger),
            actionSecret: ActionTokenSecret(), publicURL: URL(string: "https://tend.example.com")!, dayPath: { _, _ in "/" })
        let hook = Webhook(owner: User.ID(), url: url, format: .json, accessToken: "tk_secret42", createdAt: Date())
        let message = deliverer.testMessage(today: Fixtures.day("2026-11-24"), now: Date())
        return (await deliverer.send(message, to: .webhook(hook), deliveryID: UUID(), now: Date()), hook)
    }

    @Test("A refused connection and a failed TLS handshake give the same result and text; each reason is in the server log")
    func refusedAndTLSReadTheSame() async throws {
        let log = CapturedLog()
        // AsyncHTTPClient tries a refused connection again until its connect timeout: keep it short
        // for that one. The TLS handshake fails at once, but on a loaded machine not always within
        // 2 s (it then read "connectTimeout"): its client waits longer.
        try await ReminderTesting.withClient(connect: .seconds(2)) { client in
            try await ReminderTesting.withClient(connect: .seconds(30)) { patient in
                // Given a port nothing listens on, and an HTTP server that speaks no TLS
                let refusedURL = "http://127.0.0.1:\(try Self.closedPort())/hook/secret-path?key=querysecret"
                try await WebhookReceiverDouble.run { receiver in
                    let port = try #require(receiver.baseURL.port)
                    // When a test notification goes to each
                    let (refused, refusedHook) = await Self.send(to: refusedURL, log: log, client: client)
                    let (tls, tlsHook) = await Self.send(to: "https://127.0.0.1:\(port)/hook", log: log, client: patient)
                    // Then the user reads one thing for both
                    #expect(refused == .retry(after: nil, reason: "could not connect"))
                    #expect(tls == refused)
                    // And the server log has each reason, with the target's id and host, without the URL's secrets
                    let lines = log.entries.filter { $0.contains("delivery could not connect") }
                    #expect(lines.count == 2)
                    let refusedLine = try #require(lines.first { $0.contains("target=\(refusedHook.id.rawValue.text())") })
                    let tlsLine = try #require(lines.first { $0.contains("target=\(tlsHook.id.rawValue.text())") })
                    #expect(refusedLine.contains("host=127.0.0.1"))
                    #expect(refusedLine.contains("error=") && tlsLine.contains("error="))
                    #expect(refusedLine.lowercased().contains("connection refused"))
                    #expect(tlsLine.contains("SSL"))
                    #expect(!log.text.contains("secret-path") && !log.text.contains("querysecret") && !log.text.contains("tk_secret42"))
                    #expect(receiver.posts.isEmpty)
                }
            }
        }
    }

    @Test("No route to the host, a timeout connecting, a reset and a TLS error each become the same 'could not connect'")
    func everyConnectionErrorReadsTheSame() throws {
        // The errors NIO and AsyncHTTPClient throw for each (the refused and TLS ones are met for real above)
        let errors: [any Error] = [
            IOError(errnoCode: EHOSTUNREACH, reason: "connect"), IOError(errnoCode: ENETUNREACH, reason: "connect"),
            IOError(errnoCode: ECONNREFUSED, reason: "connect"), IOError(errnoCode: ECONNRESET, reason: "read"),
            HTTPClientError.connectTimeout, HTTPClientError.tlsHandshakeTimeout, HTTPClientError.remoteConnectionClosed,
            HTTPClientError.deadlineExceeded, ChannelError.connectTimeout(.seconds(5)),
        ]
        let log = CapturedLog()
        let url = try #require(URL(string: "https://hooks.example.com/private/path"))
        let results = errors.map { TendReminders.DeliveryResult.couldNotConnect($0, url: url, logger: log.logger()) }
        #expect(Set(results) == [.retry(after: nil, reason: "could not connect")])
        // Each reason is kept for the operator
        #expect(log.entries.count == errors.count)
        #expect(log.entries.contains { $0.contains("No route to host") || $0.contains("113") })
        #expect(!log.text.contains("/private/path"))
    }
}
