import Foundation
import NIOSSL
import PostgresNIO
import TendStore
import TendWords

/// Where a PostgreSQL database is, as a connection URL says it:
/// `postgres://user:password@host:port/database`, optionally `?host=/socket/dir` (a Unix socket
/// directory, as libpq reads it) and `?sslmode=disable|prefer|require`.
public struct PostgresLocation: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    /// A directory holding the server's socket (`.s.PGSQL.<port>`); when set, it is used instead of `host`.
    public var socketDirectory: String?
    public var username: String
    public var password: String?
    public var database: String
    public var sslMode: SSLMode

    public enum SSLMode: String, Hashable, Sendable {
        case disable, prefer, require
    }

    public init(
        host: String = "127.0.0.1", port: Int = 5432, socketDirectory: String? = nil, username: String,
        password: String? = nil, database: String, sslMode: SSLMode = .prefer
    ) {
        self.host = host
        self.port = port
        self.socketDirectory = socketDirectory
        self.username = username
        self.password = password
        self.database = database
        self.sslMode = sslMode
    }

    /// Parses a `postgres://` or `postgresql://` URL; the database defaults to the user's name.
    public init(url text: String) throws(StoreError) {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql"
        else {
            throw .invalid(t("'{url}' is not a PostgreSQL URL (postgres://user:password@host:port/database)", ["url": Self.redacted(text)]))
        }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        let username = components.user?.removingPercentEncoding ?? query["user"] ?? "postgres"
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let database = path.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 } ?? query["dbname"] ?? username
        var sslMode = SSLMode.prefer
        if let mode = query["sslmode"] {
            switch mode {
            case "disable", "allow": sslMode = .disable
            case "prefer": sslMode = .prefer
            case "require", "verify-ca", "verify-full": sslMode = .require
            default: throw .invalid(t("unknown sslmode '{mode}' (disable, prefer or require)", ["mode": mode]))
            }
        }
        var socketDirectory: String?
        var host = components.host?.removingPercentEncoding ?? ""
        if let queryHost = query["host"], !queryHost.isEmpty {
            if queryHost.hasPrefix("/") { socketDirectory = queryHost } else { host = queryHost }
        } else if host.hasPrefix("/") {
            socketDirectory = host
        }
        if host.isEmpty { host = "127.0.0.1" }
        let port = components.port ?? query["port"].flatMap { Int($0) } ?? 5432
        guard (1...65535).contains(port) else { throw .invalid(t("port {port} is not a TCP port", ["port": String(port)])) }
        self.init(
            host: host, port: port, socketDirectory: socketDirectory, username: username,
            password: components.password?.removingPercentEncoding ?? query["password"], database: database,
            sslMode: sslMode)
    }

    /// The URL with its password hidden, fit for logs and error messages.
    public var description: String {
        var text = "postgres://\(username)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)"
        if let socketDirectory { text += "?host=\(socketDirectory)" }
        return text
    }

    /// The pool's settings; `keepingOpen`: every connection is opened at the start and kept (a
    /// server's pool, busy all day), else opened on demand and closed after 20 s idle.
    package func clientConfiguration(maximumConnections: Int, keepingOpen: Bool = false) -> PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        if let socketDirectory {
            configuration = PostgresClient.Configuration(
                unixSocketPath: socketDirectory + "/.s.PGSQL.\(port)", username: username, password: password,
                database: database)
        } else {
            let tls: PostgresClient.Configuration.TLS =
                switch sslMode {
                case .disable: .disable
                case .prefer: .prefer(.makeClientConfiguration())
                case .require: .require(.makeClientConfiguration())
                }
            configuration = PostgresClient.Configuration(
                host: host, port: port, username: username, password: password, database: database, tls: tls)
        }
        configuration.options.maximumConnections = max(1, maximumConnections)
        configuration.options.connectTimeout = .seconds(10)
        // Every release of a connection to the pool schedules its idle timer (and its keep-alive
        // timer) as tasks of their own, and a timer cancelled by the next lease still holds its
        // memory until it would have fired: at a loaded instance's rate of leases the defaults
        // (60 s idle, a keep-alive every 30 s) held megabytes of pending timers
        // (docs/performance.md). No keep-alive queries; a server's connections are all "minimum"
        // connections, which the pool never times out, so it schedules no timer at all; elsewhere
        // a connection idle for 20 s is closed (reopened on demand).
        configuration.options.connectionIdleTimeout = .seconds(20)
        configuration.options.keepAliveBehavior = nil
        if keepingOpen { configuration.options.minimumConnections = configuration.options.maximumConnections }
        return configuration
    }

    private static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "***"
        return components.string ?? text
    }
}
