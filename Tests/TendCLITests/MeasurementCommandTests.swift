import Foundation
import TendCore
import TendTestSupport
import Testing

/// `tend add --kind measure`: a weight recorded at the terminal.
@Suite("Measurements at the terminal")
struct MeasurementCommandTests {
    /// Friday 6 March 2026, noon in Berlin.
    static let friday = Date(timeIntervalSince1970: 1_772_794_800)

    @Test("a weight in kg: no target, listed apart on today with the last value, decimals in de_DE, never in the score")
    func weight() async throws {
        let tend = try await CLIHarness(timeZone: "Europe/Berlin", clock: Self.friday)
        #expect(await tend.run(["config", "set", "locale", "de_DE"]).status == 0)
        let added = await tend.run(["add", "Weight", "--kind", "measure", "--unit", "kg"])
        #expect(added.status == 0, "\(added.err)")
        #expect(added.out.contains("measured in kg, no target"), "\(added.out)")
        #expect(await tend.run(["add", "Read"]).status == 0)
        #expect(await tend.run(["set", "Weight", "72,4", "--date", "2026-03-05"]).status == 0)
        let today = await tend.run(["today"])
        #expect(today.out.contains("Measurements"), "\(today.out)")
        #expect(today.out.contains("last 72,4 kg on 2026-03-05"), "\(today.out)")
        let json = try #require(try await tend.json(["today"]) as? [String: Any])
        let measurements = try #require(json["measurements"] as? [[String: Any]])
        #expect(measurements.first?["lastValue"] as? Double == 72.4)
        #expect((json["score"] as? Double) == 0)
        let weight = try #require(try await tend.json(["show", "Weight"]) as? [String: Any])
        #expect(weight["kind"] as? String == "measure" && weight["type"] as? String == "count")
        let refused = await tend.run(["add", "Pulse", "--kind", "measure", "--target", "60"])
        #expect(refused.status != 0 && refused.err.contains("no target"))
    }
}
