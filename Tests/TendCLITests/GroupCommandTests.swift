import Foundation
import TendCLI
import TendTestSupport
import Testing

@Suite("Groups and tags: add, edit, list, today, groups")
struct GroupCommandTests {
    @Test("add and edit put habits in groups and tag them; --json carries group (or null) and tags")
    func groupsAndTags() async throws {
        let tend = try await CLIHarness()
        #expect(await tend.run(["add", "Run", "--group", "Health", "--tag", "morning", "--tag", "outdoors"]).status == 0)
        // A group named in another case joins the existing one.
        #expect(await tend.run(["add", "Stretch", "--group", "health"]).status == 0)
        #expect(await tend.run(["add", "Read"]).status == 0)
        let run = try #require(try await tend.json(["show", "Run"]) as? [String: Any])
        #expect(run["group"] as? String == "Health")
        #expect(run["tags"] as? [String] == ["morning", "outdoors"])
        let read = try #require(try await tend.json(["show", "Read"]) as? [String: Any])
        #expect(read["group"] is NSNull)
        #expect(read["tags"] as? [String] == [])
        #expect(try await tend.json(["show", "Stretch"]) as? [String: Any] != nil)
        let stretch = try #require(try await tend.json(["show", "Stretch"]) as? [String: Any])
        #expect(stretch["group"] as? String == "Health")

        #expect(await tend.run(["edit", "Run", "--untag", "MORNING", "--tag", "weekly"]).status == 0)
        let edited = try #require(try await tend.json(["show", "Run"]) as? [String: Any])
        #expect(edited["tags"] as? [String] == ["outdoors", "weekly"])
        #expect(await tend.run(["edit", "Run", "--no-group"]).status == 0)
        #expect((try await tend.json(["show", "Run"]) as? [String: Any])?["group"] is NSNull)

        let tagged = try #require(try await tend.json(["list", "--tag", "Outdoors"]) as? [[String: Any]])
        #expect(tagged.map { $0["name"] as? String } == ["Run"])
        let health = try #require(try await tend.json(["list", "--group", "HEALTH"]) as? [[String: Any]])
        #expect(health.map { $0["name"] as? String } == ["Stretch"])
        let text = await tend.run(["list"])
        #expect(text.out.contains("#outdoors #weekly"))
        #expect(text.out.contains("Health"))
    }

    @Test("today --group shows that group's habits with their own score; unknown groups and tags are errors")
    func todayByGroup() async throws {
        let tend = try await CLIHarness()
        #expect(await tend.run(["add", "Run", "--group", "Health"]).status == 0)
        #expect(await tend.run(["add", "Read", "--group", "Mind"]).status == 0)
        #expect(await tend.run(["check", "Run"]).status == 0)
        let health = try #require(try await tend.json(["today", "--group", "health"]) as? [String: Any])
        #expect((health["score"] as? Double) == 1)
        let all = try #require(try await tend.json(["today"]) as? [String: Any])
        #expect((all["score"] as? Double).map { $0 < 1 } == true)
        let sections = await tend.run(["today", "--by-group"])
        #expect(sections.status == 0)
        let sectionLines = sections.out.split(separator: "\n").map(String.init)
        let healthLine = try #require(sectionLines.firstIndex { $0.hasPrefix("Health") })
        let mindLine = try #require(sectionLines.firstIndex { $0.hasPrefix("Mind") })
        #expect(
            healthLine < mindLine && sectionLines[healthLine].contains("100%") && sectionLines[mindLine].contains("0%"), "\(sectionLines)")
        let unknown = await tend.run(["today", "--group", "Hobbies"])
        #expect(unknown.status == 1)
        #expect(unknown.err.contains("no group named “Hobbies”") && unknown.err.contains("Health, Mind"))
        let noTag = await tend.run(["list", "--tag", "nope"])
        #expect(noTag.status == 1 && noTag.err.contains("no habit has the tag"))

