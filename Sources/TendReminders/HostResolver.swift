import NIOPosix
import Synchronization
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
///
/// `getaddrinfo` blocks, for as long as the system's resolver takes (seconds per name when a
/// server does not answer), so lookups run on a thread pool of their own, never on NIO's shared
/// pool that bcrypt, imports and backups use: a thousand names that do not resolve would hold that
/// pool for minutes, and a password sign-in with it. A lookup that has not answered within
/// ``timeout`` (waiting for a thread included) is given up; one still queued then is dropped.
public enum HostResolver {
    /// Threads that may wait on `getaddrinfo` at once.
    public static let threads = 4
    /// How long a send waits for its lookup before it is retried later.
    public static let timeout: Duration = .seconds(5)

    /// The lookups' own pool, started on first use and kept for the process's life.
    static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        return pool
    }()

    /// Every address `host` resolves to (IP literals resolve to themselves).
    public static func addresses(of target: DeliveryTarget) async throws -> [IPAddress] {
        if let address = target.address { return [address] }
        return try await resolve(target.host, port: target.port)
    }

    /// `lookUp` on the resolver's pool, within `timeout`. Answers at the timeout even while
    /// `getaddrinfo` still runs (it cannot be interrupted; its thread is freed when it returns),
    /// and a lookup still queued then never runs.
    static func resolve(
        _ host: String, port: Int, timeout: Duration = timeout,
        lookUp: @escaping @Sendable (String, Int) throws -> [IPAddress] = lookUp(_:port:)
    ) async throws -> [IPAddress] {
        let lookup = PendingLookup()
        return try await withCheckedThrowingContinuation { continuation in
            lookup.begin(continuation)
            let timer = Task {
                try? await Task.sleep(for: timeout)
                lookup.finish(.failure(HostResolutionError(host: host, code: nil)))
            }
            pool.submit { state in
                defer { timer.cancel() }
                guard state == .active, !lookup.isFinished else {
                    lookup.finish(.failure(HostResolutionError(host: host, code: nil)))
                    return
                }
                lookup.finish(Result { try lookUp(host, port) })
            }
        }
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

/// One lookup's answer, given once: by the lookup or by its timeout, whichever comes first.
private final class PendingLookup: Sendable {
    private let continuation = Mutex<CheckedContinuation<[IPAddress], any Error>?>(nil)
    private let finished = Atomic<Bool>(false)

    func begin(_ continuation: CheckedContinuation<[IPAddress], any Error>) {
        self.continuation.withLock { $0 = continuation }
    }

    var isFinished: Bool { finished.load(ordering: .acquiring) }

    func finish(_ result: Result<[IPAddress], any Error>) {
        guard finished.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        continuation.withLock { $0.take() }?.resume(with: result)
    }
}

/// A host name did not resolve, or not in time.
public struct HostResolutionError: Error, Hashable, Sendable, CustomStringConvertible {
    public let host: String
    /// `getaddrinfo`'s code; `nil` when the lookup took longer than ``HostResolver/timeout``.
    public let code: Int32?

    public var description: String {
        guard let code else { return "'\(host)' did not resolve in time" }
        return "'\(host)' did not resolve: \(String(cString: gai_strerror(code)))"
    }
}
