import Foundation
import TendCLI
import TendCore
import TendTestSupport
import Testing

@Suite("Config")
struct ConfigCommandTests {
    @Test("config shows and sets the settings")
    func showAndSet() async throws {
        let tend = try await CLIHarness(timeZone: "America/New_York")
        #expect(await tend.run(["config", "set", "day-start", "4"]).status == 0)
        #expect(await tend.run(["config", "set", "first-weekday", "monday"]).status == 0)
        let json = try #require(try await tend.json(["config"]) as? [String: Any])
        #expect(json["timezone"] as? String == "America/New_York")
        #expect(json["dayStart"] as? Int == 4)
        #expect(json["firstWeekday"] as? String == "mon")
        #expect(json["database"] as? String == tend.database)
        #expect(json.keys.contains("today"))
        let text = await tend.run(["config"])
        #expect(text.out.contains("timezone       America/New_York"))
    }

    @Test(
        "a bad value is one line on stderr, exit 1, nothing changed",
        arguments: [
            ["timezone", "Mars/Olympus"], ["day-start", "24"], ["day-start", "noon"], ["first-weekday", "8"], ["first-weekday", "someday"],
        ])
    func badValue(_ arguments: [String]) async throws {
        let tend = try await CLIHarness(timeZone: "Europe/Berlin")
        let before = try #require(try await tend.json(["config"]) as? [String: Any])
        let result = await tend.run(["config", "set"] + arguments)
        #expect(result.status == 1)
        #expect(result.errLines.count == 1, "\(result.err)")
        #expect(result.err.hasPrefix("tend: "))
        let after = try #require(try await tend.json(["config"]) as? [String: Any])
        #expect(NSDictionary(dictionary: before) == NSDictionary(dictionary: after))
    }

    @Test("an unknown setting is a usage error (64)")
    func unknownKey() async throws {
        let tend = try await CLIHarness()
        let result = await tend.run(["config", "set", "colour", "blue"])
        #expect(result.status == 64)
        #expect(await tend.run(["config", "get", "colour"]).status == 64)
    }

    @Test(
        "an unknown locale is refused in one line and changes nothing; de-DE is read as de_DE",
        arguments: [
            "xx_YY", "de_YY", "klingon", "en_US_XX_1",
        ])
    func unknownLocale(_ locale: String) async throws {
        let tend = try await CLIHarness()
        let before = try await tend.operationCount()
        let result = await tend.run(["config", "set", "locale", locale])
        #expect(result.status == 1)
        #expect(result.err == "tend: unknown locale '\(locale)' (use a language and region Foundation knows, in the form en_US or de_DE)\n")
        #expect(try await tend.operationCount() == before)
        #expect(await tend.run(["config", "get", "locale"]).out == "en_US\n")
    }

    @Test(
        "a known locale is stored in the de_DE form",
        arguments: [
            ("de_DE", "de_DE"), ("de-DE", "de_DE"), ("fr", "fr"), ("pt-br", "pt_BR"), ("de_US", "de_US"), ("zh-Hant-TW", "zh_Hant_TW"),
        ])
    func knownLocale(_ typed: String, _ stored: String) async throws {
        let tend = try await CLIHarness()
        let result = await tend.run(["config", "set", "locale", typed])
        #expect(result.status == 0, "\(result.err)")
        #expect(await tend.run(["config", "get", "locale"]).out == "\(stored)\n")
    }

    @Test(
        "a time zone typed nearly right is refused with the name to use",
        arguments: [
            ("europe/berlin", "Europe/Berlin"), ("EUROPE/BERLIN", "Europe/Berlin"), ("Europe/Berln", "Europe/Berlin"),
            ("America/New_Yrok", "America/New_York"), ("new york", "America/New_York"), ("Berlin", "Europe/Berlin"),
        ])
    func timeZoneSuggestion(_ typed: String, _ meant: String) async throws {
        let tend = try await CLIHarness(timeZone: "Asia/Tokyo")
        let before = try await tend.operationCount()
        let result = await tend.run(["config", "set", "timezone", typed])
        #expect(result.status == 1)
        #expect(result.err == "tend: unknown time zone '\(typed)'; did you mean \(meant)?\n")
        #expect(try await tend.operationCount() == before)
        #expect(await tend.run(["config", "get", "timezone"]).out == "Asia/Tokyo\n")
    }

    @Test("a bare region suggests no zone: many names start with it")
    func regionOnly() async throws {
        let tend = try await CLIHarness()
        let result = await tend.run(["config", "set", "timezone", "Europe"])
        #expect(result.status == 1)
        #expect(result.err == "tend: unknown time zone 'Europe' (use an IANA name such as Europe/Berlin)\n")
    }

