import NIOPosix

/// Work that holds a thread for long (reading an import, encoding an export, SQLite's online
/// backup): run on NIO's blocking pool, never on one of Swift concurrency's cooperative threads.
/// There are as many of those as cores; on a two-core server two imports of a large file would
/// hold both for seconds and nothing else (a page, `/healthz`) would be answered meanwhile.
public enum BlockingWork {
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive(body)
    }
}
