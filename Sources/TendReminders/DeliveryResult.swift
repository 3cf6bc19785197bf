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
