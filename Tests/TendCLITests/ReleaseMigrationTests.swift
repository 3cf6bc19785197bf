import Foundation
import TendTestSupport
import Testing

/// A database written by the release before issue 43 (schema v13: whole values, no steps, dates,
/// pauses, versions or measurements), opened by this one: every value that release exported and
/// every figure it computed come back the same (`scripts/make-migration-fixture` made it).
@Suite("A release's database, migrated")
struct ReleaseMigrationTests {
    static let fixture = ReleaseFixture("release-2026-12-v13")

    /// The fixture's database, copied into a fresh folder (the test never writes the fixture).
    func migratedCopy() async throws -> CLIHarness {
        let harness = try await CLIHarness()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: harness.database + suffix) }
        try FileManager.default.copyItem(at: Self.fixture.url("tend.sqlite"), to: URL(fileURLWithPath: harness.database))
        return harness
    }

    @Test("Every habit, entry, group and setting the earlier release exported is exported the same, with the new fields at their defaults")
    func exportUnchanged() async throws {
        let harness = try await migratedCopy()
        let before = try Self.fixture.json("export.json")
        let result = await harness.run(["export", "--format", "json"])
        try #require(result.status == 0, "\(result.err)")
        let now = try JSONSerialization.jsonObject(with: Data(result.out.utf8))
        let compared = ReleaseFixture.differences(before: before, now: now)
        #expect(compared.differences == [], "\(compared.differences.prefix(20))")
        // Not vacuous: the earlier export holds the 21 habits and their two years of entries.
        let habits = try #require((before as? [String: Any])?["habits"] as? [[String: Any]])
        #expect(habits.count == 21)
        let entries = habits.reduce(0) { $0 + (($1["entries"] as? [Any])?.count ?? 0) }
        #expect(entries > 9_000)
        // What v14–v18 added reads as "none" (a step of 1, no dates, pauses, earlier rules or
        // measurements), which the export leaves out: not one key more than before.
        #expect(compared.added.isEmpty, "\(compared.added)")
    }

    @Test("Every statistic the earlier release computed (streaks, rates, strength, totals) is computed the same")
    func statisticsUnchanged() async throws {
        let harness = try await migratedCopy()
        let before = try Self.fixture.json("stats.json")
        let now = try await harness.json(["stats", "--as-of", "2026-11-22"])
        let compared = ReleaseFixture.differences(before: before, now: now)
        #expect(compared.differences == [], "\(compared.differences.prefix(20))")
        #expect((before as? [Any])?.count == 20)
    }

    @Test("The migrated database's summaries agree with its entries, and it takes check-ins with decimals")
    func keepsWorking() async throws {
        let harness = try await migratedCopy()
        let doctor = await harness.run(["doctor"])
        #expect(doctor.status == 0, "\(doctor.err)")
        #expect(await harness.run(["edit", "Stretch", "--step", "0.5"]).status == 0)
        #expect(await harness.run(["set", "Stretch", "2.5", "--date", "2026-11-23"]).status == 0)
        let history = try #require(
            try await harness.json(["history", "Stretch", "--date", "2026-11-23", "--days", "4"]) as? [String: Any])
        let values = try #require(history["days"] as? [[String: Any]]).map { "\($0["value"] ?? "")" }
        #expect(values == ["2.5", "0", "5", "2"])
    }
}

@Suite("Comparing a release's reading with this one's")
struct ReleaseFixtureComparisonTests {
    @Test("A changed, missing or reordered value is a difference; a key only the new reading has is listed as added")
    func findsDifferences() throws {
        let before = try JSONSerialization.jsonObject(with: Data(#"{"a":1,"b":[{"v":8,"s":false},{"v":2}],"n":"x","gone":0}"#.utf8))
        let now = try JSONSerialization.jsonObject(with: Data(#"{"a":1.0,"b":[{"v":8.001,"s":0},{"v":2,"new":[]}],"n":"y"}"#.utf8))
        let compared = ReleaseFixture.differences(before: before, now: now)
        #expect(
            compared.differences.sorted() == [
                "$.b[0].s: false, now 0", "$.b[0].v: 8, now 8.001", "$.gone: gone (was 0)", "$.n: \"x\", now \"y\"",
            ])
        #expect(Array(compared.added.keys) == ["$.b[].new"])
        let same = ReleaseFixture.differences(before: before, now: before)
        #expect(same.differences.isEmpty && same.added.isEmpty)
        let shorter = try JSONSerialization.jsonObject(with: Data(#"{"a":1,"b":[{"v":8,"s":false}],"n":"x","gone":0}"#.utf8))
        #expect(ReleaseFixture.differences(before: before, now: shorter).differences == ["$.b: 2 items, now 1"])
    }
}
