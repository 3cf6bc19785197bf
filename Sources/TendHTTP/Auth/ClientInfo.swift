import Foundation
import Hummingbird

/// Who the client is and how it connects, read honestly: proxy headers count only with
/// `--trust-proxy`.
package struct ClientInfo: Sendable {
    package let configuration: ServerConfiguration

    package init(configuration: ServerConfiguration) { self.configuration = configuration }

    /// The client's IP address: the last `X-Forwarded-For` entry (the one the trusted proxy added)
    /// with `--trust-proxy`, else the connection's peer; `nil` when unknown (router tests).
    package func address(_ request: Request, context: TendRequestContext) -> String? {
        if configuration.trustProxy, let forwarded = request.headers[.xForwardedFor],
            let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty
        {
            return last
        }
        return context.remoteAddress?.ipAddress
    }

    /// Whether the client connects from this machine.
    package func isLoopback(_ request: Request, context: TendRequestContext) -> Bool {
        guard let address = address(request, context: context) else { return false }
        return address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }

    /// Whether the client reached Tend over TLS: the request's scheme, or a trusted proxy's
    /// `X-Forwarded-Proto: https`.
    package func isSecure(_ request: Request) -> Bool {
        if request.head.scheme == "https" { return true }
        if configuration.trustProxy, let proto = request.headers[.xForwardedProto] {
            return proto.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
        }
        return false
    }
}

extension ClientInfo {
    /// The scheme and authority of the absolute URLs Tend hands out to a browser (the calendar
    /// feed's): `--public-url` when set; else the ones this request reached the server at — TLS as
    /// ``isSecure(_:)`` says, the host from the request's `Host` (a reverse proxy must pass it on),
    /// else the address Tend listens on. A `Host` with characters no host has is not used.
    package func origin(_ request: Request) -> String {
        if let publicURL = configuration.publicURL, let scheme = publicURL.scheme, let host = publicURL.host {
            let port = publicURL.port.map { ":\($0)" } ?? ""
            return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)\(port)"
        }
        let scheme = isSecure(request) ? "https" : "http"
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
        if let authority = request.head.authority, !authority.isEmpty, authority.count <= 255,
            authority.allSatisfy(allowed.contains)
        {
            return "\(scheme)://\(authority)"
        }
        return "\(scheme)://\(configuration.host):\(configuration.port)"
    }
}

extension ClientInfo {
    /// Refuses (403, `cross-origin`) a request whose `Origin` names another site: the routes that
    /// set or clear the session cookie call it, so another site's page cannot sign a browser in
    /// (login CSRF, the attacker's account) or out. No `Origin` is allowed: browsers send it on
    /// every cross-site POST, and clients that are not browsers (curl, the CLI) send none.
    ///
    /// Tend's own origin is ``origin(_:)`` (`--public-url`, or the scheme and `Host` the request
    /// came with); an `Origin` whose host and port are the request's `Host` counts as its own too,
    /// whatever its scheme, so that a TLS proxy run without `--trust-proxy` does not lock people
    /// out. A victim's browser sends the real `Host`, so another site cannot match it.
    package func requireSameOrigin(_ request: Request) throws {
        guard let origin = request.headers[.origin] else { return }
        if Self.isSameOrigin(origin, own: self.origin(request), host: request.head.authority) { return }
        throw Problem.crossOrigin(origin)
    }

    /// Whether the `Origin` header `origin` is `own` (`scheme://host[:port]`) or names `host`.
    package static func isSameOrigin(_ origin: String, own: String, host: String?) -> Bool {
        let origin = origin.trimmingCharacters(in: .whitespaces).lowercased()
        if origin == own.lowercased() { return true }
        guard let host = host?.lowercased(), !host.isEmpty else { return false }
        return origin == "http://" + host || origin == "https://" + host
    }
}
