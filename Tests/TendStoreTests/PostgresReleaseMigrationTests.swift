import Foundation
import TendImport
import TendPostgres
import TendStore
import TendTestSupport
import Testing

/// A PostgreSQL database written by the release before issue 43's `tend serve` (migration 16:
/// whole values, no steps, dates, pauses, versions or measurements; `pg_dump` of it in
/// `Tests/Golden/migrations`), restored and opened by this release: everything that release
/// exported is exported the same.
@Suite("A release's PostgreSQL database, migrated")
struct PostgresReleaseMigrationTests {
    static let fixture = ReleaseFixture("release-2026-12-v13")

    @Test("Every habit, entry and group the earlier release's server exported comes back the same from the migrated database")
    func exportUnchanged() async throws {
        try await PostgresTestDatabase.withDatabaseURL { url in
            // The dump restored as it was written, by psql, as an administrator restoring it would.
            let restore = SpawnedProcess()
            restore.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
            restore.arguments = ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-f", Self.fixture.url("postgres.sql").path, url]
            restore.standardInput = .null
            let restored = try await ChildProcess(restore).run()
            try #require(restored.status == 0, "\(String(decoding: restored.err, as: UTF8.self))")

            let store = try await PostgresStore.connect(
                location: PostgresLocation(url: url), device: "test", maximumConnections: 2, timeout: .seconds(90))
            let exported: Data
            do {
                let user = try #require(try await store.user(named: "migrated"))
                exported = try await TendImporter().exportJSON(store: store, owner: user.id)
                let mismatches = try await store.summaryMismatches(now: Date())
                #expect(mismatches.isEmpty, "\(mismatches)")
                await store.close()
            } catch {
                await store.close()
                throw error
            }
            let before = try Self.fixture.json("export.json")
            let compared = ReleaseFixture.differences(before: before, now: try JSONSerialization.jsonObject(with: exported))
            #expect(compared.differences == [], "\(compared.differences.prefix(20))")
            let habits = try #require((before as? [String: Any])?["habits"] as? [[String: Any]])
            #expect(habits.count == 21)
            #expect(habits.reduce(0) { $0 + (($1["entries"] as? [Any])?.count ?? 0) } > 9_000)
            #expect(compared.added.isEmpty, "\(compared.added)")
        }
    }
}
