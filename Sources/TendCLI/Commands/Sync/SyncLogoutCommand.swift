import ArgumentParser
import Foundation
import NIOCore
import NIOHTTP1
import TendAPI
import TendSQLite
import TendStore
import TendWords

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
        var alreadyRevoked = false
        do {
            try await SyncHTTP(server: credentials.server, token: credentials.token, timeout: .seconds(10))
                .send(APIRoute.revokeToken, APIRoute.revokeToken.path(credentials.tokenID), json: nil as String?)
        } catch SyncFailure.signedOut {
            alreadyRevoked = true
        } catch let failure as SyncFailure {
            throw CLIError(
                t(
                    "could not revoke this device's token at {server}: {error}; still signed in (try again, or revoke the token \"tend on {host}\" from the web app)",
                    ["server": credentials.server, "error": failure.description, "host": ProcessInfo.processInfo.hostName]))
        }
        let database = options.databasePath(environment: session.context.environment)
        try SyncCredentials.remove(database: database)
        try await session.store.unlink()
        if !options.quiet {
            session.print(
                alreadyRevoked
                    ? t("Signed out of {server} (the token had already been revoked).", ["server": credentials.server])
                    : t("Signed out of {server}.", ["server": credentials.server]))
            if pending > 0 {
                session.print(
                    tPlural(
                        "{count} change made here had not been pushed; they stay in this database.",
                        "{count} changes made here had not been pushed; they stay in this database.", count: pending))
            }
        }
    }
}
