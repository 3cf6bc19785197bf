import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendCore
import TendHTTP
import TendStore
import Testing

@testable import TendWeb

@Suite("Habit editor")
struct HabitEditorTests {
    static let today = WebFixtures.day("2025-06-15")

    @Test("An existing habit fills the form, and the same form builds the same habit back")
    func roundTrip() throws {
        let habits = [
            WebFixtures.habit(1, "Water", emoji: "💧", color: .cyan, type: .count, target: 8, unit: "glasses", schedule: .timesPerWeek(5)),
            WebFixtures.habit(
                2, "Run", emoji: "🏃", color: .green, type: .duration, target: 1800, schedule: .weekdays([.monday, .thursday])),
            WebFixtures.habit(3, "Smoke", emoji: "🚭", color: .red, kind: .bad, schedule: .timesInDays(times: 2, days: 10)),
            WebFixtures.habit(4, "Pay bills", schedule: .daysOfMonth([1, 15])),
            WebFixtures.habit(5, "Plants", schedule: .everyNDays(interval: 3, start: WebFixtures.day("2025-01-02"))),
        ]
        for habit in habits {
            let form = HabitForm(habit, amounts: AmountStyle(locale: "en_US"))
            #expect(try form.habit(base: habit, today: Self.today, locale: "en_US").get() == habit, "\(habit.name)")
        }
        let run = HabitForm(habits[1], amounts: AmountStyle(locale: "en_US"))
        #expect(run.target == "30")
        #expect(run.weekdays == ["mon", "thu"])
        #expect(HabitForm(habits[3], amounts: AmountStyle(locale: "en_US")).schedule == "text")
        #expect(HabitForm(habits[3], amounts: AmountStyle(locale: "en_US")).scheduleText == "days 1,15")
    }

    @Test("Every field of a posted form: emoji typed wins over the grid, minutes become seconds, reminders are sorted")
    func postedFields() throws {
        let form = HabitForm(
            FormData(
                "name=Meditate&emoji=%E2%9C%85&emojiText=%F0%9F%A7%98&color=purple&kind=good&type=duration&target=15&unit=x"
                    + "&schedule=weekdays&weekday=mon&weekday=fri&routineTime=morning&reminders=21%3A00%2C+7%3A30"))
        let base = Habit(name: "", createdOn: Self.today)
        let habit = try form.habit(base: base, today: Self.today, locale: "en_US").get()
        #expect(habit.name == "Meditate")
        #expect(habit.emoji == "🧘")
        #expect(habit.color == .purple)
        #expect(habit.type == .duration)
        #expect(habit.target == 900)
        #expect(habit.unit == "")
        #expect(habit.schedule == .weekdays([.monday, .friday]))
        #expect(habit.routineTime == .morning)
        #expect(habit.reminders.map(\.time.description) == ["07:30", "21:00"])
    }

    @Test(
        "A time target is typed as the value fields take a time (TendCore's DurationText)",
        arguments: [("15", 900), ("12.5", 750), ("1h30", 5400), ("0.5h", 1800), ("25 min", 1500), ("1:30", 5400), ("24h", 86_400)])
    func durationTargets(typed: String, seconds: Int) throws {
        let body = "name=Meditate&emoji=%E2%9C%85&color=blue&kind=good&type=duration&schedule=daily&routineTime=anytime&target="
        let form = HabitForm(FormData(body + (typed.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? typed)))
        let habit = try form.habit(base: Habit(name: "", createdOn: Self.today), today: Self.today, locale: "en_US").get()
        #expect(habit.target == Amount(seconds))
    }

    @Test("A count's target and step are typed in the person's locale, up to three decimals, and shown back the same way")
    func decimalTargetAndStep() throws {
        let body = "name=Water&emoji=%E2%9C%85&color=blue&kind=good&type=count&unit=l&schedule=daily&routineTime=anytime"
        let habit = try HabitForm(FormData(body + "&target=2%2C5&step=0%2C25")).habit(
            base: Habit(name: "", createdOn: Self.today), today: Self.today, locale: "de_DE"
        ).get()
        #expect(habit.target == 2.5)
        #expect(habit.step == 0.25)
        let shown = HabitForm(habit, amounts: AmountStyle(locale: "de_DE"))
        #expect(shown.target == "2,5")
        #expect(shown.step == "0,25")
        #expect(HabitForm(habit, amounts: AmountStyle(locale: "en_US")).step == "0.25")
        let base = Habit(name: "", createdOn: Self.today)
        guard
            case .failure(let errors) = HabitForm(FormData(body + "&target=2.5&step=0.0001")).habit(
                base: base, today: Self.today, locale: "en_US")
        else {
            Issue.record("a step of 0.0001 was accepted")
            return
        }
        #expect(errors["step"] == "The step: '0.0001' has more than 3 decimals.")
        guard
            case .failure(let ambiguous) = HabitForm(FormData(body + "&target=1.234")).habit(base: base, today: Self.today, locale: "de_DE")
        else {
            Issue.record("1.234 in de_DE was read without asking")
            return
        }
        #expect(ambiguous["target"] != nil)
    }

