import Foundation
import Logging
import TendDelivery

/// What became of one attempt to deliver a reminder on one channel: what the scheduler records
/// in the delivery log and acts on.
public enum DeliveryResult: Hashable, Sendable {
    /// The push service or webhook took the message (HTTP status).
    case delivered(status: Int)
    /// The subscription or webhook no longer exists (404/410): remove it, do not retry.
    case gone(status: Int)
    /// Try again later: the service was busy or down, or the network failed. `after` is the
    /// service's `Retry-After` in seconds when it gave one; ``RetryPolicy`` makes the delay.
    case retry(after: Double?, reason: String)
    /// The service refused this message for good (a bad request, a refused VAPID key, a
    /// payload too large): retrying would fail the same way.
    case failed(status: Int?, reason: String)
    /// The target is not allowed (``DeliveryTargetPolicy``); nothing was sent.
    case refused(DeliveryTargetError)

    /// Whether the scheduler should try this delivery again.
    public var isRetryable: Bool {
        if case .retry = self { return true }
        return false
    }
}

extension DeliveryResult {
    /// What the user reads (the test notification's answer, the delivery log) of every failure
    /// to get an HTTP answer.
    public static let couldNotConnect = "could not connect"

    /// One answer for every way a connection fails — refused, no route, a timeout, a TLS
    /// handshake or certificate failure, a connection cut before the answer: told apart, they
    /// let a user scan the server's inside network through a name that resolves to a public
    /// address when checked and to an inside one when connected to (DNS rebinding). The reason
    /// goes to the server's log, with the host but not the path, query or credentials of the
    /// user's URL; the logger carries the target's id (``ReminderDeliverer``).
    static func couldNotConnect(_ error: any Error, url: URL, logger: Logger) -> DeliveryResult {
        logger.info(
            "delivery could not connect", metadata: ["host": "\(url.host ?? "?")", "error": "\(String(reflecting: error))"])
        return .retry(after: nil, reason: couldNotConnect)
    }
}
