import ArgumentParser
import Foundation
import NIOCore
import NIOHTTP1
import TendSQLite
import TendStore
import TendWords

/// The `tend sync` commands (they sync themselves; ``AutoSync`` leaves them alone).
protocol SyncCommandFamily {}

/// `tend sync`: push and pull now; `login`, `status`, `logout`.
struct SyncCommand: AsyncParsableCommand, SyncCommandFamily {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync this database with your account on a Tend server.",
        discussion: HelpText.fitted(
            """
            Once signed in, every command that changes something syncs afterwards (giving up \
            after about 2 seconds when the server does not answer: your change is kept and waits). \
            See docs/sync.md.

            Examples:
              tend sync login https://tend.example.com --username ana
              tend sync
              tend sync status --json
            """),
        subcommands: [SyncNowCommand.self, SyncLoginCommand.self, SyncStatusCommand.self, SyncLogoutCommand.self],
        defaultSubcommand: SyncNowCommand.self
    )
}

/// `tend sync` (`tend sync now`): push what waits here, pull what the account has.
struct SyncNowCommand: AsyncParsableCommand, SyncCommandFamily {
    static let configuration = CommandConfiguration(
        commandName: "now", abstract: "Push the changes made here and pull the account's (the default).")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let session = try await Session.open(options)
        let credentials = try SyncSupport.credentials(session)
        let result = try await SyncSupport.run(SyncEngine(session: session, credentials: credentials, deadline: .now() + .minutes(30)))
        if options.json {
            try session.printJSON(SyncSupport.ResultJSON(result))
        } else if !options.quiet {
            session.print(
                t(
                    "Synced with {server}: pushed {pushed}, pulled {pulled}.",
                    ["server": credentials.server, "pushed": AutoSync.changes(result.pushed), "pulled": AutoSync.changes(result.pulled)]))
        }
    }
}

/// What the sync commands share.
enum SyncSupport {
    struct ResultJSON: Encodable {
        var pushed: Int
        var pulled: Int
        /// Requests made.
        var rounds: Int
        var bytesSent: Int
        var bytesReceived: Int

        init(_ result: SyncEngine.Result) {
            pushed = result.pushed
            pulled = result.pulled
            rounds = result.rounds
            bytesSent = result.bytesSent
            bytesReceived = result.bytesReceived
        }
    }

    static func credentials(_ session: Session) throws -> SyncCredentials {
        let database = session.options.databasePath(environment: session.context.environment)
        guard let credentials = try SyncCredentials.load(database: database) else {
            throw CLIError(t("this database is not signed in to a server; sign in with `tend sync login URL --username NAME`"))
        }
        return credentials
    }

    /// Runs a sync, its failures as the messages a person acts on.
    static func run(_ engine: SyncEngine, pullFirst: Bool = false, pullOnly: Bool = false) async throws -> SyncEngine.Result {
        do {
            return try await engine.run(pullFirst: pullFirst, pullOnly: pullOnly)
        } catch SyncFailure.signedOut {
            let pending = try await engine.session.store.pendingCount(owner: engine.session.owner)
            throw CLIError(AutoSync.refusedToken(engine.credentials, pending: pending))
        } catch SyncFailure.unreachable(let reason) {
            let pending = try await engine.session.store.pendingCount(owner: engine.session.owner)
            throw CLIError(
                tPlural(
                    "offline: {server} did not answer ({reason}); {count} change waits to sync",
                    "offline: {server} did not answer ({reason}); {count} changes wait to sync", count: pending,
                    ["server": engine.credentials.server, "reason": SyncFailure.reasonText(reason)]))
        } catch let failure as SyncFailure {
            throw CLIError(t("sync with {server} failed: {error}", ["server": engine.credentials.server, "error": failure.description]))
        }
    }
}
