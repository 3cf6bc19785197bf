import Foundation
import TendTestSupport
import Testing

@testable import TendCLI

/// The README's "A first week with Tend", run as written (issue 41, item 20): its commands are
/// read from README.md itself, so the test follows the README and the README cannot drift from
/// what `tend` does. Its days are a story; a reader runs it on any day, so it runs here on a
/// weekday, a Monday and a Sunday, and once through the built binary on the real today.
@Suite("The README's first week")
struct ReadmeWalkthroughTests {
    /// One command of the walkthrough: its arguments after `tend`, and the line as written.
    struct Command: CustomStringConvertible {
        var arguments: [String]
        var line: String
        var description: String { line }
    }

    /// The shell block under "### A first week with Tend", without comments and blank lines.
    static func walkthrough() throws -> [Command] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: "### A first week with Tend"))
        let rest = text[section.upperBound...]
        let open = try #require(rest.range(of: "```sh\n"))
        let close = try #require(rest[open.upperBound...].range(of: "\n```"))
        return try rest[open.upperBound..<close.lowerBound].split(separator: "\n").compactMap { line in
            let words = try shellWords(String(line))
            guard let first = words.first else { return nil }
            try #require(first == "tend", "the walkthrough runs tend: \(line)")
            return Command(arguments: Array(words.dropFirst()), line: String(line))
        }
    }

    /// A line's words as a POSIX shell splits them, for what the README uses: spaces, double
    /// quotes, and a comment from an unquoted `#` that starts a word.
    static func shellWords(_ line: String) throws -> [String] {
        var words: [String] = []
        var word: String?
        var quoted = false
        for character in line {
            if quoted {
                if character == "\"" { quoted = false } else { word?.append(character) }
            } else if character == "\"" {
                quoted = true
                word = word ?? ""
            } else if character == " " {
                if let done = word { words.append(done) }
                word = nil
            } else if character == "#", word == nil {
                break
            } else {
                word = (word ?? "") + String(character)
            }
        }
        try #require(!quoted, "an unclosed quote: \(line)")
        if let word { words.append(word) }
        return words
    }

    /// What the README says each command shows (its comments, and the story's facts).
    static func promised(_ command: Command) -> [String] {
        switch command.arguments.first {
        case "today": ["score", "Morning", "Anytime", "3/8 glasses", "12m30s/10m"]
        case "note": ["5 km, easy"]
        case "skip": ["skipped"]
        case "week": ["Read", "Water", "Meditate", "Run"]
        case "month": ["Read"]
        case "stats": ["strength", "streak"]
        case "summary": ["Read", "Run", "met"]
        case "history": ["skipped", "5 km, easy"]
        default: []
        }
    }

    static func check(_ command: Command, _ result: RunResult, on day: String) throws {
        #expect(result.status == 0, "on \(day): \(command): \(result.err)")
        for text in promised(command) {
            #expect(result.out.contains(text), "on \(day): \(command) does not show “\(text)”:\n\(result.out)")
        }
        if command.arguments.contains("--json") {
            let habits = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
            #expect(habits.compactMap { $0["name"] as? String } == ["Read", "Water", "Meditate", "Run"])
        }
    }

    @Test(
        "Every command exits 0 and shows what the README says, whatever day today is",
        arguments: [
            ("Wednesday 2025-01-08, 09:00 in Berlin", Date(timeIntervalSince1970: 1_736_323_200)),
            ("Monday 2025-01-06, 12:00 in Berlin", Date(timeIntervalSince1970: 1_736_161_200)),
            ("Sunday 2025-01-12, 18:00 in Berlin", Date(timeIntervalSince1970: 1_736_701_200)),
        ])
    func onAnyDay(_ day: String, _ now: Date) async throws {
        let commands = try Self.walkthrough()
        #expect(commands.count >= 15)
        #expect(commands.contains { $0.arguments.first == "skip" })
        let tend = try await CLIHarness(clock: now)
        for command in commands {
            try Self.check(command, await tend.run(command.arguments), on: day)
        }
    }

    @Test("The built tend binary runs it today")
    func throughTheBinary() async throws {
        let tend = try await CLIHarness()
        for command in try Self.walkthrough() {
            try Self.check(command, try await tend.runBinary(command.arguments), on: "today")
        }
    }

    @Test("The walkthrough is read as a shell reads it")
    func reading() throws {
        #expect(try Self.shellWords(#"tend note Run "5 km, easy" --date mon"#) == ["tend", "note", "Run", "5 km, easy", "--date", "mon"])
        #expect(try Self.shellWords("tend today                     # due habits") == ["tend", "today"])
        #expect(try Self.shellWords("# Monday: set your zone").isEmpty)
        #expect(try Self.shellWords("tend add Read --emoji 📚") == ["tend", "add", "Read", "--emoji", "📚"])
    }
}
