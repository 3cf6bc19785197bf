import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// `POST /api/v1/sync` (docs/sync.md): a device pushes the operations the server has not
/// acknowledged and pulls, in the same round trip, a page of those it has not seen.
struct SyncAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    /// The largest sync request: 5,000 operations, an import among them (a habit's years of entries).
    static let maximumBody = 16 << 20

    func addRoutes(to group: RouterGroup<Context>) {
        group.on(APIRoute.sync, use: sync)
    }

    @Sendable func sync(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let buffer = try await server.jsonBody(of: request, limit: Self.maximumBody)
        // The request's own reader first (a first sync is years of operations); whatever it does not
        // read goes to the decoder, which says what is wrong with it.
        let body = try SyncRequest(fastJSON: Array(buffer.readableBytesView)) ?? server.decode(SyncRequest.self, from: buffer)
        try SyncRules.validate(device: body.device)
        guard body.operations.count <= SyncRules.maximumPush else {
            throw Problem(
                .contentTooLarge, code: "too-large",
                detail: tPlural(
                    "a sync request carries at most {count} operation (this one {given}); send the rest in the next",
                    "a sync request carries at most {count} operations (this one {given}); send the rest in the next",
                    count: SyncRules.maximumPush, ["given": String(body.operations.count)]))
        }
        // Every operation is checked before any is stored: a bad one refuses the whole request.
        let now = server.now
        for operation in body.operations { try SyncRules.validate(operation, now: now) }
        // Counted once the request is known good: a refused one stores nothing and costs nothing.
        if !body.operations.isEmpty,
            let retryAfter = server.syncPushes.attempt([owner.description], cost: buffer.readableBytes, now: now)
        {
            throw Problem.tooManyRequests(retryAfter: retryAfter, what: .syncChanges)
        }

        let log = try await server.store.operationLogID()
        var after: Int64 = 0
        var reset = false
        if let text = body.cursor {
            guard let cursor = SyncCursor(text) else {
                throw Problem.badRequest(t("'{cursor}' is not a sync cursor", ["cursor": String(text.prefix(80))]))
            }
            if cursor.log == log, cursor.position <= (try await server.store.latestOperationSequence(owner: owner)) {
                after = cursor.position
            } else {
                reset = true
            }
        }

        var receipt = MergeReceipt(accepted: 0, duplicates: 0, latestSequence: 0)
        if !body.operations.isEmpty {
            receipt = try await server.store.receive(owner: owner, body.operations, from: body.device)
            server.metrics.recordSync(accepted: receipt.accepted, duplicates: receipt.duplicates)
            // A merged settings change must not wait for the cache to expire.
            if receipt.accepted > 0 { server.recentSettings.forget(owner) }
        }
        let stored = body.operations.isEmpty ? nil : receipt.latestSequence
        guard body.pull ?? true else {
            // Push only: nothing pulled, but `more` says whether the log has gone on past the
            // cursor (`tend sync status` asks this way, without pulling a page).
            let latest = try await server.store.latestOperationSequence(owner: owner)
            return try Self.reply(
                SyncResponse(
                    accepted: receipt.accepted, duplicates: receipt.duplicates, operations: [], cursor: body.cursor,
                    more: reset || latest > max(after, body.operations.isEmpty ? after : receipt.latestSequence), reset: reset,
                    stored: stored))
        }
        let page = try await server.store.operations(
            owner: owner, after: after, notFrom: body.device, limit: SyncRules.pageSize, maximumBytes: SyncRules.pageBytes)
        // A Tend from before decimal amounts cannot decode `2.5` where it reads a whole number: it
        // is told to update rather than sent a page it would fail on. What it pushed is stored
        // (a retry after the update finds it there).
        if body.decimalAmounts != true, let held = page.operations.first(where: { $0.operation.change.hasFractionalAmount }) {
            throw Problem(
                .conflict, code: "update-tend",
                detail: t(
                    "this account holds amounts with decimals ({amount}) that this version of Tend cannot read: update Tend, then sync again",
                    ["amount": held.operation.change.fractionalAmounts.first?.description ?? ""]))
        }
        if body.measurements != true, page.operations.contains(where: { $0.operation.change.makesMeasurement }) {
            throw Problem(
                .conflict, code: "update-tend",
                detail: t(
                    "this account holds habits that are only measured (a weight, a mood), which this version of Tend cannot read: update Tend, then sync again"
                ))
        }
        return try Self.reply(
            SyncResponse(
                accepted: receipt.accepted, duplicates: receipt.duplicates, operations: page.operations.map(\.operation),
                cursor: SyncCursor(log: log, position: page.last).description, more: page.more, reset: reset, stored: stored))
    }

    /// The answer in its own writer's JSON, the same bytes as `Reply.json`'s.
    private static func reply(_ answer: SyncResponse) throws -> Response {
        Reply.json(encoded: ByteBuffer(bytes: try answer.json()))
    }
}
