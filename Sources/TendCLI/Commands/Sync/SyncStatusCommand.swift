import ArgumentParser
import Foundation
import NIOHTTP1
import TendAPI
import TendSQLite
import TendStore
import TendWords

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
        // Why the server was not asked: in English for --json (which never changes with the
        // language), in the current words' language for a person.
        var checkFailure: String?
        if !noCheck, let credentials, let link, !link.signedOut {
            let http = SyncHTTP(server: credentials.server, token: credentials.token, timeout: AutoSync.readBudget)
            do {
                let answer = try await http.sync(SyncRequest(device: device, cursor: link.cursor, operations: [], pull: false))
                status.serverHasMore = answer.more
            } catch {
                status.checkError = CLIError.englishMessage(for: error)
                checkFailure = CLIError.message(for: error)
            }
        }
        if options.json {
            try session.printJSON(status)
            return
        }
        switch state {
        case "local-only": session.print(t("local-only: not signed in to a server (tend sync login URL --username NAME)"))
        case "signed-out":
            session.print(
                t(
                    "signed-out: {server} refused this device's token; sign in again with tend sync login {url} --username {username}",
                    ["server": status.server ?? t("the server"), "url": status.server ?? "URL", "username": status.username ?? "NAME"]))
        case "offline":
            session.print(status.error.map { t("offline: {error}", ["error": $0]) } ?? t("offline: not synced yet"))
        default:
            session.print(t("synced with {server} as {username}", ["server": status.server ?? "", "username": status.username ?? ""]))
        }
        if credentials != nil, let link {
            session.print(tPlural("pending: {count} change to push", "pending: {count} changes to push", count: pending))
            if let lastSync = status.lastSync, let success = link.lastSuccess {
                session.print(t("last sync: {date} ({ago})", ["date": lastSync, "ago": Self.ago(session.now.timeIntervalSince(success))]))
            } else {
                session.print(t("last sync: never"))
            }
            switch (status.serverHasMore, checkFailure) {
            case (true?, _): session.print(t("server: has changes this copy has not pulled yet (any read, or tend sync, brings them)"))
            case (false?, _): session.print(t("server: nothing newer; this copy is up to date"))
            case (nil, let error?): session.print(t("server: not asked ({error})", ["error": error]))
            default: break
            }
        }
        session.print(t("device: {device}", ["device": device]))
    }

    /// "just now", "5 minutes ago", "3 hours ago", "2 days ago".
    static func ago(_ seconds: TimeInterval) -> String {
        let whole = Int(max(0, seconds))
        if whole < 60 { return t("just now") }
        if whole < 3600 { return tPlural("{count} minute ago", "{count} minutes ago", count: whole / 60) }
        if whole < 86_400 { return tPlural("{count} hour ago", "{count} hours ago", count: whole / 3600) }
        return tPlural("{count} day ago", "{count} days ago", count: whole / 86_400)
    }

    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: date)
    }
}
