import Foundation
import Testing

@testable import TendReminders

@Suite("What each answer of a push service or a webhook means")
struct DeliveryResultMappingTests {
    static let now = Date(timeIntervalSince1970: 1_764_021_600)

    static func response(_ status: Int, retryAfter: String? = nil, body: String = "") -> DeliveryResponse {
        DeliveryResponse(status: status, retryAfter: retryAfter, body: body)
    }

    @Test("Push: 200, 201, 202 delivered", arguments: [200, 201, 202])
    func pushDelivered(status: Int) {
        #expect(WebPushSender.result(of: Self.response(status), now: Self.now) == .delivered(status: status))
    }

    @Test("Push: 404 and 410 gone", arguments: [404, 410])
    func pushGone(status: Int) {
        #expect(WebPushSender.result(of: Self.response(status), now: Self.now) == .gone(status: status))
    }

    @Test("Push: 429 and 503 retry with Retry-After; other 5xx retry without")
    func pushRetry() {
        #expect(WebPushSender.result(of: Self.response(429, retryAfter: "60"), now: Self.now) == .retry(after: 60, reason: "HTTP 429"))
        #expect(
            WebPushSender.result(of: Self.response(503, retryAfter: "5", body: "busy"), now: Self.now)
                == .retry(after: 5, reason: "HTTP 503: busy"))
        #expect(WebPushSender.result(of: Self.response(502), now: Self.now) == .retry(after: nil, reason: "HTTP 502"))
    }

    @Test("Push: 400, 403, 413 fail for good with the body's reason, bounded and printable", arguments: [400, 403, 413])
    func pushFailed(status: Int) {
        let long = "BadJwtToken\n" + String(repeating: "x", count: 5000)
        guard case .failed(let code, let reason) = WebPushSender.result(of: Self.response(status, body: long), now: Self.now) else {
            Issue.record("not failed")
            return
        }
        #expect(code == status)
        #expect(reason.hasPrefix("HTTP \(status): BadJwtToken x"))
        #expect(reason.count == 200)
    }

    @Test("Webhook: any 2xx delivered, 410 gone, 429 and 5xx retry, the rest failed")
    func webhook() {
        #expect(WebhookSender.result(of: Self.response(204), now: Self.now) == .delivered(status: 204))
        #expect(WebhookSender.result(of: Self.response(410), now: Self.now) == .gone(status: 410))
        #expect(WebhookSender.result(of: Self.response(429, retryAfter: "7"), now: Self.now) == .retry(after: 7, reason: "HTTP 429"))
        #expect(WebhookSender.result(of: Self.response(500), now: Self.now).isRetryable)
        #expect(WebhookSender.result(of: Self.response(404), now: Self.now) == .failed(status: 404, reason: "HTTP 404"))
        #expect(WebhookSender.result(of: Self.response(301), now: Self.now) == .failed(status: 301, reason: "HTTP 301"))
    }
}
