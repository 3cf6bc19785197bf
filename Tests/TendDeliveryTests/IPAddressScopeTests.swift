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
            ("240.0.0.1", .reserved), ("255.255.255.255", .reserved), ("192.0.0.8", .reserved),
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

    @Test(
        "Only strict literals are addresses; shorthand forms are names, checked after they resolve",
        arguments: ["2130706433", "0x7f.1", "127.1", "localhost", "fe80::1%eth0", "", "1.2.3.256"])
    func notLiterals(text: String) {
        #expect(IPAddress(text) == nil)
    }
}
