import Foundation

/// Which URLs the server may send reminders to on a user's behalf: webhooks and push endpoints
/// are typed in by users, so an unchecked one would let anyone make the server POST to its own
/// network (SSRF) — a database's admin port, a cloud metadata service at 169.254.169.254.
///
/// Two steps, both pure: ``check(_:)`` the URL's shape (when it is saved and before every
/// send), and ``check(_:resolvedTo:)`` the addresses its host resolves to at send time. A sender
/// resolves the name (`HostResolver` in TendReminders) and refuses the send if any address is
/// not public. The client then resolves again when it connects: a name whose DNS answers change
/// between the two lookups (DNS rebinding) is not stopped by this check alone; senders narrow
/// the window by checking right before each send and by never following redirects.
public struct DeliveryTargetPolicy: Hashable, Sendable {
    /// `--allow-private-targets`: admits loopback and private addresses, local names, and plain
    /// `http://` to them (ntfy on the same box; the tests' doubles on 127.0.0.1).
    public var allowPrivateTargets: Bool

    public init(allowPrivateTargets: Bool = false) {
        self.allowPrivateTargets = allowPrivateTargets
    }

    /// Names that only ever mean this machine or its local network (RFC 6761, RFC 6762, RFC 8375);
    /// refused without asking DNS.
    static let localSuffixes = [".localhost", ".local", ".internal", ".home.arpa", ".lan"]

    /// The URL's scheme, host and port, or why it may not be a target.
    public func check(_ url: URL) throws(DeliveryTargetError) -> DeliveryTarget {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased()
        else {
            throw .notHTTPS(url.absoluteString)
        }
        guard scheme == "https" || (scheme == "http" && allowPrivateTargets) else {
            throw .notHTTPS(url.absoluteString)
        }
        // Credentials in a URL would be sent to whoever the host is; a token has its own field.
        guard components.user == nil, components.password == nil else { throw .credentialsInURL }
        guard var host = components.host?.lowercased(), !host.isEmpty else { throw .noHost(url.absoluteString) }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        while host.hasSuffix(".") { host.removeLast() }
        guard !host.isEmpty else { throw .noHost(url.absoluteString) }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        guard (1...65535).contains(port) else { throw .noHost(url.absoluteString) }
        let target = DeliveryTarget(url: url, isHTTPS: scheme == "https", host: host, port: port, address: IPAddress(host))
        if let address = target.address {
            try check(target, resolvedTo: [address])
        } else if !allowPrivateTargets, host == "localhost" || Self.localSuffixes.contains(where: { host.hasSuffix($0) }) {
            throw .localName(host)
        }
        return target
    }

    /// Refuses a target whose host resolved to any address that is not public (one private
    /// answer among public ones is enough to reach the inside), and plain `http://` to a
    /// public address even when private targets are allowed: the flag is for the local network.
    public func check(_ target: DeliveryTarget, resolvedTo addresses: [IPAddress]) throws(DeliveryTargetError) {
        guard !addresses.isEmpty else { throw .unresolved(target.host) }
        for address in addresses {
            let scope = address.scope
            if !scope.isPublic && !allowPrivateTargets {
                throw .notPublic(host: target.host, address: address, scope: scope)
            }
            if scope.isPublic && !target.isHTTPS {
                throw .notHTTPS(target.url.absoluteString)
            }
        }
    }
}

/// Why the server will not send to a URL; each text says what to use instead.
public enum DeliveryTargetError: Error, Hashable, Sendable, CustomStringConvertible {
    case notHTTPS(String)
    case noHost(String)
    case credentialsInURL
    case localName(String)
    case notPublic(host: String, address: IPAddress, scope: IPAddressScope)
    case unresolved(String)

    public var description: String {
        switch self {
        case .notHTTPS(let url):
            "'\(url)' is not an https:// URL (plain http:// is allowed only to private addresses with --allow-private-targets)"
        case .noHost(let url):
            "'\(url)' has no host and port to send to"
        case .credentialsInURL:
            "a target URL must not carry a user name or password; use the access token field"
        case .localName(let host):
            "'\(host)' names a local host; the server sends only to public hosts unless started with --allow-private-targets"
        case .notPublic(let host, let address, let scope):
            "'\(host)' is \(address), a \(scope.rawValue) address; the server sends only to public addresses unless started with --allow-private-targets"
        case .unresolved(let host):
            "'\(host)' did not resolve to any address"
        }
    }
}
