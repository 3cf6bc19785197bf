import Foundation
import TendCore
import TendTestSupport
import Testing

@testable import TendCLI

@Suite("Tracking: check, uncheck, increment, decrement, set, log, skip, reset, note")
struct TrackingCommandTests {
    @Test("check and uncheck a checkmark habit on a given day")
    func checkUncheck() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Read"])
        let checked = await tend.run(["check", "Read", "--date", "2025-01-06"])
        #expect(checked.status == 0, "\(checked.err)")
        #expect(checked.out.contains("Read 2025-01-06: done"))
        #expect(try await tend.value("Read", on: "2025-01-06") == 1)
        #expect(try await tend.value("Read", on: "2025-01-07") == 0)
        _ = await tend.run(["uncheck", "Read", "--date", "2025-01-06"])
        #expect(try await tend.value("Read", on: "2025-01-06") == 0)
        let tooMuch = await tend.run(["set", "Read", "5", "--date", "2025-01-06"])
        #expect(tooMuch.status == 1)
        #expect(tooMuch.err == "tend: Read is a checkmark habit: set 0 or 1 (or use check and uncheck)\n")
        #expect(try await tend.value("Read", on: "2025-01-06") == 0)
    }

    @Test("--quiet prints nothing after a change; the change is made")
    func quiet() async throws {
        let tend = try await CLIHarness()
        let added = await tend.run(["add", "Read", "--quiet"])
        #expect(added.status == 0)
        #expect(added.out.isEmpty)
        let checked = await tend.run(["check", "Read", "--date", "2025-01-06", "--quiet"])
        #expect(checked.out.isEmpty && checked.err.isEmpty)
        #expect(try await tend.value("Read", on: "2025-01-06") == 1)
    }

    @Test("increment, decrement and set a count; a typed amount is kept past the target, one step stops at it")
    func counts() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Water", "--type", "count", "--target", "8", "--unit", "glasses"])
        let day = ["--date", "2025-01-06"]
        _ = await tend.run(["increment", "Water"] + day)
        _ = await tend.run(["increment", "Water", "3"] + day)
        #expect(try await tend.value("Water", on: "2025-01-06") == 4)
        let shown = await tend.run(["decrement", "Water"] + day)
        #expect(shown.out.contains("3/8 glasses"))
        _ = await tend.run(["increment", "Water", "20"] + day)
        #expect(try await tend.value("Water", on: "2025-01-06") == 23)
        _ = await tend.run(["set", "Water", "8"] + day)
        _ = await tend.run(["increment", "Water"] + day)
        #expect(try await tend.value("Water", on: "2025-01-06") == 8)
        _ = await tend.run(["set", "Water", "5"] + day)
        #expect(try await tend.value("Water", on: "2025-01-06") == 5)
        let json = try #require(try await tend.json(["set", "Water", "6"] + day) as? [String: Any])
        #expect(json["value"] as? Int == 6)
        #expect(json["target"] as? Int == 8)
        #expect(json["day"] as? String == "2025-01-06")
        #expect(json["status"] != nil)
    }

    @Test("log adds a duration: 25m, 1h30m, 90s")
    func logDuration() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Focus", "--type", "duration", "--target", "3h"])
        let day = ["--date", "2025-01-06"]
        #expect(await tend.run(["log", "Focus", "25m"] + day).status == 0)
        #expect(await tend.run(["log", "Focus", "1h30m"] + day).status == 0)
        #expect(await tend.run(["log", "Focus", "90s"] + day).status == 0)
        #expect(try await tend.value("Focus", on: "2025-01-06") == 25 * 60 + 90 * 60 + 90)
        let bad = await tend.run(["log", "Focus", "soon"] + day)
        #expect(bad.status == 1)
        #expect(bad.err == "tend: “soon” is not a time: type e.g. 45 (minutes), 45m, 1h30, 0.5h or 1:30.\n")
        _ = await tend.run(["add", "Read"])
        let wrongType = await tend.run(["log", "Read", "25m"] + day)
        #expect(wrongType.status == 1)
        #expect(wrongType.err.contains("duration habits"))
    }

    @Test("skip, reset and note")
    func skipResetNote() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Run"])
        let day = ["--date", "2025-01-06"]
        let skipped = try #require(try await tend.json(["skip", "Run"] + day) as? [String: Any])
        #expect(skipped["skipped"] as? Bool == true)
        #expect(skipped["status"] as? String == "skipped")
        let noted = try #require(try await tend.json(["note", "Run", "rest day"] + day) as? [String: Any])
        #expect(noted["note"] as? String == "rest day")
        let reset = try #require(try await tend.json(["reset", "Run"] + day) as? [String: Any])
        #expect(reset["skipped"] as? Bool == false)
        #expect(reset["value"] as? Int == 0)
        #expect(reset["note"] as? String == "rest day")
        let unskip = try #require(try await tend.json(["skip", "Run", "--undo"] + day) as? [String: Any])
        #expect(unskip["skipped"] as? Bool == false)
    }

    @Test(
        "a day that does not exist is one line on stderr, exit 1, nothing changed",
        arguments: [
            "2025-02-30", "2025-13-01", "tomorrowish", "06.01.2025",
        ])
    func badDate(_ date: String) async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Read"])
        let before = try await tend.operationCount()
        let result = await tend.run(["check", "Read", "--date", date])
        #expect(result.status == 1)
        #expect(result.errLines.count == 1)
        #expect(result.err.contains("'\(date)'"))
        #expect(try await tend.operationCount() == before)
    }

    @Test("yesterday and today come from the configured zone and day start")
    func relativeDays() async throws {
        let tend = try await CLIHarness(timeZone: "Asia/Tokyo")
        _ = await tend.run(["add", "Read"])
        // 2025-01-06 20:00 UTC is 2025-01-07 05:00 in Tokyo.
        let now = Date(timeIntervalSince1970: 1_736_193_600)
        _ = await tend.run(["check", "Read"], now: now)
        _ = await tend.run(["check", "Read", "--date", "yesterday"], now: now)
        #expect(try await tend.value("Read", on: "2025-01-07") == 1)
        #expect(try await tend.value("Read", on: "2025-01-06") == 1)
        #expect(try await tend.value("Read", on: "2025-01-05") == 0)
        // With the day starting at 06:00, 05:00 is still the 6th.
        _ = await tend.run(["config", "set", "day-start", "6"])
        _ = await tend.run(["uncheck", "Read"], now: now)
        #expect(try await tend.value("Read", on: "2025-01-06") == 0)
        #expect(try await tend.value("Read", on: "2025-01-07") == 1)
    }
}

