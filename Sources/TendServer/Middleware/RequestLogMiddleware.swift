import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Prometheus
import Synchronization
import TendHTTP
import TendWeb

/// One log line per request (method, path without the query — redacted when it carries a secret,
/// ``loggedPath(route:path:)`` —, status, duration, request id) and
/// the Prometheus request counter and latency histogram. Outermost, so it sees the final status.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = TendRequestContext

    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            // ProblemMiddleware answers every error; this is a last resort.
            context.logger.error("unhandled error", metadata: ["error": "\(String(reflecting: error))"])
            response = Response(status: .internalServerError)
        }
        let elapsed = ContinuousClock.now - start
        response.headers[.xRequestID] = context.id
        let route = context.endpointPath ?? "NotFound"
        metrics.record(method: ServerMetrics.label(for: request.method), route: route, status: response.status.code, duration: elapsed)
        context.logger.info(
            "request",
            metadata: [
                "method": .string(request.method.rawValue),
                "path": .string(Self.loggedPath(route: route, path: request.uri.path)),
                "status": .stringConvertible(response.status.code),
                "duration_ms": .string(Self.milliseconds(elapsed)),
                "request_id": .string(context.id),
            ])
        return response
    }

    /// The path as the log shows it. A `{token}` in a route is a credential (a calendar feed's
    /// secret URL, a reminder's "Done" and "Later" URLs): a matched route is logged as its
    /// pattern. A request that matches no route (a link previewer's `GET` of a "Done" URL, a
    /// method no route has, a typo, `/x/../calendar/…`) may still carry a valid token: from its
    /// first segment that starts with `calendar` or is `actions` on, the path is `{redacted}`,
    /// whatever its case or percent-encoding.
    static func loggedPath(route: String, path: String) -> String {
        if route.contains("{token}") || route.contains(":token") { return route }
        // A matched route without a token carries no secret in its path.
        guard route == "NotFound" else { return path }
        let segments = (path.removingPercentEncoding ?? path).lowercased().split(separator: "/")
        guard let secret = segments.firstIndex(where: { $0.hasPrefix("calendar") || $0 == "actions" }) else { return path }
        let kept = segments[..<secret].map { "/" + $0 }.joined()
        return kept + (segments[secret] == "actions" ? "/actions" : "/calendar") + "/{redacted}"
    }

    /// `duration` in milliseconds with two decimals, rounded half up (`String(format:)` costs as
    /// much as the rest of the line).
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let hundredths = seconds * 100_000 + (attoseconds + 5_000_000_000_000) / 10_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
