import Dispatch
import Foundation
import GRDB
import Synchronization

/// Keeps the write-ahead log short without stopping the writer for long.
///
/// By default SQLite checkpoints on the connection that commits, once the log passes 1,000
/// pages: that commit copies every page back into the database file and syncs it before it
/// returns. On a server every write waiting behind it waits too, and with a large database that
/// copy took 100–250 ms: check-ins' p99 was 20–30 times `/healthz`'s (docs/performance.md).
///
/// So a server's store turns the writer's automatic checkpoints off and this does them: every
/// `interval` after writes, a passive checkpoint on a connection of its own copies what the log
/// holds while the writer goes on appending (readers and the writer never wait for it). The
/// frames appended meanwhile are then copied by the writer itself between two batches — a short
/// copy, since the bulk is done — after which SQLite's next write restarts the log from its
/// beginning, so the file stops growing. If readers keep the log from being copied to its end,
/// nothing waits for them: the next round tries again.
///
/// Durability is unchanged: a commit is durable once its frames are synced to the log; a
/// checkpoint only moves them into the database file.
final class SQLiteCheckpointer: Sendable {
    /// The log size (frames) from which the writer finishes a checkpoint; below it the log is
    /// left to be copied by the next round.
    static let restartFrames = 1_000

    private let connection: DatabaseQueue
    private let writer: any DatabaseWriter
    private let interval: DispatchTimeInterval
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "Tend checkpoints")

    private struct State {
        var written = false
        var restarts = 0
    }

    /// Checkpoints the database of `writer` (a file in WAL mode), on a connection of its own to
    /// `path`, every `interval` after a write was reported with ``wrote()``.
    init(path: String, writer: any DatabaseWriter, configuration: Configuration, interval: Duration = .milliseconds(200)) throws {
        var configuration = configuration
        configuration.label = "Tend checkpoints"
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.writer = writer
        let nanoseconds = Int(interval.components.seconds) * 1_000_000_000 + Int(interval.components.attoseconds / 1_000_000_000)
        self.interval = .nanoseconds(nanoseconds)
        scheduleRound()
    }

    /// The next round, unless the store is gone by then.
    private func scheduleRound() {
        queue.asyncAfter(deadline: .now() + interval) { [weak self] in
            guard let self else { return }
            round()
            scheduleRound()
        }
    }

    /// Tells the checkpointer the log has grown.
    func wrote() {
        state.withLock { $0.written = true }
    }

    /// How many rounds had the writer finish the copy (for tests).
    var restarts: Int { state.withLock { $0.restarts } }

    /// One round, on the checkpointer's queue: copy what the log holds now; if the log is long,
    /// have the writer copy the rest between two batches, so that its next transaction starts
    /// the log again from its beginning.
    ///
    /// SQLite starts the log again only when a write begins with every frame copied and no
    /// reader still on an older snapshot. Under a steady stream of batches the first never
    /// happens by itself (each batch begins before this connection's copy ends), hence the
    /// writer's own checkpoint. A passive one usually suffices; when the log has kept growing
    /// anyway (readers were on old snapshots each time), the writer waits for them with a
    /// restart checkpoint, which readers of one statement make short.
    func round() {
        let due = state.withLock { state in
            defer { state.written = false }
            return state.written
        }
        guard due else { return }
        let result = try? connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        guard let result, result.walFrameCount >= Self.restartFrames else { return }
        let mode: Database.CheckpointMode = result.walFrameCount >= 8 * Self.restartFrames ? .restart : .passive
        writer.asyncWriteWithoutTransaction { [self] db in
            guard (try? db.checkpoint(mode)) != nil else { return }
            state.withLock { $0.restarts += 1 }
        }
    }
}
