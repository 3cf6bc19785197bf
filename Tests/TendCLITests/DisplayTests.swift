import Foundation
import TendTestSupport
import Testing

@testable import TendCLI

@Suite("Terminal display width")
struct DisplayWidthTests {
    @Test(
        "columns a terminal gives text",
        arguments: [
            ("Read", 4), ("🔥", 2), ("✅", 2), ("日本語", 6), ("ｗ", 2), ("한글", 4),
            ("e\u{301}", 1), ("Cafe\u{301}", 4), ("❤️", 2), ("❤", 1), ("👩‍💻", 2), ("👨‍👩‍👧", 2), ("🇩🇪", 2),
            ("1️⃣", 2), ("👍🏽", 2), ("\u{FE0F}", 0), ("", 0), ("a\u{200D}b", 2),
        ])
    func width(_ text: String, _ columns: Int) {
        #expect(text.displayWidth == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("padding counts columns, not characters")
    func padding() {
        #expect("🔥".padded(to: 5) == "🔥   ")
        #expect("日本".padded(to: 5).displayWidth == 5)
        #expect("Reading".padded(to: 3) == "Reading")
    }
}

@Suite("Display: names in columns, month, notes, skip")
struct DisplayCommandTests {
    /// Wednesday 2025-01-08, 09:00 in Berlin.
    static let morning = Date(timeIntervalSince1970: 1_736_323_200)

    /// Habits whose names are emoji, wide characters, combining marks and plain letters.
    func oddNames() async throws -> CLIHarness {
        let tend = try await CLIHarness(clock: DisplayCommandTests.morning)
        for name in ["🔥", "Read", "日本語", "Cafe\u{301}", "👩‍💻 code"] {
            let added = await tend.run(["add", name])
            #expect(added.status == 0, "\(added.err)")
        }
        _ = await tend.run(["add", "Heart", "--emoji", "❤"])
        _ = await tend.run(["check", "🔥", "--date", "2025-01-07"])
        return tend
    }

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test("week: every row's cells start in the same column, whatever the names")
    func week() async throws {
        let tend = try await oddNames()
        let result = await tend.run(["week", "--date", "2025-01-08"])
        let rows = lines(result.out).dropFirst()
        #expect(rows.count == 8)
        #expect(Set(rows.map(\.displayWidth)).count == 1, "\(rows.map(\.displayWidth))\n\(result.out)")
    }

    @Test("list and stats: the column after the names lines up")
    func listAndStats() async throws {
        let tend = try await oddNames()
        let list = lines(await tend.run(["list"]).out)
        #expect(list.count == 6)
        let listColumns = list.map { line in line[..<line.range(of: "  once")!.lowerBound].displayWidth }
        #expect(Set(listColumns).count == 1, "\(listColumns)\n\(list.joined(separator: "\n"))")
        let stats = lines(await tend.run(["stats", "--as-of", "2025-01-08"]).out)
        #expect(stats.count == 7)
        // The strength column: the first digit (no name here has one).
        let statsColumns = stats.dropFirst().map { line in line[..<line.firstIndex(where: \.isNumber)!].displayWidth }
        #expect(Set(statsColumns).count == 1, "\(statsColumns)\n\(stats.joined(separator: "\n"))")
    }

    @Test("today: the details after the names line up")
    func today() async throws {
        let tend = try await oddNames()
        _ = await tend.run(["add", "Water", "--type", "count", "--target", "8"])
        _ = await tend.run(["increment", "Water", "2"])
        _ = await tend.run(["check", "Read"])
        _ = await tend.run(["check", "日本語"])
        let result = await tend.run(["today"])
        let items = lines(result.out).filter { $0.hasPrefix("  ") }
        #expect(items.count == 7)
        let detailed = items.filter { $0.hasSuffix("done") || $0.contains("#") }
        #expect(detailed.count == 3, "\(result.out)")
        let columns = detailed.map { line in
            line[..<(line.range(of: "done") ?? line.range(of: "#")!).lowerBound].displayWidth
        }
        #expect(Set(columns).count == 1, "\(columns)\n\(result.out)")
    }

