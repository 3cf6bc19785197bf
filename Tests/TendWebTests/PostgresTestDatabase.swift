import Foundation
import Logging
import PostgresNIO
@testable import TendStore

/// Throwaway PostgreSQL databases for the web tests, on the server that `scripts/with-postgres`
/// started (its URL is in `TEND_TEST_POSTGRES_URL`): each test gets its own, dropped afterwards.
enum PostgresTestDatabase {
    static let urlKey = "TEND_TEST_POSTGRES_URL"

    struct NotConfigured: Error, CustomStringConvertible {
        var description: String {
            "\(PostgresTestDatabase.urlKey) is not set, so the PostgreSQL tests cannot run. Run the tests with "
                + "scripts/test (or `scripts/with-postgres swift test …`), which starts a throwaway PostgreSQL 15."
        }
    }

    /// Runs `body` with a new, empty database, then drops it (also when `body` fails). A missing
    /// URL fails the test (never skips it).
    static func withDatabase<Result>(_ body: (PostgresLocation) async throws -> Result) async throws -> Result {
        guard let url = ProcessInfo.processInfo.environment[urlKey], !url.isEmpty else { throw NotConfigured() }
        let server = try PostgresLocation(url: url)
        let name = "tend_web_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
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

    /// Runs `body` with the `postgres://` URL of a new, empty database, dropped afterwards.
    static func withDatabaseURL<Result>(_ body: (String) async throws -> Result) async throws -> Result {
        guard let url = ProcessInfo.processInfo.environment[urlKey], var components = URLComponents(string: url) else {
            throw NotConfigured()
        }
        return try await withDatabase { location in
            components.path = "/" + location.database
            return try await body(components.string ?? url)
        }
    }

    static func execute(_ statement: String, on location: PostgresLocation) async throws {
        let client = PostgresClient(configuration: location.clientConfiguration(maximumConnections: 1))
        let run = Task { await client.run() }
        defer { run.cancel() }
        _ = try await client.query(PostgresQuery(unsafeSQL: statement)).collect()
        run.cancel()
        await run.value
    }
}
