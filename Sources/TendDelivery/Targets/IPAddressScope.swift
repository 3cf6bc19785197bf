/// The kind of network an address belongs to, as far as the question "may the server connect
/// to it on a user's behalf" goes: only ``public`` is reachable without `--allow-private-targets`.
public enum IPAddressScope: String, Hashable, Sendable, CaseIterable {
    case `public`
    /// 127.0.0.0/8, ::1.
    case loopback
    /// 10/8, 172.16/12, 192.168/16 (RFC 1918) and IPv6 site-local fec0::/10.
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
    /// 240/4, 255.255.255.255 and 192.0.0/24 (IETF protocol assignments).
    case reserved

    public var isPublic: Bool { self == .public }

    public init(_ address: IPAddress) {
        if let v4 = address.embeddedIPv4 {
            self = Self.v4(v4.bytes)
        } else if address.isIPv4 {
            self = Self.v4(address.bytes)
        } else {
            self = Self.v6(address.bytes)
        }
    }

    private static func v4(_ b: [UInt8]) -> IPAddressScope {
        switch (b[0], b[1]) {
        case (0, _): .unspecified
        case (127, _): .loopback
        case (10, _): .privateNetwork
        case (172, 16...31): .privateNetwork
        case (192, 168): .privateNetwork
        case (169, 254): .linkLocal
        case (100, 64...127): .sharedAddressSpace
        case (224...239, _): .multicast
        case (240...255, _): .reserved
        case (192, 0) where b[2] == 0: .reserved
        default: .public
        }
    }

    private static func v6(_ b: [UInt8]) -> IPAddressScope {
        if b.allSatisfy({ $0 == 0 }) { return .unspecified }
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return .loopback }
        if b[0] == 0xFF { return .multicast }
        if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return .linkLocal }
        if b[0] == 0xFE && b[1] & 0xC0 == 0xC0 { return .privateNetwork }
        if b[0] & 0xFE == 0xFC { return .uniqueLocal }
        return .public
    }
}
