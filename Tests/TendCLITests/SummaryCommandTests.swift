import Foundation
import TendCore
import Testing

@Suite("tend summary: every habit's total over a week, a month or a year")
struct SummaryCommandTests {
    /// Wednesday 4 March 2026, noon in Berlin.
    static let clock = ISO8601DateFormatter().date(from: "2026-03-04T11:00:00Z")!

    static func harness() async throws -> CLIHarness {
        let tend = try await CLIHarness(clock: clock)
        for arguments in [
            ["add", "Read"], ["check", "Read", "--date", "2026-03-02"], ["check", "Read", "--date", "2026-03-03"], ["check", "Read"],
            ["add", "Run", "--type", "count", "--target", "5", "--unit", "km"], ["set", "Run", "7", "--date", "2026-03-01"],
            ["set", "Run", "3", "--date", "2026-03-03"], ["set", "Run", "4", "--date", "2026-02-27"],
        ] {
            let result = await tend.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.err)")
        }
        return tend
    }

    @Test("This month so far: days done of a checkmark, the sum of a count with its unit, met of due days")
    func month() async throws {
        let tend = try await Self.harness()
        let lines = try #require(try await tend.json(["summary"]) as? [[String: Any]])
        #expect(lines.map { $0["name"] as? String } == ["Read", "Run"])
        #expect(lines.map { $0["start"] as? String } == ["2026-03-01", "2026-03-01"])
        #expect(lines.map { $0["end"] as? String } == ["2026-03-31", "2026-03-31"])
        #expect(lines.map { $0["value"] as? Int } == [3, 10], "the 27 February is not this month")
        #expect(lines.map { $0["daysMet"] as? Int } == [3, 1])
        // Before a habit's creation (today) only recorded days are judged: Run's 2nd is not due.
        #expect(lines.map { $0["daysDue"] as? Int } == [3, 3], "Run: the 1st, the 3rd and today, still open")
        let text = await tend.run(["summary"])
        #expect(text.status == 0)
        #expect(text.out.contains("2026-03-01 – 2026-03-31, so far"))
        #expect(text.out.contains("Read  3 days  ·  met 3 of 3 due days (100%)"), "\(text.out)")
        #expect(text.out.contains("Run   10 km  ·  met 1 of 3 due days (33%)"), "\(text.out)")
    }

    @Test("--year, --date of a past month, and two periods at once refused")
    func periods() async throws {
        let tend = try await Self.harness()
        let year = try #require(try await tend.json(["summary", "--year"]) as? [[String: Any]])
        #expect(year.map { $0["end"] as? String } == ["2026-12-31", "2026-12-31"])
        #expect(year.map { $0["value"] as? Int } == [3, 14])
        let february = try #require(try await tend.json(["summary", "--date", "2026-02"]) as? [[String: Any]])
        #expect(february.map { $0["name"] as? String } == ["Run"], "Read's history begins in March")
        #expect(february.first?["value"] as? Int == 4)
        let both = await tend.run(["summary", "--week", "--month"])
        #expect(both.status != 0)
        #expect(!both.err.isEmpty)
    }
}
