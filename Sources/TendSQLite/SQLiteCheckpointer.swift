import Foundation
import GRDB
import ServiceLifecycle
import Synchronization
import TendStore

/// Keeps the write-ahead log short without stopping the writer for long.
///
/// By default SQLite checkpoints on the connection that commits, once the log passes 1,000
/// pages: that commit copies every page back into the database file and syncs it before it
/// returns. On a server every write waiting behind it waits too, and with a large database that
/// copy is long enough to dominate check-ins' tail latency (docs/performance.md).
///
/// So a server's store has this do them: while it runs (a `Service` in the server's
/// `ServiceGroup`) the writer's automatic checkpoints are off and every `interval` after writes a
/// passive checkpoint on a connection of its own copies what the log holds while the writer goes
/// on appending (readers and the writer never wait for it). The frames appended meanwhile are then
/// copied by the writer itself between two batches — a short copy, since the bulk is done — after
/// which SQLite's next write restarts the log from its beginning, so the file stops growing. If
/// readers keep the log from being copied to its end, nothing waits for them: the next round tries
/// again. On graceful shutdown it does a last round and gives the checkpoints back to the writer,
/// so a store whose checkpointer is not running (a test, a benchmark) checkpoints as SQLite does
/// by default.
///
/// Durability is unchanged: a commit is durable once its frames are synced to the log; a
/// checkpoint only moves them into the database file.
final class SQLiteCheckpointer: Service, Sendable {
    /// The log size (frames) from which the writer finishes a checkpoint; below it the log is
    /// left to be copied by the next round.
    static let restartFrames = 1_000
    /// SQLite's own automatic checkpoint threshold (pages), given back on shutdown.
    static let automaticCheckpointPages = 1_000

    private let connection: DatabaseQueue
    private let writer: any DatabaseWriter
    private let interval: Duration
    private let state = Mutex(State())

    private struct State {
        var written = false
        var restarts = 0
        var isRunning = false
    }

    /// Checkpoints the database of `writer` (a file in WAL mode), on a connection of its own to
    /// `path`, every `interval` after a write was reported with ``wrote()``, once ``run()`` runs.
    init(path: String, writer: any DatabaseWriter, configuration: Configuration, interval: Duration = .milliseconds(200)) throws {
        var configuration = configuration
        configuration.label = "Tend checkpoints"
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.writer = writer
        self.interval = interval
    }

    /// Takes the checkpoints over from the writer and does a round every `interval` until
    /// graceful shutdown (or cancellation), then a last round, and gives them back.
    func run() async throws {
        try await writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        state.withLock { $0.isRunning = true }
        await cancelWhenGracefulShutdown {
            while (try? await Task.sleep(for: self.interval)) != nil {
                await self.round()
            }
        }
        await round()
        try handBack()
        state.withLock { $0.isRunning = false }
    }

    /// Gives the writer SQLite's automatic checkpoints back, waiting for it synchronously: unlike
    /// the async write, a cancelled task cannot skip it (a writer left without automatic
    /// checkpoints would grow its log for good).
    private func handBack() throws {
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(Self.automaticCheckpointPages)")
        }
    }

    /// Tells the checkpointer the log has grown.
    func wrote() {
        state.withLock { $0.written = true }
    }

    /// How many rounds had the writer finish the copy (for tests).
    var restarts: Int { state.withLock { $0.restarts } }

    /// Whether ``run()`` has the checkpoints (for tests).
    var isRunning: Bool { state.withLock { $0.isRunning } }

    /// One round: copy what the log holds now; if the log is long,
    /// have the writer copy the rest between two batches, so that its next transaction starts
    /// the log again from its beginning.
    ///
    /// SQLite starts the log again only when a write begins with every frame copied and no
    /// reader still on an older snapshot. Under a steady stream of batches the first never
    /// happens by itself (each batch begins before this connection's copy ends), hence the
    /// writer's own checkpoint. A passive one usually suffices; when the log has kept growing
    /// anyway (readers were on old snapshots each time), the writer waits for them with a
    /// restart checkpoint, which readers of one statement make short.
    func round() async {
        let due = state.withLock { state in
            defer { state.written = false }
            return state.written
        }
        guard due else { return }
        let result = try? await connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        guard let result, result.walFrameCount >= Self.restartFrames else { return }
        let mode: Database.CheckpointMode = result.walFrameCount >= 8 * Self.restartFrames ? .restart : .passive
        writer.asyncWriteWithoutTransaction { [self] db in
            guard (try? db.checkpoint(mode)) != nil else { return }
            state.withLock { $0.restarts += 1 }
        }
    }
}

extension SQLiteStore {
    /// The background work a server runs in its `ServiceGroup`: a pool's checkpointer (see
    /// ``SQLiteCheckpointer``); none for a single connection or an in-memory database.
    public var services: [any Service] { checkpointer.map { [$0] } ?? [] }
}
