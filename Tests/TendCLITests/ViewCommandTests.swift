import Foundation
import TendCLI
import TendTestSupport
import Testing

@Suite("Views: today, week, month, year, heatmap, history, stats")
struct ViewCommandTests {
    /// Read (daily, checked Mon–Wed), Water (count 8, morning), Run (mon,wed,fri, evening).
    /// The clock: Wednesday 2025-01-08, 09:00 in Berlin (morning).
    static let morning = Date(timeIntervalSince1970: 1_736_323_200)

    func seeded() async throws -> CLIHarness {
        let tend = try await CLIHarness(clock: ViewCommandTests.morning)
        _ = await tend.run(["add", "Read"])
        _ = await tend.run(["add", "Water", "--type", "count", "--target", "8", "--unit", "glasses", "--routine-time", "morning"])
        _ = await tend.run(["add", "Run", "--schedule", "mon,wed,fri", "--routine-time", "evening"])
        for day in ["2025-01-06", "2025-01-07", "2025-01-08"] {
            _ = await tend.run(["check", "Read", "--date", day])
        }
        _ = await tend.run(["set", "Water", "4", "--date", "2025-01-08"])
        return tend
    }

    @Test("today groups due habits by routine time with progress and the day score")
    func today() async throws {
        let tend = try await seeded()
        let result = await tend.run(["today"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("Today, 2025-01-08"))
        #expect(lines[0].contains("score"))
        let headings = lines.filter { ["Morning", "Day", "Evening", "Anytime"].contains(where: $0.hasPrefix) }
        #expect(headings == ["Morning (now)", "Evening", "Anytime"])
        #expect(result.out.contains("#####----- 4/8 glasses"))
        #expect(!result.out.contains("\u{1B}["))

        let json = try #require(try await tend.json(["today", "--date", "2025-01-08"]) as? [String: Any])
        #expect(json["day"] as? String == "2025-01-08")
        let score = try #require(json["score"] as? Double)
        #expect(abs(score - 1.0 / 3.0) < 1e-9)
        let groups = try #require(json["groups"] as? [[String: Any]])
        let names = groups.flatMap { ($0["habits"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
        #expect(Set(names) == ["Read", "Water", "Run"])
        #expect(json.keys.contains("current"))
    }

    @Test("on a terminal: Unicode and colors; NO_COLOR and --no-color remove colors")
    func terminalStyling() async throws {
        let tend = try await seeded()
        let tty = await tend.run(["today", "--date", "2025-01-08"], stdoutIsTerminal: true)
        #expect(tty.out.contains("\u{1B}["))
        #expect(tty.out.contains("█████░░░░░"))
        let noColor = await tend.run(["today", "--date", "2025-01-08"], stdoutIsTerminal: true, environment: ["NO_COLOR": "1"])
        #expect(!noColor.out.contains("\u{1B}["))
        #expect(noColor.out.contains("████"))
        let flag = await tend.run(["week", "--date", "2025-01-08", "--no-color"], stdoutIsTerminal: true)
        #expect(!flag.out.contains("\u{1B}["))
        let ascii = await tend.run(["week", "--date", "2025-01-08", "--ascii", "--no-color"], stdoutIsTerminal: true)
        #expect(ascii.out.allSatisfy { $0.isASCII || $0 == "✅" || $0 == "–" })
    }

    @Test("week shows a row per habit over the calendar week")
    func week() async throws {
        let tend = try await seeded()
        let result = await tend.run(["week", "--date", "2025-01-08"])
        #expect(result.status == 0)
        #expect(result.out.contains("Week 2025-01-05 – 2025-01-11"))
        let read = try #require(result.out.split(separator: "\n").first { $0.contains("Read") })
        #expect(read.contains("  # # #"))
        #expect(!read.contains("."))
        let json = try #require(try await tend.json(["week", "--date", "2025-01-08"]) as? [String: Any])
        #expect(json["start"] as? String == "2025-01-05")
        #expect((json["habits"] as? [Any])?.count == 3)
        #expect((json["scores"] as? [Any])?.count == 7)
    }

    @Test("first-weekday moves the week")
    func weekStart() async throws {
        let tend = try await seeded()
        _ = await tend.run(["config", "set", "first-weekday", "mon"])
        let result = await tend.run(["week", "--date", "2025-01-08"])
        #expect(result.out.contains("Week 2025-01-06 – 2025-01-12"))
    }

    @Test("month, year and heatmap draw grids; --date moves them")
    func grids() async throws {
        let tend = try await seeded()
        let month = await tend.run(["month", "Read", "--date", "2025-01-08"])
        #expect(month.status == 0, "\(month.err)")
        #expect(month.out.contains("January 2025"))
        #expect(month.out.contains(" 6#  7#  8#"))
        let monthJSON = try #require(try await tend.json(["month", "Read", "--date", "2025-01-08"]) as? [String: Any])
        #expect((monthJSON["cells"] as? [Any])?.count == 35)
        let scores = await tend.run(["month", "--date", "2025-01-08"])
        #expect(scores.status == 0)
        let year = await tend.run(["year", "Read", "--date", "2025-01-08"])
        #expect(year.status == 0)
        #expect(year.out.split(separator: "\n").count == 9)
        let yearJSON = try #require(try await tend.json(["year", "Read", "--date", "2025-01-08"]) as? [String: Any])
        #expect((yearJSON["cells"] as? [Any])?.count == 371)
        let heatmap = await tend.run(["heatmap", "--date", "2025-01-08"])
        #expect(heatmap.status == 0)
        #expect(heatmap.out.contains("2024-06-23 – 2025-01-08"))
        let heatJSON = try #require(try await tend.json(["heatmap", "--date", "2025-01-08"]) as? [[String: Any]])
        #expect(heatJSON.count == 200)
        #expect(heatJSON.last?["day"] as? String == "2025-01-08")
    }

    @Test("month takes a month (YYYY-MM) and year a year (YYYY) as --date; full dates still work; a bad month is refused")
    func monthsAndYears() async throws {
        let tend = try await seeded()
        let december = await tend.run(["month", "Read", "--date", "2024-12"])
        #expect(december.status == 0, "\(december.err)")
        #expect(december.out == (await tend.run(["month", "Read", "--date", "2024-12-15"])).out)
        #expect(december.out.contains("December 2024"))
        let scores = await tend.run(["month", "--date", "2025-01"])
        #expect(scores.status == 0 && scores.out.contains("January 2025"), "\(scores.err)")
        // A year's grid ends with its last week; this year's with this week (Sunday 5 to Saturday 11 January 2025).
        let lastYear = try #require(try await tend.json(["year", "Read", "--date", "2024"]) as? [String: Any])
        let lastCells = try #require(lastYear["cells"] as? [[String: Any]])
        #expect(lastCells.contains { $0["day"] as? String == "2024-12-31" })
        #expect(!lastCells.contains { $0["day"] as? String == "2025-01-06" })
        let thisYear = try #require(try await tend.json(["year", "Read", "--date", "2025"]) as? [String: Any])
        let thisCells = try #require(thisYear["cells"] as? [[String: Any]])
        #expect(thisCells.last?["day"] as? String == "2025-01-11")
        let byMonth = try #require(try await tend.json(["year", "Read", "--date", "2024-06"]) as? [String: Any])
        #expect((byMonth["cells"] as? [[String: Any]])?.contains { $0["day"] as? String == "2024-06-30" } == true)
        for bad in [
            ["month", "--date", "2025-13"], ["month", "--date", "2025"], ["year", "--date", "20255"], ["month", "--date", "2025-1"],
        ] {
            let result = await tend.run(bad)
            #expect(result.status == 1 && result.out.isEmpty && result.errLines.count == 1, "\(bad): \(result.err)")
        }
    }

    @Test("--date takes a weekday: the latest one, today included")
    func weekdayDates() async throws {
        let tend = try await seeded()
        let friday = try #require(try await tend.json(["check", "Run", "--date", "fri"]) as? [String: Any])
        #expect(friday["day"] as? String == "2025-01-03")
        let wednesday = try #require(try await tend.json(["check", "Run", "--date", "Wednesday"]) as? [String: Any])
        #expect(wednesday["day"] as? String == "2025-01-08")
        #expect(await tend.run(["check", "Run", "--date", "someday"]).status == 1)
    }

    @Test("history lists one habit's days, newest first")
    func history() async throws {
        let tend = try await seeded()
        _ = await tend.run(["note", "Read", "chapter 3", "--date", "2025-01-07"])
        let result = await tend.run(["history", "Read", "--date", "2025-01-08", "--days", "3"])
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("2025-01-08"))
        #expect(lines[2].contains("chapter 3"))
    }

    @Test("stats --json has the documented keys")
    func stats() async throws {
        let tend = try await seeded()
        let json = try #require(try await tend.json(["stats", "Read", "--as-of", "2025-01-08"]) as? [String: Any])
        #expect(json["currentStreak"] as? Int == 3)
        #expect(json["bestStreak"] as? Int == 3)
        #expect(json["completionRate30"] as? Double == 1)
        let score = try #require(json["score"] as? Double)
        #expect(score > 0 && score < 1)
        for key in [
            "habit", "name", "asOf", "completionRate7", "completionRate365", "totalDaysMet", "totalCheckIns", "totalValue", "skippedDays",
            "weekdays",
        ] {
            #expect(json.keys.contains(key), "missing \(key)")
        }
        let all = try #require(try await tend.json(["stats", "--as-of", "2025-01-08"]) as? [[String: Any]])
        #expect(all.count == 3)
        let text = await tend.run(["stats", "Read", "--as-of", "2025-01-08"])
        #expect(text.out.contains("3 days (best 3)"))
    }

    @Test("out-of-range --days and a bad --date on a view are errors that change nothing")
    func viewErrors() async throws {
        let tend = try await seeded()
        #expect(await tend.run(["heatmap", "--days", "0"]).status == 64)
        #expect(await tend.run(["history", "Read", "--days", "5000"]).status == 64)
        let badDate = await tend.run(["week", "--date", "2025-02-30"])
        #expect(badDate.status == 1)
        #expect(badDate.err == "tend: '2025-02-30' is not a day of the calendar\n")
        let typo = await tend.run(["month", "Raed"])
        #expect(typo.err == "tend: no habit named 'Raed'; did you mean 'Read'?\n")
    }
}
