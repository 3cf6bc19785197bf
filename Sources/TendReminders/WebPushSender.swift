import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import TendCore
import TendDelivery

/// Hands reminders to browsers' push services (RFC 8030) over a shared `HTTPClient`, and says
/// what became of each (``DeliveryResult``).
public struct WebPushSender: Sendable {
    public let client: HTTPClient
    public let vapid: VAPIDSigner
    public let policy: DeliveryTargetPolicy
    /// The whole exchange with the push service, connection included.
    public let timeout: TimeAmount
    /// Carries the target's id while ``ReminderDeliverer`` sends to it.
    public var logger: Logger

    /// - Parameter client: made with `HTTPClient.Configuration.reminderDelivery()` (no redirects).
    public init(client: HTTPClient, vapid: VAPIDSigner, policy: DeliveryTargetPolicy, timeout: TimeAmount = .seconds(15), logger: Logger) {
        self.client = client
        self.vapid = vapid
        self.policy = policy
        self.timeout = timeout
        self.logger = logger
    }

    /// Encrypts `payload` for the subscription, signs for its push service and sends it.
    ///
    /// - Parameters:
    ///   - deliveryID: the firing's delivery on this subscription; its ``topic(forDelivery:)``
    ///     makes a resend replace a message the push service still holds rather than add one.
    ///   - ttl: 1 hour by default: a reminder delivered later than that is missed.
    public func send(
        payload: Data, to endpoint: URL, keys: PushSubscriptionKeys, deliveryID: UUID, ttl: Int = 3600,
        urgency: WebPushUrgency = .high, now: Date
    ) async -> DeliveryResult {
        // The target is checked before the payload is encrypted: a refused endpoint costs nothing.
        if let refusal = await policy.admit(endpoint) { return refusal }
        let request: WebPushRequest
        do {
            request = try WebPushRequest(
                endpoint: endpoint, keys: keys, payload: payload, vapid: vapid, now: now, ttl: ttl, urgency: urgency,
                topic: Self.topic(forDelivery: deliveryID))
        } catch {
            return .failed(status: nil, reason: error.description)
        }
        return await send(request, now: now, admitted: true)
    }

    /// Sends a request already made (its target is checked again here).
    public func send(_ request: WebPushRequest, now: Date) async -> DeliveryResult {
        await send(request, now: now, admitted: false)
    }

    private func send(_ request: WebPushRequest, now: Date, admitted: Bool) async -> DeliveryResult {
        if !admitted, let refusal = await policy.admit(request.url) { return refusal }
        let result = await client.deliver(
            url: request.url, headers: request.headers.map { ($0.name, $0.value) }, body: request.body, timeout: timeout, logger: logger
        ) { Self.result(of: $0, now: now) }
        logger.debug(
            "web push sent", metadata: ["result": "\(result)", "origin": "\((try? VAPIDSigner.audience(for: request.url)) ?? "?")"])
        return result
    }

    /// RFC 8030 §5.4's `Topic` for a delivery: the id's 16 bytes in base64url, 22 characters
    /// (at most 32 are allowed). The same delivery always gets the same topic.
    public static func topic(forDelivery id: UUID) -> String {
        Base64URL.encode(withUnsafeBytes(of: id.uuid) { Data($0) })
    }

    /// What a push service's answer means (RFC 8030 §5 and §8.2; 404/410 for a subscription
    /// that no longer exists, 429 and 503 for a busy service, the other 4xx for a message the
    /// service will never take).
    static func result(of response: DeliveryResponse, now: Date) -> DeliveryResult {
        switch response.status {
        case 200, 201, 202:
            .delivered(status: response.status)
        case 404, 410:
            .gone(status: response.status)
        case 429, 503:
            .retry(
                after: response.retryAfter.flatMap { RetryAfter.seconds($0, now: now) },
                reason: DeliveryReason.text(status: response.status, body: response.body))
        case 500...599:
            .retry(after: nil, reason: DeliveryReason.text(status: response.status, body: response.body))
        default:
            // 400 (bad headers), 403 (VAPID refused), 413 (payload too large), 3xx (redirects are not followed) …
            .failed(status: response.status, reason: DeliveryReason.text(status: response.status, body: response.body))
        }
    }
}
