/// The kind of network an address belongs to, as far as the question "may the server connect
/// to it on a user's behalf" goes: only ``public`` is reachable without `--allow-private-targets`.
///
/// Follows IANA's IPv4 and IPv6 Special-Purpose Address Registries (2025-10-09) in full: every
/// block there that is not "Globally Reachable" is not public, and neither are the few that are
/// but hold only anycast infrastructure (see ``specialPurpose``). IPv6 outside 2000::/3, the only
/// space IANA hands out for global unicast, is ``reserved``.
public enum IPAddressScope: String, Hashable, Sendable, CaseIterable {
    case `public`
    /// 127.0.0.0/8, ::1.
    case loopback
    /// 10/8, 172.16/12, 192.168/16 (RFC 1918), IPv6 site-local fec0::/10, and the local-use
    /// NAT64 prefix 64:ff9b:1::/48 (RFC 8215: a network's own translation to its inside).
    case privateNetwork = "private"
    /// 169.254/16 (where cloud metadata services answer), fe80::/10.
    case linkLocal = "link-local"
    /// 100.64/10 (RFC 6598, carrier-grade NAT): a provider's inside network.
    case sharedAddressSpace = "shared (CGNAT)"
    /// fc00::/7 (RFC 4193).
    case uniqueLocal = "unique-local"
    /// 224/4, ff00::/8.
    case multicast
    /// 0.0.0.0/8 and ::, which Linux connects to the local host.
    case unspecified
    /// 240/4 (with 255.255.255.255), IPv6 outside 2000::/3 that no registry entry names, and the
    /// deprecated IPv4-compatible `::a.b.c.d`, which no current stack sends to the IPv4 host.
    case reserved
    /// 192.0.2/24, 198.51.100/24, 203.0.113/24, 2001:db8::/32, 3fff::/20 (examples in documents).
    case documentation
    /// 198.18/15 and 2001:2::/48 (RFC 2544, RFC 5180: test labs).
    case benchmarking
    /// The registries' protocol blocks: 192.0.0/24, 192.31.196/24, 192.52.193/24, 192.88.99/24,
    /// 192.175.48/24, 100::/64, 100:0:0:1::/64, 2001::/23, 2620:4f:8000::/48, 5f00::/16. A few
    /// of them are globally reachable anycast services (PCP and TURN at 192.0.0.9 and .10 and
    /// 2001:1::1–3, AS112's DNS sinks, AMT relays, ORCHIDv2, drone ids); no reminder webhook or
    /// push service lives there, so they are refused with the rest of their block.
    case specialPurpose = "special-purpose"

    public var isPublic: Bool { self == .public }

    public init(_ address: IPAddress) {
        if address.isIPv4 {
            self = Self.scope(of: address.bytes, in: Self.v4Blocks) ?? .public
        } else if let v4 = address.embeddedIPv4 {
            // IPv4-mapped, NAT64's 64:ff9b::/96 and 6to4 reach the IPv4 host: judged as it.
            let scope = Self.scope(of: v4.bytes, in: Self.v4Blocks) ?? .public
            let compatible = address.bytes[0..<12].allSatisfy { $0 == 0 }
            self = compatible && scope == .public ? .reserved : scope
        } else {
            let inGlobalUnicast = address.bytes[0] & 0xE0 == 0x20
            self = Self.scope(of: address.bytes, in: Self.v6Blocks) ?? (inGlobalUnicast ? .public : .reserved)
        }
    }

    /// A CIDR block of the registries and what it counts as.
    struct Block: Sendable {
        let prefix: [UInt8]
        let length: Int
        let scope: IPAddressScope

        init(_ address: String, _ length: Int, _ scope: IPAddressScope) {
            guard let parsed = IPAddress(address) else { preconditionFailure("\(address) is no address literal") }
            prefix = parsed.bytes
            self.length = length
            self.scope = scope
        }

        func contains(_ bytes: [UInt8]) -> Bool {
            guard bytes.count == prefix.count else { return false }
            let whole = length / 8
            guard bytes[0..<whole] == prefix[0..<whole] else { return false }
            let bits = length % 8
            guard bits > 0 else { return true }
            let mask = UInt8(0xFF) << (8 - bits)
            return bytes[whole] & mask == prefix[whole] & mask
        }
    }

    /// The first block that holds `bytes` (a more specific block comes before the one it is in).
    private static func scope(of bytes: [UInt8], in blocks: [Block]) -> IPAddressScope? {
        blocks.first { $0.contains(bytes) }?.scope
    }

    static let v4Blocks: [Block] = [
        Block("0.0.0.0", 8, .unspecified),
        Block("10.0.0.0", 8, .privateNetwork),
        Block("100.64.0.0", 10, .sharedAddressSpace),
        Block("127.0.0.0", 8, .loopback),
        Block("169.254.0.0", 16, .linkLocal),
        Block("172.16.0.0", 12, .privateNetwork),
        Block("192.0.0.0", 24, .specialPurpose),
        Block("192.0.2.0", 24, .documentation),
        Block("192.31.196.0", 24, .specialPurpose),
        Block("192.52.193.0", 24, .specialPurpose),
        Block("192.88.99.0", 24, .specialPurpose),
        Block("192.168.0.0", 16, .privateNetwork),
        Block("192.175.48.0", 24, .specialPurpose),
        Block("198.18.0.0", 15, .benchmarking),
        Block("198.51.100.0", 24, .documentation),
        Block("203.0.113.0", 24, .documentation),
        Block("224.0.0.0", 4, .multicast),
        Block("240.0.0.0", 4, .reserved),
    ]

    static let v6Blocks: [Block] = [
        Block("::", 128, .unspecified),
        Block("::1", 128, .loopback),
        Block("64:ff9b:1::", 48, .privateNetwork),
        Block("100::", 64, .specialPurpose),
        Block("100:0:0:1::", 64, .specialPurpose),
        Block("2001:2::", 48, .benchmarking),
        Block("2001::", 23, .specialPurpose),
        Block("2001:db8::", 32, .documentation),
        Block("2620:4f:8000::", 48, .specialPurpose),
        Block("3fff::", 20, .documentation),
        Block("5f00::", 16, .specialPurpose),
        Block("fc00::", 7, .uniqueLocal),
        Block("fe80::", 10, .linkLocal),
        Block("fec0::", 10, .privateNetwork),
        Block("ff00::", 8, .multicast),
    ]
}
