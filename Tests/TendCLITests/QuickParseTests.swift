import ArgumentParser
import Testing

@testable import TendCLI

/// `tend today` is read without ArgumentParser (for start-up time); these lines must mean the
/// same either way, and every other line must be left to ArgumentParser.
@Suite("tend today's quick parse agrees with ArgumentParser")
struct QuickParseTests {
    struct Parsed: Equatable {
        var database: String?
        var date: String?
        var json, noColor, quiet, ascii: Bool
    }

    static func fields(_ command: TodayCommand) -> Parsed {
        Parsed(
            database: command.options.database, date: command.date.date, json: command.options.json,
            noColor: command.options.noColor, quiet: command.options.quiet, ascii: command.grid.ascii)
    }

    static let accepted: [[String]] = [
        [], ["today"], ["today", "--json"], ["--json"],
        ["today", "--date", "2026-11-22"], ["today", "--date=yesterday"], ["--date", "today"],
        ["today", "--database", "/tmp/x.sqlite", "--date", "2025-02-28", "--json", "--no-color", "--quiet", "--ascii"],
        ["today", "--ascii", "--quiet", "--database=/tmp/y.sqlite"],
        ["today", "--no-color", "--date=2024-02-29", "--database", "relative/path.sqlite"],
    ]

    @Test("Each accepted line gives the values ArgumentParser gives", arguments: accepted)
    func sameAsArgumentParser(line: [String]) throws {
        let quick = try #require(TodayCommand.quickParse(line))
        let words = line.first == "today" ? Array(line.dropFirst()) : line
        let parsed = try TodayCommand.parse(words)
        #expect(Self.fields(quick) == Self.fields(parsed))
    }

    @Test(
        "Anything else is left to ArgumentParser (help, errors, other commands, repeats, odd values)",
        arguments: [
            ["today", "--help"], ["-h"], ["help"], ["today", "--date"], ["today", "--database"],
            ["today", "extra"], ["today", "--date", "--json"], ["today", "--json", "--json"],
            ["today", "--date", "a", "--date", "b"], ["today", "--database=a", "--database", "b"],
            ["week"], ["check", "Read"], ["today", "--version"], ["--version"], ["today", "-d", "x"],
            ["today", "--generate-completion-script", "bash"], ["today", "--"], ["today", "--days", "3"],
            ["today", "--database="], ["today", "--date="],
        ])
    func otherLines(line: [String]) {
        #expect(TodayCommand.quickParse(line) == nil)
    }
}
