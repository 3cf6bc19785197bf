import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A TCP proxy on 127.0.0.1 in front of a server, for fault tests: it passes requests through
/// whole, and while ``cutAfter`` is set, closes each connection after that many bytes of the
/// server's answer (a connection cut mid-response, after the server did the work).
public final class CuttingProxy: Sendable {
    public let port: Int
    private let upstream: Int
    private let listener: Int32
    private let limit = Mutex<Int?>(nil)
    private let stopped = Mutex(false)

    /// Forwards to `127.0.0.1:upstream`.
    public init(upstream: Int) throws {
        self.upstream = upstream
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Cut every answer after `bytes` bytes from now on (`nil`: pass them whole).
    public var cutAfter: Int? {
        get { limit.withLock { $0 } }
        set { limit.withLock { $0 = newValue } }
    }

    public func stop() {
        stopped.withLock { $0 = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while !stopped.withLock({ $0 }) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(upstream).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                close(client)
                close(server)
                continue
            }
            let cut = cutAfter
            let pair = Pair(client, server)
            Thread.detachNewThread { Self.pump(from: client, to: server, limit: nil, pair: pair) }
            Thread.detachNewThread { Self.pump(from: server, to: client, limit: cut, pair: pair) }
        }
    }

    /// A connection's two sockets: the first pump to end shuts both down (so the other's read
    /// ends too); the last one closes them, once, so no descriptor is closed after its number
    /// was given to another connection.
    private final class Pair: Sendable {
        let sockets: (Int32, Int32)
        let ended = Mutex(0)

        init(_ a: Int32, _ b: Int32) { sockets = (a, b) }

        func end() {
            let count = ended.withLock { count in
                count += 1
                return count
            }
            if count == 1 {
                shutdown(sockets.0, Int32(SHUT_RDWR))
                shutdown(sockets.1, Int32(SHUT_RDWR))
            } else {
                close(sockets.0)
                close(sockets.1)
            }
        }
    }

    /// Copies until the end (or `limit` bytes).
    private static func pump(from source: Int32, to destination: Int32, limit: Int?, pair: Pair) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var sent = 0
        while true {
            let want = limit.map { min(buffer.count, $0 - sent) } ?? buffer.count
            if want <= 0 { break }
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, want) }
            if count <= 0 { break }
            var offset = 0
            while offset < count {
                // MSG_NOSIGNAL: a peer already gone must not raise SIGPIPE in the test process.
                let written = buffer.withUnsafeBytes { send(destination, $0.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL)) }
                if written <= 0 { break }
                offset += written
            }
            sent += count
        }
        pair.end()
    }
}
