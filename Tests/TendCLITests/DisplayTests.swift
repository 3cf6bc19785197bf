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
        // The letters, six habits and the scores; the legend below.
        let rows = lines(result.out).dropFirst().prefix(8)
        #expect(rows.last?.hasPrefix("score") == true)
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

    // MARK: A narrow terminal (issue 41, item 7)

    /// A week of habits whose words a 40-column terminal broke: a 100-character name, a count of
    /// glasses, a bad habit over its limit.
    func narrowHabits() async throws -> CLIHarness {
        let tend = try await CLIHarness(clock: DisplayCommandTests.morning)
        let long = String(("Learn to play the piano well enough " + String(repeating: "and practise scales ", count: 4)).prefix(100))
        for arguments in [
            ["add", "Water", "--emoji", "💧", "--type", "count", "--target", "8", "--unit", "glasses"],
            ["add", "Meditate", "--type", "duration", "--target", "20m"],
            ["add", "Smoking", "--kind", "bad", "--type", "count", "--target", "2", "--unit", "cigarettes"],
            ["add", long],
        ] {
            let added = await tend.run(arguments)
            #expect(added.status == 0, "\(added.err)")
        }
        _ = await tend.run(["increment", "Water", "3"])
        _ = await tend.run(["increment", "Smoking", "5"])
        return tend
    }

    @Test("At 40 columns, today, list, week and stats rows fit: long names cut with …, words never broken")
    func narrowTerminal() async throws {
        let tend = try await narrowHabits()
        let terminal = ["COLUMNS": "40"]
        for command in [["today"], ["list"], ["week"], ["stats"]] {
            let result = await tend.run(command + ["--no-color"], stdoutIsTerminal: true, environment: terminal)
            #expect(result.status == 0, "\(result.err)")
            for line in lines(result.out) {
                #expect(line.displayWidth <= 40, "\(command): \(line.displayWidth) columns: \(line)")
            }
            #expect(result.out.contains("Lea"), "\(command)")
            #expect(result.out.contains("…"), "\(command)\n\(result.out)")
            #expect(!result.out.contains("scales"), "\(command)")
        }
        let today = await tend.run(["today", "--no-color"], stdoutIsTerminal: true, environment: terminal).out
        // Every word whole: "glasses" and "cigarettes" were cut by the terminal at the 40th column.
        for word in ["glasses", "cigarettes", "limit"] { #expect(today.contains(word), "\(word)\n\(today)") }
        // A pipe or a file gets whole lines, whatever COLUMNS says.
        let piped = await tend.run(["list"], environment: terminal).out
        #expect(piped.contains(String(repeating: "and practise scales ", count: 2)))
    }

    @Test("A bad habit over its limit reads as a failure: a red mark, a crossed-out bar, red words")
    func overLimitIsRed() async throws {
        let tend = try await narrowHabits()
        let colored = await tend.run(["today"], stdoutIsTerminal: true)
        let smoking = try #require(lines(colored.out).first { $0.contains("Smoking") })
        let red = "\u{1B}[31m"
        #expect(smoking.hasPrefix("  \(red)✗"), "\(smoking)")
        #expect(smoking.contains("\(red)✗✗✗✗✗✗✗✗✗✗"), "\(smoking)")
        #expect(smoking.contains("\(red)over limit"), "\(smoking)")
        #expect(!smoking.contains("█"), "a full bar of blocks reads as a goal reached: \(smoking)")
        let plain = await tend.run(["today"])
        let smokingPlain = try #require(lines(plain.out).first { $0.contains("Smoking") })
        #expect(smokingPlain.contains("!!!!!!!!!! 5/≤2 cigarettes  over limit"), "\(smokingPlain)")
        #expect(!smokingPlain.contains("#"))
    }

    @Test("week has a legend of the glyphs it draws, in Unicode and in ASCII")
    func weekLegend() async throws {
        let tend = try await narrowHabits()
        let unicode = await tend.run(["week"], stdoutIsTerminal: true, environment: ["NO_COLOR": "1"])
        #expect(unicode.out.contains("done █  partly ▒  not done ░  skipped ─  paused ═  not due ·"), "\(unicode.out)")
        #expect(unicode.out.contains("score: nothing due ·  0% ░  <50% ▒  <100% ▓  100% █"), "\(unicode.out)")
        let ascii = await tend.run(["week"])
        #expect(ascii.out.contains("done #  partly +  not done .  skipped -  paused ="), "\(ascii.out)")
    }
}

@Suite("Text laid out for a terminal")
struct TerminalTextTests {
    @Test("wrapping breaks between words, keeps the first line's indentation and indents the rest")
    func wrapping() {
        #expect(Terminal.wrapped("  ◔ Water  ████░░░░░░ 3/8 glasses", to: 30, indent: 5) == ["  ◔ Water  ████░░░░░░ 3/8", "     glasses"])
        #expect(Terminal.wrapped("short", to: 30) == ["short"])
        #expect(Terminal.wrapped(String(repeating: "x", count: 25), to: 10) == ["xxxxxxxxxx", "xxxxxxxxxx", "xxxxx"])
        #expect(Terminal.wrapped("a b", to: nil) == ["a b"])
        // Colors take no columns.
        #expect(Terminal.wrapped("\u{1B}[31mred\u{1B}[0m words here", to: 9) == ["\u{1B}[31mred\u{1B}[0m words", "here"])
    }

    @Test("cutting keeps whole glyphs and ends with …")
    func truncating() {
        #expect(Terminal.truncated("Learn the piano", to: 8) == "Learn t…")
        #expect(Terminal.truncated("日本語のテキスト", to: 7) == "日本語…")
        #expect(Terminal.truncated("Read", to: 8) == "Read")
        #expect(Terminal.column("Learn the piano", width: 8).displayWidth == 8)
    }
}
