import Foundation
import TendCore
import TendTestSupport
import Testing

/// `tend pause` and `tend resume`: a holiday for one habit, a group or every habit.
@Suite("Pauses at the terminal")
struct PauseCommandTests {
    /// Friday 6 March 2026, noon in Auckland (the harness's zone below).
    static let friday = Date(timeIntervalSince1970: 1_772_751_600)

    @Test("pause a habit for a fortnight: off the day's list, shown apart with its last day; resume brings it back")
    func pauseAndResume() async throws {
        let tend = try await CLIHarness(timeZone: "Pacific/Auckland", clock: Self.friday)
        #expect(await tend.run(["add", "Run"]).status == 0)
        #expect(await tend.run(["add", "Read"]).status == 0)
        let paused = await tend.run(["pause", "Run", "--days", "14"])
        #expect(paused.status == 0, "\(paused.err)")
        #expect(paused.out.contains("Paused Run through 2026-03-19."), "\(paused.out)")
        let today = await tend.run(["today"])
        #expect(today.out.contains("Paused"), "\(today.out)")
        #expect(today.out.contains("until 2026-03-19, due again 2026-03-20"), "\(today.out)")
        let json = try #require(try await tend.json(["today"]) as? [String: Any])
        let pausedItems = try #require(json["paused"] as? [[String: Any]])
        #expect(pausedItems.map { $0["name"] as? String } == ["Run"])
        #expect(pausedItems.first?["until"] as? String == "2026-03-19")
        let due = (json["groups"] as? [[String: Any]])?.flatMap { $0["habits"] as? [[String: Any]] ?? [] }.map { $0["name"] as? String }
        #expect(due == ["Read"])
        let run = try #require(try await tend.json(["show", "Run"]) as? [String: Any])
        let pauses = try #require(run["pauses"] as? [[String: Any]])
        #expect(pauses.first?["start"] as? String == "2026-03-06" && pauses.first?["end"] as? String == "2026-03-19")

        // Resumed the same day: the pause had not run a day before today, so it is gone.
        let resumed = await tend.run(["resume", "Run"])
        #expect(resumed.out.contains("Resumed Run."), "\(resumed.out) \(resumed.err)")
        #expect(((try await tend.json(["show", "Run"]) as? [String: Any])?["pauses"] as? [Any])?.isEmpty == true)
        let again = await tend.run(["resume", "Run"])
        #expect(again.status == 0 && again.out.contains("Nothing to resume"))
    }

    @Test("a group's habits, or all of them, from a later day until resumed; a pause over a pause extends it")
    func groupAndAll() async throws {
        let tend = try await CLIHarness(timeZone: "Pacific/Auckland", clock: Self.friday)
        #expect(await tend.run(["add", "Run", "--group", "Health"]).status == 0)
        #expect(await tend.run(["add", "Swim", "--group", "Health"]).status == 0)
        #expect(await tend.run(["add", "Read"]).status == 0)
        let group = await tend.run(["pause", "--group", "health", "--from", "2026-03-09", "--until", "2026-03-15"])
        #expect(group.status == 0, "\(group.err)")
        #expect(group.out.contains("Paused Run from 2026-03-09 through 2026-03-15.") && group.out.contains("Paused Swim"))
        #expect(!group.out.contains("Read"))
        let all = await tend.run(["pause", "--all", "--from", "2026-03-14"])
        #expect(all.out.contains("Paused Run from 2026-03-09 until resumed."), "\(all.out)")
        #expect(all.out.contains("Paused Read from 2026-03-14 until resumed."), "\(all.out)")
        // A week of the illness already past: a pause may begin before today.
        let past = await tend.run(["pause", "Read", "--from", "2026-02-27", "--until", "2026-03-04", "--json"])
        let habits = try #require(try JSONSerialization.jsonObject(with: Data(past.out.utf8)) as? [[String: Any]])
        #expect((habits.first?["pauses"] as? [Any])?.count == 2)
        let resumeAll = await tend.run(["resume", "--all"])
        #expect(resumeAll.out.components(separatedBy: "Resumed").count - 1 == 3, "\(resumeAll.out)")
    }

    @Test("bad pauses are refused on stderr with a non-zero exit and change nothing")
    func refusals() async throws {
        let tend = try await CLIHarness(timeZone: "Pacific/Auckland", clock: Self.friday)
        #expect(await tend.run(["add", "Read"]).status == 0)
        let before = try await tend.operationCount()
        for arguments in [
            ["pause"],
            ["pause", "Read", "--all"],
            ["pause", "Read", "--group", "Health"],
            ["pause", "Nobody"],
            ["pause", "--group", "Nowhere"],
            ["pause", "Read", "--from", "someday"],
            ["pause", "Read", "--from", "2026-03-10", "--until", "2026-03-09"],
            ["pause", "Read", "--until", "2026-03-20", "--days", "3"],
            ["pause", "Read", "--days", "0"],
            ["pause", "Read", "--from", "1999-12-31"],
            ["pause", "Read", "--until", "2030-01-01"],
            ["resume"],
        ] {
            let result = await tend.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(!result.err.isEmpty && result.out.isEmpty, "\(arguments): \(result.out)")
        }
        #expect(try await tend.operationCount() == before)
    }
}