    @Test("config get prints one setting as config set takes it; --json as key and value")
    func get() async throws {
        let tend = try await CLIHarness(timeZone: "America/New_York")
        #expect(await tend.run(["config", "get", "timezone"]).out == "America/New_York\n")
        #expect(await tend.run(["config", "get", "day-start"]).out == "0\n")
        #expect(await tend.run(["config", "get", "first-weekday"]).out == "locale\n")
        #expect(await tend.run(["config", "get", "locale"]).out == "en_US\n")
        let unset = try #require(try await tend.json(["config", "get", "first-weekday"]) as? [String: Any])
        #expect(unset["key"] as? String == "first-weekday")
        #expect(unset["value"] is NSNull)
        _ = await tend.run(["config", "set", "day-start", "4"])
        _ = await tend.run(["config", "set", "first-weekday", "mon"])
        #expect(await tend.run(["config", "get", "first-weekday"]).out == "mon\n")
        let dayStart = try #require(try await tend.json(["config", "get", "day-start"]) as? [String: Any])
        #expect(dayStart["key"] as? String == "day-start")
        #expect(dayStart["value"] as? Int == 4)
        let zone = try #require(try await tend.json(["config", "get", "timezone"]) as? [String: Any])
        #expect(NSDictionary(dictionary: zone) == NSDictionary(dictionary: ["key": "timezone", "value": "America/New_York"]))
        let missing = await tend.run(["config", "get"])
        #expect(missing.status == 64)
    }
}

@Suite("Help and usage")
struct HelpTests {
    @Test(
        "every command's --help has an example",
        arguments: [
            "today", "week", "month", "year", "heatmap", "history", "stats", "summary", "add", "edit", "remove", "archive", "unarchive",
            "list", "show", "reorder", "check", "uncheck", "increment", "decrement", "set", "log", "skip", "reset", "note",
            "config", "config get", "config set", "config show", "routine", "routine create", "routine add", "routine delete", "tips",
            "tips dismiss", "import", "export", "backup", "restore",
        ])
    func helpHasExample(_ command: String) async throws {
        let tend = try await CLIHarness()
        let result = await tend.run(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(result.status == 0)
        #expect(result.out.contains("Example"), "\(command)")
        #expect(result.out.contains("tend \(command)"), "\(command)")
    }

    @Test("add --help offers only what add can do; --no-reminders, --no-group and --untag are edit's")
    func addOffersNoRemovals() async throws {
        let tend = try await CLIHarness()
        let add = await tend.run(["add", "--help"]).out
        let edit = await tend.run(["edit", "--help"]).out
        for option in ["--no-reminders", "--no-group", "--untag"] {
            #expect(!add.contains(option), "\(option)")
            #expect(edit.contains(option), "\(option)")
        }
        #expect(await tend.run(["add", "Run", "--reminder", "07:00", "--no-reminders"]).status == 64)
        #expect(try await tend.habitNames() == [])
    }

    @Test(
        "Options that contradict each other are refused in one line, and nothing changes",
        arguments: [
            (["edit", "Run", "--reminder", "07:00", "--no-reminders"], "give --reminder or --no-reminders, not both"),
            (["edit", "Run", "--group", "Health", "--no-group"], "give --group or --no-group, not both"),
            (["edit", "Run", "--tag", "outdoors", "--untag", "Outdoors"], "“outdoors” is given to both --tag and --untag; give it to one"),
        ])
    func contradictions(_ arguments: [String], _ message: String) async throws {
        let tend = try await CLIHarness()
        #expect(await tend.run(["add", "Run", "--reminder", "06:30", "--tag", "outdoors"]).status == 0)
        let before = try await tend.operationCount()
        let result = await tend.run(arguments)
        #expect(result.status == 1)
        #expect(result.err == "tend: \(message)\n")
        #expect(try await tend.operationCount() == before)
    }

    @Test("Help's examples break only before an option, with a shell continuation, at 40 and 80 columns")
    func examplesKeepOptionsWhole() async throws {
        let tend = try await CLIHarness()
        // serve's example with a PostgreSQL address is left out at 40: the address alone is wider.
        for columns in [40, 80] {
            for command in [["add"], ["edit"], ["sync", "login"], ["routine", "create"], ["export"], []] + (columns > 40 ? [["serve"]] : [])
            {
                let result = try await tend.runBinary(command + ["--help"], environment: ["COLUMNS": String(columns)])
                #expect(result.status == 0, "\(result.err)")
                let lines = result.out.components(separatedBy: "\n")
                let start = try #require(lines.firstIndex { $0.hasPrefix("Example") }, "\(command)")
                let examples = lines[(start + 1)...].prefix { !$0.isEmpty }
                #expect(!examples.isEmpty)
                var continued = false
                for line in examples {
                    // Each line as written: a command, or the rest of one after a `\`.
                    let indent = line.prefix { $0 == " " }.count
                    #expect(indent == (continued ? 4 : 2), "\(command) at \(columns): “\(line)”\n\(result.out)")
                    #expect(line.count < columns || !line.contains(" "), "\(command) at \(columns): “\(line)”")
                    continued = line.hasSuffix(" \\")
                }
                #expect(!continued)
            }
        }
    }

    @Test("an unknown option is a usage error (64)")
    func usageError() async throws {
        let tend = try await CLIHarness()
        let result = await tend.run(["list", "--frobnicate"])
        #expect(result.status == 64)
        #expect(result.err.contains("--frobnicate"))
    }
}

@Suite("The tend binary")
struct BinaryTests {
    @Test("a first session through the binary: add, check, list --json")
    func firstSession() async throws {
        let tend = try await CLIHarness()
        let added = try await tend.runBinary(["add", "Read"])
        #expect(added.status == 0, "\(added.err)")
        let checked = try await tend.runBinary(["check", "read", "--date", "2025-01-06"])
        #expect(checked.status == 0)
        #expect(checked.out.contains("done"))
        let list = try await tend.runBinary(["list", "--json"])
        let habits = try #require(try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [[String: Any]])
        #expect(habits.map { $0["name"] as? String } == ["Read"])
        let today = try await tend.runBinary(["today", "--date", "2025-01-06"])
        #expect(today.status == 0)
        #expect(!today.out.contains("\u{1B}["))
        #expect(try await tend.value("Read", on: "2025-01-06") == 1)
    }

