import Foundation
import Logging
import PostgresNIO
import TendCore
import TendPostgres
import TendStore

/// Throwaway databases for PostgreSQL tests: each test gets its own, created on the server that
/// `scripts/with-postgres` started (its URL is in `TEND_TEST_POSTGRES_URL`) and dropped afterwards,
/// so tests run in parallel without seeing each other's data.
public enum PostgresTestDatabase {
    public static let urlKey = "TEND_TEST_POSTGRES_URL"

    public struct NotConfigured: Error, CustomStringConvertible {
        public var description: String {
            "\(PostgresTestDatabase.urlKey) is not set, so the PostgreSQL tests cannot run. Run the tests with "
                + "scripts/test (or `scripts/with-postgres swift test …`), which starts a throwaway PostgreSQL 15."
        }
    }

    /// The server's test database, from the environment; a missing URL fails the test (never skips it).
    public static func serverLocation() throws -> PostgresLocation {
        guard let url = ProcessInfo.processInfo.environment[urlKey], !url.isEmpty else { throw NotConfigured() }
        return try PostgresLocation(url: url)
    }

    /// Runs `body` with a new, empty database, then drops it (also when `body` fails).
    public static func withDatabase<Result>(_ body: (PostgresLocation) async throws -> Result) async throws -> Result {
        // A few at a time across the test process (see AsyncLimiter).
        try await AsyncLimiter.postgres.run {
            let server = try serverLocation()
            let name = "tend_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            try await execute("CREATE DATABASE \(name)", on: server)
            var location = server
            location.database = name
            do {
                let result = try await body(location)
                try await execute("DROP DATABASE \(name) WITH (FORCE)", on: server)
                return result
            } catch {
                try? await execute("DROP DATABASE \(name) WITH (FORCE)", on: server)
                throw error
            }
        }
    }

    /// Runs `body` with the `postgres://` URL of a new, empty database, dropped afterwards (for
    /// code that takes a URL, such as `tend serve --database`).
    public static func withDatabaseURL<Result>(_ body: (String) async throws -> Result) async throws -> Result {
        guard let url = ProcessInfo.processInfo.environment[urlKey], var components = URLComponents(string: url) else {
            throw NotConfigured()
        }
        return try await withDatabase { location in
            components.path = "/" + location.database
            return try await body(components.string ?? url)
        }
    }

    /// Runs `body` with a store on a new, empty database, closing the store and dropping the database after.
    public static func withStore<Result>(
        device: String = "test", _ body: (PostgresStore) async throws -> Result
    ) async throws -> Result {
        try await withDatabase { location in
            // A full suite on two cores can starve a test for tens of seconds: a long budget, not a short one.
            let store = try await PostgresStore.connect(location: location, device: device, maximumConnections: 4, timeout: .seconds(90))
            do {
                let result = try await body(store)
                await store.close()
                return result
            } catch {
                await store.close()
                throw error
            }
        }
    }

    /// Runs statements (outside any transaction) on `location` with a short-lived client.
    public static func execute(_ statements: String..., on location: PostgresLocation) async throws {
        _ = try await query(statements, on: location)
    }

    /// Runs statements and returns the rows of the last one.
    public static func query(_ statements: [String], on location: PostgresLocation) async throws -> [PostgresRow] {
        let client = PostgresClient(configuration: location.clientConfiguration(maximumConnections: 1))
        let run = Task { await client.run() }
        do {
            var rows: [PostgresRow] = []
            for statement in statements {
                rows = try await client.query(PostgresQuery(unsafeSQL: statement)).collect()
            }
            run.cancel()
            await run.value
            return rows
        } catch {
            run.cancel()
            await run.value
            throw error
        }
    }
}
