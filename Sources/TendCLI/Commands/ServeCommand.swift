import ArgumentParser
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import TendDelivery
import TendOpenID
import TendPostgres
import TendReminders
import TendSQLite
import TendServer
import TendStore
import TendWords
import UnixSignals

/// `tend serve`: the web server and its JSON API, on the CLI's SQLite file or on PostgreSQL.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Tend server: accounts, the JSON API and the web app (docs/server.md, docs/web.md).",
        discussion: HelpText.fitted(
            """
            By default it serves 127.0.0.1:8080 from the same SQLite file as the CLI. Every \
            option has an environment fallback (TEND_HOST, TEND_PORT, TEND_DATABASE, \
            TEND_OPEN_REGISTRATION, TEND_TRUST_PROXY, TEND_TRUSTED_PROXIES, TEND_BCRYPT_COST, TEND_LOG_LEVEL, TEND_PUBLIC_URL, \
            TEND_VAPID_SUBJECT, TEND_ALLOW_PRIVATE_TARGETS, TEND_TRUSTED_HEADER, TEND_TRUSTED_HEADER_SIGNUP, TEND_OIDC, TEND_OIDC_FILE, \
            TEND_APPROVE_SIGNUPS). It also delivers reminders (docs/reminders.md). \
            SIGTERM or SIGINT stops it gracefully: requests in flight are answered first.

            Examples:
              tend serve
              tend serve --host 0.0.0.0 --port 8080 --trust-proxy
              tend serve --host 0.0.0.0 --trusted-proxy 172.17.0.0/16
              tend serve --database postgres://tend:secret@db.internal:5432/tend
              tend serve --public-url https://habits.example.com --vapid-subject mailto:me@example.com
              TEND_OIDC=https://auth.example.com,tend,SECRET tend serve --public-url https://habits.example.com
            """)
    )

    @Option(help: ArgumentHelp("The address to listen on (default: $TEND_HOST, else 127.0.0.1).", valueName: "address"))
    var host: String?

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one (default: $TEND_PORT, else 8080).", valueName: "port"))
    var port: Int?

    @Option(
        help: ArgumentHelp(
            "A SQLite file or a postgres:// URL (default: $TEND_DATABASE, else the CLI's $XDG_DATA_HOME/tend/tend.sqlite).",
            valueName: "path|url"))
    var database: String?

    @Flag(name: .customLong("open-registration"), help: "Let anyone create an account, not only people with an invite.")
    var openRegistration = false

    @Flag(
        name: .customLong("trust-proxy"),
        help: "Believe X-Forwarded-For and X-Forwarded-Proto (only behind a reverse proxy that sets them).")
    var trustProxy = false

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A proxy whose forwarded headers count, as an address or CIDR block; repeatable; implies --trust-proxy (default: this machine, 127.0.0.0/8 and ::1).",
            valueName: "cidr"))
    var trustedProxies: [String] = []

    @Option(
        name: .customLong("trusted-header"),
        help: ArgumentHelp(
            "Sign people in by this header of a signing-in proxy (X-Forwarded-User, Remote-User), believed only from a --trusted-proxy address.",
            valueName: "header"))
    var trustedHeader: String?

    @Flag(
        name: .customLong("trusted-header-signup"),
        help: "Give a user the trusted header names for the first time an account (otherwise they are refused).")
    var trustedHeaderSignup = false

    @Option(
        name: .customLong("oidc"),
        help: ArgumentHelp(
            "Offer “Sign in with …” an OpenID Connect provider: its issuer URL, the client id Tend has there, and the client secret if it gave one; repeatable. A secret is better passed in $TEND_OIDC (providers separated by ';'), which ps does not show.",
            valueName: "issuer,client-id[,secret]"))
    var oidc: [String] = []

    @Option(
        name: .customLong("oidc-file"),
        help: ArgumentHelp(
            "A file of OpenID Connect providers, one ISSUER_URL,CLIENT_ID[,SECRET] a line ('#' starts a comment): secrets kept out of arguments and the environment (default: $TEND_OIDC_FILE).",
            valueName: "path"))
    var oidcFile: String?

    @Flag(
        name: .customLong("approve-signups"),
        help: "New accounts (password, provider or trusted header) wait for the owner's approval before they can sign in.")
    var approveSignups = false

    @Option(name: .customLong("bcrypt-cost"), help: ArgumentHelp("bcrypt's cost, at least 12 (default 12).", valueName: "n"))
    var bcryptCost: Int?

    @Option(
        name: .customLong("public-url"),
        help: ArgumentHelp(
            "The address people's devices reach this server at, for links in reminders (default: http://host:port).",
            valueName: "url"))
    var publicURL: String?

    @Option(
        name: .customLong("vapid-subject"),
        help: ArgumentHelp(
            "The contact push services see: mailto:you@example.com or an https URL (default: the public URL if https).",
            valueName: "mailto:|https:"))
    var vapidSubject: String?

    @Flag(
        name: .customLong("allow-private-targets"),
        help: "Let webhooks and push endpoints be on this machine or private networks, over plain http too (ntfy on the same box).")
    var allowPrivateTargets = false

    @Option(
        name: .customLong("backup-dir"),
        help: ArgumentHelp("Take backups into this directory while serving (default: $TEND_BACKUP_DIR; none).", valueName: "dir"))
    var backupDirectory: String?

    @Option(
        name: .customLong("backup-every"),
        help: ArgumentHelp("How often to take a backup: 30m, 6h, 1d… (default: $TEND_BACKUP_EVERY, else 24h).", valueName: "interval"))
    var backupEvery: String?

    @Option(
        name: .customLong("backup-keep"),
        help: ArgumentHelp("How many backups to keep; older ones are deleted (default: $TEND_BACKUP_KEEP, else 14).", valueName: "n"))
    var backupKeep: Int?

    @Option(
        name: .customLong("cache-memory"),
        help: ArgumentHelp(
            "MiB the caches of pages and habits may hold together, at least \(CacheBudget.minimumMegabytes) (default: $TEND_CACHE_MEMORY, else \(CacheBudget.standardMegabytes)).",
            valueName: "MiB"))
    var cacheMemory: Int?

    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp("trace, debug, info, notice, warning or error (default info).", valueName: "level"))
    var logLevel: String?

    func run() async throws {
        let context = CLIContext.current
        let environment = context.environment
        var configuration = try serverConfiguration(environment: environment)
        let scheduler = try schedulerConfiguration(environment: environment)
        let backups = try backupConfiguration(environment: environment)
        AllocatorTuning.applyForServer(environment: environment)
        ServerLogHandler.bootstrap()
        var logger = Logger(label: "tend.server")
        let level = logLevel ?? environment["TEND_LOG_LEVEL"] ?? "info"
        guard let parsedLevel = Logger.Level(rawValue: level) else { throw CLIError(t("unknown log level '{level}'", ["level": level])) }
        logger.logLevel = parsedLevel

        let location =
            database ?? environment["TEND_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? GlobalOptions.defaultDatabasePath(environment: environment)
        let (store, services) = try await openStore(location, logger: logger)
        let shown = location.hasPrefix("postgres") ? "PostgreSQL" : location
        // Whoever reaches a fresh server first would own it (and the CLI's data on its file): from
        // another machine, the first sign-up must show it can read this output. The code only ever
        // admits a first account; it is shown once the store's services run (a PostgreSQL store
        // answers nothing before).
        configuration.setupCode = SetupCode.generate()
        let listening = (host: configuration.host, port: configuration.port, setupCode: configuration.setupCode, logger: logger)
        let app = buildApplication(
            configuration, store: store, services: services, reminderScheduler: scheduler, backups: backups, logger: logger
        ) { channel in
            let port = channel.localAddress?.port ?? listening.port
            context.output.writeOut("tend serve: listening on http://\(listening.host):\(port) (database: \(shown))\n")
            if let code = listening.setupCode, (try? await store.accountCount()) == 0 {
                context.output.writeOut(
                    "tend serve: no account yet. Sign up at /signup on this machine, or from another one with the setup code \(code)\n")
                listening.logger.notice(
                    "no account yet: the first sign-up from another machine needs the setup code", metadata: ["setupCode": "\(code)"])
            }
        }
        // On SIGTERM or SIGINT the server stops accepting, answers the requests in flight, then the
        // store's services stop (the PostgreSQL connections close, the SQLite log is checkpointed).
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
        context.output.writeOut("tend serve: stopped\n")
    }

    /// The scheduled backups' settings: the options, else their environment variables; `nil` without
    /// a directory.
    func backupConfiguration(environment: [String: String]) throws -> ScheduledBackups.Configuration? {
        func text(_ option: String?, _ name: String) -> String? {
            option ?? environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        let every = text(backupEvery, "TEND_BACKUP_EVERY")
        let keepText = backupKeep.map(String.init) ?? text(nil, "TEND_BACKUP_KEEP")
        guard let directory = text(backupDirectory, "TEND_BACKUP_DIR") else {
            if every != nil || keepText != nil { throw CLIError(t("--backup-every and --backup-keep need --backup-dir")) }
            return nil
        }
        var configuration = ScheduledBackups.Configuration(directory: directory)
        if let every {
            guard let interval = Self.interval(every), interval >= .seconds(60) else {
                throw CLIError(
                    t("the backup interval is a number and a unit (m, h or d), at least 1m, such as 24h, not '{text}'", ["text": every]))
            }
            configuration.interval = interval
        }
        if let keepText {
            guard let keep = Int(keepText), (1...10_000).contains(keep) else {
                throw CLIError(t("the number of backups to keep is from 1 to 10000, not '{text}'", ["text": keepText]))
            }
            configuration.keep = keep
        }
        return configuration
    }

    /// `30m`, `6h`, `1d`, `90s`.
    static func interval(_ text: String) -> Duration? {
        guard let unit = text.last, let number = Int(text.dropLast()), number > 0, number <= 3650 * 86_400 else { return nil }
        switch unit {
        case "s": return .seconds(number)
        case "m": return .seconds(number * 60)
        case "h": return .seconds(number * 3600)
        case "d": return .seconds(number * 86_400)
        default: return nil
        }
    }

    /// The reminder scheduler's settings from the environment.
    func schedulerConfiguration(environment: [String: String]) throws -> ReminderScheduler.Configuration {
        var scheduler = ReminderScheduler.Configuration()
        if let text = environment["TEND_REMINDER_LEASE"], !text.isEmpty {
            // How long a claimed firing is held before another instance may take it over (docs/reminders.md).
            guard let seconds = Double(text), (1...3600).contains(seconds) else {
                throw CLIError(t("TEND_REMINDER_LEASE must be 1 to 3600 seconds, not '{text}'", ["text": text]))
            }
            scheduler.lease = seconds
        }
        return scheduler
    }

    /// The options, else their environment variables, else the defaults.
    func serverConfiguration(environment: [String: String]) throws -> ServerConfiguration {
        func flag(_ name: String) -> Bool {
            ["1", "true", "yes", "on"].contains(environment[name]?.lowercased() ?? "")
        }
        func number(_ option: Int?, _ name: String, _ fallback: Int) throws -> Int {
            if let option { return option }
            guard let text = environment[name], !text.isEmpty else { return fallback }
            guard let value = Int(text) else {
                throw CLIError(t("{name} must be a whole number, not '{text}'", ["name": name, "text": text]))
            }
            return value
        }
        let port = try number(port, "TEND_PORT", 8080)
        guard (0...65_535).contains(port) else { throw CLIError(t("the port must be from 0 to 65535, not {port}", ["port": "\(port)"])) }
        let cost = try number(bcryptCost, "TEND_BCRYPT_COST", Int(ServerConfiguration.minimumProductionBcryptCost))
        guard cost >= Int(ServerConfiguration.minimumProductionBcryptCost), cost <= 31 else {
            throw CLIError(
                t(
                    "the bcrypt cost must be from {least} to 31, not {cost}",
                    ["least": "\(ServerConfiguration.minimumProductionBcryptCost)", "cost": "\(cost)"]))
        }
        let cache = try number(cacheMemory, "TEND_CACHE_MEMORY", CacheBudget.standardMegabytes)
        guard (CacheBudget.minimumMegabytes...65_536).contains(cache) else {
            throw CLIError(
                t(
                    "the cache memory is from {least} to 65536 MiB, not {cache}",
                    ["least": "\(CacheBudget.minimumMegabytes)", "cache": "\(cache)"]))
        }
        func text(_ option: String?, _ name: String) -> String? {
            option ?? environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        var url: URL?
        if let given = text(publicURL, "TEND_PUBLIC_URL") {
            guard let parsed = URL(string: given), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""),
                parsed.host?.isEmpty == false
            else { throw CLIError(t("the public URL must be an http:// or https:// URL, not '{url}'", ["url": given])) }
            url = parsed
        }
        let subject = text(vapidSubject, "TEND_VAPID_SUBJECT")
        let proxyTexts =
            trustedProxies.isEmpty
            ? (environment["TEND_TRUSTED_PROXIES"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            : trustedProxies
        let proxies = try proxyTexts.map { text in
            guard let network = IPNetwork(text) else {
                throw CLIError(t("a trusted proxy is an IP address or a CIDR block such as 172.17.0.0/16, not '{text}'", ["text": text]))
            }
            return network
        }
        let header = text(trustedHeader, "TEND_TRUSTED_HEADER")
        if let header {
            // A token of RFC 9110; Tend's own names and the forwarding headers are not a user's name.
            let reserved = ["authorization", "cookie", "host", "x-forwarded-for", "x-forwarded-proto", "forwarded", "x-real-ip"]
            guard HTTPField.Name(header) != nil, !reserved.contains(header.lowercased()) else {
                throw CLIError(
                    t("--trusted-header needs a header name such as X-Forwarded-User or Remote-User, not '{header}'", ["header": header]))
            }
        }
        if trustedHeaderSignup || flag("TEND_TRUSTED_HEADER_SIGNUP"), header == nil {
            throw CLIError(t("--trusted-header-signup needs --trusted-header"))
        }
        var providerTexts =
            oidc.isEmpty
            ? (environment["TEND_OIDC"] ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }
            : oidc
        if let path = text(oidcFile, "TEND_OIDC_FILE") {
            providerTexts += try Self.providerLines(path: path)
        }
        var providers: [OpenIDProviderSettings] = []
        for text in providerTexts {
            do {
                let provider = try OpenIDProviderSettings(parsing: text)
                guard !providers.contains(where: { $0.issuer == provider.issuer }) else {
                    throw CLIError(t("the OpenID issuer {issuer} is given twice", ["issuer": "\(provider.issuer)"]))
                }
                providers.append(provider)
            } catch let error as OpenIDError {
                throw CLIError(error.description)
            }
        }
        if let subject {
            do {
                _ = try VAPIDSubject(subject)
            } catch {
                throw CLIError("\(error)")
            }
        }
        return ServerConfiguration(
            host: text(host, "TEND_HOST") ?? "127.0.0.1",
            port: port,
            openRegistration: openRegistration || flag("TEND_OPEN_REGISTRATION"),
            trustProxy: trustProxy || flag("TEND_TRUST_PROXY") || !proxies.isEmpty,
            trustedProxies: proxies.isEmpty ? IPNetwork.loopback : proxies,
            trustedHeader: header,
            trustedHeaderSignup: trustedHeaderSignup || flag("TEND_TRUSTED_HEADER_SIGNUP"),
            openIDProviders: providers,
            approveSignups: approveSignups || flag("TEND_APPROVE_SIGNUPS"),
            bcryptCost: UInt8(cost),
            publicURL: url,
            vapidSubject: subject,
            allowPrivateTargets: allowPrivateTargets || flag("TEND_ALLOW_PRIVATE_TARGETS"),
            cacheBudget: CacheBudget(megabytes: cache))
    }

    /// The providers of an `--oidc-file`: one a line, blank lines and `#` comments skipped.
    static func providerLines(path: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 16 else {
            throw CLIError(t("cannot read the OpenID provider file {path} (missing, unreadable or over 64 KiB)", ["path": path]))
        }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The composition root's one choice: SQLite for a path, PostgreSQL for a `postgres://` URL;
    /// with the store's background services for the application to run.
    private func openStore(_ location: String, logger: Logger) async throws -> (any ServerStore, [any Service]) {
        let device = "server-" + ProcessInfo.processInfo.hostName
        do {
            if location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") {
                let postgres = try await PostgresStore.connect(url: location, device: device, client: .service, logger: logger)
                return (postgres, postgres.services)
            }
            // SQLiteStore makes a missing folder itself, 0700.
            let sqlite = try SQLiteStore(path: location, device: device)
            return (sqlite, sqlite.services)
        } catch let error as StoreError {
            throw CLIError(t("cannot open the database: {error}", ["error": error.description]))
        }
    }
}