@Suite("Parsing durations")
struct DurationParsingTests {
    @Test(
        "durations as people type them, as the web reads them",
        arguments: [
            ("25m", 1500), ("1h30m", 5400), ("90s", 90), ("1h", 3600), ("10", 600), ("1:30", 5400), ("2h 5m", 7500),
            ("0.5h", 1800), ("12.5", 750), ("25 min", 1500), ("1h30", 5400), ("30min", 1800), ("12m30", 750), ("24h", 86_400),
        ])
    func valid(_ text: String, _ seconds: Int) async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Focus", "--type", "duration", "--target", "5h"])
        _ = await tend.run(["set", "Focus", text, "--date", "2025-01-06"])
        #expect(try await tend.value("Focus", on: "2025-01-06") == seconds)
    }
}

extension DurationParsingTests {
    @Test("log, set and --target read the web's forms; what no field takes is refused alike, changing nothing")
    func sameAsTheWeb() async throws {
        let tend = try await CLIHarness()
        #expect(await tend.run(["add", "Meditate", "--type", "duration", "--target", "1h30"]).status == 0)
        let day = ["--date", "2025-01-06"]
        #expect(await tend.run(["set", "Meditate", "0.5h"] + day).status == 0)
        #expect(await tend.run(["log", "Meditate", "30min"] + day).status == 0)
        #expect(try await tend.value("Meditate", on: "2025-01-06") == 3600)
        let shown = await tend.run(["log", "Meditate", "12.5"] + day)
        #expect(shown.out.contains("1h12m30s/1h30m"), "\(shown.out)")
        let before = try await tend.operationCount()
        for typed in ["25h", "30m1h", "1h1h", "1:3", "soon"] {
            let result = await tend.run(["log", "Meditate", typed] + day)
            #expect(result.status == 1 && result.errLines.count == 1, "\(typed): \(result.err)")
        }
        #expect(try await tend.operationCount() == before)
        let edited = try #require(try await tend.json(["edit", "Meditate", "--target", "0.75h"]) as? [String: Any])
        #expect(edited["target"] as? Int == 2700)
    }
}

@Suite("Command lines as people type them")
struct CommandLineShapeTests {
    @Test("options every command takes may come before the command")
    func globalOptionsFirst() async throws {
        let tend = try await CLIHarness()
        let added = await tend.runRaw(["--database", tend.database, "add", "Read", "--emoji", "📚"])
        #expect(added.status == 0, "\(added.err)")
        let listed = await tend.runRaw(["--json", "--database=\(tend.database)", "list"])
        #expect(listed.status == 0, "\(listed.err)")
        #expect(listed.out.contains("\"name\" : \"Read\""))
        let routine = await tend.runRaw(["--database", tend.database, "--quiet", "routine", "create", "Morning"])
        #expect(routine.status == 0, "\(routine.err)")
        let today = await tend.runRaw(["--database", tend.database])
        #expect(today.status == 0 && today.out.contains("Read"), "\(today.err)")
    }

