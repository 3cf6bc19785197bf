import Foundation
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendHTTP
import TendStore
import Testing

@testable import TendWeb

/// The routines page, the habits list and the note form over HTTP, as a browser without
/// JavaScript uses them: every form posts with its CSRF token and is answered 303; saving and
/// deleting a routine answer a confirmation page first.
@Suite("Routines, habit list and note forms without JavaScript")
struct RoutineFormTests {
    struct Account: Sendable {
        let browser: Browser
        let store: any ServerStore
        let owner: User.ID
        let csrf: String

        func habit(_ name: String) async throws -> Habit {
            let existing = try await store.habits(owner: owner, includeArchived: true)
            return try await store.createHabit(
                owner: owner, Habit(name: name, order: existing.count, createdOn: WebFixtures.day("2025-06-01")))
        }

        func routine(_ name: String, habits: [Habit] = []) async throws -> Routine {
            let existing = try await store.routines(owner: owner)
            return try await store.createRoutine(
                owner: owner, Routine(name: name, start: try TimeOfDay(hour: 7), habitIDs: habits.map(\.id), order: existing.count))
        }

        var routines: [Routine] { get async throws { try await store.routines(owner: owner) } }

        func post(_ path: String, _ fields: [(String, String)] = []) async throws -> TestResponse {
            try await browser.post(path, [("_csrf", csrf)] + fields)
        }
    }

