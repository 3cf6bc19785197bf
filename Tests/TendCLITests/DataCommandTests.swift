import Foundation
import GRDB
import TendCLI
import TendTestSupport
import Testing

@Suite("Data: export, import, backup, restore")
struct DataCommandTests {
    @Test("export to JSON, import into a fresh database; a dry run changes nothing")
    func exportImport() async throws {
        let source = try await CLIHarness()
        _ = await source.run(["add", "Read"])
        _ = await source.run(["add", "Water", "--type", "count", "--target", "8"])
        _ = await source.run(["check", "Read", "--date", "2025-01-06"])
        _ = await source.run(["set", "Water", "5", "--date", "2025-01-06"])
        let file = source.directory.path("export.json")
        let exported = await source.run(["export", "--output", file])
        #expect(exported.status == 0, "\(exported.err)")
        let again = await source.run(["export", "--output", file])
        #expect(again.status == 1)
        #expect(again.err.contains("already exists"))
        let csv = await source.run(["export", "--format", "csv"])
        #expect(csv.out.contains("Water"))
        #expect(await source.run(["export", "--format", "loop-csv", "--output", source.directory.path("loop.zip")]).status == 0)

        let target = try await CLIHarness()
        let dry = try #require(try await target.json(["import", file, "--dry-run"]) as? [String: Any])
        #expect(dry["dryRun"] as? Bool == true)
        #expect((dry["habitsAdded"] as? [String])?.sorted() == ["Read", "Water"])
        #expect(try await target.habitNames() == [])
        let done = await target.run(["import", file])
        #expect(done.status == 0, "\(done.err)")
        #expect(try await target.habitNames() == ["Read", "Water"])
        #expect(try await target.value("Water", on: "2025-01-06") == 5)
    }

    @Test("harsh's folder imports its habits and log; a folder without them is refused")
    func importHarshFolder() async throws {
        let tend = try await CLIHarness()
        let folder = tend.directory.path("harsh")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "! Morning\nMeditated: 1\nPullups: 3/7\n".write(toFile: folder + "/habits", atomically: true, encoding: .utf8)
        try "2025-01-06 : Meditated : y\n2025-01-06 : Pullups : y : 20\n".write(toFile: folder + "/log", atomically: true, encoding: .utf8)
        let done = await tend.run(["import", folder])
        #expect(done.status == 0, "\(done.err)")
        #expect(try await tend.habitNames() == ["Meditated", "Pullups"])
        #expect(try await tend.value("Pullups", on: "2025-01-06") == 20)

        let empty = tend.directory.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let refused = await tend.run(["import", empty])
        #expect(refused.status == 1)
        #expect(refused.err.contains("without harsh's habits and log files"))
    }

    @Test("importing a file that is no known format is one line, exit 1, nothing changed")
    func importRejects() async throws {
        let tend = try await CLIHarness()
        let file = tend.directory.path("notes.txt")
        try "hello".write(toFile: file, atomically: true, encoding: .utf8)
        let before = try await tend.operationCount()
        let result = await tend.run(["import", file])
        #expect(result.status == 1)
        #expect(result.errLines.count == 1)
        let missing = await tend.run(["import", tend.directory.path("nope.json")])
        #expect(missing.status == 1)
        #expect(missing.err.contains("cannot read"))
        #expect(try await tend.operationCount() == before)
    }

    @Test("backup, then restore brings the backup's data back (asks, or --yes)")
    func backupRestore() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Read"])
        let file = tend.directory.path("backup.sqlite")
        #expect(await tend.run(["backup", file]).status == 0)
        _ = await tend.run(["add", "Water"])
        let refused = await tend.run(["restore", file])
        #expect(refused.status == 1)
        #expect(try await tend.habitNames() == ["Read", "Water"])
        let restored = await tend.run(["restore", file, "--yes"])
        #expect(restored.status == 0, "\(restored.err)")
        #expect(try await tend.habitNames() == ["Read"])
        let notBackup = tend.directory.path("junk.sqlite")
        try "junk".write(toFile: notBackup, atomically: true, encoding: .utf8)
        let bad = await tend.run(["restore", notBackup, "--yes"])
        #expect(bad.status == 1)
        #expect(bad.err.contains("not a Tend backup"), "\(bad.err)")
        #expect(try await tend.habitNames() == ["Read"])
        // An export is named as one, with the command that takes it (issue 41: "SQLite error 26")
        let export = tend.directory.path("export.json")
        #expect(await tend.run(["export", "--output", export]).status == 0)
        let exported = await tend.run(["restore", export, "--yes"])
        #expect(exported.status == 1)
        #expect(exported.err.contains("is a Tend JSON export, not a backup") && exported.err.contains("tend import"), "\(exported.err)")
        #expect(!exported.err.contains("SQLite error"))
        #expect(try await tend.habitNames() == ["Read"])
    }

    @Test("doctor finds a habit summary that disagrees with the entries, and --rebuild mends it")
    func doctor() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Read"])
        _ = await tend.run(["check", "Read", "--date", "yesterday"])
        let built = await tend.run(["doctor", "--rebuild"])
        #expect(built.status == 0, "\(built.err)")
        let healthy = await tend.run(["doctor"])
        #expect(healthy.status == 0, "\(healthy.err)")
        #expect(healthy.out.contains("agrees"))

        // A summary changed behind Tend's back.
        let queue = try DatabaseQueue(path: tend.database)
        try await queue.write { db in
            try db.execute(sql: "UPDATE habit_summaries SET codes = zeroblob(length(codes)) WHERE length(codes) > 0")
        }
        try queue.close()
        let sick = await tend.run(["doctor"])
        #expect(sick.status == 1)
        #expect(sick.err.contains("disagrees") && sick.err.contains("tend doctor --rebuild"))
        let mended = await tend.run(["doctor", "--rebuild"])
        #expect(mended.status == 0, "\(mended.err)")
        #expect(await tend.run(["doctor"]).status == 0)
    }

    @Test("an unknown command suggests the closest one (exit 64)")
    func unknownCommand() async throws {
        let tend = try await CLIHarness()
        let result = await tend.run(["chek", "Read"])
        #expect(result.status == 64)
        #expect(result.err == "tend: unknown command 'chek'; did you mean 'check'? (see tend --help)\n")
    }

    @Test("shell completions come from ArgumentParser's generator")
    func completions() async throws {
        let tend = try await CLIHarness()
        for shell in ["bash", "zsh", "fish"] {
            let result = try await tend.runBinary(["--generate-completion-script", shell])
            #expect(result.status == 0)
            #expect(result.out.contains("check"))
        }
    }
}

