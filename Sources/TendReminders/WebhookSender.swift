import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import TendDelivery

/// POSTs reminders to users' webhooks — Tend's JSON or ntfy's — over a shared `HTTPClient`.
public struct WebhookSender: Sendable {
    public let client: HTTPClient
    public let policy: DeliveryTargetPolicy
    public let timeout: TimeAmount
    /// Carries the target's id while ``ReminderDeliverer`` sends to it.
    public var logger: Logger

    /// - Parameter client: made with `HTTPClient.Configuration.reminderDelivery()` (no redirects).
    public init(client: HTTPClient, policy: DeliveryTargetPolicy, timeout: TimeAmount = .seconds(15), logger: Logger) {
        self.client = client
        self.policy = policy
        self.timeout = timeout
        self.logger = logger
    }

    /// Makes the request for `payload` and sends it.
    ///
    /// - Parameters:
    ///   - url: the user's webhook (for ntfy, the topic's URL).
    ///   - deliveryID: sent as `Idempotency-Key`, the same on every resend of this delivery.
    ///   - actionURL: the signed "Done" URL (``ActionToken``) for ntfy's button, `actionLabel` its words.
    public func send(
        _ payload: WebhookPayload, to url: URL, format: WebhookFormat, accessToken: String?, deliveryID: UUID, actionURL: URL?,
        actionLabel: String = "Done", openURL: URL? = nil, now: Date
    ) async -> DeliveryResult {
        let request: WebhookRequest
        do {
            request = try WebhookRequest(
                payload: payload, url: url, format: format, accessToken: accessToken, deliveryID: deliveryID, actionURL: actionURL,
                actionLabel: actionLabel, openURL: openURL)
        } catch {
            return .failed(status: nil, reason: error.description)
        }
        return await send(request, now: now)
    }

    /// Sends a request already made, after checking its target.
    public func send(_ request: WebhookRequest, now: Date) async -> DeliveryResult {
        if let refusal = await policy.admit(request.url) { return refusal }
        let result = await client.deliver(
            url: request.url, headers: request.headers.map { ($0.name, $0.value) }, body: request.body, timeout: timeout, logger: logger
        ) { Self.result(of: $0, now: now) }
        logger.debug("webhook sent", metadata: ["result": "\(result)", "host": "\(request.url.host ?? "?")"])
        return result
    }

    /// 2xx delivered; 410 gone (the receiver says this hook is retired); 429 and 5xx again
    /// later; anything else (a 404 may be a typo the user fixes, a 3xx is not followed) failed.
    static func result(of response: DeliveryResponse, now: Date) -> DeliveryResult {
        switch response.status {
        case 200...299:
            .delivered(status: response.status)
        case 410:
            .gone(status: response.status)
        case 429, 500...599:
            .retry(
                after: response.retryAfter.flatMap { RetryAfter.seconds($0, now: now) },
                reason: DeliveryReason.text(status: response.status, body: response.body))
        default:
            .failed(status: response.status, reason: DeliveryReason.text(status: response.status, body: response.body))
        }
    }
}
