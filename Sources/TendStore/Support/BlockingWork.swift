import NIOPosix
import TendWords

/// Work that holds a thread for long (reading an import, encoding an export, SQLite's online
/// backup): run on NIO's blocking pool, never on one of Swift concurrency's cooperative threads.
/// There are as many of those as cores; on a two-core server two imports of a large file would
/// hold both for seconds and nothing else (a page, `/healthz`) would be answered meanwhile.
public enum BlockingWork {
    /// Runs `body` to its end even when the calling task is cancelled meanwhile. NIO's own
    /// `runIfActive` drops work still queued when its task is cancelled and throws
    /// `CancellationError`: a scheduled backup asked for just before a graceful shutdown then
    /// counted as a failed backup. What was asked for is short and whole; callers that can stop
    /// early check cancellation themselves, before or after.
    ///
    /// `body` speaks the caller's words (``Words/current``, a task-local the pool's thread does not
    /// inherit): an import's refusals are in the language of whoever imports.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let words = Words.current
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            NIOThreadPool.singleton.submit { state in
                switch state {
                case .active: continuation.resume(with: Result(catching: { try Words.$current.withValue(words, operation: body) }))
                // Only when the pool itself shuts down, which the process-wide singleton never does
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        }
    }
}
