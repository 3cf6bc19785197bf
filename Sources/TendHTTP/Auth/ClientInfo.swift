import Foundation
import HTTPTypes
import Hummingbird
import TendDelivery

/// Who the client is and how it connects, read honestly: the forwarding headers count only with
/// `--trust-proxy`, and only on a connection from one of the trusted proxies (`--trusted-proxy`,
/// loopback by default). Anyone else who sends them is not believed.
package struct ClientInfo: Sendable {
    package let configuration: ServerConfiguration

    package init(configuration: ServerConfiguration) { self.configuration = configuration }

    /// The headers by which a proxy says it relays someone: whom (`X-Forwarded-For`,
    /// `Forwarded`, `X-Real-IP`), or only how they came (`X-Forwarded-Host`,
    /// `X-Forwarded-Proto`), which a proxy that forgot the first kind still sends.
    package static let forwardingHeaders: [HTTPField.Name] = [.xForwardedFor, .forwarded, .xRealIP, .xForwardedHost, .xForwardedProto]

    /// The client's IP address: with a trusted proxy, the rightmost `X-Forwarded-For` entry that is
    /// not itself a trusted proxy; else the connection's peer. `nil` when unknown (router tests,
    /// or a trusted proxy that forwarded something that is no address).
    package func address(_ request: Request, context: TendRequestContext) -> String? {
        resolve(request, peer: context.remoteAddress?.ipAddress).address
    }

    /// Whether the client is the person at this machine: the peer is loopback and relays no one
    /// (a request that carries any forwarding header is someone else's unless the proxy is
    /// trusted and says in `X-Forwarded-For` whose it is), or a trusted proxy forwards it from
    /// loopback.
    package func isLoopback(_ request: Request, context: TendRequestContext) -> Bool {
        isLoopback(request, peer: context.remoteAddress?.ipAddress)
    }

    package func isLoopback(_ request: Request, peer: String?) -> Bool {
        let client = resolve(request, peer: peer)
        guard let address = client.address.flatMap(IPAddress.init) else { return false }
        if Self.carriesForwardingHeader(request) {
            // A proxy that sets `X-Forwarded-Host` or `-Proto` but not `X-Forwarded-For` relays
            // someone it does not name: the peer's loopback address is the proxy's, not theirs.
            guard client.viaTrustedProxy, request.headers[.xForwardedFor] != nil else { return false }
        }
        return IPNetwork.loopback.contains { $0.contains(address) }
    }

    /// Whether any of ``forwardingHeaders`` is present.
    package static func carriesForwardingHeader(_ request: Request) -> Bool {
        forwardingHeaders.contains { request.headers[$0] != nil }
    }

    /// What a proxy on this machine got wrong, when this request shows it: it forwards (a
    /// forwarding header is present) from loopback, but Tend cannot tell whom — `--trust-proxy`
    /// is off, or the trusted proxy sends no `X-Forwarded-For`. Nil when nothing is wrong.
    package func proxyMisconfiguration(_ request: Request, peer: String?) -> String? {
        guard let address = peer.flatMap(IPAddress.init), IPNetwork.loopback.contains(where: { $0.contains(address) }),
            Self.carriesForwardingHeader(request)
        else { return nil }
        if !configuration.trustProxy {
            return "requests from this machine carry proxy headers but --trust-proxy is off: every proxied client shares "
                + "one address (one sign-in rate limit) and none is taken for the person at the machine; start tend serve "
                + "with --trust-proxy (TEND_TRUST_PROXY=1) and make the proxy set X-Forwarded-For and X-Forwarded-Proto"
        }
        if isTrustedPeer(peer), request.headers[.xForwardedFor] == nil {
            return "the trusted proxy on this machine forwards requests without X-Forwarded-For: every proxied client "
                + "shares the proxy's address (one sign-in rate limit); make the proxy set X-Forwarded-For"
        }
        return nil
    }

    /// Whether the client reached Tend over TLS: the request's scheme, or `X-Forwarded-Proto: https`
    /// from a trusted proxy.
    package func isSecure(_ request: Request, context: TendRequestContext) -> Bool {
        isSecure(request, peer: context.remoteAddress?.ipAddress)
    }

    package func isSecure(_ request: Request, peer: String?) -> Bool {
        if request.head.scheme == "https" { return true }
        // Every response asks (HSTS, cookies): the peer alone decides, no X-Forwarded-For walk.
        guard let proto = request.headers[.xForwardedProto], isTrustedPeer(peer) else { return false }
        return proto.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }

    /// The client as the connection's peer and the trusted proxies' headers say.
    package func resolve(_ request: Request, peer: String?) -> (address: String?, viaTrustedProxy: Bool) {
        guard let peer, isTrustedPeer(peer) else { return (peer, false) }
        let entries = request.headers[values: .xForwardedFor].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        // Each proxy appends the address it was reached from: walking from the right, the first
        // entry that is no trusted proxy is the client; entries left of it are the client's to say.
        for entry in entries.reversed() {
            guard let address = IPAddress(entry) else { return (nil, true) }
            if !isTrustedProxy(address) { return (entry, true) }
        }
        return (entries.first ?? peer, true)
    }

    /// Whether the connection comes from a proxy whose forwarding headers count.
    private func isTrustedPeer(_ peer: String?) -> Bool {
        guard configuration.trustProxy, let address = peer.flatMap(IPAddress.init) else { return false }
        return isTrustedProxy(address)
    }

    private func isTrustedProxy(_ address: IPAddress) -> Bool {
        configuration.trustedProxies.contains { $0.contains(address) }
    }
}

extension ClientInfo {
    /// The scheme and authority of the absolute URLs Tend hands out to a browser (the calendar
    /// feed's): `--public-url` when set; else the ones this request reached the server at — TLS as
    /// ``isSecure(_:context:)`` says, the host from the request's `Host` (a reverse proxy must pass it on),
    /// else the address Tend listens on. A `Host` with characters no host has is not used.
    package func origin(_ request: Request, context: TendRequestContext) -> String {
        if let publicURL = configuration.publicURL, let scheme = publicURL.scheme, let host = publicURL.host {
            let port = publicURL.port.map { ":\($0)" } ?? ""
            return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)\(port)"
        }
        let scheme = isSecure(request, context: context) ? "https" : "http"
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
    package func requireSameOrigin(_ request: Request, context: TendRequestContext) throws {
        guard let origin = request.headers[.origin] else { return }
        if Self.isSameOrigin(origin, own: self.origin(request, context: context), host: request.head.authority) { return }
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