    @Test("A time target out of range or not a time says so in times, not in minutes rounded down to 0")
    func durationTargetErrors() {
        let base = Habit(name: "", createdOn: Self.today)
        func error(_ target: String) -> String? {
            let body = "name=A&emoji=%E2%9C%85&color=blue&kind=good&type=duration&schedule=daily&routineTime=anytime&target=" + target
            guard case .failure(let errors) = HabitForm(FormData(body)).habit(base: base, today: Self.today, locale: "en_US") else {
                return nil
            }
            return errors["target"]
        }
        #expect(error("0") == "The target must be 1 s–24 h, not 0 min.")
        #expect(error("25h")?.contains("A day has 24 hours") == true)
        #expect(error("soon")?.contains("is not a time") == true)
    }

    @Test("Wrong fields each get their message; the values stay as typed")
    func errors() throws {
        let base = Habit(name: "", createdOn: Self.today)
        func errors(_ body: String) -> HabitForm.Errors {
            switch HabitForm(FormData(body)).habit(base: base, today: Self.today, locale: "en_US") {
            case .success: return HabitForm.Errors()
            case .failure(let errors): return errors
            }
        }
        let common = "&emoji=%E2%9C%85&color=blue&kind=good&routineTime=anytime"
        #expect(errors("name=&type=checkmark&schedule=daily" + common)["name"] == "A habit needs a name.")
        #expect(errors("name=A&type=count&target=lots&schedule=daily" + common)["target"] == "The target: 'lots' is not a number.")
        #expect(errors("name=A&type=count&target=0&schedule=daily" + common)["target"]?.contains("out of range") == true)
        #expect(errors("name=A&type=checkmark&schedule=weekdays" + common)["schedule"] == "Invalid schedule: choose at least one weekday.")
        #expect(
            errors("name=A&type=checkmark&schedule=perWeek&perWeek=9" + common)["schedule"]
                == "Invalid schedule: times per week must be 1 to 7.")
        #expect(
            errors("name=A&type=checkmark&schedule=text&scheduleText=sometimes" + common)["schedule"]?.contains("not a schedule") == true)
        #expect(errors("name=A&type=checkmark&schedule=daily&reminders=25%3A00" + common)["reminders"]?.contains("not a time") == true)
        #expect(
            errors("name=A&type=checkmark&schedule=daily&emojiText=abc&emoji=x&color=blue&kind=good&routineTime=anytime")["emoji"] != nil)
        #expect(errors("name=A&type=checkmark&schedule=daily&emoji=%E2%9C%85&color=beige&kind=good&routineTime=anytime")["color"] != nil)
    }

    @Test("A refused schedule's message is under the option chosen, whose fields are marked invalid; each number has its own maximum")
    func scheduleError() throws {
        let session = SessionInfo(username: "ana", csrfToken: "token")
        let body = "name=A&type=checkmark&schedule=perWeek&perWeek=8&emoji=%E2%9C%85&color=blue&kind=good&routineTime=anytime"
        let form = HabitForm(FormData(body))
        guard case .failure(let errors) = form.habit(base: Habit(name: "", createdOn: Self.today), today: Self.today, locale: "en_US")
        else {
            Issue.record("8 times a week was accepted")
            return
        }
        let html = HabitEditorView.page(HabitEditorPage(habitID: nil, form: form, errors: errors), session: session).render()
        let perWeek = try #require(html.range(of: "name=\"perWeek\""))
        let message = try #require(html.range(of: "id=\"schedule-error\">Invalid schedule: times per week must be 1 to 7.</p>"))
        let perMonth = try #require(html.range(of: "name=\"perMonth\""))
        let other = try #require(html.range(of: "Other (typed)"))
        #expect(
            perWeek.upperBound < message.lowerBound && message.upperBound < perMonth.lowerBound && message.upperBound < other.lowerBound)
        #expect(
            html.contains(
                "name=\"perWeek\" value=\"8\" min=\"1\" max=\"7\" aria-label=\"Times per week\" class=\"small-number\" aria-invalid=\"true\" aria-describedby=\"schedule-error\""
            ))
        #expect(html.contains("name=\"perMonth\" value=\"\" min=\"1\" max=\"31\""))
        #expect(html.components(separatedBy: "aria-invalid=\"true\"").count - 1 == 1)
    }

    @Test("The page: 13 labelled colour swatches, the emoji grid, the schedule choices, errors beside fields")
    func view() throws {
        let session = SessionInfo(username: "ana", csrfToken: "token")
        var model = HabitEditorPage(habitID: nil, form: HabitForm())
        var html = HabitEditorView.page(model, session: session).render()
        #expect(html.components(separatedBy: "name=\"color\"").count - 1 == HabitColor.allCases.count)
        #expect(html.contains("<span class=\"visually-hidden\">Indigo</span>"))
        #expect(html.components(separatedBy: "name=\"emoji\"").count - 1 == HabitForm.commonEmoji.count)
        #expect(html.contains("action=\"/habits/new\""))
        #expect(html.contains("Create habit"))
        #expect(!html.contains("style="))
        model.form.name = "Read <b>"
        model.errors["name"] = "Too long."
        model.habitID = WebFixtures.id(1)
        html = HabitEditorView.page(model, session: session).render()
        #expect(html.contains("value=\"Read &lt;b&gt;\""))
        #expect(html.contains("aria-invalid=\"true\" aria-describedby=\"name-error\""))
        #expect(html.contains("<p class=\"error\" id=\"name-error\">Too long.</p>"))
        #expect(html.contains("/habits/00000000-0000-0000-0000-000000000001/delete"))
    }

    static func fields(_ csrf: String?, name: String = "Water", target: String = "8") -> [(String, String)] {
        var fields = [
            ("name", name), ("emoji", "💧"), ("emojiText", ""), ("color", "cyan"), ("kind", "good"), ("type", "count"), ("target", target),
            ("unit", "glasses"), ("schedule", "perWeek"), ("perWeek", "5"), ("routineTime", "morning"), ("reminders", "08:00"),
        ]
        if let csrf { fields.insert(("_csrf", csrf), at: 0) }
        return fields
    }

    @Test("New habit by the form without JavaScript: 303 to its page; invalid: 422 with the values and nothing made; no token: 403")
    func createForm() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let page = try await browser.get("/habits/new")
            #expect(page.status == .ok)
            #expect(page.text.contains("New habit"))

            #expect(try await browser.post("/habits/new", Self.fields(nil)).status == .forbidden)
            let invalid = try await browser.post("/habits/new", Self.fields(csrf, name: "Water", target: "-3"))
            #expect(invalid.status == .unprocessableContent)
            #expect(invalid.text.contains("id=\"target-error\""))
            #expect(invalid.text.contains("value=\"-3\""))
            #expect(invalid.text.contains("value=\"Water\""))
            #expect(try await store.habits(owner: owner, includeArchived: true).isEmpty)

            let created = try await browser.post("/habits/new", Self.fields(csrf))
            #expect(created.status == .seeOther)
            let habit = try #require(try await store.habits(owner: owner, includeArchived: true).first)
            #expect(created.headers[.location] == "/habits/\(habit.id)")
            #expect(habit.name == "Water")
            #expect(habit.emoji == "💧")
            #expect(habit.color == .cyan)
            #expect(habit.type == .count && habit.target == 8 && habit.unit == "glasses")
            #expect(habit.schedule == .timesPerWeek(5))
            #expect(habit.routineTime == .morning)
            #expect(habit.reminders.map(\.time.description) == ["08:00"])
        }
    }

    @Test("A name another habit has (regardless of case, archived ones too) is refused beside the field: 422, the form kept, nothing saved")
    func duplicateName() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let pages = try await store.createHabit(owner: owner, Habit(name: "Pages", order: 0, createdOn: WebFixtures.day("2025-06-01")))
            var old = try await store.createHabit(owner: owner, Habit(name: "Old", order: 1, createdOn: WebFixtures.day("2025-06-01")))
            old = try await store.setArchived(owner: owner, habit: old.id, true)

            let created = try await browser.post("/habits/new", Self.fields(csrf, name: "pages", target: "12"))
            #expect(created.status == .unprocessableContent)
            #expect(created.headers[.contentType] == "text/html; charset=utf-8")
            #expect(created.text.contains("id=\"name-error\""))
            #expect(created.text.contains("You already have a habit named “Pages”"))
            #expect(created.text.contains("value=\"pages\""))
            #expect(created.text.contains("value=\"12\""))
            #expect(created.text.contains("value=\"glasses\""))
            let archived = try await browser.post("/habits/new", Self.fields(csrf, name: "OLD"))
            #expect(archived.status == .unprocessableContent)
            #expect(archived.text.contains("“Old” (archived)"))
            #expect(try await store.habits(owner: owner, includeArchived: true).count == 2)

            let renamed = try await browser.post("/habits/\(old.id)/edit", Self.fields(csrf, name: "PAGES"))
            #expect(renamed.status == .unprocessableContent)
            #expect(renamed.text.contains("value=\"PAGES\""))
            #expect(try await store.habit(owner: owner, id: old.id).name == "Old")
            // Its own name in another case is its own.
            let recased = try await browser.post("/habits/\(pages.id)/edit", Self.fields(csrf, name: "pages"))
            #expect(recased.status == .seeOther)
            #expect(try await store.habit(owner: owner, id: pages.id).name == "pages")
        }
    }

    @Test("Edit by the form: 303 and changed; invalid: 422, unchanged; another user's habit: 404")
    func editForm() async throws {
        try await WebHarness { $0.openRegistration = true }.run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let read = try await store.createHabit(owner: owner, Habit(name: "Read", createdOn: WebFixtures.day("2025-06-01")))
            let page = try await browser.get("/habits/\(read.id)/edit")
            #expect(page.status == .ok)
            #expect(page.text.contains("value=\"Read\""))
            #expect(page.text.contains("Save changes"))

            let invalid = try await browser.post("/habits/\(read.id)/edit", Self.fields(csrf, name: ""))
            #expect(invalid.status == .unprocessableContent)
            #expect(invalid.text.contains("A habit needs a name."))
            #expect(try await store.habit(owner: owner, id: read.id) == read)

            #expect(try await browser.post("/habits/\(read.id)/edit", Self.fields(nil)).status == .forbidden)
            #expect(try await store.habit(owner: owner, id: read.id) == read)

            let saved = try await browser.post("/habits/\(read.id)/edit", Self.fields(csrf, name: "Read more", target: "20"))
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/habits/\(read.id)")
            let changed = try await store.habit(owner: owner, id: read.id)
            #expect(
                changed.name == "Read more" && changed.target == 20 && changed.createdOn == read.createdOn && changed.order == read.order)

            let mallory = browser.another()
            let malloryCSRF = try await mallory.signUp("mallory")
            #expect(try await mallory.get("/habits/\(read.id)/edit").status == .notFound)
            #expect(try await mallory.post("/habits/\(read.id)/edit", Self.fields(malloryCSRF, name: "Pwned")).status == .notFound)
            #expect(try await store.habit(owner: owner, id: read.id).name == "Read more")
        }
    }

    /// The fields a browser would post for the habit editor's form in `html`, as rendered: text and
    /// hidden inputs, checked radios and boxes, textareas.
    static func renderedFields(_ html: String) throws -> [(String, String)] {
        let start = try #require(html.range(of: #"<form[^>]*class="habit-form""#, options: .regularExpression))
        let form = String(html[start.lowerBound...])
        let end = try #require(form.range(of: "</form>"))
        let body = String(form[..<end.lowerBound])
        func unescape(_ text: String) -> String {
            text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
        func attribute(_ name: String, in tag: String) -> String? {
            Browser.firstMatch(#"\s\#(name)="([^"]*)""#, in: tag).map(unescape)
        }
        var fields: [(String, String)] = []
        let tags = try NSRegularExpression(pattern: #"<input[^>]*>|<textarea[^>]*>[^<]*</textarea>"#)
        for match in tags.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
            let tag = String(body[Range(match.range, in: body)!])
            guard let name = attribute("name", in: tag) else { continue }
            if tag.hasPrefix("<textarea") {
                fields.append((name, unescape(Browser.firstMatch(#">([^<]*)</textarea>"#, in: tag) ?? "")))
                continue
            }
            let type = attribute("type", in: tag) ?? "text"
            if type == "radio" || type == "checkbox", !tag.contains(" checked") { continue }
            fields.append((name, attribute("value", in: tag) ?? (type == "checkbox" ? "on" : "")))
        }
        return fields
    }

    @Test("A stale editor saves only what it changed: opened before a rename elsewhere, a colour change keeps the new name")
    func staleFormKeepsNewerFields() async throws {
        try await WebHarness().run { browser, store in
            // Given an editor opened on "Read",
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let read = try await store.createHabit(
                owner: owner, Habit(name: "Read", color: .blue, type: .count, target: 10, createdOn: WebFixtures.day("2025-06-01")))
            let stale = try Self.renderedFields(try await browser.get("/habits/\(read.id)/edit").text)
            #expect(stale.contains { $0.0 == "original" })
            #expect(stale.contains { $0 == ("name", "Read") })

            // when another device renames the habit and sets its target,
            var renamed = read
            renamed.name = "Read a book"
            renamed.target = 20
            _ = try await store.updateHabit(owner: owner, renamed)

            // and the stale form is saved with only the colour changed,
            let fields = stale.map { $0.0 == "color" ? ("color", "green") : $0 }.map { $0.0 == "_csrf" ? ("_csrf", csrf) : $0 }
            let saved = try await browser.post("/habits/\(read.id)/edit", fields)
            #expect(saved.status == .seeOther)

            // then the colour changes and the rename and target stay.
            let now = try await store.habit(owner: owner, id: read.id)
            #expect(now.color == .green)
            #expect(now.name == "Read a book")
            #expect(now.target == 20)

            // A field the stale form did change wins over the other device's value.
            let again = try Self.renderedFields(try await browser.get("/habits/\(read.id)/edit").text)
            var elsewhere = now
            elsewhere.unit = "pages"
            _ = try await store.updateHabit(owner: owner, elsewhere)
            let retitled = again.map { $0.0 == "name" ? ("name", "Read daily") : $0 }
            #expect(try await browser.post("/habits/\(read.id)/edit", retitled).status == .seeOther)
            let last = try await store.habit(owner: owner, id: read.id)
            #expect(last.name == "Read daily" && last.unit == "pages" && last.color == .green && last.target == 20)
        }
    }

    @Test("A form without the snapshot (an older page) still saves every field as before")
    func formWithoutSnapshot() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let read = try await store.createHabit(owner: owner, Habit(name: "Read", createdOn: WebFixtures.day("2025-06-01")))
            let fields = try Self.renderedFields(try await browser.get("/habits/\(read.id)/edit").text).filter { $0.0 != "original" }
                .map { $0.0 == "color" ? ("color", "red") : $0.0 == "_csrf" ? ("_csrf", csrf) : $0 }
            #expect(try await browser.post("/habits/\(read.id)/edit", fields).status == .seeOther)
            #expect(try await store.habit(owner: owner, id: read.id).color == .red)
        }
    }

    @Test("The API's PATCH changes only the fields in its body, and a stale editor then keeps what it set")
    func apiPatchAndStaleEditor() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let read = try await store.createHabit(
                owner: owner, Habit(name: "Read", color: .blue, type: .count, target: 10, createdOn: WebFixtures.day("2025-06-01")))
            let stale = try Self.renderedFields(try await browser.get("/habits/\(read.id)/edit").text)
            func patch(_ json: String) async throws -> TestResponse {
                try await browser.request(
                    .patch, "/api/v1/habits/\(read.id)",
                    headers: [.contentType: "application/json", .accept: "application/json", .xCSRFToken: csrf],
                    body: ByteBuffer(string: json))
            }

            // A rename through the API leaves colour and target as they were.
            #expect(try await patch(#"{"name":"Read a book"}"#).status == .ok)
            var now = try await store.habit(owner: owner, id: read.id)
            #expect(now.name == "Read a book" && now.color == .blue && now.target == 10)

            // The editor opened before the rename changes the colour only: the rename stays.
            let fields = stale.map { $0.0 == "color" ? ("color", "green") : $0 }
            #expect(try await browser.post("/habits/\(read.id)/edit", fields).status == .seeOther)
            now = try await store.habit(owner: owner, id: read.id)
            #expect(now.name == "Read a book" && now.color == .green && now.target == 10)

            // A PATCH of the target alone keeps the editor's colour.
            #expect(try await patch(#"{"target":12}"#).status == .ok)
            now = try await store.habit(owner: owner, id: read.id)
            #expect(now.name == "Read a book" && now.color == .green && now.target == 12)
        }
    }
}
