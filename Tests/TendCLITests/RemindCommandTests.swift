import Foundation
import TendCore
import TendTestSupport
import Testing

/// `tend remind` (issue 14, the desktop): due reminders from the local database, each handled once
/// across runs, skipped when done or not due, reported as missed when more than an hour late.
@Suite("tend remind")
struct RemindCommandTests {
    /// 2026-03-10 at `time` in Berlin (UTC+1 that day).
    static func berlin(_ time: String, day: String = "2026-03-10") -> Date {
        let calendar = TendCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: Locale(identifier: "en_US"))
        let parts = time.split(separator: ":").map { Int($0)! }
        return calendar.firstInstant(on: try! Day(iso: day), hour: parts[0], minute: parts[1])
    }

    @Test("Each firing once: nothing before it, shown after it, not again; done habits and late ones say why")
    func onceEach() async throws {
        let cli = try await CLIHarness(timeZone: "Europe/Berlin")
        var result = await cli.run(
            ["add", "Water", "--emoji", "💧", "--reminder", "08:00", "--reminder", "21:00"], now: Self.berlin("07:00"))
        #expect(result.status == 0, "\(result.err)")
        result = await cli.run(["add", "Read", "--emoji", "📚", "--reminder", "08:00"], now: Self.berlin("07:00"))
        #expect(result.status == 0, "\(result.err)")
        #expect(await cli.run(["check", "Read"], now: Self.berlin("07:40")).status == 0)

        // The first run starts from now: nothing is due yet.
        result = await cli.run(["remind", "--once", "--notifier", "print"], now: Self.berlin("07:30"))
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "")
        #expect(FileManager.default.fileExists(atPath: cli.database + ".remind"))

        result = await cli.run(["remind", "--once", "--notifier", "print"], now: Self.berlin("08:05"))
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("08:00 💧 Water"))
        #expect(result.out.contains("08:00 📚 Read: not shown (done that day)"))
        #expect(result.out.split(separator: "\n").count == 2)

        // A second run in the same minute, or a later one, does not show it again.
        #expect(await cli.run(["remind", "--once", "--notifier", "print"], now: Self.berlin("08:06")).out == "")

        // The laptop slept through 21:00: at 23:30 it is reported as missed, not shown.
        result = await cli.run(["remind", "--once", "--notifier", "print"], now: Self.berlin("23:30"))
        #expect(result.out == "21:00 💧 Water: not shown (missed: more than an hour late)\n")
        // Less than an hour late is shown late.
        result = await cli.run(
            ["remind", "--once", "--notifier", "print"], now: Self.berlin("08:40", day: "2026-03-11"))
        #expect(result.out.contains("08:00 💧 Water\n"))
        #expect(result.out.contains("08:00 📚 Read\n"), "not done on the 11th")
    }

    @Test("--once with nothing due says on a terminal what fires next in the person's zone, or that none is set; cron gets nothing")
    func saysWhatIsNext() async throws {
        let cli = try await CLIHarness(timeZone: "Europe/Berlin")
        let once = ["remind", "--once", "--notifier", "print"]
        var result = await cli.run(once, stdoutIsTerminal: true, now: Self.berlin("07:00"))
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "No reminder is set (add one: tend edit HABIT --reminder 07:30).\n")
        #expect(await cli.run(["add", "Water", "--emoji", "💧", "--reminder", "08:00"], now: Self.berlin("07:00")).status == 0)
        #expect(await cli.run(["add", "Read", "--emoji", "📚", "--reminder", "21:00"], now: Self.berlin("07:00")).status == 0)
        result = await cli.run(once, stdoutIsTerminal: true, now: Self.berlin("07:30"))
        #expect(result.out == "Nothing due now. Next: 💧 Water at 08:00 today.\n")
        // A round that showed something says nothing more.
        result = await cli.run(once, stdoutIsTerminal: true, now: Self.berlin("08:05"))
        #expect(result.out == "08:00 💧 Water\n")
        result = await cli.run(once, stdoutIsTerminal: true, now: Self.berlin("08:10"))
        #expect(result.out == "Nothing due now. Next: 📚 Read at 21:00 today.\n")
        _ = await cli.run(once, now: Self.berlin("21:05"))
        // 23:30 in Berlin is still the 10th there and 22:30 in UTC; 00:30 on the 11th is the 10th in UTC.
        result = await cli.run(once, stdoutIsTerminal: true, now: Self.berlin("23:30"))
        #expect(result.out == "Nothing due now. Next: 💧 Water at 08:00 tomorrow (2026-03-11).\n")
        result = await cli.run(once, stdoutIsTerminal: true, now: Self.berlin("00:30", day: "2026-03-11"))
        #expect(result.out == "Nothing due now. Next: 💧 Water at 08:00 today.\n")
        // Not a terminal (cron, a timer), or --quiet: nothing when nothing is due.
        #expect(await cli.run(once, now: Self.berlin("00:40", day: "2026-03-11")).out == "")
        #expect(await cli.run(once + ["--quiet"], stdoutIsTerminal: true, now: Self.berlin("00:50", day: "2026-03-11")).out == "")
        _ = await cli.run(["edit", "Read", "--no-reminders"], now: Self.berlin("01:00", day: "2026-03-11"))
        _ = await cli.run(["archive", "Water"], now: Self.berlin("01:00", day: "2026-03-11"))
        result = await cli.run(once, stdoutIsTerminal: true, now: Self.berlin("01:10", day: "2026-03-11"))
        #expect(result.out == "No reminder is set (add one: tend edit HABIT --reminder 07:30).\n")
    }

    @Test("notify-send gets the title and the message; asking for it when it is missing is an error")
    func notifySend() async throws {
        let cli = try await CLIHarness(timeZone: "Europe/Berlin")
        let bin = try TemporaryDirectory()
        let log = bin.path("calls")
        let script = bin.path("notify-send")
        try "#!/bin/sh\nprintf '%s|' \"$@\" >> \"\(log)\"\necho >> \"\(log)\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        #expect(await cli.run(["add", "Stretch", "--emoji", "🧘", "--reminder", "08:00"], now: Self.berlin("07:00")).status == 0)
        _ = await cli.run(["remind", "--once"], environment: ["PATH": bin.url.path], now: Self.berlin("07:30"))
        let result = await cli.run(["remind", "--once"], environment: ["PATH": bin.url.path], now: Self.berlin("08:01"))
        #expect(result.status == 0, "\(result.err)")
        let calls = try String(contentsOfFile: log, encoding: .utf8)
        #expect(calls == "--app-name=Tend|--|🧘 Stretch|Time for Stretch.|\n")

        let missing = await cli.run(["remind", "--once", "--notifier", "notify-send"], environment: ["PATH": "/nonexistent"])
        #expect(missing.status == 1)
        #expect(missing.err.contains("notify-send is not installed"))
    }

    @Test("Bad input: a damaged state file or an unknown notifier is a clear error, and the state file is left as it was")
    func badInput() async throws {
        let cli = try await CLIHarness(timeZone: "Europe/Berlin")
        try "not a time".write(toFile: cli.database + ".remind", atomically: true, encoding: .utf8)
        let damaged = await cli.run(["remind", "--once", "--notifier", "print"], now: Self.berlin("08:00"))
        #expect(damaged.status == 1)
        #expect(damaged.err.contains("is not a tend remind state file"))
        #expect(try String(contentsOfFile: cli.database + ".remind", encoding: .utf8) == "not a time")
        let unknown = await cli.run(["remind", "--once", "--notifier", "growl"], now: Self.berlin("08:00"))
        #expect(unknown.status == 64)
        #expect(unknown.err.contains("growl"))
    }

    @Test("Spring forward: a 02:30 reminder rings once, at 03:00, on the day the clock skips 02:00–03:00 (Berlin)")
    func springForward() async throws {
        let cli = try await CLIHarness(timeZone: "Europe/Berlin")
        #expect(
            await cli.run(["add", "Pill", "--emoji", "💊", "--reminder", "02:30"], now: Self.berlin("00:10", day: "2026-03-28")).status == 0)
        _ = await cli.run(["remind", "--once", "--notifier", "print"], now: Self.berlin("00:20", day: "2026-03-29"))
        var result = await cli.run(["remind", "--once", "--notifier", "print"], now: Self.berlin("03:10", day: "2026-03-29"))
        #expect(result.out == "03:00 💊 Pill\n")
        result = await cli.run(["remind", "--once", "--notifier", "print"], now: Self.berlin("04:00", day: "2026-03-29"))
        #expect(result.out == "")
    }
}

