import Foundation
import GRDB
import Synchronization
import TendStore
import TendWords

/// Group commit for the SQLite store's writes: writes that arrive while a transaction is being
/// committed wait, then run together in the next transaction, each in its own savepoint, and are
/// answered only once that transaction has committed.
///
/// With `synchronous = FULL` a commit costs an fsync of the WAL (≈ 0.4 ms here), so one
/// transaction per write caps a server at ~2,400 writes a second whatever the CPU. Sharing one
/// commit among every waiting write keeps each write exactly as durable — nothing is
/// acknowledged before the commit that holds it returns — and lets throughput grow with the
/// number of concurrent writers instead.
///
/// Each write still behaves as if it ran alone, after the writes queued before it: it sees their
/// effects, and when it throws (an unknown habit, an invalid value) its savepoint is rolled back,
/// so only it fails, with its own error. If SQLite rolls back the whole transaction (a full disk,
/// an I/O error) or the commit fails, every write of the batch fails with that error; none of them
/// was acknowledged. Writes run in arrival order, so the op log's order is their order.
final class SQLiteGroupCommit: Sendable {
    private struct Job: Sendable {
        let work: @Sendable (Database) throws -> any Sendable
        let continuation: CheckedContinuation<any Sendable, any Error>
    }

    private struct Queue: Sendable {
        var pending: [Job] = []
        /// Whether a batch is scheduled or running on the writer.
        var draining = false
    }

    private let writer: any DatabaseWriter
    /// Told of every commit, when the store checkpoints the log itself (see ``SQLiteCheckpointer``).
    private let checkpointer: SQLiteCheckpointer?
    private let queue = Mutex(Queue())
    /// The most writes one transaction takes (bounds a batch's latency and its rollback cost).
    let maximumBatch: Int
    /// Statistics for tests and benchmarks: transactions committed and writes they held.
    private let counters = Mutex((transactions: 0, writes: 0))

    init(writer: any DatabaseWriter, checkpointer: SQLiteCheckpointer? = nil, maximumBatch: Int = 256) {
        self.writer = writer
        self.checkpointer = checkpointer
        self.maximumBatch = maximumBatch
    }

    /// How many batch transactions ran and how many writes they held, since the store opened.
    var statistics: (transactions: Int, writes: Int) { counters.withLock { $0 } }

    /// How many writes wait for the next batch (for tests).
    var waiting: Int { queue.withLock { $0.pending.count } }

    /// Runs `work` inside a write transaction shared with other concurrent writes, in its own
    /// savepoint; returns once the transaction holding it has committed.
    ///
    /// The work speaks its caller's words (``Words/current``): a batch runs on the writer's queue,
    /// which does not inherit the callers' task-locals, and holds writes of people in other languages.
    func write<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let words = Words.current
        let value = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any Sendable, any Error>) in
            let start = queue.withLock { queue in
                queue.pending.append(Job(work: { db in try Words.$current.withValue(words) { try work(db) } }, continuation: continuation))
                if queue.draining { return false }
                queue.draining = true
                return true
            }
            if start { schedule() }
        }
        return value as! T  // swiftlint:disable:this force_cast — the job above returns a T
    }

    private func schedule() {
        writer.asyncWriteWithoutTransaction { [self] db in drainOnce(db) }
    }

    /// Runs one batch of the writes waiting now, answers them, and schedules the next batch if
    /// more have arrived meanwhile (behind any other work queued on the writer, so direct writes
    /// are not starved).
    private func drainOnce(_ db: Database) {
        let batch = queue.withLock { queue -> [Job] in
            let batch = Array(queue.pending.prefix(maximumBatch))
            queue.pending.removeFirst(batch.count)
            return batch
        }
        let results = run(batch, db: db)
        checkpointer?.wrote()
        for (job, result) in zip(batch, results) { job.continuation.resume(with: result) }
        let more = queue.withLock { queue in
            if queue.pending.isEmpty {
                queue.draining = false
                return false
            }
            return true
        }
        if more { schedule() }
    }

    private func run(_ batch: [Job], db: Database) -> [Result<any Sendable, any Error>] {
        var results: [Result<any Sendable, any Error>] = []
        results.reserveCapacity(batch.count)
        if batch.count == 1 {
            // Alone: the transaction is the write's savepoint.
            do {
                var value: (any Sendable)?
                try db.inTransaction(.immediate) {
                    value = try batch[0].work(db)
                    return .commit
                }
                counters.withLock { $0 = ($0.transactions + 1, $0.writes + 1) }
                return [.success(value!)]
            } catch {
                return [.failure(error)]
            }
        }
        do {
            try db.inTransaction(.immediate) {
                // Prepared once per batch: GRDB's `inSavepoint` compiles its statements on every
                // call, which cost more than a check-in's own statements.
                let begin = try db.cachedStatement(sql: "SAVEPOINT job")
                let release = try db.cachedStatement(sql: "RELEASE SAVEPOINT job")
                let rollback = try db.cachedStatement(sql: "ROLLBACK TO SAVEPOINT job")
                for job in batch {
                    try begin.execute()
                    do {
                        let value = try job.work(db)
                        try release.execute()
                        results.append(.success(value))
                    } catch {
                        // SQLite rolled back the whole transaction: the batch is lost.
                        guard db.isInsideTransaction else { throw error }
                        try rollback.execute()
                        try release.execute()
                        results.append(.failure(error))
                    }
                }
                return .commit
            }
        } catch {
            return batch.map { _ in .failure(error) }
        }
        counters.withLock { $0 = ($0.transactions + 1, $0.writes + batch.count) }
        return results
    }
}
