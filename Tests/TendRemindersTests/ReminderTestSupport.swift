import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import TendDelivery
import TendReminders

/// What the sender tests share: a client set up as the server sets it up, shut down after each test.
enum ReminderTesting {
    static let logger = Logger(label: "tend.reminders.test")
    static let vapid = VAPIDSigner(keyPair: VAPIDKeyPair(), subject: try! VAPIDSubject("mailto:admin@tend.example.com"))
    /// The doubles run on 127.0.0.1 over plain http: only the allowance admits them.
    static let loopback = DeliveryTargetPolicy(allowPrivateTargets: true)

    static func withClient<Value>(connect: TimeAmount = .seconds(10), _ body: (HTTPClient) async throws -> Value) async throws -> Value {
        // Generous but bounded: under the whole suite on two cores the doubles' handlers can wait
        // seconds for a thread (a 5 s read timeout failed there while every test passed alone).
        let client = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .reminderDelivery(connect: connect, read: .seconds(30)))
        do {
            let value = try await body(client)
            try await client.shutdown()
            return value
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
