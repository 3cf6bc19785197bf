import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Prometheus
import Synchronization
import TendHTTP
import TendWeb

/// One log line per request (method, path without the query — or the route's pattern when the path
/// carries a secret token —, status, duration, request id) and
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
        // A `{token}` in the path is a credential (a calendar feed's secret URL): log the route, not the secret.
        let path = route.contains("{token}") ? route : request.uri.path
        context.logger.info(
            "request",
            metadata: [
                "method": .string(request.method.rawValue),
                "path": .string(path),
                "status": .stringConvertible(response.status.code),
                "duration_ms": .string(Self.milliseconds(elapsed)),
                "request_id": .string(context.id),
            ])
        return response
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