    @Test("a negative amount is read as a value and refused in one line, not as an unknown option")
    func negativeNumbers() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Water", "--type", "count", "--target", "8"])
        _ = await tend.run(["set", "Water", "5", "--date", "2025-01-06"])
        for arguments in [
            ["set", "Water", "-3", "--date", "2025-01-06"], ["increment", "Water", "-2", "--date", "2025-01-06"],
            ["increment", "Water", "--date", "2025-01-06", "--", "-1"],
        ] {
            let result = await tend.run(arguments)
            #expect(result.status == 1)
            #expect(
                result.err
                    == "tend: '\(arguments.first { $0.hasPrefix("-") && $0.dropFirst().allSatisfy(\.isNumber) }!)' is not a valid value (a number, 0 or more, with up to three decimals)\n"
            )
        }
        #expect(try await tend.value("Water", on: "2025-01-06") == 5)
    }

    @Test("normalising moves leading options after the command and negatives behind --")
    func normalised() {
        #expect(TendCommand.normalized(["--database", "f", "check", "Read"]) == ["check", "Read", "--database", "f"])
        #expect(TendCommand.normalized(["set", "W", "-3", "--date", "yesterday"]) == ["set", "W", "--date", "yesterday", "--", "-3"])
        #expect(TendCommand.normalized(["increment", "W", "--", "-1"]) == ["increment", "W", "--", "-1"])
        #expect(TendCommand.normalized(["--help"]) == ["--help"])
        #expect(TendCommand.normalized(["--generate-completion-script", "bash"]) == ["--generate-completion-script", "bash"])
        #expect(TendCommand.normalized(["edit", "W", "--target", "-3"]) == ["edit", "W", "--target=-3"])
        #expect(TendCommand.normalized(["log", "M", "-5m", "--date", "today"]) == ["log", "M", "--date", "today", "--", "-5m"])
        #expect(TendCommand.normalized(["set", "W", "--json", "-3"]) == ["set", "W", "--json", "--", "-3"])
        #expect(TendCommand.normalized(["add", "F", "--target=-5", "-2"]) == ["add", "F", "--target=-5", "--", "-2"])
    }

    @Test(
        "a negative target, duration or value is refused in one line, exit 1, nothing changed",
        arguments: [
            (
                ["add", "Foo", "--type", "count", "--target", "-5"],
                "--target -5: a count habit to build takes a number above 0 (up to three decimals) up to 1000000"
            ),
            (
                ["edit", "Water", "--target", "-3"],
                "--target -3: a count habit to build takes a number above 0 (up to three decimals) up to 1000000"
            ),
            (["add", "Bar", "--type", "duration", "--target", "-10m"], "--target -10m: a time habit to build takes a time from 1s to 24h"),
            (["log", "Meditate", "-5m"], "“-5m” is negative: a time is 0 or more, e.g. 45m, 1h30 or 90s."),
            (["log", "Meditate", "-1h30m", "--date", "2025-01-06"], "“-1h30m” is negative: a time is 0 or more, e.g. 45m, 1h30 or 90s."),
            (["set", "Meditate", "--quiet", "-5"], "“-5” is negative: a time is 0 or more, e.g. 45m, 1h30 or 90s."),
            (["increment", "Water", "--json", "-2"], "'-2' is not a valid value (a number, 0 or more, with up to three decimals)"),
        ])
    func negativeValues(_ arguments: [String], _ message: String) async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Water", "--type", "count", "--target", "8"])
        _ = await tend.run(["add", "Meditate", "--type", "duration", "--target", "10m"])
        let before = try await tend.operationCount()
        let result = await tend.run(arguments)
        #expect(result.status == 1)
        #expect(result.err == "tend: \(message)\n")
        #expect(result.out.isEmpty)
        #expect(try await tend.operationCount() == before)
        #expect(try await tend.habitNames() == ["Water", "Meditate"])
    }

    @Test("the normaliser knows every flag of every command (from ArgumentParser's own description)")
    func everyFlagKnown() async throws {
        let tend = try await CLIHarness()
        let dump = await tend.runRaw(["--experimental-dump-help"])
        #expect(dump.status == 0, "\(dump.err)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.out.utf8)) as? [String: Any])
        var flags = Set<String>()
        var options = Set<String>()
        func walk(_ command: [String: Any]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                let longNames = (argument["names"] as? [[String: Any]] ?? [])
                    .filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }.map { "--" + $0 }
                if argument["kind"] as? String == "flag" { flags.formUnion(longNames) }
                if argument["kind"] as? String == "option" { options.formUnion(longNames) }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub) }
        }
        walk(try #require(root["command"] as? [String: Any]))
        #expect(flags.contains("--json") && options.contains("--target"))
        #expect(flags.subtracting(TendCommand.flags).isEmpty, "unknown flags: \(flags.subtracting(TendCommand.flags))")
        #expect(options.isDisjoint(with: TendCommand.flags))
    }

    @Test("log records the time typed, past a target too: 45m on 20m is 45m, 12m then 10m is 22m")
    func logKeepsTypedTime() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Walk", "--type", "duration", "--target", "20m"])
        #expect(await tend.run(["log", "Walk", "45m", "--date", "2025-01-06"]).status == 0)
        #expect(try await tend.value("Walk", on: "2025-01-06") == 45 * 60)
        _ = await tend.run(["log", "Walk", "12m", "--date", "2025-01-07"])
        _ = await tend.run(["log", "Walk", "10m", "--date", "2025-01-07"])
        #expect(try await tend.value("Walk", on: "2025-01-07") == 22 * 60)
    }

    @Test(
        "days after today and before 2000-01-01 are refused on every tracking command, nothing changed",
        arguments: [
            ["check", "Read"], ["set", "Read", "1"], ["skip", "Read"], ["note", "Read", "hi"], ["increment", "Read"], ["reset", "Read"],
        ])
    func daysOutOfRange(_ command: [String]) async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Read"])
        let before = try await tend.operationCount()
        for date in ["tomorrow", "2099-01-01", "1900-01-01", "1999-12-31"] {
            let result = await tend.run(command + ["--date", date])
            #expect(result.status == 1, "\(command) \(date)")
            #expect(result.errLines.count == 1)
            #expect(
                result.err.contains(
                    date == "tomorrow" ? "has not come yet" : date.hasPrefix("2099") ? "has not come yet" : "before 2000-01-01"))
        }
        #expect(try await tend.operationCount() == before)
        #expect(await tend.run(["check", "Read", "--date", "2000-01-01"]).status == 0)
    }

    @Test("a bad habit over its limit is a failure at once: today shows it missed, not done")
    func badHabitOverLimit() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Coffee", "--kind", "bad", "--type", "count", "--target", "2", "--unit", "cups"])
        _ = await tend.run(["add", "Smoking", "--kind", "bad"])
        _ = await tend.run(["increment", "Coffee", "3"])
        _ = await tend.run(["check", "Smoking"])
        let today = await tend.run(["today", "--ascii"])
        let coffee = try #require(today.out.split(separator: "\n").first { $0.contains("Coffee") })
        let smoking = try #require(today.out.split(separator: "\n").first { $0.contains("Smoking") })
        #expect(coffee.contains("! ") && coffee.contains("over limit"), "\(coffee)")
        #expect(smoking.contains("! ") && smoking.contains("slipped"), "\(smoking)")
        let json = try #require(try await tend.json(["today"]) as? [String: Any])
        let items = (json["groups"] as? [[String: Any]] ?? []).flatMap { $0["habits"] as? [[String: Any]] ?? [] }
        #expect(items.count == 2)
        #expect(items.allSatisfy { $0["status"] as? String == "missed" })
        #expect(json["score"] as? Double == 0)
    }

    @Test("today shows a quota habit's count in its period: 1 of 3 this week")
    func quotaInToday() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Swim", "--schedule", "3/week"])
        _ = await tend.run(["check", "Swim"])
        let today = await tend.run(["today", "--ascii"])
        #expect(today.out.contains("1 of 3 this week"), "\(today.out)")
        let json = try #require(try await tend.json(["today"]) as? [String: Any])
        let item = try #require((json["groups"] as? [[String: Any]])?.first?["habits"] as? [[String: Any]])[0]
        let period = try #require(item["period"] as? [String: Any])
        #expect(period["done"] as? Int == 1 && period["quota"] as? Int == 3 && period["period"] as? String == "week")
    }

    @Test("a bad habit added without an emoji gets 🚫, not a green check; a chosen emoji stays")
    func badHabitEmoji() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Smoking", "--kind", "bad"])
        _ = await tend.run(["add", "Sweets", "--kind", "bad", "--emoji", "🍬"])
        _ = await tend.run(["add", "Read"])
        let list = try #require(try await tend.json(["list"]) as? [[String: Any]])
        let emoji = Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as! String, $0["emoji"] as! String) })
        #expect(emoji == ["Smoking": "🚫", "Sweets": "🍬", "Read": "✅"])
        _ = await tend.run(["edit", "Read", "--kind", "bad"])
        #expect((try #require(try await tend.json(["show", "Read"]) as? [String: Any]))["emoji"] as? String == "🚫")
    }
}
