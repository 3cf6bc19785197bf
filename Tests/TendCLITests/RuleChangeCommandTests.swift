import Foundation
import TendCore
import TendTestSupport
import Testing

/// `tend edit … --from`: a rule changed from today, a day or the beginning, at the terminal.
@Suite("Rule changes from a day at the terminal")
struct RuleChangeCommandTests {
    /// Friday 6 March 2026, noon in Auckland (the harness's zone below).
    static let friday = Date(timeIntervalSince1970: 1_772_751_600)

    @Test("a schedule changed from today keeps last week's streak; from the beginning re-judges it")
    func fromTodayAndBeginning() async throws {
        let tend = try await CLIHarness(timeZone: "Pacific/Auckland", clock: Self.friday)
        // Added two weeks ago, run on its days since.
        #expect(await tend.run(["add", "Run", "--schedule", "mon,wed,fri"], now: Self.friday.addingTimeInterval(-14 * 86_400)).status == 0)
        for day in ["2026-02-23", "2026-02-25", "2026-02-27", "2026-03-02", "2026-03-04"] {
            #expect(await tend.run(["check", "Run", "--date", day]).status == 0, "\(day)")
        }
        let before = try #require(try await tend.json(["stats", "Run"]) as? [String: Any])
        let changed = await tend.run(["edit", "Run", "--schedule", "daily"])
        #expect(changed.status == 0, "\(changed.err)")
        #expect(changed.out.contains("The new rule applies from 2026-03-06"), "\(changed.out)")
        let run = try #require(try await tend.json(["show", "Run"]) as? [String: Any])
        let versions = try #require(run["versions"] as? [[String: Any]])
        #expect(versions.count == 1 && versions.first?["through"] as? String == "2026-03-05")
        #expect(versions.first?["schedule"] as? String == "mon,wed,fri")
        #expect(run["schedule"] as? String == "daily")
        // Yesterday (a Thursday) was a rest day then, and stays one; a week ago too.
        let after = try #require(try await tend.json(["stats", "Run", "--as-of", "2026-03-05"]) as? [String: Any])
        #expect(after["currentStreak"] as? Int == before["currentStreak"] as? Int)
        let yesterday = try #require(try await tend.json(["history", "Run", "--days", "2"]) as? [String: Any])
        let days = try #require(yesterday["days"] as? [[String: Any]])
        #expect(days.first { $0["day"] as? String == "2026-03-05" }?["status"] as? String == "notDue", "\(days)")

        #expect(await tend.run(["edit", "Run", "--schedule", "daily", "--from", "beginning"]).status == 0)
        let rewritten = try #require(try await tend.json(["history", "Run", "--days", "2"]) as? [String: Any])
        #expect((rewritten["days"] as? [[String: Any]])?.first { $0["day"] as? String == "2026-03-05" }?["status"] as? String == "missed")
        #expect(((try await tend.json(["show", "Run"]) as? [String: Any])?["versions"] as? [Any])?.isEmpty == true)
    }

    @Test("a target changed from an earlier day; bad --from values are refused and change nothing")
    func fromADayAndRefusals() async throws {
        let tend = try await CLIHarness(timeZone: "Pacific/Auckland", clock: Self.friday)
        #expect(
            await tend.run(
                ["add", "Water", "--type", "count", "--target", "8", "--unit", "glasses"], now: Self.friday.addingTimeInterval(-14 * 86_400)
            )
            .status == 0)
        #expect(await tend.run(["set", "Water", "8", "--date", "2026-03-02"]).status == 0)
        #expect(await tend.run(["edit", "Water", "--target", "10", "--from", "2026-03-03"]).status == 0)
        let history = try #require(try await tend.json(["history", "Water", "--days", "5"]) as? [String: Any])
        let monday = (history["days"] as? [[String: Any]])?.first { $0["day"] as? String == "2026-03-02" }
        #expect(monday?["status"] as? String == "met", "\(String(describing: monday))")
        let before = try await tend.operationCount()
        for arguments in [
            ["edit", "Water", "--target", "12", "--from", "2026-03-07"],
            ["edit", "Water", "--target", "12", "--from", "someday"],
            ["edit", "Water", "--target", "12", "--from", "1999-12-31"],
        ] {
            let result = await tend.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(!result.err.isEmpty && result.out.isEmpty, "\(arguments): \(result.out)")
        }
        #expect(try await tend.operationCount() == before)
    }
}
