import TendDelivery

extension IPAddress {
    /// The IPv4 address of an IPv4-mapped IPv6 one (`::ffff:a.b.c.d`) only: unlike
    /// ``embeddedIPv4`` (which judges where a connection would go), a peer's address is what the
    /// socket says, and only the mapped form stands for an IPv4 peer.
    var mappedIPv4: IPAddress? {
        guard bytes.count == 16, bytes[0..<12].elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) else { return nil }
        return IPAddress(v4: bytes[12], bytes[13], bytes[14], bytes[15])
    }
}
