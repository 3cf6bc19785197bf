import Foundation
import TendWords
import Testing

/// The CLI speaks the shell's language (LC_ALL, LC_MESSAGES, LANG) unless the account chose one
/// (`tend config set language`); `--json` never changes with it (issue 44).
@Suite("The CLI in the user's language")
struct LanguageCommandTests {
    static let now = ISO8601DateFormatter().date(from: "2026-03-10T09:00:00Z")!

    func harness() async throws -> CLIHarness {
        let harness = try await CLIHarness(clock: Self.now)
        #expect(await harness.run(["add", "Read", "--schedule", "daily"]).status == 0)
        #expect(await harness.run(["add", "Run", "--schedule", "3/week"]).status == 0)
        #expect(await harness.run(["check", "Read"]).status == 0)
        return harness
    }

    @Test("LANG=de_DE.UTF-8 tend today is German; LC_ALL and LC_MESSAGES come first; C is English")
    func followsTheShell() async throws {
        let harness = try await harness()
        let german = await harness.run(["today"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.status == 0)
        #expect(german.out.contains(Words.of(.german)("Today, {date}", ["date": "2026-03-10"])))
        #expect(german.out.contains(Words.of(.german)("{done} of {quota} this week", ["done": "0", "quota": "3"])))
        #expect(!german.out.contains("Today, 2026-03-10"))
        let japanese = await harness.run(["today"], environment: ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"])
        #expect(japanese.out.contains(Words.of(.japanese)("Today, {date}", ["date": "2026-03-10"])))
        let english = await harness.run(["today"], environment: ["LC_ALL": "C", "LANG": "de_DE.UTF-8"])
        #expect(english.out.contains("Today, 2026-03-10"))
        #expect(english.out.contains("0 of 3 this week"))
    }

    @Test("--json is byte for byte the same in every language")
    func jsonNeverChanges() async throws {
        let harness = try await harness()
        #expect(await harness.run(["routine", "create", "Morning", "--start", "06:30", "--days", "weekdays"]).status == 0)
        #expect(await harness.run(["routine", "add", "Morning", "Read"]).status == 0)
        let commands = [
            ["today"], ["list"], ["stats"], ["stats", "Run"], ["config", "show"], ["show", "Read"], ["week"], ["month"],
            ["year", "Read"], ["heatmap"], ["history", "Read"], ["summary", "--month"], ["summary", "--year"], ["doctor"],
            ["tips", "list"], ["groups", "list"], ["routine", "list"], ["routine", "show", "Morning"],
        ]
        for command in commands {
            let english = await harness.run(command + ["--json"], environment: ["LANG": "C"])
            #expect(english.status == 0, "\(english.err)")
            for language in ["de_DE.UTF-8", "ar_EG.UTF-8", "pl_PL.UTF-8", "zh_CN.UTF-8"] {
                let other = await harness.run(command + ["--json"], environment: ["LANG": language])
                #expect(other.out == english.out, "\(command) in \(language)")
            }
        }
    }

    @Test("tend config set language: the account's choice wins over the shell; auto goes back to it; an unknown one is refused")
    func configLanguage() async throws {
        let harness = try await harness()
        let set = await harness.run(["config", "set", "language", "pl"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(set.status == 0, "\(set.err)")
        #expect(set.out.contains("language       pl"))
        let polish = await harness.run(["today"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(polish.out.contains(Words.of(.polish)("Today, {date}", ["date": "2026-03-10"])))
        #expect(await harness.run(["config", "get", "language"]).out == "pl\n")
        #expect(try await harness.json(["config", "get", "language"]) as? [String: String] == ["key": "language", "value": "pl"])

        let refused = await harness.run(["config", "set", "language", "klingon"])
        #expect(refused.status != 0)
        // Said in the account's language (Polish by now), naming the refused word and the choices.
        #expect(refused.err.contains("klingon") && refused.err.contains("zh-Hans"))
        #expect(!refused.err.contains("Tend does not speak"))
        #expect(await harness.run(["config", "get", "language"]).out == "pl\n")

        #expect(await harness.run(["config", "set", "language", "pt_PT"]).status == 0)
        #expect(await harness.run(["config", "get", "language"]).out == "pt-BR\n")

        #expect(await harness.run(["config", "set", "language", "auto"]).status == 0)
        #expect(await harness.run(["config", "get", "language"]).out == "auto\n")
        let auto = try #require(try await harness.json(["config", "get", "language"]) as? [String: Any])
        #expect(auto["value"] is NSNull)
        let german = await harness.run(["today"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.out.contains(Words.of(.german)("Today, {date}", ["date": "2026-03-10"])))
    }
}
