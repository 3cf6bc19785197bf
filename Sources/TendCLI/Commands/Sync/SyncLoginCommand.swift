import ArgumentParser
import Foundation
import NIOCore
import NIOHTTP1
import TendAPI
import TendCore
import TendStore

#if canImport(Glibc)
import Glibc
#endif

/// `tend sync login URL --username NAME`.
struct SyncLoginCommand: AsyncParsableCommand, SyncCommandFamily {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign this database in to your account on a Tend server, and sync it.",
        discussion: HelpText.fitted(
            """
            Asks for the password (or reads it from standard input with --password-stdin), makes \
            an API token named after this machine and keeps it with the server's address in \
            <database>.sync.json (readable by you only). Then syncs: the account's changes come \
            first, then the habits and check-ins this database already had are added to the \
            account (nothing is lost or doubled). This database takes the account's settings.

            Examples:
              tend sync login https://tend.example.com --username ana
              printf '%s\\n' "$PASSWORD" | tend sync login http://nas.local:8080 --username ana --password-stdin
            """)
    )

    @Argument(help: "The server's address, e.g. https://tend.example.com.") var url: String
    @Option(name: .long, help: "Your username on the server.") var username: String
    @Flag(name: .long, help: "Read the password from the first line of standard input.") var passwordStdin = false
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let server = try Self.normalized(url)
        let session = try await Session.open(options)
        let password = try readPassword(session.context)
        let host = ProcessInfo.processInfo.hostName
        let open = SyncHTTP(server: server, token: nil, timeout: .seconds(30))
        let token: NewTokenJSON
        do {
            token = try await open.send(
                .POST, "/api/v1/tokens", json: TokenRequest(username: username, password: password, name: "tend on \(host)"),
                as: NewTokenJSON.self)
        } catch SyncFailure.signedOut(let detail) {
            throw CLIError("\(server) refused the sign-in: \(detail)")
        } catch let failure as SyncFailure {
            throw CLIError("cannot sign in to \(server): \(failure.description)")
        }
        let credentials = SyncCredentials(server: server, username: username, token: token.token, tokenID: token.id)
        let database = options.databasePath(environment: session.context.environment)
        try credentials.save(database: database)
        try await session.store.link(to: server)

        // The account's settings (zone, day start) become this database's, so both count days alike.
        let account = SyncHTTP(server: server, token: token.token, timeout: .seconds(30))
        if let settings = try? await account.send(.GET, "/api/v1/settings", json: nil as String?, as: SettingsJSON.self) {
            var adopted = session.user.settings
            adopted.timeZone = settings.timeZone
            adopted.dayStartHour = settings.dayStartHour
            adopted.firstWeekday = settings.firstWeekday
            adopted.locale = settings.locale
            adopted.snoozeMinutes = settings.snoozeMinutes
            if adopted != session.user.settings { _ = try await session.store.updateSettings(owner: session.owner, adopted) }
        }
        let result = try await SyncSupport.run(
            SyncEngine(session: session, credentials: credentials, deadline: .now() + .minutes(30)), pullFirst: true)
        if options.json {
            try session.printJSON(SyncSupport.ResultJSON(result))
        } else if !options.quiet {
            let compacted = result.compacted > 0 ? " (\(result.compacted) day changes went as each habit's entries)" : ""
            session.print(
                "Signed in to \(server) as \(username). Pulled \(AutoSync.changes(result.pulled)), pushed \(AutoSync.changes(result.pushed))\(compacted)."
            )
        }
    }

    private func readPassword(_ context: CLIContext) throws -> String {
        if passwordStdin {
            guard let line = context.readLine(), !line.isEmpty else { throw CLIError("--password-stdin: standard input had no password") }
            return line
        }
        guard context.stdinIsTerminal else {
            throw CLIError("no terminal to ask the password on; pass it on standard input with --password-stdin")
        }
        #if canImport(Glibc)
        guard let typed = getpass("Password for \(username): ") else { throw CLIError("no password given") }
        let password = String(cString: typed)
        guard !password.isEmpty else { throw CLIError("no password given") }
        return password
        #else
        throw CLIError("use --password-stdin on this system")
        #endif
    }

    /// `https://host[:port][/path]` without a trailing slash; a bare host gets `https://`.
    static func normalized(_ text: String) throws -> String {
        var text = text.trimmingCharacters(in: .whitespaces)
        if !text.contains("://") { text = "https://" + text }
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw CLIError("'\(text)' is not a server address; write it like https://tend.example.com")
        }
        return text
    }
}
