import Foundation
import TendCLI
import TendTestSupport
import Testing

/// A routine's days at the CLI and `tend routine start` (issue 41, item 3).
@Suite("tend routine start, and routines on their days")
struct RoutineStartTests {
    /// Saturday 28 November 2026, noon in Berlin.
    static let saturdayNoon = ISO8601DateFormatter().date(from: "2026-11-28T12:00:00+01:00")!

    static func morning() async throws -> CLIHarness {
        let tend = try await CLIHarness(clock: saturdayNoon)
        #expect(await tend.run(["add", "Water", "--type", "count", "--target", "8"]).status == 0)
        #expect(await tend.run(["add", "Stretch"]).status == 0)
        #expect(await tend.run(["routine", "create", "Morning", "--start", "06:30", "--days", "weekdays"]).status == 0)
        #expect(await tend.run(["routine", "add", "Morning", "Water"]).status == 0)
        #expect(await tend.run(["routine", "add", "Morning", "Stretch"]).status == 0)
        return tend
    }

    @Test("A weekday routine is not shown on Saturday's today; on Friday it is, with its habits in order")
    func today() async throws {
        let tend = try await Self.morning()
        let saturday = await tend.run(["today"])
        #expect(saturday.status == 0, "\(saturday.err)")
        #expect(!saturday.out.contains("Morning (06:30)"))
        #expect(saturday.out.contains("Water") && saturday.out.contains("Stretch"))
        let friday = await tend.run(["today", "--date", "2026-11-27"])
        #expect(friday.out.contains("Morning (06:30)"), "\(friday.out)")
        let json = try #require(try await tend.json(["today", "--date", "2026-11-28"]) as? [String: Any])
        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(!groups.contains { ($0["routine"] as? String) == "Morning" || $0["routine"] is [String: Any] })
    }

    @Test("routine start walks the habits in order: done, later, skip; a second start goes on where the first stopped")
    func walk() async throws {
        let tend = try await Self.morning()
        let weekend = await tend.run(["routine", "start", "Morning"], lines: ["y"])
        #expect(weekend.status == 0)
        #expect(weekend.out.contains("Morning does not run on Saturdays (today): it runs mon,tue,wed,thu,fri."))
        #expect(try await tend.value("Water", on: "2026-11-28") == 0, "nothing was recorded")

        // Friday: Water done, Stretch left for later (with nothing else left, the walk ends).
        let first = await tend.run(["routine", "start", "Morning", "--date", "2026-11-27"], lines: ["", "later"])
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out.contains("[1/2]") && first.out.contains("Water"))
        #expect(first.out.contains("[2/2]"))
        #expect(first.out.contains("Morning: 1 of 2 done"), "\(first.out)")
        #expect(try await tend.value("Water", on: "2026-11-27") == 8)
        #expect(try await tend.value("Stretch", on: "2026-11-27") == 0)

        // Again: it asks only about Stretch; a wrong answer is said on stderr and asked again.
        let second = await tend.run(["routine", "start", "Morning", "--date", "2026-11-27"], lines: ["maybe", "s"])
        #expect(second.status == 0)
        #expect(!second.out.contains("[1/2]"))
        #expect(second.err.contains("'maybe' is not an answer"))
        #expect(second.out.contains("Morning done: 2 of 2."), "\(second.out)")
        let history = try #require(
            try await tend.json(["history", "Stretch", "--date", "2026-11-27", "--days", "1"]) as? [String: Any])
        #expect((history["days"] as? [[String: Any]])?.first?["skipped"] as? Bool == true)

        // Quitting, or the end of the input, stops without recording.
        let quit = await tend.run(["routine", "start", "Morning", "--date", "2026-11-26"], lines: ["q"])
        #expect(quit.out.contains("Morning: 0 of 2 done"))
        let ended = await tend.run(["routine", "start", "Morning", "--date", "2026-11-26"], lines: [])
        #expect(ended.status == 0)
        #expect(try await tend.value("Water", on: "2026-11-26") == 0)

        // A day that has not come is refused.
        let future = await tend.run(["routine", "start", "Morning", "--date", "2026-12-01"], lines: ["y"])
        #expect(future.status == 1)
        #expect(future.err.contains("has not come yet"))
    }
}
