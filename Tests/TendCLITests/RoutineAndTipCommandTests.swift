import Foundation
import TendCLI
import TendTestSupport
import Testing

@Suite("Routines and tips")
struct RoutineAndTipCommandTests {
    @Test("create a routine, add habits in order, reorder, delete keeps the habits")
    func routines() async throws {
        let tend = try await CLIHarness()
        for name in ["Meditate", "Water", "Stretch"] { _ = await tend.run(["add", name]) }
        let created = await tend.run(["routine", "create", "Morning", "--start", "06:30", "--days", "weekdays"])
        #expect(created.status == 0, "\(created.err)")
        _ = await tend.run(["routine", "create", "Evening", "--start", "21:00"])
        _ = await tend.run(["routine", "add", "Morning", "Meditate"])
        _ = await tend.run(["routine", "add", "morning", "Stretch"])
        _ = await tend.run(["routine", "add", "Morning", "Water", "--at", "1"])
        let morning = try #require(try await tend.json(["routine", "show", "Morning"]) as? [String: Any])
        #expect(morning["habits"] as? [String] == ["Water", "Meditate", "Stretch"])
        #expect(morning["start"] as? String == "06:30")
        #expect(morning["weekdays"] as? [String] == ["mon", "tue", "wed", "thu", "fri"])
        _ = await tend.run(["routine", "remove", "Morning", "Stretch"])
        _ = await tend.run(["routine", "reorder", "Evening"])
        let list = try #require(try await tend.json(["routine", "list"]) as? [[String: Any]])
        #expect(list.compactMap { $0["name"] as? String } == ["Evening", "Morning"])

        let refused = await tend.run(["routine", "delete", "Morning"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("without --yes"))
        let asked = await tend.run(["routine", "delete", "Morning"], stdinIsTerminal: true, input: "n")
        #expect(asked.out.contains("“Water”, “Meditate”"))
        #expect(asked.out.contains("kept with all their history"))
        #expect(await tend.run(["routine", "delete", "Morning", "--yes"]).status == 0)
        #expect(try await tend.habitNames() == ["Meditate", "Water", "Stretch"])

        let typo = await tend.run(["routine", "show", "Evenin"])
        #expect(typo.err == "tend: no routine named 'Evenin'; did you mean 'Evening'?\n")
        let badTime = await tend.run(["routine", "create", "Noon", "--start", "25:00"])
        #expect(badTime.status == 1)
        #expect(badTime.errLines.count == 1)
    }

    @Test("tips list what applies; dismiss hides one for good")
    func tips() async throws {
        let tend = try await CLIHarness()
        let first = try #require(try await tend.json(["tips"]) as? [[String: Any]])
        #expect(first.compactMap { $0["id"] as? String }.contains("addFirstHabit"))
        _ = await tend.run(["add", "Read"])
        let after = try #require(try await tend.json(["tips"]) as? [[String: Any]])
        let ids = after.compactMap { $0["id"] as? String }
        #expect(!ids.contains("addFirstHabit"))
        #expect(ids.contains("habitStacking"))
        #expect(await tend.run(["tips", "dismiss", "habitStacking"]).status == 0)
        let dismissed = try #require(try await tend.json(["tips"]) as? [[String: Any]])
        #expect(!dismissed.compactMap { $0["id"] as? String }.contains("habitStacking"))
        let unknown = await tend.run(["tips", "dismiss", "nope"])
        #expect(unknown.status == 1)

        let plain = await tend.run(["today"])
        #expect(!plain.out.contains("Tip:"))
        let tty = await tend.run(["today"], stdoutIsTerminal: true)
        #expect(tty.out.contains("Tip:"))
        let quiet = await tend.run(["today", "--quiet"], stdoutIsTerminal: true)
        #expect(!quiet.out.contains("Tip:"))
    }

    @Test("today groups habits by routine (start-time order, with name and time) before the rest; moving a habit says where it left")
    func todayByRoutine() async throws {
        let tend = try await CLIHarness()
        for name in ["Water", "Read", "Stretch", "Floss"] { _ = await tend.run(["add", name]) }
        _ = await tend.run(["routine", "create", "Evening", "--start", "21:00"])
        _ = await tend.run(["routine", "create", "Morning", "--start", "06:30"])
        _ = await tend.run(["routine", "add", "Morning", "Stretch"])
        _ = await tend.run(["routine", "add", "Morning", "Water"])
        _ = await tend.run(["routine", "add", "Evening", "Floss"])
        let moved = await tend.run(["routine", "add", "Evening", "Water"])
        #expect(moved.out.contains("Water left Morning."), "\(moved.out)")
        let today = await tend.run(["today", "--ascii"]).out
        let lines = today.split(separator: "\n").map(String.init)
        let morning = try #require(lines.firstIndex(of: "Morning (06:30)"), "\(today)")
        let evening = try #require(lines.firstIndex(of: "Evening (21:00)"), "\(today)")
        let read = try #require(lines.firstIndex { $0.contains("Read") })
        #expect(morning < evening && evening < read)
        #expect(lines[morning + 1].contains("Stretch"))
        #expect(lines[evening + 1].contains("Floss") && lines[evening + 2].contains("Water"))
        let json = try #require(try await tend.json(["today"]) as? [String: Any])
        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.compactMap { ($0["routine"] as? [String: Any])?["name"] as? String } == ["Morning", "Evening"])
        #expect((groups[0]["routine"] as? [String: Any])?["start"] as? String == "06:30")
    }

    @Test("the terminal shows only the tips that speak of it: never the web app's habit menu")
    func terminalTipsOnly() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Read"])
        let applying = try #require(try await tend.json(["tips"]) as? [[String: Any]])
        #expect(!applying.isEmpty)
        #expect(!applying.compactMap { $0["id"] as? String }.contains("manageHabit"))
        let every = try #require(try await tend.json(["tips", "list", "--all"]) as? [[String: Any]])
        #expect(!every.compactMap { $0["id"] as? String }.contains("manageHabit"))
        #expect(!(await tend.run(["tips", "--all"])).out.contains("menu"))
        // Every tip today shows in turn, dismissing each: none is the web's.
        var shown: [String] = []
        for _ in 0..<10 {
            let today = await tend.run(["today"], stdoutIsTerminal: true)
            guard let tip = today.out.split(separator: "\n").first(where: { $0.contains("Tip:") }) else { break }
            shown.append(String(tip))
            #expect(await tend.run(["tips", "dismiss"]).status == 0)
        }
        #expect(!shown.isEmpty)
        #expect(!shown.contains { $0.contains("menu") }, "\(shown)")
        // The web's tip can still be dismissed from here: the state is shared.
        #expect(await tend.run(["tips", "dismiss", "manageHabit"]).status == 0)
    }
}
