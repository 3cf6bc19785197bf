import ArgumentParser
import Foundation
import NIOCore
import NIOHTTP1
import TendAPI
import TendCore
import TendHTTP
import TendSQLite
import TendStore
import TendWords

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
    @Option(
        name: .customLong("device-name"),
        help: "The name this device's token has in the server's Settings (default: tend on HOST (DEVICE-ID)).")
    var deviceName: String?
    @Flag(
        name: .customLong("merge-names"),
        help: "A habit here with the name of one of the account's (same kind and type) joins it instead of becoming \"Name (2)\".")
    var mergeNames = false
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let server = try Self.normalized(url)
        let session = try await Session.open(options)
        // Two databases on one machine are two devices: the name says which (its device id),
        // so that Settings → API tokens tells them apart and one can be revoked alone.
        let name = try Self.tokenName(deviceName, host: ProcessInfo.processInfo.hostName, device: try await session.store.deviceID())
        let password = try readPassword(session.context)
        let open = SyncHTTP(server: server, token: nil, timeout: .seconds(30))
        let token: NewTokenJSON
        do {
            token = try await open.send(
                APIRoute.createToken, json: TokenRequest(username: username, password: password, name: name), as: NewTokenJSON.self)
        } catch SyncFailure.signedOut(let detail) {
            throw CLIError(t("{server} refused the sign-in: {detail}", ["server": server, "detail": detail]))
        } catch let failure as SyncFailure {
            throw CLIError(t("cannot sign in to {server}: {error}", ["server": server, "error": failure.description]))
        }
        let credentials = SyncCredentials(server: server, username: username, token: token.token, tokenID: token.id)
        let database = options.databasePath(environment: session.context.environment)
        try credentials.save(database: database)
        try await session.store.link(to: server)

        // The account's settings (zone, day start) become this database's, so both count days alike.
        let account = SyncHTTP(server: server, token: token.token, timeout: .seconds(30))
        if let settings = try? await account.send(APIRoute.settings, json: nil as String?, as: SettingsJSON.self) {
            var adopted = session.user.settings
            adopted.timeZone = settings.timeZone
            adopted.dayStartHour = settings.dayStartHour
            adopted.firstWeekday = settings.firstWeekday
            adopted.locale = settings.locale
            adopted.snoozeMinutes = settings.snoozeMinutes
            if adopted != session.user.settings { _ = try await session.store.updateSettings(owner: session.owner, adopted) }
        }
        // Habits here that have the names of the account's: merged before anything is pushed
        // (--merge-names), or named so that the person can choose.
        let accountHabits =
            (try? await account.send(
                APIRoute.habits, APIRoute.habits.path.pattern + "?archived=true", json: nil as String?, as: [AccountHabit].self)) ?? []
        let local = try await session.store.habits(owner: session.owner, includeArchived: true)
        let pairs = Self.sameNames(local: local, account: accountHabits)
        let engine = SyncEngine(session: session, credentials: credentials, deadline: .now() + .minutes(30))
        var result: SyncEngine.Result
        if mergeNames, !pairs.isEmpty {
            result = try await SyncSupport.run(engine, pullFirst: true, pullOnly: true)
            let merged = try await Self.merge(pairs, session: session)
            let pushed = try await SyncSupport.run(engine)
            result.pushed += pushed.pushed
            result.pulled += pushed.pulled
            if !options.quiet, !options.json {
                let names = merged.map { "“\($0)”" }.joined(separator: ", ")
                session.print(t("Merged into the account's habits: {habits}.", ["habits": names]))
            }
        } else {
            result = try await SyncSupport.run(engine, pullFirst: true)
            if !pairs.isEmpty, !options.quiet, !options.json {
                let names = pairs.map { "“\($0.account.name)”" }.joined(separator: ", ")
                session.context.printError(
                    "tend: "
                        + tPlural(
                            "{habits} were both here and in the account, so this device's are now called “… (2)”; sign in with --merge-names to put their check-ins into the account's instead (tend sync logout, then tend sync login … --merge-names)",
                            "{habits} were both here and in the account, so this device's are now called “… (2)”; sign in with --merge-names to put their check-ins into the account's instead (tend sync logout, then tend sync login … --merge-names)",
                            count: pairs.count, ["habits": names]))
            }
        }
        if options.json {
            try session.printJSON(SyncSupport.ResultJSON(result))
        } else if !options.quiet {
            let values: KeyValuePairs<String, String> = [
                "server": server, "username": username, "pulled": AutoSync.changes(result.pulled),
                "pushed": AutoSync.changes(result.pushed),
            ]
            session.print(
                result.compacted > 0
                    ? tPlural(
                        "Signed in to {server} as {username}. Pulled {pulled}, pushed {pushed} ({count} day changes went as each habit's entries).",
                        "Signed in to {server} as {username}. Pulled {pulled}, pushed {pushed} ({count} day changes went as each habit's entries).",
                        count: result.compacted, values)
                    : t("Signed in to {server} as {username}. Pulled {pulled}, pushed {pushed}.", values))
        }
    }

    /// A habit of the account as `GET /api/v1/habits` lists it (what the merge needs).
    struct AccountHabit: Decodable {
        var id: String
        var name: String
        var kind: HabitKind
        var type: HabitType
    }

    /// This database's habits that have the name of one of the account's (regardless of case),
    /// of the same kind and type, and another id: each account habit takes at most one.
    static func sameNames(local: [Habit], account: [AccountHabit]) -> [(local: Habit, account: AccountHabit, id: Habit.ID)] {
        var taken: Set<String> = []
        var pairs: [(local: Habit, account: AccountHabit, id: Habit.ID)] = []
        let localIDs = Set(local.map(\.id))
        for habit in local.sorted(by: { ($0.order, $0.name) < ($1.order, $1.name) }) {
            guard
                let match = account.first(where: {
                    HabitRules.nameKey($0.name) == HabitRules.nameKey(habit.name) && $0.kind == habit.kind && $0.type == habit.type
                }),
                let id = UUID(text: match.id).map(Habit.ID.init(rawValue:)), !localIDs.contains(id), taken.insert(match.id).inserted
            else { continue }
            pairs.append((habit, match, id))
        }
        return pairs
    }

    /// Puts each local habit's days into its account twin (the days the twin has nothing on; the
    /// account's values win elsewhere), deletes the local habit, and gives the twin back its
    /// account name (the fold may have numbered it while both were here). Returns the names.
    static func merge(_ pairs: [(local: Habit, account: AccountHabit, id: Habit.ID)], session: Session) async throws -> [String] {
        var names: [String] = []
        for pair in pairs {
            let mine = try await session.trackedHabit(id: pair.local.id)
            guard let twin = try? await session.trackedHabit(id: pair.id) else { continue }
            let days = mine.sortedEntries.filter { twin.entry(on: $0.day) == nil }
            var changes: [Change] = []
            if !days.isEmpty { changes.append(.entriesImported(habit: pair.id, entries: days)) }
            changes.append(.habitDeleted(id: pair.local.id))
            try await session.store.applyChanges(owner: session.owner, changes)
            if twin.habit.name != pair.account.name {
                var renamed = twin.habit
                renamed.name = pair.account.name
                try await session.store.applyChanges(
                    owner: session.owner, [.habitUpdated(id: pair.id, patch: HabitPatch(from: twin.habit, to: renamed))])
            }
            names.append(pair.account.name)
        }
        return names
    }

    private func readPassword(_ context: CLIContext) throws -> String {
        if passwordStdin {
            guard let line = context.readLine(), !line.isEmpty else {
                throw CLIError(t("--password-stdin: standard input had no password"))
            }
            return line
        }
        guard context.stdinIsTerminal else {
            throw CLIError(t("no terminal to ask the password on; pass it on standard input with --password-stdin"))
        }
        #if canImport(Glibc)
        guard let typed = getpass(t("Password for {username}: ", ["username": username])) else { throw CLIError(t("no password given")) }
        let password = String(cString: typed)
        guard !password.isEmpty else { throw CLIError(t("no password given")) }
        return password
        #else
        throw CLIError(t("use --password-stdin on this system"))
        #endif
    }

    /// The token's name: `chosen`, held to the server's rule for token names (one line, at most
    /// ``AccountService/maximumTokenNameLength`` characters) before anything is asked, else
    /// "tend on HOST (DEVICE)", the host cut to fit.
    static func tokenName(_ chosen: String?, host: String, device: String) throws -> String {
        let maximum = AccountService.maximumTokenNameLength
        if let chosen {
            let name = chosen.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.count <= maximum, name.isOneLineLabel else {
                throw CLIError(t("--device-name is one line of 1 to {most} characters", ["most": "\(maximum)"]))
            }
            return name
        }
        let room = maximum - "tend on  ()".count - device.count
        let shortHost = host.count > room ? String(host.prefix(max(room - 1, 0))) + "…" : host
        return "tend on \(shortHost) (\(device))"
    }

    /// `https://host[:port][/path]` without a trailing slash; a bare host gets `https://`.
    static func normalized(_ text: String) throws -> String {
        var text = text.trimmingCharacters(in: .whitespaces)
        if !text.contains("://") { text = "https://" + text }
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw CLIError(t("'{text}' is not a server address; write it like https://tend.example.com", ["text": text]))
        }
        return text
    }
}
