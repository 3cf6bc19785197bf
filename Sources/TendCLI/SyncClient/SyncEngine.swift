import Foundation
import NIOCore
import NIOHTTP1
import TendAPI
import TendCore
import TendSQLite
import TendStore
import TendWords

/// One device's sync with its server (docs/sync.md): rounds of `POST /api/v1/sync`, each pushing
/// what waits here and pulling a page of what the server has, until neither side has more.
/// Each round's result (the acknowledgement, the pulled operations, the cursor) is written in
/// one transaction, so a round cut short anywhere is simply made again: the server stores a
/// pushed operation once, and this database merges a pulled one once.
struct SyncEngine {
    let session: Session
    let credentials: SyncCredentials
    /// When the whole sync must be over, however many rounds it takes.
    let deadline: NIODeadline

    struct Result {
        var pushed = 0
        var pulled = 0
        var rounds = 0
        /// Entry operations sent as one import per habit instead (a first push; see
        /// ``SQLiteStore/compactUnsharedEntryOperations(owner:minimum:)``).
        var compacted = 0
        /// Body bytes sent and received.
        var bytesSent = 0
        var bytesReceived = 0
    }

    /// What one request may carry at most (the server takes 16 MiB): imports are large.
    static let maximumBatchBytes = 6 << 20

    /// Pushes and pulls until nothing waits. `pullFirst`: a device new to the account pulls the
    /// whole account before it pushes anything of its own (`tend sync login`).
    /// `pullOnly` (with `pullFirst`): stops once the account is pulled, before pushing anything
    /// (`tend sync login --merge-names` merges habits in between).
    func run(pullFirst: Bool = false, pullOnly: Bool = false) async throws -> Result {
        let store = session.store
        let owner = session.owner
        let device = try await store.deviceID()
        var result = Result()
        var pulling = pullFirst
        let traffic = SyncHTTP.Traffic()
        do {
            while true {
                let remaining = deadline - NIODeadline.now()
                guard remaining > .zero else { throw SyncFailure.unreachable("no answer in time") }
                let http = SyncHTTP(server: credentials.server, token: credentials.token, timeout: remaining, traffic: traffic)
                guard let link = try await store.syncLink() else { throw CLIError(t("this database is not linked to a server")) }
                let pending = pulling ? [] : Self.batch(try await store.pendingOperations(owner: owner, limit: SyncRules.maximumPush))
                let answer = try await http.sync(SyncRequest(device: device, cursor: link.cursor, operations: pending.map(\.operation)))
                try await store.recordSyncRound(
                    owner: owner, pushedThrough: pending.last?.sequence, pulled: answer.operations, cursor: answer.cursor,
                    reset: answer.reset, at: session.now)
                result.pushed += answer.accepted
                result.pulled += answer.operations.count
                result.rounds += 1
                if answer.more || answer.reset { continue }
                if pulling {
                    pulling = false
                    if result.pulled == 0 {
                        result.compacted = try await store.compactUnsharedEntryOperations(
                            owner: owner, minimum: SyncRules.compactionMinimum)
                    }
                    if pullOnly { break }
                    continue
                }
                if try await store.pendingCount(owner: owner) == 0 { break }
            }
        } catch let failure as SyncFailure {
            var signedOut = false
            if case .signedOut = failure { signedOut = true }
            try await store.recordSyncFailure(failure.english, signedOut: signedOut, at: session.now)
            throw failure
        }
        result.bytesSent = traffic.sent
        result.bytesReceived = traffic.received
        return result
    }

    /// The first of `pending` that fit one request (an import's entries count by their number).
    static func batch(_ pending: [LoggedOperation]) -> [LoggedOperation] {
        var bytes = 0
        var batch: [LoggedOperation] = []
        for logged in pending {
            var size = 400
            if case .entriesImported(_, let entries) = logged.operation.change { size += entries.count * 80 }
            if !batch.isEmpty && bytes + size > maximumBatchBytes { break }
            bytes += size
            batch.append(logged)
        }
        return batch
    }
}
