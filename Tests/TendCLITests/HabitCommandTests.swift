import Foundation
import TendCLI
import TendCore
import TendSQLite
import TendStore
import TendTestSupport
import Testing

@Suite("Habits: add, edit, list, show, archive, reorder, remove")
struct HabitCommandTests {
    @Test("add with no options makes a daily good checkmark habit")
    func addDefaults() async throws {
        let tend = try await CLIHarness()
        let added = await tend.run(["add", "Read"])
        #expect(added.status == 0)
        #expect(added.out.contains("Added"))
        let list = try #require(try await tend.json(["list"]) as? [[String: Any]])
        #expect(list.count == 1)
        let read = list[0]
        #expect(read["name"] as? String == "Read")
        #expect(read["kind"] as? String == "good")
        #expect(read["type"] as? String == "checkmark")
        #expect(read["schedule"] as? String == "daily")
        #expect(read["target"] as? Int == 1)
        #expect(read["isArchived"] as? Bool == false)
        for key in ["id", "emoji", "color", "notes", "unit", "routineTime", "reminders", "order", "createdOn"] {
            #expect(read[key] != nil, "missing key \(key)")
        }
    }

    @Test("add sets every attribute")
    func addEveryAttribute() async throws {
        let tend = try await CLIHarness()
        let result = await tend.run([
            "add", "Water", "--emoji", "💧", "--color", "cyan", "--type", "count", "--target", "8", "--unit", "glasses",
            "--schedule", "mon,wed,fri", "--routine-time", "morning", "--notes", "big glass",
            "--reminder", "08:00", "--reminder", "14:30",
        ])
        #expect(result.status == 0, "\(result.err)")
        let water = try #require(try await tend.json(["show", "water"]) as? [String: Any])
        #expect(water["emoji"] as? String == "💧")
        #expect(water["color"] as? String == "cyan")
        #expect(water["type"] as? String == "count")
        #expect(water["target"] as? Int == 8)
        #expect(water["unit"] as? String == "glasses")
        #expect(water["schedule"] as? String == "mon,wed,fri")
        #expect(water["routineTime"] as? String == "morning")
        #expect(water["notes"] as? String == "big glass")
        #expect(water["reminders"] as? [String] == ["08:00", "14:30"])
        #expect(await tend.run(["edit", "Water", "--no-reminders"]).status == 0)
        let cleared = try #require(try await tend.json(["show", "Water"]) as? [String: Any])
        #expect(cleared["reminders"] as? [String] == [])
        let badTime = await tend.run(["edit", "Water", "--reminder", "25:00"])
        #expect(badTime.status == 1)
        #expect(badTime.errLines.count == 1)

        let meditate = await tend.run(["add", "Meditate", "--type", "duration", "--target", "20m", "--schedule", "3 in 7 days"])
        #expect(meditate.status == 0, "\(meditate.err)")
        let json = try #require(try await tend.json(["show", "Meditate"]) as? [String: Any])
        #expect(json["target"] as? Int == 1200)
        #expect(json["schedule"] as? String == "3 in 7 days")

        for schedule in ["3/week", "2/month", "every 3 days", "daily"] {
            let added = await tend.run(["add", "H \(schedule)", "--schedule", schedule])
            #expect(added.status == 0, "\(schedule): \(added.err)")
        }
        let smoking = await tend.run(["add", "Smoking", "--kind", "bad"])
        #expect(smoking.status == 0)
        let bad = try #require(try await tend.json(["show", "smoking"]) as? [String: Any])
        #expect(bad["kind"] as? String == "bad")
        #expect(bad["target"] as? Int == 0)
    }