    static func signedIn(_ body: @escaping @Sendable (Account) async throws -> Void) async throws {
        try await WebHarness { $0.openRegistration = true }.run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            try await body(Account(browser: browser, store: store, owner: owner, csrf: csrf))
        }
    }

    static let editorFields = [("name", "Morning"), ("start", "06:30"), ("weekday", "mon"), ("weekday", "tue"), ("color", "orange")]

    @Test("Creating a routine: the post first answers what will be created (nothing saved), then confirm=yes saves it")
    func create() async throws {
        try await Self.signedIn { ana in
            let form = try await ana.browser.get("/routines/new")
            #expect(form.status == .ok)
            #expect(form.text.contains(#"<input type="time" id="start" name="start" value="07:00""#))

            let asked = try await ana.post("/routines/new", Self.editorFields)
            #expect(asked.status == .ok)
            #expect(asked.text.contains("Create “Morning”?"))
            #expect(asked.text.contains("Create “Morning”: mon, tue, starting at 06:30, in orange."))
            #expect(asked.text.contains(#"<input type="hidden" name="weekday" value="tue">"#))
            #expect(try await ana.routines.isEmpty)

            let back = try await ana.post("/routines/new", Self.editorFields + [("confirm", "edit")])
            #expect(back.status == .ok)
            #expect(back.text.contains(#"value="Morning""#))
            #expect(try await ana.routines.isEmpty)

            let saved = try await ana.post("/routines/new", Self.editorFields + [("confirm", "yes")])
            #expect(saved.status == .seeOther)
            let routine = try #require(try await ana.routines.first)
            #expect(saved.headers[.location] == "/routines#routine-\(routine.id)")
            #expect(routine.name == "Morning")
            #expect(routine.start == (try TimeOfDay(hour: 6, minute: 30)))
            #expect(routine.weekdays == [.monday, .tuesday])
            #expect(routine.color == .orange)
            let page = try await ana.browser.get("/routines")
            #expect(page.status == .ok)
            #expect(page.text.contains("<h2>Morning</h2>"))
            #expect(page.text.contains("06:30 · Mon, Tue · 0 habits"))
        }
    }

    @Test("A refused routine form answers 422 with the values as typed and saves nothing, confirmed or not")
    func refused() async throws {
        try await Self.signedIn { ana in
            _ = try await ana.routine("Evening")
            for confirm in ["", "yes"] {
                let empty = try await ana.post(
                    "/routines/new", [("name", "  "), ("start", "06:15"), ("weekday", "sun"), ("color", "teal"), ("confirm", confirm)])
                #expect(empty.status == .unprocessableContent)
                #expect(empty.text.contains("Give the routine a name."))
                #expect(empty.text.contains(#"value="06:15""#))
                #expect(empty.text.contains(#"value="sun" checked"#))
                #expect(empty.text.contains(#"value="teal" checked"#))
            }
            let taken = try await ana.post(
                "/routines/new", [("name", "evening"), ("start", "07:00"), ("weekday", "mon"), ("color", "blue"), ("confirm", "yes")])
            #expect(taken.status == .unprocessableContent)
            #expect(taken.text.contains("You already have a routine named “evening”."))
            #expect(try await ana.routines.map(\.name) == ["Evening"])
        }
    }

    @Test("Editing asks first, saying what changes; an unchanged form saves nothing and goes back")
    func edit() async throws {
        try await Self.signedIn { ana in
            let water = try await ana.habit("Water")
            let morning = try await ana.routine("Morning", habits: [water])
            let form = try await ana.browser.get("/routines/\(morning.id)/edit")
            #expect(form.text.contains(#"value="Morning""#))
            let fields = [("name", "Dawn"), ("start", "07:00")] + Weekday.allCases.map { ("weekday", $0.code) } + [("color", "blue")]
            let asked = try await ana.post("/routines/\(morning.id)/edit", fields)
            #expect(asked.status == .ok)
            #expect(asked.text.contains("Save changes to “Morning”?"))
            #expect(asked.text.contains("The name becomes “Dawn”. Its 1 habit stays in it, in the same order."))
            #expect(try await ana.routines.first?.name == "Morning")
            let saved = try await ana.post("/routines/\(morning.id)/edit", fields + [("confirm", "yes")])
            #expect(saved.status == .seeOther)
            let after = try #require(try await ana.routines.first)
            #expect(after.name == "Dawn")
            #expect(after.habitIDs == [water.id])
            let same = try await ana.post("/routines/\(morning.id)/edit", fields)
            #expect(same.status == .seeOther)
            #expect(same.headers[.location] == "/routines#routine-\(morning.id)")
        }
    }

    @Test("A stale editor saves only what it changed: opened before a rename elsewhere, a colour change keeps the new name")
    func staleEditorKeepsNewerFields() async throws {
        try await Self.signedIn { ana in
            // Given an editor opened on "Morning",
            let water = try await ana.habit("Water")
            let morning = try await ana.routine("Morning", habits: [water])
            let stale = try HabitEditorTests.renderedFields(try await ana.browser.get("/routines/\(morning.id)/edit").text)
                .filter { $0.0 != "_csrf" }
            #expect(stale.contains { $0.0 == "original" })
            #expect(stale.contains { $0 == ("name", "Morning") })

            // when another device renames the routine and moves its start,
            var renamed = morning
            renamed.name = "Dawn"
            renamed.start = try TimeOfDay(hour: 6)
            _ = try await ana.store.updateRoutine(owner: ana.owner, renamed)

            // and the stale form is saved with only the colour changed,
            let fields = stale.map { $0.0 == "color" ? ("color", "green") : $0 }
            let asked = try await ana.post("/routines/\(morning.id)/edit", fields)
            #expect(asked.status == .ok)
            #expect(asked.text.contains("Its colour becomes green. Its 1 habit stays in it, in the same order."))
            #expect(asked.text.contains(#"<input type="hidden" name="original""#), "the confirmation posts the snapshot again")
            let back = try await ana.post("/routines/\(morning.id)/edit", fields + [("confirm", "edit")])
            #expect(back.text.contains(#"<input type="hidden" name="original""#), "and so does the form it goes back to")
            let saved = try await ana.post("/routines/\(morning.id)/edit", fields + [("confirm", "yes")])
            #expect(saved.status == .seeOther)

            // then the colour changes, and the rename, the start and the habits stay.
            let after = try #require(try await ana.routines.first)
            let six = try TimeOfDay(hour: 6)
            #expect(after.color == .green)
            #expect(after.name == "Dawn" && after.start == six)
            #expect(after.habitIDs == [water.id])
            let log = try await ana.store.operations(owner: ana.owner, after: 0, limit: 100)
            #expect(log.last?.operation.change == .routinePatched(id: morning.id, patch: RoutinePatch(color: .green)))
        }
    }

    @Test("Deleting asks first, naming the habits that stay; confirmed, the routine goes and its habits and history stay")
    func delete() async throws {
        try await Self.signedIn { ana in
            let water = try await ana.habit("Water")
            let read = try await ana.habit("Read")
            _ = try await ana.store.check(owner: ana.owner, habit: water.id, day: WebFixtures.day("2025-06-14"))
            let morning = try await ana.routine("Morning", habits: [water, read])
            for asked in [
                try await ana.post("/routines/\(morning.id)/delete"), try await ana.browser.get("/routines/\(morning.id)/delete"),
            ] {
                #expect(asked.status == .ok)
                #expect(asked.text.contains("Delete “Morning”?"))
                #expect(asked.text.contains("Its 2 habits (“Water”, “Read”) stay, with all their history, no longer in a routine."))
                #expect(asked.text.contains(#"name="confirm" value="yes""#))
            }
            #expect(try await ana.routines.count == 1)
            let deleted = try await ana.post("/routines/\(morning.id)/delete", [("confirm", "yes")])
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "/routines")
            #expect(try await ana.routines.isEmpty)
            #expect(try await ana.store.habits(owner: ana.owner, includeArchived: true).map(\.name).sorted() == ["Read", "Water"])
            #expect(try await ana.store.entries(owner: ana.owner, habit: water.id, from: .minimum, through: .maximum).count == 1)
        }
    }

    @Test("Habits are added at the end, moved up and down, moved from another routine and taken out (kept)")
    func habits() async throws {
        try await Self.signedIn { ana in
            let water = try await ana.habit("Water")
            let stretch = try await ana.habit("Stretch")
            let read = try await ana.habit("Read")
            let morning = try await ana.routine("Morning")
            let evening = try await ana.routine("Evening", habits: [read])

            for habit in [water, stretch] {
                let added = try await ana.post("/routines/\(morning.id)/habits", [("habit", habit.id.description)])
                #expect(added.status == .seeOther)
                #expect(added.headers[.location] == "/routines#routine-\(morning.id)")
            }
            #expect(try await ana.routines.first?.habitIDs == [water.id, stretch.id])

            _ = try await ana.post("/routines/\(morning.id)/habits/\(stretch.id)/move", [("direction", "up")])
            #expect(try await ana.routines.first?.habitIDs == [stretch.id, water.id])
            _ = try await ana.post("/routines/\(morning.id)/habits/\(stretch.id)/move", [("direction", "up")])  // already first
            #expect(try await ana.routines.first?.habitIDs == [stretch.id, water.id])
            _ = try await ana.post("/routines/\(morning.id)/habits/\(stretch.id)/move", [("direction", "down")])
            #expect(try await ana.routines.first?.habitIDs == [water.id, stretch.id])

            let page = try await ana.browser.get("/routines")
            #expect(page.text.contains("\(Habit.defaultEmoji) Read (now in Evening)"))
            _ = try await ana.post("/routines/\(morning.id)/habits", [("habit", read.id.description)])
            let moved = try await ana.routines
            #expect(moved.first { $0.id == morning.id }?.habitIDs == [water.id, stretch.id, read.id])
            #expect(moved.first { $0.id == evening.id }?.habitIDs == [])

            let removed = try await ana.post("/routines/\(morning.id)/habits/\(water.id)/remove")
            #expect(removed.status == .seeOther)
            #expect(try await ana.routines.first?.habitIDs == [stretch.id, read.id])
            #expect(try await ana.store.habits(owner: ana.owner, includeArchived: true).count == 3)
            let notThere = try await ana.post("/routines/\(morning.id)/habits/\(water.id)/remove")
            #expect(notThere.status == .notFound)
        }
    }

    @Test("Adding no habit or an unknown one answers 422 with the choice kept, and changes nothing")
    func addRefused() async throws {
        try await Self.signedIn { ana in
            _ = try await ana.habit("Water")
            let morning = try await ana.routine("Morning")
            let none = try await ana.post("/routines/\(morning.id)/habits", [("habit", "")])
            #expect(none.status == .unprocessableContent)
            #expect(none.text.contains("Choose a habit to add."))
            let unknown = UUID().uuidString
            let missing = try await ana.post("/routines/\(morning.id)/habits", [("habit", unknown)])
            #expect(missing.status == .unprocessableContent)
            #expect(missing.text.contains("That habit does not exist (any more). Choose another."))
            #expect(missing.text.contains(#"aria-invalid="true""#))
            #expect(try await ana.routines.first?.habitIDs == [])
        }
    }

    @Test("Routines move up and down the list, not past its ends")
    func reorder() async throws {
        try await Self.signedIn { ana in
            let morning = try await ana.routine("Morning")
            let noon = try await ana.routine("Noon")
            let evening = try await ana.routine("Evening")
            let up = try await ana.post("/routines/\(evening.id)/move", [("direction", "up")])
            #expect(up.status == .seeOther)
            #expect(try await ana.routines.map(\.name) == ["Morning", "Evening", "Noon"])
            _ = try await ana.post("/routines/\(morning.id)/move", [("direction", "up")])
            #expect(try await ana.routines.map(\.name) == ["Morning", "Evening", "Noon"])
            _ = try await ana.post("/routines/\(morning.id)/move", [("direction", "down")])
            #expect(try await ana.routines.map(\.name) == ["Evening", "Morning", "Noon"])
            #expect(try await ana.post("/routines/\(noon.id)/move", [("direction", "sideways")]).status == .unprocessableContent)
            let page = try await ana.browser.get("/routines")
            let positions = ["Evening", "Morning", "Noon"].compactMap { page.text.range(of: "<h2>\($0)</h2>")?.lowerBound }
            #expect(positions.count == 3 && positions == positions.sorted())
        }
    }

    @Test("Every routine form without the CSRF token is refused with 403 and changes nothing")
    func csrf() async throws {
        try await Self.signedIn { ana in
            let water = try await ana.habit("Water")
            let stretch = try await ana.habit("Stretch")
            let morning = try await ana.routine("Morning", habits: [water, stretch])
            _ = try await ana.routine("Evening")
            let before = try await ana.routines
            let base = "/routines/\(morning.id)"
            let posts: [(String, [(String, String)])] = [
                ("/routines/new", Self.editorFields + [("confirm", "yes")]), (base + "/edit", Self.editorFields + [("confirm", "yes")]),
                (base + "/delete", [("confirm", "yes")]), (base + "/move", [("direction", "down")]),
                (base + "/habits", [("habit", stretch.id.description)]), (base + "/habits/\(stretch.id)/move", [("direction", "up")]),
                (base + "/habits/\(water.id)/remove", []),
            ]
            for (path, fields) in posts {
                let response = try await ana.browser.post(path, fields)
                #expect(response.status == .forbidden, "\(path): \(response.status)")
            }
            #expect(try await ana.routines == before)
        }
    }

    @Test("Another user's routine and habit ids are not found (404 pages) and change nothing")
    func otherUsersRoutine() async throws {
        try await Self.signedIn { ana in
            let water = try await ana.habit("Water")
            let morning = try await ana.routine("Morning", habits: [water])
            let mallory = ana.browser.another()
            let csrf = try await mallory.signUp("mallory")
            let malloryID = try #require(try await ana.store.account(named: "mallory")).user.id
            let own = try await ana.store.createHabit(owner: malloryID, Habit(name: "Mine", createdOn: WebFixtures.day("2025-06-01")))
            let base = "/routines/\(morning.id)"
            for path in [base + "/edit", base + "/delete"] {
                let response = try await mallory.get(path)
                #expect(response.status == .notFound, "GET \(path): \(response.status)")
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            }
            let posts: [(String, [(String, String)])] = [
                (base + "/edit", Self.editorFields + [("confirm", "yes")]), (base + "/delete", [("confirm", "yes")]),
                (base + "/move", [("direction", "down")]), (base + "/habits", [("habit", own.id.description)]),
                (base + "/habits/\(water.id)/move", [("direction", "down")]), (base + "/habits/\(water.id)/remove", []),
            ]
            for (path, fields) in posts {
                let response = try await mallory.post(path, [("_csrf", csrf)] + fields)
                #expect(response.status == .notFound, "POST \(path): \(response.status)")
            }
            // Ana's own routine cannot take Mallory's habit either: it is unknown to her.
            let foreign = try await ana.post(base + "/habits", [("habit", own.id.description)])
            #expect(foreign.status == .unprocessableContent)
            let after = try #require(try await ana.routines.first)
            #expect(after.name == "Morning")
            #expect(after.habitIDs == [water.id])
            #expect(try await ana.store.routines(owner: malloryID).isEmpty)
            #expect(!(try await mallory.get("/routines").text.contains("Morning")))
        }
    }

    // MARK: Habits list

    @Test("Archive and unarchive from /habits: the habit moves to the Archived section and back")
    func archive() async throws {
        try await Self.signedIn { ana in
            let water = try await ana.habit("Water")
            let archived = try await ana.post("/habits/\(water.id)/archive", [("archived", "true")])
            #expect(archived.status == .seeOther)
            #expect(archived.headers[.location] == "/habits#habit-\(water.id)")
            #expect(try await ana.store.habit(owner: ana.owner, id: water.id).isArchived)
            let page = try await ana.browser.get("/habits")
            #expect(page.text.contains(#"<h2 class="archived-title" id="archived">Archived</h2>"#))
            #expect(page.text.contains("Unarchive Water"))
            _ = try await ana.post("/habits/\(water.id)/archive", [("archived", "false")])
            #expect(try await ana.store.habit(owner: ana.owner, id: water.id).isArchived == false)
            #expect(!(try await ana.browser.get("/habits").text.contains("archived-title")))
        }
    }

    @Test("Move up and down on /habits reorders within the section, through the store's order")
    func moveHabits() async throws {
        try await Self.signedIn { ana in
            let water = try await ana.habit("Water")
            let read = try await ana.habit("Read")
            let stretch = try await ana.habit("Stretch")
            func names() async throws -> [String] {
                try await ana.store.habits(owner: ana.owner, includeArchived: true).sorted { $0.order < $1.order }.map(\.name)
            }
            _ = try await ana.post("/habits/\(stretch.id)/move", [("direction", "up")])
            #expect(try await names() == ["Water", "Stretch", "Read"])
            _ = try await ana.post("/habits/\(water.id)/move", [("direction", "up")])
            #expect(try await names() == ["Water", "Stretch", "Read"])
            _ = try await ana.post("/habits/\(water.id)/archive")
            // Read is now last of the active ones; Water (archived) is alone in its section.
            _ = try await ana.post("/habits/\(read.id)/move", [("direction", "down")])
            _ = try await ana.post("/habits/\(water.id)/move", [("direction", "down")])
            #expect(try await names() == ["Water", "Stretch", "Read"])
            let list = try await ana.browser.get("/habits")
            let stretchAt = try #require(list.text.range(of: "<strong>Stretch</strong>")?.lowerBound)
            let readAt = try #require(list.text.range(of: "<strong>Read</strong>")?.lowerBound)
            #expect(stretchAt < readAt)
        }
    }

    @Test("Archive and move: 403 without the token, 404 for another user's habit, nothing changed")
    func habitListGuards() async throws {
        try await Self.signedIn { ana in
            let water = try await ana.habit("Water")
            _ = try await ana.habit("Read")
            #expect(try await ana.browser.post("/habits/\(water.id)/archive", [("archived", "true")]).status == .forbidden)
            #expect(try await ana.browser.post("/habits/\(water.id)/move", [("direction", "down")]).status == .forbidden)
            let mallory = ana.browser.another()
            let csrf = try await mallory.signUp("mallory")
            #expect(try await mallory.post("/habits/\(water.id)/archive", [("_csrf", csrf), ("archived", "true")]).status == .notFound)
            #expect(try await mallory.post("/habits/\(water.id)/move", [("_csrf", csrf), ("direction", "down")]).status == .notFound)
            #expect(
                try await mallory.post("/habits/\(water.id)/note", [("_csrf", csrf), ("day", "2025-06-15"), ("note", "x")]).status
                    == .notFound)
            let habits = try await ana.store.habits(owner: ana.owner, includeArchived: true).sorted { $0.order < $1.order }
            #expect(habits.map(\.name) == ["Water", "Read"])
            #expect(habits.allSatisfy { !$0.isArchived })
            #expect(try await ana.store.entries(owner: ana.owner, habit: water.id, from: .minimum, through: .maximum).isEmpty)
        }
    }

    // MARK: Notes

    @Test("A day's note is added, shown, edited and cleared from the habit page")
    func notes() async throws {
        try await Self.signedIn { ana in
            let water = try await ana.habit("Water")
            let page = try await ana.browser.get("/habits/\(water.id)")
            #expect(page.text.contains(#"<input type="date" id="note-day" name="day" value="2025-06-15" max="2025-06-15" required>"#))
            let day = WebFixtures.day("2025-06-12")
            let saved = try await ana.post("/habits/\(water.id)/note", [("day", "2025-06-12"), ("note", "  Hot day  ")])
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/habits/\(water.id)?note=2025-06-12#notes-title")
            #expect(try await ana.store.entries(owner: ana.owner, habit: water.id, from: day, through: day).first?.note == "Hot day")
            let shown = try await ana.browser.get("/habits/\(water.id)?note=2025-06-12")
            #expect(shown.text.contains("<p>Hot day</p>"))
            #expect(shown.text.contains(#"value="2025-06-12""#))
            #expect(shown.text.contains(">Hot day</textarea>"))
            _ = try await ana.post("/habits/\(water.id)/note", [("day", "2025-06-12"), ("note", "Very hot day")])
            #expect(try await ana.store.entries(owner: ana.owner, habit: water.id, from: day, through: day).first?.note == "Very hot day")
            let today = try await ana.post("/habits/\(water.id)/note", [("day", "2025-06-15"), ("note", "Today too")])
            #expect(today.headers[.location] == "/habits/\(water.id)#notes-title")
            _ = try await ana.post("/habits/\(water.id)/note", [("day", "2025-06-12"), ("note", "   ")])
            #expect(try await ana.store.entries(owner: ana.owner, habit: water.id, from: day, through: day).first?.note == nil)
            #expect(!(try await ana.browser.get("/habits/\(water.id)").text.contains("Very hot day")))
        }
    }

    @Test("A note for a later day or a day that is not a date answers 422 with the text kept; without the token 403")
    func notesRefused() async throws {
        try await Self.signedIn { ana in
            let water = try await ana.habit("Water")
            let future = try await ana.post("/habits/\(water.id)/note", [("day", "2025-06-16"), ("note", "Tomorrow's plan")])
            #expect(future.status == .unprocessableContent)
            #expect(future.text.contains("Notes are for today or earlier days."))
            #expect(future.text.contains(">Tomorrow's plan</textarea>") || future.text.contains(">Tomorrow&#39;s plan</textarea>"))
            #expect(future.text.contains(#"value="2025-06-16""#))
            let nonsense = try await ana.post("/habits/\(water.id)/note", [("day", "2025-02-30"), ("note", "x")])
            #expect(nonsense.status == .unprocessableContent)
            #expect(nonsense.text.contains("Choose a day (YYYY-MM-DD)."))
            let forged = try await ana.browser.post("/habits/\(water.id)/note", [("day", "2025-06-15"), ("note", "x")])
            #expect(forged.status == .forbidden)
            #expect(try await ana.store.entries(owner: ana.owner, habit: water.id, from: .minimum, through: .maximum).isEmpty)
        }
    }
}
