#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as its network-order bytes: what a delivery target's host is, or
/// resolves to, when ``DeliveryTargetPolicy`` decides whether the server may connect to it.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// An IPv4 address from its four bytes.
    public init(v4 a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) {
        bytes = [a, b, c, d]
    }

    /// An address from 4 or 16 bytes (what `getaddrinfo` hands out); nil for any other length.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// The strict textual forms only (`inet_pton`): dotted quad, or IPv6 with or without
    /// brackets. Shorthands such as `2130706433` or `0x7f.1` are not literals here; they are
    /// host names, and what they resolve to is checked like any other name's addresses.
    public init?(_ text: String) {
        var literal = Substring(text)
        if literal.hasPrefix("[") && literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
        // A zone index (`fe80::1%eth0`) names an interface, not an address; refuse it rather than guess.
        guard !literal.isEmpty, !literal.contains("%") else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, String(literal), &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, String(literal), &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }

    public var isIPv4: Bool { bytes.count == 4 }

    /// The IPv4 address carried inside an IPv6 one where the IPv6 address stands for it:
    /// IPv4-mapped `::ffff:a.b.c.d`, the deprecated IPv4-compatible `::a.b.c.d`, NAT64's
    /// well-known prefix `64:ff9b::/96`, and 6to4's `2002:aabb:ccdd::/48`. Each reaches the
    /// IPv4 host, so each must be judged as it.
    public var embeddedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        let head = bytes[0..<12]
        let tail = IPAddress(v4: bytes[12], bytes[13], bytes[14], bytes[15])
        if head.elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) { return tail }
        // `::` and `::1` are IPv6's own unspecified and loopback addresses, not IPv4 ones.
        if head.allSatisfy({ $0 == 0 }) && !(bytes[12] == 0 && bytes[13] == 0 && bytes[14] == 0 && bytes[15] <= 1) {
            return tail
        }
        if head.elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) { return tail }
        if bytes[0] == 0x20 && bytes[1] == 0x02 { return IPAddress(v4: bytes[2], bytes[3], bytes[4], bytes[5]) }
        return nil
    }

    /// What kind of network the address belongs to.
    public var scope: IPAddressScope { IPAddressScope(self) }

    public var description: String {
        if isIPv4 { return bytes.map(String.init).joined(separator: ".") }
        var groups: [String] = []
        for index in stride(from: 0, to: 16, by: 2) {
            groups.append(String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16))
        }
        return groups.joined(separator: ":")
    }
}