    @Test("a bad schedule, a duplicate name or a bad option value is one line on stderr, exit 1, nothing added")
    func addRejectsBadInput() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Read"])
        let before = try await tend.operationCount()
        let cases: [([String], String)] = [
            (["add", "Run", "--schedule", "sometimes"], "schedule"),
            (["add", "read"], "already exists"),
            (["add", "Run", "--color", "plaid"], "not a color"),
            (["add", "Run", "--kind", "ugly"], "not a kind"),
            (["add", "Run", "--type", "count", "--target", "lots"], "takes a number above 0 (up to three decimals) up to 1000000"),
            (["add", "Run", "--emoji", "xy"], "emoji"),
            (["add", "Run", "--schedule", "0/week"], "schedule"),
        ]
        for (arguments, message) in cases {
            let result = await tend.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.errLines.count == 1, "\(arguments): \(result.err)")
            #expect(result.err.hasPrefix("tend: "))
            #expect(result.err.contains(message), "\(arguments): \(result.err)")
        }
        #expect(try await tend.habitNames() == ["Read"])
        #expect(try await tend.operationCount() == before)
    }

    @Test("add refuses the 1,001st habit (archived ones count) with the API's words, adds nothing, and adds again once one is deleted")
    func addRefusesPastTheLimit() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Habit 0"])
        do {
            let store = try SQLiteStore(path: tend.database, device: "seed")
            let owner = try #require(try await store.user(named: "me")).id
            try await store.applyChanges(
                owner: owner,
                (1..<Habit.maximumPerOwner).map {
                    .habitCreated(habit: Habit(name: "Habit \($0)", order: $0, createdOn: Day("2025-06-01")!))
                })
        }
        #expect(await tend.run(["archive", "Habit 0"]).status == 0)
        let before = try await tend.operationCount()
        let refused = await tend.run(["add", "One too many"])
        #expect(refused.status == 1)
        #expect(refused.errLines.count == 1, "\(refused.err)")
        #expect(
            refused.err.contains("you have 1000 habits, the most Tend keeps for one person is 1000: delete some you no longer track first"),
            "\(refused.err)")
        #expect(try await tend.operationCount() == before)
        #expect(await tend.run(["remove", "Habit 5", "--yes"]).status == 0)
        let added = await tend.run(["add", "One too many"])
        #expect(added.status == 0, "\(added.err)")
        // Last in the order, after every habit that was there.
        let list = try #require(try await tend.json(["list", "--all"]) as? [[String: Any]])
        #expect(list.last?["name"] as? String == "One too many")
    }

    @Test("an unknown habit suggests the closest name and changes nothing")
    func unknownHabitSuggests() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Read"])
        _ = await tend.run(["add", "Water"])
        let before = try await tend.operationCount()
        for command in [
            ["check", "Raed"], ["edit", "Raed", "--emoji", "📚"], ["remove", "Raed", "--yes"], ["history", "Raed"], ["stats", "Raed"],
        ] {
            let result = await tend.run(command)
            #expect(result.status == 1)
            #expect(result.err == "tend: no habit named 'Raed'; did you mean 'Read'?\n")
        }
        let far = await tend.run(["check", "Swimming"])
        #expect(far.status == 1)
        #expect(far.err.contains("no habit named 'Swimming'"))
        #expect(!far.err.contains("did you mean"))
        #expect(try await tend.operationCount() == before)
    }

    @Test("habits are found by name in any case or by id")
    func lookupByCaseAndId() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Read"])
        let read = try #require(try await tend.json(["show", "READ"]) as? [String: Any])
        let id = try #require(read["id"] as? String)
        #expect(await tend.run(["check", id, "--date", "2025-01-06"]).status == 0)
        #expect(try await tend.value("read", on: "2025-01-06") == 1)
    }

    @Test("edit changes attributes; rename keeps history")
    func edit() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Read"])
        _ = await tend.run(["check", "Read", "--date", "2025-01-06"])
        let result = await tend.run(["edit", "Read", "--name", "Reading", "--schedule", "3/week", "--emoji", "📚"])
        #expect(result.status == 0, "\(result.err)")
        let habit = try #require(try await tend.json(["show", "Reading"]) as? [String: Any])
        #expect(habit["schedule"] as? String == "3/week")
        #expect(habit["emoji"] as? String == "📚")
        #expect(try await tend.value("Reading", on: "2025-01-06") == 1)
        let bad = await tend.run(["edit", "Reading", "--target", "5"])
        #expect(bad.status == 1)
        #expect(bad.err.contains("target 5"))
    }

    @Test("archive hides a habit from list and today; unarchive brings it back")
    func archive() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Read"])
        _ = await tend.run(["add", "Water"])
        #expect(await tend.run(["archive", "Read"]).status == 0)
        let active = try #require(try await tend.json(["list"]) as? [[String: Any]])
        #expect(active.compactMap { $0["name"] as? String } == ["Water"])
        #expect(try await tend.habitNames() == ["Read", "Water"])
        #expect(await tend.run(["unarchive", "read"]).status == 0)
        let back = try #require(try await tend.json(["list"]) as? [[String: Any]])
        #expect(back.count == 2)
    }

    @Test("reorder puts the habits named first, or moves one to a position")
    func reorder() async throws {
        let tend = try await CLIHarness()
        for name in ["A", "B", "C"] { _ = await tend.run(["add", name]) }
        #expect(await tend.run(["reorder", "C", "B"]).status == 0)
        #expect(try await tend.habitNames() == ["C", "B", "A"])
        #expect(await tend.run(["reorder", "A", "--to", "1"]).status == 0)
        #expect(try await tend.habitNames() == ["A", "C", "B"])
        let usage = await tend.run(["reorder", "A", "B", "--to", "1"])
        #expect(usage.status == 64)
    }

    @Test("remove refuses without --yes when input is not a terminal, and changes nothing")
    func removeNeedsYes() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Read"])
        _ = await tend.run(["check", "Read", "--date", "2025-01-06"])
        let before = try await tend.operationCount()
        let refused = await tend.run(["remove", "Read"])
        #expect(refused.status == 1)
        #expect(refused.err == "tend: not removing 'Read' without --yes (input is not a terminal)\n")
        #expect(try await tend.habitNames() == ["Read"])
        #expect(try await tend.operationCount() == before)
    }

    @Test("remove asks on a terminal: no keeps the habit, yes removes it")
    func removeAsks() async throws {
        let tend = try await CLIHarness()
        _ = await tend.run(["add", "Read"])
        let kept = await tend.run(["remove", "Read"], stdinIsTerminal: true, input: "n")
        #expect(kept.status == 0)
        #expect(kept.out.contains("[y/N]"))
        #expect(try await tend.habitNames() == ["Read"])
        let removed = await tend.run(["remove", "Read"], stdinIsTerminal: true, input: "y")
        #expect(removed.status == 0)
        #expect(try await tend.habitNames() == [])
        _ = await tend.run(["add", "Water"])
        #expect(await tend.run(["rm", "water", "--yes"]).status == 0)
        #expect(try await tend.habitNames() == [])
    }
}