/// What a new user met on the second day with Loop's CSV export and names (issue 41, item 17).
@Suite("Loop CSV round trip, and merging by name")
struct ImportRoundTripTests {
    static func source() async throws -> CLIHarness {
        let tend = try await CLIHarness()
        #expect(await tend.run(["add", "Water", "--type", "count", "--target", "8", "--unit", "glasses"]).status == 0)
        #expect(await tend.run(["add", "Meditate", "--type", "duration", "--target", "20m"]).status == 0)
        #expect(await tend.run(["add", "Gym", "--schedule", "mon,wed,fri", "--emoji", "🏋️", "--color", "red"]).status == 0)
        #expect(await tend.run(["set", "Water", "3", "--date", "2025-01-06"]).status == 0)
        #expect(await tend.run(["set", "Meditate", "25m", "--date", "2025-01-06"]).status == 0)
        #expect(await tend.run(["check", "Gym", "--date", "2025-01-06"]).status == 0)
        return tend
    }

    static func habits(_ tend: CLIHarness) async throws -> [[String: String]] {
        let list = try #require(try await tend.json(["list"]) as? [[String: Any]])
        return list.map { habit in
            var fields: [String: String] = [:]
            for key in ["name", "emoji", "color", "type", "kind", "target", "schedule", "unit"] {
                if let value = habit[key] { fields[key] = "\(value)" }
            }
            return fields
        }
    }

    @Test(
        "Tend's Loop CSV export comes back as it was (a time stays a time, Mon/Wed/Fri, emoji, colour); imported again it changes nothing")
    func loopCSVRoundTrip() async throws {
        let source = try await Self.source()
        let zip = source.directory.path("loop.zip")
        #expect(await source.run(["export", "--format", "loop-csv", "--output", zip]).status == 0)

        let fresh = try await CLIHarness()
        let imported = await fresh.run(["import", zip])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(try await Self.habits(fresh) == Self.habits(source))
        #expect(try await fresh.value("Meditate", on: "2025-01-06") == 1500)
        #expect(try await fresh.value("Gym", on: "2025-01-06") == 1)

        let again = try #require(try await source.json(["import", zip]) as? [String: Any])
        #expect(again["habitsAdded"] as? [String] == [])
        #expect(again["entriesAdded"] as? Int == 0)
        #expect(try await source.habitNames() == ["Water", "Meditate", "Gym"])
    }

    @Test("A habit with the name of one of yours is a copy unless --merge-names; merged, its check-ins join yours")
    func mergeNames() async throws {
        // Another tracker's file (Loop's CSV without Tend's column): same names, other ids.
        let source = try await Self.source()
        let zip = source.directory.path("loop.zip")
        #expect(await source.run(["export", "--format", "loop-csv", "--output", zip]).status == 0)
        let stripped = source.directory.path("stripped.zip")
        try Self.withoutTendColumn(zip, to: stripped)

        let mine = try await CLIHarness()
        #expect(await mine.run(["add", "Water", "--type", "count", "--target", "8", "--unit", "glasses"]).status == 0)
        #expect(await mine.run(["set", "Water", "5", "--date", "2025-01-07"]).status == 0)
        let dry = await mine.run(["import", stripped, "--dry-run"])
        #expect(dry.out.contains("1 habit has the name of one of yours (“Water”): importing with --merge-names"), "\(dry.out)")
        let merged = await mine.run(["import", stripped, "--merge-names"])
        #expect(merged.status == 0, "\(merged.err)")
        #expect(try await mine.habitNames() == ["Water", "Meditate", "Gym"])
        #expect(try await mine.value("Water", on: "2025-01-06") == 3)
        #expect(try await mine.value("Water", on: "2025-01-07") == 5)

        let other = try await CLIHarness()
        #expect(await other.run(["add", "Water", "--type", "count", "--target", "8"]).status == 0)
        #expect(await other.run(["import", stripped]).status == 0)
        #expect(try await other.habitNames().contains("Water (2)"))
    }

    /// The ZIP with `Habits.csv` cut to Loop's own columns, as Loop itself writes it.
    static func withoutTendColumn(_ path: String, to output: String) throws {
        let process = Process()
        let folder = (output as NSString).deletingLastPathComponent + "/unzipped"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c",
            """
            import csv, io, sys, zipfile
            src, dst = sys.argv[1], sys.argv[2]
            with zipfile.ZipFile(src) as z, zipfile.ZipFile(dst, 'w') as out:
                for name in z.namelist():
                    data = z.read(name)
                    if name == 'Habits.csv':
                        rows = list(csv.reader(io.StringIO(data.decode())))
                        buffer = io.StringIO()
                        csv.writer(buffer, lineterminator='\\n').writerows([row[:-1] for row in rows])
                        data = buffer.getvalue().encode()
                    out.writestr(name, data)
            """,
            path, output,
        ]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
    }
}
