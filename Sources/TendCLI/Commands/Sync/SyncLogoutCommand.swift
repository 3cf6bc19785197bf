import ArgumentParser
import Foundation
import NIOCore
import NIOHTTP1
import TendAPI
import TendSQLite
import TendStore

/// `tend sync logout`: revokes this device's token and forgets the server; the data stays.
struct SyncLogoutCommand: AsyncParsableCommand, SyncCommandFamily {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Revoke this device's token and stop syncing (the data here stays).")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let session = try await Session.open(options)
        let credentials = try SyncSupport.credentials(session)
        let pending = try await session.store.pendingCount(owner: session.owner)
        var note = ""
        do {
            try await SyncHTTP(server: credentials.server, token: credentials.token, timeout: .seconds(10))
                .send(APIRoute.revokeToken, APIRoute.revokeToken.path(credentials.tokenID), json: nil as String?)
        } catch SyncFailure.signedOut {
            note = " (the token had already been revoked)"
        } catch let failure as SyncFailure {
            throw CLIError(
                "could not revoke this device's token at \(credentials.server): \(failure.description); still signed in "
                    + "(try again, or revoke the token \"tend on \(ProcessInfo.processInfo.hostName)\" from the web app)")
        }
        let database = options.databasePath(environment: session.context.environment)
        try SyncCredentials.remove(database: database)
        try await session.store.unlink()
        if !options.quiet {
            session.print("Signed out of \(credentials.server)\(note).")
            if pending > 0 { session.print("\(AutoSync.changes(pending)) made here had not been pushed; they stay in this database.") }
        }
    }
}