    @Test("error paths through the binary: one line on stderr, exit status, nothing changed")
    func errorPaths() async throws {
        let tend = try await CLIHarness()
        _ = try await tend.runBinary(["add", "Read"])
        let before = try await tend.operationCount()
        let unknown = try await tend.runBinary(["check", "Raed"])
        #expect(unknown.status == 1)
        #expect(unknown.err == "tend: no habit named 'Raed'; did you mean 'Read'?\n")
        let badDate = try await tend.runBinary(["check", "Read", "--date", "2025-02-30"])
        #expect(badDate.status == 1)
        #expect(badDate.err == "tend: '2025-02-30' is not a day of the calendar\n")
        let badSchedule = try await tend.runBinary(["add", "Run", "--schedule", "whenever"])
        #expect(badSchedule.status == 1)
        #expect(badSchedule.err.split(separator: "\n").count == 1)
        let badConfig = try await tend.runBinary(["config", "set", "timezone", "Nowhere/Town"])
        #expect(badConfig.status == 1)
        #expect(badConfig.err.contains("unknown time zone 'Nowhere/Town'"))
        let remove = try await tend.runBinary(["remove", "Read"])
        #expect(remove.status == 1)
        #expect(remove.err.contains("without --yes"))
        let usage = try await tend.runBinary(["check"])
        #expect(usage.status == 64)
        #expect(try await tend.operationCount() == before)
        #expect(try await tend.habitNames() == ["Read"])
    }

    @Test("a check-in lands on the configured zone's day whatever the process's TZ")
    func configuredZoneNotTZ() async throws {
        // Kiritimati (UTC+14) and Pago Pago (UTC−11) are always on different days.
        let tend = try await CLIHarness(timeZone: "Pacific/Kiritimati")
        _ = try await tend.runBinary(["add", "Read"])
        let before = UserSettings(timeZone: "Pacific/Kiritimati").today(now: Date())
        let result = try await tend.runBinary(["check", "Read"], environment: ["TZ": "Pacific/Pago_Pago"])
        let after = UserSettings(timeZone: "Pacific/Kiritimati").today(now: Date())
        #expect(result.status == 0, "\(result.err)")
        let pagoPago = UserSettings(timeZone: "Pacific/Pago_Pago").today(now: Date())
        let landed = try await tend.value("Read", on: before.iso) + (before == after ? 0 : try await tend.value("Read", on: after.iso))
        #expect(landed == 1)
        #expect(try await tend.value("Read", on: pagoPago.iso) == 0)
    }

    @Test("a new database takes the system's time zone")
    func systemZoneAtCreation() async throws {
        let directory = try TemporaryDirectory()
        let process = SpawnedProcess()
        process.executableURL = CLIHarness.binary
        process.arguments = ["config", "--json", "--database", directory.path("new.sqlite")]
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "Asia/Tokyo"
        process.environment = environment
        let data = try await ChildProcess(process).run().out
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["timezone"] as? String == "Asia/Tokyo")
    }

    @Test("the default database is under XDG_DATA_HOME, created on first use")
    func defaultDatabase() async throws {
        let tend = try await CLIHarness()
        let home = tend.directory.path("data")
        let process = SpawnedProcess()
        process.executableURL = CLIHarness.binary
        process.arguments = ["add", "Read"]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "TEND_DATABASE")
        environment["XDG_DATA_HOME"] = home
        process.environment = environment
        #expect(try await ChildProcess(process).run().status == 0)
        #expect(FileManager.default.fileExists(atPath: home + "/tend/tend.sqlite"))
    }
}