/// `tend remind` on a database signed in to an account: what other devices did counts.
@Suite("tend remind, signed in to an account")
struct RemindSyncTests {
    @Test("A habit checked on the server (the phone) is not reminded on the desktop: remind syncs first")
    func doneElsewhere() async throws {
        let account = try await ServedAccount.start()
        defer { account.stop() }
        let url = account.url
        let cli = try await CLIHarness(timeZone: "Europe/Berlin")
        var result = await cli.run(
            ["sync", "login", url, "--username", "ana", "--password-stdin"], input: "a long passphrase",
            now: RemindCommandTests.berlin("06:00"))
        #expect(result.status == 0, "\(result.err)")
        result = await cli.run(["add", "Stretch", "--reminder", "08:00"], now: RemindCommandTests.berlin("07:00"))
        #expect(result.status == 0 && !result.err.contains("offline"), "\(result.err)")
        #expect(await cli.run(["remind", "--once", "--notifier", "print"], now: RemindCommandTests.berlin("07:30")).out == "")

        // The phone checks it in for the 10th, on the server.
        let id = try #require((try await account.get("/api/v1/habits") as? [[String: Any]])?.first?["id"] as? String)
        try await account.post("/api/v1/habits/\(id)/days/2026-03-10/tap", "{}")

        result = await cli.run(["remind", "--once", "--notifier", "print"], now: RemindCommandTests.berlin("08:05"))
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "08:00 ✅ Stretch: not shown (done that day)\n", "\(result.out)")
    }
}
