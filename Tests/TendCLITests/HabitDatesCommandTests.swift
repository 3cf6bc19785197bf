import Foundation
import TendCore
import TendTestSupport
import Testing

/// `tend add/edit --starts --ends --days`, `--no-start`, `--no-end`: a habit that begins on a
/// later day and a finite challenge, at the terminal.
@Suite("Habits: start and end dates at the terminal")
struct HabitDatesCommandTests {
    /// Friday 6 March 2026, noon in Auckland (the harness's zone below).
    static let friday = Date(timeIntervalSince1970: 1_772_751_600)

    @Test("--starts mon is the next Monday; --days 30 ends 29 days after the start; list and --json show them")
    func startsAndDays() async throws {
        let tend = try await CLIHarness(timeZone: "Pacific/Auckland", clock: Self.friday)
        let added = await tend.run(["add", "Run", "--starts", "mon", "--days", "30"])
        #expect(added.status == 0, "\(added.err)")
        let run = try #require(try await tend.json(["show", "Run"]) as? [String: Any])
        #expect(run["startsOn"] as? String == "2026-03-09")
        #expect(run["endsOn"] as? String == "2026-04-07")
        #expect(await tend.run(["list"]).out.contains("2026-03-09 to 2026-04-07"))
        // Not due before its start: today lists nothing to do.
        let today = try #require(try await tend.json(["today"]) as? [String: Any])
        #expect(String(describing: today).contains("Run") == false)

        #expect(await tend.run(["edit", "Run", "--no-start", "--ends", "2026-03-05"]).status == 0)
        let finished = try #require(try await tend.json(["show", "Run"]) as? [String: Any])
        #expect(finished["startsOn"] is NSNull)
        #expect(finished["endsOn"] as? String == "2026-03-05")
        #expect(await tend.run(["list"]).out.contains("finished 2026-03-05"))
        #expect(await tend.run(["edit", "Run", "--no-end"]).status == 0)
        let open = try #require(try await tend.json(["show", "Run"]) as? [String: Any])
        #expect(open["endsOn"] is NSNull)
    }

    @Test("bad dates are refused on stderr with a non-zero exit and change nothing")
    func refusals() async throws {
        let tend = try await CLIHarness(timeZone: "Pacific/Auckland", clock: Self.friday)
        #expect(await tend.run(["add", "Read"]).status == 0)
        let before = try await tend.operationCount()
        for arguments in [
            ["edit", "Read", "--starts", "someday"],
            ["edit", "Read", "--starts", "2026-04-01", "--ends", "2026-03-31"],
            ["edit", "Read", "--ends", "2026-03-31", "--days", "3"],
            ["edit", "Read", "--starts", "mon", "--no-start"],
            ["edit", "Read", "--days", "0"],
            ["edit", "Read", "--starts", "1999-12-31"],
            ["edit", "Read", "--ends", "2030-01-01"],
        ] {
            let result = await tend.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(!result.err.isEmpty && result.out.isEmpty, "\(arguments): \(result.out)")
        }
        #expect(try await tend.operationCount() == before)
    }
}