    @Test("month without a habit: a calendar of day scores with day numbers and a legend")
    func monthScores() async throws {
        let tend = try await CLIHarness(clock: DisplayCommandTests.morning)
        let empty = await tend.run(["month", "--date", "2025-01-08"])
        #expect(empty.status == 0)
        #expect(lines(empty.out) == ["January 2025", "No habits yet. Add one: tend add Read"])
        _ = await tend.run(["add", "Read"])
        _ = await tend.run(["add", "Run", "--schedule", "mon,wed,fri"])
        for day in ["2025-01-06", "2025-01-07", "2025-01-08"] { _ = await tend.run(["check", "Read", "--date", day]) }
        let result = await tend.run(["month", "--date", "2025-01-08"])
        #expect(result.status == 0, "\(result.err)")
        let out = lines(result.out)
        #expect(out[0] == "Day scores")
        #expect(out[1] == "January 2025")
        #expect(out[2] == " S   M   T   W   T   F   S")
        // The 6th and 7th: every due habit met; the 8th: Read met, Run pending.
        #expect(out.contains { $0.contains(" 6#  7#  8+") }, "\(result.out)")
        #expect(out.contains { $0.hasPrefix("26") && $0.contains("31") })
        #expect(out.last?.hasPrefix("nothing due") == true)
        #expect(out.last?.contains("100% #") == true)
        let json = try #require(try await tend.json(["month", "--date", "2025-01-08"]) as? [[String: Any]])
        #expect(json.count == 31)
    }

    @Test("a note with line breaks stays on one line: ⏎ on a terminal, \\n otherwise")
    func multiLineNote() async throws {
        let tend = try await CLIHarness(clock: DisplayCommandTests.morning)
        _ = await tend.run(["add", "Read"])
        let noted = await tend.run(["note", "Read", "chapter 3\nchapter 4\r\nthe end", "--date", "2025-01-07"])
        #expect(noted.status == 0)
        #expect(lines(noted.out).count == 1, "\(noted.out)")
        #expect(noted.out.contains("chapter 3\\nchapter 4\\nthe end"))
        let history = await tend.run(["history", "Read", "--date", "2025-01-08", "--days", "3"])
        #expect(lines(history.out).count == 4, "\(history.out)")
        #expect(history.out.contains("— chapter 3\\nchapter 4\\nthe end\n"))
        let terminal = await tend.run(["history", "Read", "--date", "2025-01-08", "--days", "3"], stdoutIsTerminal: true)
        #expect(lines(terminal.out).count == 4)
        #expect(terminal.out.contains("chapter 3⏎chapter 4⏎the end"))
        let json = try #require(try await tend.json(["history", "Read", "--date", "2025-01-07", "--days", "1"]) as? [String: Any])
        #expect((json["days"] as? [[String: Any]])?.first?["note"] as? String == "chapter 3\nchapter 4\r\nthe end")
    }

    @Test("skip on a day the habit is not due is refused and changes nothing; on a due day it skips")
    func skipNotDue() async throws {
        let tend = try await CLIHarness(clock: DisplayCommandTests.morning)
        _ = await tend.run(["add", "Run", "--schedule", "mon,wed,fri"])
        let before = try await tend.operationCount()
        let refused = await tend.run(["skip", "Run", "--date", "2025-01-07"])
        #expect(refused.status == 1)
        #expect(refused.err == "tend: Run is not due on 2025-01-07 (Mon, Wed, Fri); nothing to skip\n")
        #expect(try await tend.operationCount() == before)
        let history = await tend.run(["history", "Run", "--date", "2025-01-07", "--days", "1"])
        #expect(history.out.contains("not due"))
        let skipped = try #require(try await tend.json(["skip", "Run", "--date", "2025-01-06"]) as? [String: Any])
        #expect(skipped["status"] as? String == "skipped")
        #expect(await tend.run(["skip", "Run", "--date", "2025-01-07", "--undo"]).status == 0)
        _ = await tend.run(["add", "Report", "--schedule", "days 1,15"])
        let monthly = await tend.run(["skip", "Report", "--date", "2025-01-07"])
        #expect(monthly.err == "tend: Report is not due on 2025-01-07 (days 1,15); nothing to skip\n")
        _ = await tend.run(["add", "Gym", "--schedule", "3/week"])
        #expect(await tend.run(["skip", "Gym", "--date", "2025-01-07"]).status == 0)
    }
}
