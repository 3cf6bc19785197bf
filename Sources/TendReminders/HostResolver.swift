import NIOPosix
import TendDelivery

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Looks a delivery target's host up as the HTTP client will (`getaddrinfo`), so that
/// ``DeliveryTargetPolicy`` can judge the addresses before anything connects.
public enum HostResolver {
    /// Every address `host` resolves to (IP literals resolve to themselves). `getaddrinfo`
    /// blocks, so it runs on NIO's thread pool rather than a Swift concurrency thread.
    public static func addresses(of target: DeliveryTarget) async throws -> [IPAddress] {
        if let address = target.address { return [address] }
        let host = target.host
        let port = target.port
        return try await NIOThreadPool.singleton.runIfActive { try lookUp(host, port: port) }
    }

    static func lookUp(_ host: String, port: Int) throws -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else { throw HostResolutionError(host: host, code: status) }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let entry = node {
            if let socketAddress = entry.pointee.ai_addr {
                switch entry.pointee.ai_family {
                case AF_INET:
                    let bytes = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                        withUnsafeBytes(of: pointer.pointee.sin_addr) { Array($0) }
                    }
                    if let address = IPAddress(bytes: bytes) { addresses.append(address) }
                case AF_INET6:
                    let bytes = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                        withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
                    }
                    if let address = IPAddress(bytes: bytes) { addresses.append(address) }
                default:
                    break
                }
            }
            node = entry.pointee.ai_next
        }
        var seen = Set<IPAddress>()
        return addresses.filter { seen.insert($0).inserted }
    }
}

/// A host name did not resolve.
public struct HostResolutionError: Error, Hashable, Sendable, CustomStringConvertible {
    public let host: String
    /// `getaddrinfo`'s code.
    public let code: Int32

    public var description: String {
        "'\(host)' did not resolve: \(String(cString: gai_strerror(code)))"
    }
}
