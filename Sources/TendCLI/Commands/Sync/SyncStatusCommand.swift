import ArgumentParser
import Foundation
import NIOHTTP1
import TendAPI
import TendSQLite
import TendStore

/// `tend sync status`: where this database stands, from what the last attempt found, and whether
/// the server has changes this copy has not pulled yet (one request, at most 1.5 s, that pulls
/// nothing; `--no-check` makes none).
struct SyncStatusCommand: AsyncParsableCommand, SyncCommandFamily {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Say where sync stands: synced, offline, signed-out or local-only.",
        discussion: """
            States: synced (the last sync succeeded), offline (it failed; the error is shown), \
            signed-out (the server refused the token: sign in again), local-only (not signed in). \
            Also when this copy was last brought up to date, whether the server has changes it \
            has not pulled yet (asked in one request that pulls nothing), and the changes that \
            wait to be pushed.
            """
    )

    @OptionGroup var options: GlobalOptions
    @Flag(name: .customLong("no-check"), help: "Do not ask the server whether it has newer changes.")
    var noCheck = false

    struct StatusJSON: Encodable {
        var state: String
        var server: String?
        var username: String?
        var device: String
        var pending: Int
        /// ISO 8601.
        var lastSync: String?
        var lastAttempt: String?
        var error: String?
        /// Whether the server has changes this copy has not pulled: `nil` when it was not asked or
        /// did not answer (`checkError`).
        var serverHasMore: Bool?
        var checkError: String?
    }

    func run() async throws {
        let session = try await Session.open(options)
        let database = options.databasePath(environment: session.context.environment)
        let credentials = try SyncCredentials.load(database: database)
        let link = try await session.store.syncLink()
        let device = try await session.store.deviceID()
        let pending = link == nil ? 0 : try await session.store.pendingCount(owner: session.owner)
        let state: String
        switch (credentials, link) {
        case (nil, _), (_, nil): state = "local-only"
        case (_, let link?) where link.signedOut: state = "signed-out"
        case (_, let link?) where link.lastError != nil: state = "offline"
        case (_, let link?) where link.lastSuccess == nil: state = "offline"
        default: state = "synced"
        }
        var status = StatusJSON(
            state: state, server: credentials?.server, username: credentials?.username, device: device, pending: pending,
            lastSync: link?.lastSuccess.map(Self.format), lastAttempt: link?.lastAttempt.map(Self.format), error: link?.lastError)
        if !noCheck, let credentials, let link, !link.signedOut {
            let http = SyncHTTP(server: credentials.server, token: credentials.token, timeout: AutoSync.readBudget)
            do {
                let answer = try await http.sync(SyncRequest(device: device, cursor: link.cursor, operations: [], pull: false))
                status.serverHasMore = answer.more
            } catch {
                status.checkError = CLIError.message(for: error)
            }
        }
        if options.json {
            try session.printJSON(status)
            return
        }
        switch state {
        case "local-only": session.print("local-only: not signed in to a server (tend sync login URL --username NAME)")
        case "signed-out":
            session.print(
                "signed-out: \(status.server ?? "the server") refused this device's token; sign in again with "
                    + "tend sync login \(status.server ?? "URL") --username \(status.username ?? "NAME")")
        case "offline": session.print("offline: \(status.error ?? "not synced yet")")
        default: session.print("synced with \(status.server ?? "") as \(status.username ?? "")")
        }
        if credentials != nil, let link {
            session.print("pending: \(AutoSync.changes(pending)) to push")
            let ago = link.lastSuccess.map { " (\(Self.ago(session.now.timeIntervalSince($0))))" } ?? ""
            session.print("last sync: \(status.lastSync ?? "never")\(ago)")
            switch (status.serverHasMore, status.checkError) {
            case (true?, _): session.print("server: has changes this copy has not pulled yet (any read, or tend sync, brings them)")
            case (false?, _): session.print("server: nothing newer; this copy is up to date")
            case (nil, let error?): session.print("server: not asked (\(error))")
            default: break
            }
        }
        session.print("device: \(device)")
    }

    /// "just now", "5 minutes ago", "3 hours ago", "2 days ago".
    static func ago(_ seconds: TimeInterval) -> String {
        let whole = Int(max(0, seconds))
        func unit(_ count: Int, _ name: String) -> String { "\(count) \(name)\(count == 1 ? "" : "s") ago" }
        if whole < 60 { return "just now" }
        if whole < 3600 { return unit(whole / 60, "minute") }
        if whole < 86_400 { return unit(whole / 3600, "hour") }
        return unit(whole / 86_400, "day")
    }

    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: date)
    }
}