        // Statistics by group: a heading per group in the groups' order, each habit under its own.
        #expect(await tend.run(["add", "Walk"]).status == 0)
        #expect(await tend.run(["groups", "reorder", "Mind"]).status == 0)
        let stats = await tend.run(["stats", "--by-group"])
        #expect(stats.status == 0)
        let lines = stats.out.split(separator: "\n").map(String.init)
        let order = ["Mind", "Read", "Health", "Run", "No group", "Walk"].map { word in lines.firstIndex { $0.contains(word) } }
        #expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "\(lines)")
        let healthStats = try #require(try await tend.json(["stats", "--group", "Health"]) as? [[String: Any]])
        #expect(healthStats.map { $0["name"] as? String } == ["Run"])
    }

    @Test("tend groups lists, adds, renames, reorders and deletes; deleting keeps the habits")
    func groupsCommand() async throws {
        let tend = try await CLIHarness()
        #expect(await tend.run(["add", "Run", "--group", "Health"]).status == 0)
        #expect(await tend.run(["add", "Code", "--group", "Work"]).status == 0)
        #expect(await tend.run(["groups", "add", "Home", "--emoji", "🏠"]).status == 0)
        var groups = try #require(try await tend.json(["groups"]) as? [[String: Any]])
        #expect(groups.map { $0["name"] as? String } == ["Home", "Health", "Work"])
        #expect(groups.first?["emoji"] as? String == "🏠")
        #expect(await tend.run(["groups", "reorder", "work", "health"]).status == 0)
        groups = try #require(try await tend.json(["groups", "list"]) as? [[String: Any]])
        #expect(groups.map { $0["name"] as? String } == ["Work", "Health", "Home"])
        #expect(await tend.run(["groups", "rename", "Health", "Body"]).status == 0)
        #expect((try await tend.json(["show", "Run"]) as? [String: Any])?["group"] as? String == "Body")
        let deleted = await tend.run(["groups", "delete", "body"])
        #expect(deleted.status == 0 && deleted.out.contains("1 habit(s) are kept"))
        #expect((try await tend.json(["show", "Run"]) as? [String: Any])?["group"] is NSNull)
        #expect(try #require(try await tend.json(["list"]) as? [[String: Any]]).count == 2)
    }

    @Test("Bad input: unknown groups, 200 tags, a huge tag, --group with --no-group, an absent tag; nothing changes")
    func badInput() async throws {
        let tend = try await CLIHarness()
        #expect(await tend.run(["add", "Run", "--group", "Health", "--tag", "a"]).status == 0)
        let before = try #require(try await tend.json(["show", "Run"]) as? [String: Any])
        var refused: [[String]] = [
            ["groups", "rename", "Nope", "X"], ["groups", "delete", "Nope"], ["groups", "reorder", "Nope"],
            ["groups", "add", "Fun", "--emoji", "ab"], ["groups", "add", String(repeating: "g", count: 51)],
            ["edit", "Run", "--group", "A", "--no-group"], ["edit", "Run", "--untag", "b"],
            ["edit", "Run", "--tag", String(repeating: "x", count: 10_000)], ["edit", "Run", "--tag", "a,b"],
            ["edit", "Run", "--group", ""],
        ]
        refused.append(["edit", "Run"] + (1...200).flatMap { ["--tag", "t\($0)"] })
        for arguments in refused {
            let result = await tend.run(arguments)
            #expect(result.status == 1, "\(arguments.prefix(4))")
            #expect(result.errLines.count == 1, "\(arguments.prefix(4)): \(result.err)")
        }
        let after = try #require(try await tend.json(["show", "Run"]) as? [String: Any])
        #expect(after["group"] as? String == before["group"] as? String)
        #expect(after["tags"] as? [String] == ["a"])
        #expect(try #require(try await tend.json(["groups"]) as? [[String: Any]]).map { $0["name"] as? String } == ["Health"])
    }
}
