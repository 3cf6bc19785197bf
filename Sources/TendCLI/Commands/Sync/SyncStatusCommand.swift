import ArgumentParser
import Foundation
import NIOHTTP1
import TendStore

/// `tend sync status`: where this database stands, from what the last attempt found (no request
/// is made).
struct SyncStatusCommand: AsyncParsableCommand, SyncCommandFamily {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Say where sync stands: synced, offline, signed-out or local-only.",
        discussion: """
            States: synced (the last sync succeeded), offline (it failed; the error is shown), \
            signed-out (the server refused the token: sign in again), local-only (not signed in). \
            Also the last successful sync and the changes that wait to be pushed.
            """
    )

    @OptionGroup var options: GlobalOptions

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
        let status = StatusJSON(
            state: state, server: credentials?.server, username: credentials?.username, device: device, pending: pending,
            lastSync: link?.lastSuccess.map(Self.format), lastAttempt: link?.lastAttempt.map(Self.format), error: link?.lastError)
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
        if credentials != nil, link != nil {
            session.print("pending: \(AutoSync.changes(pending)) to push")
            session.print("last sync: \(status.lastSync ?? "never")")
        }
        session.print("device: \(device)")
    }

    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: date)
    }
}
