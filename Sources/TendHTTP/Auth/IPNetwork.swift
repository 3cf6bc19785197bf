import TendDelivery

/// A block of addresses in CIDR notation (`10.0.0.0/8`, `fd00::/8`, or one address): the
/// reverse proxies `--trusted-proxy` names.
public struct IPNetwork: Hashable, Sendable, CustomStringConvertible {
    public let address: IPAddress
    public let prefixLength: Int

    /// `127.0.0.0/8` and `::1`: a proxy on this machine.
    public static let loopback = [IPNetwork("127.0.0.0/8")!, IPNetwork("::1")!]

    /// `address/length`, or an address alone (all its bits); nil for anything else, a host name
    /// included (a proxy's name could resolve to other addresses later).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, let address = IPAddress(String(first)) else { return nil }
        let bits = address.bytes.count * 8
        var length = bits
        if parts.count == 2 {
            guard parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let given = Int(parts[1]), (0...bits).contains(given) else {
                return nil
            }
            length = given
        }
        self.address = address
        prefixLength = length
    }

    /// Whether `candidate` lies in this block. An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, what
    /// a dual-stack socket reports for an IPv4 peer) is judged as its IPv4 address.
    public func contains(_ candidate: IPAddress) -> Bool {
        var candidate = candidate
        if !candidate.isIPv4, address.isIPv4, let mapped = candidate.mappedIPv4 { candidate = mapped }
        guard candidate.bytes.count == address.bytes.count else { return false }
        var remaining = prefixLength
        for (mine, theirs) in zip(address.bytes, candidate.bytes) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            guard mine & mask == theirs & mask else { return false }
            remaining -= 8
        }
        return true
    }

    public var description: String { "\(address)/\(prefixLength)" }
}
