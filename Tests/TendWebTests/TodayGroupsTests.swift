import Foundation
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendStore
import Testing

@testable import TendWeb

@Suite("Today by group and by tag")
struct TodayGroupsTests {
    @Test("By group: sections in the group order with their own score, then No group; the choice is this browser's")
    func byGroup() async throws {
        try await WebHarness().run { browser, store in
            try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let created = WebFixtures.day("2025-06-01")
            let run = try await store.createHabit(owner: owner, Habit(name: "Run", group: "Health", tags: ["outdoors"], createdOn: created))
            _ = try await store.createHabit(owner: owner, Habit(name: "Stretch", group: "Health", order: 1, createdOn: created))
            _ = try await store.createHabit(owner: owner, Habit(name: "Code", group: "Work", tags: ["desk"], order: 2, createdOn: created))
            _ = try await store.createHabit(owner: owner, Habit(name: "Read", order: 3, createdOn: created))
            try await store.saveGroup(owner: owner, HabitGroup(name: "Work", emoji: "💼"))
            _ = try await store.check(owner: owner, habit: run.id, day: WebFixtures.day("2025-06-15"))

            // By time first (the default), with the switch offered
            var page = try await browser.get("/").text
            #expect(page.contains(#"href="/today/view?by=groups""#) && !page.contains("details class=\"group area\""))
            let set = try await browser.get("/today/view?by=groups")
            #expect(set.status == .seeOther && set.headers[.location] == "/")
            #expect(browser.cookies["tend_today"] == "g")
            page = try await browser.get("/").text
            let titles = ["💼 Work", "Health", "No group"].map { page.range(of: $0)?.lowerBound }
            #expect(titles.allSatisfy { $0 != nil })
            #expect(titles.compactMap { $0 } == titles.compactMap { $0 }.sorted(), "Work (described) first, then Health, then No group")
            #expect(page.contains("1 of 2 · 50"), "Health's own score")
            #expect(page.contains("0 of 1 · 0"), "Work's own score")

            // Another browser (another device) has its own choice.
            let phone = browser.another()
            try await phone.signIn("ana")
            #expect(!(try await phone.get("/").text.contains("details class=\"group area\"")))

            // The tag filter keeps only the tagged habits, in either arrangement.
            _ = try await browser.get("/today/view?by=groups&tag=Desk")
            page = try await browser.get("/").text
            #expect(page.contains("Code") && !page.contains(">Run<") && !page.contains("Stretch"))
            #expect(page.contains(#"<option value="desk" selected>#desk</option>"#))
            _ = try await browser.get("/today/view?by=time&tag=")
            page = try await browser.get("/").text
            #expect(page.contains("Stretch") && page.contains("Code"))

            // Bad input: an unknown arrangement and a tag that could not exist are refused.
            #expect(try await browser.get("/today/view?by=sideways").status == .badRequest)
            #expect(try await browser.get("/today/view?tag=" + String(repeating: "x", count: 40)).status == .unprocessableContent)
        }
    }
}

@Suite("Groups on the habits page")
struct GroupPagesTests {
    @Test("The habits page lists the groups: rename, emoji, move and delete, each through a form; bad input is 422 and changes nothing")
    func manageGroups() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let created = WebFixtures.day("2025-06-01")
            let run = try await store.createHabit(owner: owner, Habit(name: "Run", group: "Health & Body", createdOn: created))
            _ = try await store.createHabit(owner: owner, Habit(name: "Code", group: "Work", order: 1, createdOn: created))
            var page = try await browser.get("/habits").text
            #expect(page.contains(#"action="/groups/Health%20%26%20Body""#) && page.contains(#"value="Work""#))

            let renamed = try await browser.post("/groups/Health%20%26%20Body", [("_csrf", csrf), ("name", "Body"), ("emoji", "💪")])
            #expect(renamed.status == .seeOther)
            #expect(try await store.habit(owner: owner, id: run.id).group == "Body")
            #expect(try await store.groups(owner: owner) == [HabitGroup(name: "Body", emoji: "💪"), HabitGroup(name: "Work")])

            #expect(try await browser.post("/groups/Work/move", [("_csrf", csrf), ("direction", "up")]).status == .seeOther)
            #expect(try await store.groups(owner: owner).map(\.name) == ["Work", "Body"])

            let before = try await store.exportState(owner: owner)
            let taken = try await browser.post("/groups/Work", [("_csrf", csrf), ("name", "body"), ("emoji", "")])
            #expect(taken.status == .unprocessableContent && taken.text.contains("already exists"))
            let badEmoji = try await browser.post("/groups/Work", [("_csrf", csrf), ("name", "Work"), ("emoji", "ab")])
            #expect(badEmoji.status == .unprocessableContent)
            #expect(try await browser.post("/groups/Nope/delete", [("_csrf", csrf)]).status == .notFound)
            #expect(try await browser.post("/groups/Work/delete", []).status == .forbidden, "no CSRF token")
            #expect(try await store.exportState(owner: owner) == before)

            #expect(try await browser.post("/groups/Body/delete", [("_csrf", csrf)]).status == .seeOther)
            #expect(try await store.habit(owner: owner, id: run.id).group == "")
            page = try await browser.get("/habits").text
            #expect(!page.contains(#"value="Body""#) && page.contains("Run"))
        }
    }
}
