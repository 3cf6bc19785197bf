import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// Runs a test double's router on 127.0.0.1 at a port the system picks, for the length of one
/// test: `body` gets the port; when it returns, throws or runs past `timeout`, the server shuts
/// down gracefully. No double outlives its test, and a hung exchange fails the test instead of
/// stalling the suite.
public enum LoopbackHTTPServer {
    public static func run<Value: Sendable>(
        router: Router<BasicRequestContext>, timeout: Duration, _ body: @escaping @Sendable (Int) async throws -> Value
    ) async throws -> Value {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "tend.test.double")
        logger.logLevel = .warning
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            }, logger: logger)
        // No signal handlers: the test process's own are left alone.
        let services = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            let outcome: Result<Value, any Error>
            do {
                outcome = .success(
                    try await withDeadline(timeout) {
                        var iterator = ports.makeAsyncIterator()
                        guard let port = await iterator.next(), port > 0 else { throw LoopbackServerTimeout(timeout: timeout) }
                        return try await body(port)
                    })
            } catch {
                outcome = .failure(error)
            }
            // Graceful: the server closes its idle connections and stops listening, without
            // the errors a cancelled server logs.
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            return try outcome.get()
        }
    }

    /// `body`'s value, or ``LoopbackServerTimeout`` once `timeout` has passed (`body` is cancelled).
    private static func withDeadline<Value: Sendable>(
        _ timeout: Duration, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw LoopbackServerTimeout(timeout: timeout)
            }
            defer { group.cancelAll() }
            guard let value = try await group.next() else { throw LoopbackServerTimeout(timeout: timeout) }
            return value
        }
    }
}

/// A test double's test ran out of time (or its server never started).
public struct LoopbackServerTimeout: Error, CustomStringConvertible {
    public let timeout: Duration
    public var description: String { "the test with a loopback double did not finish within \(timeout)" }
}
