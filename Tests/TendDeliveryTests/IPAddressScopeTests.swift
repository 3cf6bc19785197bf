import TendDelivery
import Testing

@Suite("IPAddressScope: which addresses the server may connect to for a user")
struct IPAddressScopeTests {
    @Test(
        "Every refused IPv4 range, at its edges",
        arguments: [
            ("0.0.0.0", IPAddressScope.unspecified), ("0.255.255.255", .unspecified),
            ("127.0.0.1", .loopback), ("127.255.255.254", .loopback),
            ("10.0.0.1", .privateNetwork), ("10.255.255.255", .privateNetwork),
            ("172.16.0.0", .privateNetwork), ("172.31.255.255", .privateNetwork),
            ("192.168.0.1", .privateNetwork), ("192.168.255.255", .privateNetwork),
            ("169.254.169.254", .linkLocal), ("169.254.0.0", .linkLocal),
            ("100.64.0.0", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
            ("224.0.0.1", .multicast), ("239.255.255.255", .multicast),
            ("240.0.0.1", .reserved), ("255.255.255.255", .reserved), ("192.0.0.8", .specialPurpose),
        ])
    func refusedIPv4(text: String, scope: IPAddressScope) throws {
        let address = try #require(IPAddress(text))
        #expect(address.scope == scope)
        #expect(!address.scope.isPublic)
    }

    @Test(
        "Public IPv4 just outside each range",
        arguments: [
            "1.1.1.1", "9.255.255.255", "11.0.0.0", "172.15.255.255", "172.32.0.0", "192.167.255.255", "192.169.0.0",
            "169.253.255.255", "169.255.0.0", "100.63.255.255", "100.128.0.0", "223.255.255.255", "126.255.255.255", "128.0.0.0",
            "192.0.1.1", "93.184.216.34",
        ])
    func publicIPv4(text: String) throws {
        #expect(try #require(IPAddress(text)).scope == .public)
    }

    @Test(
        "Every refused IPv6 range, and IPv4 inside IPv6 judged as the IPv4 address it reaches",
        arguments: [
            ("::", IPAddressScope.unspecified), ("::1", .loopback), ("[::1]", .loopback),
            ("fe80::1", .linkLocal), ("febf:ffff::1", .linkLocal),
            ("fc00::1", .uniqueLocal), ("fdff:ffff::1", .uniqueLocal),
            ("ff02::1", .multicast), ("fec0::1", .privateNetwork),
            ("::ffff:127.0.0.1", .loopback), ("::ffff:7f00:1", .loopback), ("::ffff:10.0.0.1", .privateNetwork),
            ("::ffff:169.254.169.254", .linkLocal), ("::ffff:0.0.0.0", .unspecified), ("::ffff:100.64.0.1", .sharedAddressSpace),
            ("::127.0.0.1", .loopback), ("64:ff9b::a00:1", .privateNetwork), ("2002:7f00:1::", .loopback),
        ])
    func refusedIPv6(text: String, scope: IPAddressScope) throws {
        #expect(try #require(IPAddress(text)).scope == scope)
    }

    @Test(
        "Public IPv6, and a public IPv4 mapped into IPv6",
        arguments: ["2606:4700::1111", "2a00:1450:4001:81a::200e", "::ffff:1.1.1.1", "64:ff9b::101:101"])
    func publicIPv6(text: String) throws {
        #expect(try #require(IPAddress(text)).scope == .public)
    }

    /// One row per block of IANA's IPv4 and IPv6 Special-Purpose Address Registries (2025-10-09)
    /// and of the address-space registries' multicast and reserved space: its first and last
    /// address, and a public neighbour where the block's edge has one.
    struct Block: Sendable, CustomTestStringConvertible {
        let cidr: String
        let first: String
        let last: String
        let scope: IPAddressScope
        let outside: [String]

        init(_ cidr: String, _ first: String, _ last: String, _ scope: IPAddressScope, outside: [String] = []) {
            (self.cidr, self.first, self.last, self.scope, self.outside) = (cidr, first, last, scope, outside)
        }

        var testDescription: String { cidr }
    }

    static let registryBlocks: [Block] = [
        // IPv4
        Block("0.0.0.0/8", "0.0.0.0", "0.255.255.255", .unspecified, outside: ["1.0.0.0"]),
        Block("10.0.0.0/8", "10.0.0.0", "10.255.255.255", .privateNetwork, outside: ["9.255.255.255", "11.0.0.0"]),
        Block("100.64.0.0/10", "100.64.0.0", "100.127.255.255", .sharedAddressSpace, outside: ["100.63.255.255", "100.128.0.0"]),
        Block("127.0.0.0/8", "127.0.0.0", "127.255.255.255", .loopback, outside: ["126.255.255.255", "128.0.0.0"]),
        Block("169.254.0.0/16", "169.254.0.0", "169.254.255.255", .linkLocal, outside: ["169.253.255.255", "169.255.0.0"]),
        Block("172.16.0.0/12", "172.16.0.0", "172.31.255.255", .privateNetwork, outside: ["172.15.255.255", "172.32.0.0"]),
        Block("192.0.0.0/24", "192.0.0.0", "192.0.0.255", .specialPurpose, outside: ["191.255.255.255", "192.0.1.0"]),
        Block("192.0.0.9/32 (PCP anycast, globally reachable: refused with its block)", "192.0.0.9", "192.0.0.9", .specialPurpose),
        Block("192.0.0.10/32 (TURN anycast, globally reachable: refused with its block)", "192.0.0.10", "192.0.0.10", .specialPurpose),
        Block("192.0.0.170/31 (NAT64 discovery)", "192.0.0.170", "192.0.0.171", .specialPurpose),
        Block("192.0.2.0/24", "192.0.2.0", "192.0.2.255", .documentation, outside: ["192.0.1.255", "192.0.3.0"]),
        Block("192.31.196.0/24", "192.31.196.0", "192.31.196.255", .specialPurpose, outside: ["192.31.195.255", "192.31.197.0"]),
        Block("192.52.193.0/24", "192.52.193.0", "192.52.193.255", .specialPurpose, outside: ["192.52.192.255", "192.52.194.0"]),
        Block("192.88.99.0/24", "192.88.99.0", "192.88.99.255", .specialPurpose, outside: ["192.88.98.255", "192.88.100.0"]),
        Block("192.168.0.0/16", "192.168.0.0", "192.168.255.255", .privateNetwork, outside: ["192.167.255.255", "192.169.0.0"]),
        Block("192.175.48.0/24", "192.175.48.0", "192.175.48.255", .specialPurpose, outside: ["192.175.47.255", "192.175.49.0"]),
        Block("198.18.0.0/15", "198.18.0.0", "198.19.255.255", .benchmarking, outside: ["198.17.255.255", "198.20.0.0"]),
        Block("198.51.100.0/24", "198.51.100.0", "198.51.100.255", .documentation, outside: ["198.51.99.255", "198.51.101.0"]),
        Block("203.0.113.0/24", "203.0.113.0", "203.0.113.255", .documentation, outside: ["203.0.112.255", "203.0.114.0"]),
        Block("224.0.0.0/4", "224.0.0.0", "239.255.255.255", .multicast, outside: ["223.255.255.255"]),
        Block("240.0.0.0/4", "240.0.0.0", "255.255.255.254", .reserved),
        Block("255.255.255.255/32", "255.255.255.255", "255.255.255.255", .reserved),
        // IPv6
        Block("::/128", "::", "::", .unspecified),
        Block("::1/128", "::1", "::1", .loopback),
        Block("::ffff:0:0/96 (judged as the IPv4 address)", "::ffff:0.0.0.0", "::ffff:0.255.255.255", .unspecified),
        Block("64:ff9b::/96 (judged as the IPv4 address)", "64:ff9b::a00:0", "64:ff9b::aff:ffff", .privateNetwork),
        Block("64:ff9b:1::/48", "64:ff9b:1::", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff", .privateNetwork),
        Block("100::/64", "100::", "100::ffff:ffff:ffff:ffff", .specialPurpose),
        Block("100:0:0:1::/64", "100:0:0:1::", "100:0:0:1:ffff:ffff:ffff:ffff", .specialPurpose),
        Block("2001::/23", "2001::", "2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff", .specialPurpose, outside: ["2001:200::"]),
        Block("2001::/32 (Teredo)", "2001::", "2001:0:ffff:ffff:ffff:ffff:ffff:ffff", .specialPurpose),
        Block("2001:1::1 to 2001:1::3 (PCP, TURN, DNS-SD anycast; globally reachable: refused)", "2001:1::1", "2001:1::3", .specialPurpose),
        Block("2001:2::/48", "2001:2::", "2001:2:0:ffff:ffff:ffff:ffff:ffff", .benchmarking),
        Block("2001:3::/32 (AMT, globally reachable: refused)", "2001:3::", "2001:3:ffff:ffff:ffff:ffff:ffff:ffff", .specialPurpose),
        Block(
            "2001:4:112::/48 (AS112, globally reachable: refused)", "2001:4:112::", "2001:4:112:ffff:ffff:ffff:ffff:ffff", .specialPurpose),
        Block("2001:10::/28 (ORCHID)", "2001:10::", "2001:1f:ffff:ffff:ffff:ffff:ffff:ffff", .specialPurpose),
        Block(
            "2001:20::/28 (ORCHIDv2, globally reachable: refused)", "2001:20::", "2001:2f:ffff:ffff:ffff:ffff:ffff:ffff", .specialPurpose),
        Block(
            "2001:30::/28 (drone ids, globally reachable: refused)", "2001:30::", "2001:3f:ffff:ffff:ffff:ffff:ffff:ffff", .specialPurpose),
        Block(
            "2001:db8::/32", "2001:db8::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", .documentation,
            outside: ["2001:db7:ffff::1", "2001:db9::"]),
        Block("2002::/16 (6to4, judged as the IPv4 address)", "2002:a00::", "2002:c0a8:ffff:ffff:ffff:ffff:ffff:ffff", .privateNetwork),
        Block(
            "2620:4f:8000::/48 (AS112, globally reachable: refused)", "2620:4f:8000::", "2620:4f:8000:ffff:ffff:ffff:ffff:ffff",
            .specialPurpose, outside: ["2620:4f:7fff:ffff::1", "2620:4f:8001::"]),
        Block("3fff::/20", "3fff::", "3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff", .documentation, outside: ["3ffe:ffff::1", "3fff:1000::"]),
        Block("5f00::/16", "5f00::", "5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .specialPurpose),
        Block("fc00::/7", "fc00::", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .uniqueLocal),
        Block("fe80::/10", "fe80::", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .linkLocal),
        Block("fec0::/10 (site-local, deprecated)", "fec0::", "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .privateNetwork),
        Block("ff00::/8", "ff00::", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .multicast),
        Block(
            "200::/7 to 1fff::/16, outside 2000::/3 (reserved by the IETF)", "200::", "1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .reserved,
            outside: ["2000::1"]),
        Block(
            "4000::/3 to f800::/6, outside 2000::/3 (reserved by the IETF)", "4000::", "fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .reserved,
            outside: ["3fff:ffff::1"]),
    ]

    @Test("Every block of IANA's special-purpose registries is refused, from its first address to its last", arguments: registryBlocks)
    func registryBlock(block: Block) throws {
        // Given the block's first and last address
        let first = try #require(IPAddress(block.first))
        let last = try #require(IPAddress(block.last))
        // Then both belong to the block's scope, which is not public
        #expect(first.scope == block.scope)
        #expect(last.scope == block.scope)
        #expect(!block.scope.isPublic)
        // And the addresses just outside it are public again
        for text in block.outside {
            #expect(try #require(IPAddress(text)).scope == .public, "\(text)")
        }
    }

    @Test(
        "IPv4-compatible ::a.b.c.d is never public, even for a public IPv4 address",
        arguments: ["::1.1.1.1", "::93.184.216.34"])
    func compatibleNeverPublic(text: String) throws {
        #expect(try #require(IPAddress(text)).scope == .reserved)
    }

    @Test(
        "Only strict literals are addresses; shorthand forms are names, checked after they resolve",
        arguments: ["2130706433", "0x7f.1", "127.1", "localhost", "fe80::1%eth0", "", "1.2.3.256"])
    func notLiterals(text: String) {
        #expect(IPAddress(text) == nil)
    }
}
