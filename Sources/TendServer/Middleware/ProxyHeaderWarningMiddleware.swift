import Hummingbird
import Logging
import Synchronization
import TendHTTP

/// Warns once, in the server's log, when a proxy on this machine forwards requests that Tend
/// cannot attribute (``ClientInfo/proxyMisconfiguration(_:peer:)``): a proxy that forgot
/// `X-Forwarded-For`, or `--trust-proxy` left off. Such requests are not taken for the person at
/// the machine, but every client behind the proxy shares one rate-limit key until it is fixed.
/// Once per server, not per request: a busy proxy would fill the log.
struct ProxyHeaderWarningMiddleware: RouterMiddleware {
    typealias Context = TendRequestContext

    let client: ClientInfo
    let warned = Warned()

    final class Warned: Sendable {
        let done = Atomic(false)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if !warned.done.load(ordering: .relaxed),
            let problem = client.proxyMisconfiguration(request, peer: context.remoteAddress?.ipAddress),
            warned.done.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
        {
            context.logger.warning("reverse proxy misconfigured: \(problem)")
        }
        return try await next(request, context)
    }
}
