import Foundation
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendHTTP
import TendStore
import Testing

@testable import TendWeb

/// The pages over HTTP, as a browser without JavaScript uses them: forms post with their CSRF
/// token and are answered with 303 to the next page.
@Suite("Web pages and forms without JavaScript")
struct WebRouterTests {
    @Test("A page asked for without a session redirects to the sign-in page, and back after it")
    func redirectsToLogin() async throws {
        try await WebHarness().run { owner, _ in
            // A server without accounts sends its first visitor to create one (the owner's).
            let empty = try await owner.get("/login")
            #expect(empty.status == .seeOther)
            #expect(empty.headers[.location] == "/signup")
            try await owner.signUp("ana")
            let browser = owner.another()
            let today = try await browser.get("/")
            #expect(today.status == .seeOther)
            #expect(today.headers[.location] == "/login")
            let habits = try await browser.get("/habits?x=1")
            #expect(habits.headers[.location] == "/login?next=/habits%3Fx%3D1")
            let login = try await browser.get("/login?next=/habits")
            #expect(login.status == .ok)
            #expect(login.text.contains(#"name="next" value="/habits""#))
        }
    }

    @Test("Sign-up: the first account owns the server and lands on Today, signed in")
    func signUpFirst() async throws {
        try await WebHarness().run { browser, store in
            let page = try await browser.get("/signup")
            #expect(page.text.contains("your account will own this server"))
            #expect(browser.cookies["tend_form"] != nil)
            try await browser.signUp("ana", timeZone: "Europe/Berlin")
            #expect(browser.cookies["tend_session"] != nil)
            #expect(browser.cookies["tend_form"] == nil)
            let today = try await browser.get("/")
            #expect(today.status == .ok)
            #expect(today.headers[.contentType] == "text/html; charset=utf-8")
            #expect(today.text.contains("<h1>Today"))
            let account = try #require(try await store.account(named: "ana"))
            #expect(account.role == .owner)
            #expect(account.user.settings.timeZone == "Europe/Berlin")
        }
    }

    @Test("Sign-up and sign-in forms without their form token are refused and change nothing")
    func preSessionCSRF() async throws {
        try await WebHarness().run { browser, store in
            let refused = try await browser.post(
                "/signup", [("username", "mallory"), ("password", Browser.password), ("_csrf", "forged")])
            #expect(refused.status == .forbidden)
            #expect(try await store.accountCount() == 0)
            try await browser.signUp("ana")
            let stranger = browser.another()
            let login = try await stranger.post("/login", [("username", "ana"), ("password", Browser.password)])
            #expect(login.status == .forbidden)
            #expect(stranger.cookies["tend_session"] == nil)
        }
    }

    @Test("After the owner, sign-up needs an invite; the invite link works once")
    func invites() async throws {
        try await WebHarness().run { browser, store in
            try await browser.signUp("ana")
            let guest = browser.another()
            let closed = try await guest.get("/signup")
            #expect(closed.text.contains("invite-only"))
            #expect(!closed.text.contains("<form method=\"post\" action=\"/signup\""))
            let owner = try #require(try await store.account(named: "ana"))
            let code = "invite-code-0123456789-abcdefghijklmnopqrstu"
            _ = try await store.createInvite(
                Invite(createdBy: owner.user.id, createdAt: Date(timeIntervalSince1970: 1_750_000_000), expiresAt: .distantFuture),
                codeHash: Secrets.hash(code))
            try await guest.signUp("ben", invite: code)
            #expect(try await store.account(named: "ben")?.role == .member)
            let third = browser.another()
            let page = try await third.get("/signup?invite=\(code)")
            let again = try await third.post(
                "/signup", [("_csrf", try third.csrf(in: page)), ("username", "cy"), ("password", Browser.password), ("invite", code)])
            #expect(again.status == .forbidden)
            #expect(again.text.contains("This invite is not valid any more"))
        }
    }

    @Test("Log in with the form, a wrong password says so without saying which part was wrong, log out ends the session")
    func logInAndOut() async throws {
        try await WebHarness().run { browser, store in
            try await browser.signUp("ana")
            let other = browser.another()
            let page = try await other.get("/login")
            let token = try other.csrf(in: page)
            let wrong = try await other.post("/login", [("_csrf", token), ("username", "ana"), ("password", "nope nope nope")])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("The username or password is not right."))
            #expect(wrong.text.contains(#"value="ana""#))
            let right = try await other.post(
                "/login", [("_csrf", try other.csrf(in: wrong)), ("username", "ana"), ("password", Browser.password), ("next", "/habits")])
            #expect(right.status == .seeOther)
            #expect(right.headers[.location] == "/habits")
            let today = try await other.get("/")
            let csrf = try other.csrf(in: today)
            let out = try await other.post("/logout", [("_csrf", csrf)])
            #expect(out.status == .seeOther)
            #expect(out.headers[.location] == "/login?signed-out=1")
            #expect(other.cookies["tend_session"] == nil)
            #expect(try await other.get("/").headers[.location] == "/login")
            // The first browser is still signed in.
            #expect(try await browser.get("/").status == .ok)
        }
    }

    @Test("Login redirects only to paths on this site")
    func openRedirect() async throws {
        try await WebHarness().run { browser, _ in
            try await browser.signUp("ana")
            let other = browser.another()
            let page = try await other.get("/login")
            let response = try await other.post(
                "/login",
                [("_csrf", try other.csrf(in: page)), ("username", "ana"), ("password", Browser.password), ("next", "//evil.example/")])
            #expect(response.headers[.location] == "/")
        }
    }

    @Test("Tap with the CSRF token: 303 back to the card, and the day changed; without it: 403, nothing changed")
    func tapForm() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let water = try await store.createHabit(
                owner: owner, Habit(name: "Water", type: .count, target: 8, unit: "glasses", createdOn: WebFixtures.day("2025-06-01")))
            let sunday = WebFixtures.day("2025-06-15")
            let path = "/habits/\(water.id)/days/2025-06-15/tap"

            let refused = try await browser.post(path, [("return", "/")])
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("This form has expired"))
            #expect(try await store.entries(owner: owner, habit: water.id, from: sunday, through: sunday).isEmpty)

            let tapped = try await browser.post(path, [("_csrf", csrf), ("return", "/")])
            #expect(tapped.status == .seeOther)
            #expect(tapped.headers[.location] == "/#habit-\(water.id)")
            #expect(try await store.entries(owner: owner, habit: water.id, from: sunday, through: sunday).first?.value == 1)
            let page = try await browser.get("/")
            #expect(page.text.contains("1 / 8 glasses"))
        }
    }

    @Test("Reset, skip and unskip through the card's menu forms")
    func menuForms() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let read = try await store.createHabit(owner: owner, Habit(name: "Read", createdOn: WebFixtures.day("2025-06-01")))
            let day = WebFixtures.day("2025-06-14")
            let base = "/habits/\(read.id)/days/2025-06-14"
            _ = try await browser.post(base + "/tap", [("_csrf", csrf), ("return", "/?date=2025-06-14")])
            #expect(try await store.entries(owner: owner, habit: read.id, from: day, through: day).first?.value == 1)
            let reset = try await browser.post(base + "/reset", [("_csrf", csrf), ("return", "/?date=2025-06-14")])
            #expect(reset.headers[.location] == "/?date=2025-06-14#habit-\(read.id)")
            #expect(try await store.entries(owner: owner, habit: read.id, from: day, through: day).first?.value ?? 0 == 0)
            _ = try await browser.post(base + "/skip", [("_csrf", csrf), ("skip", "true")])
            #expect(try await store.entries(owner: owner, habit: read.id, from: day, through: day).first?.isSkipped == true)
            let page = try await browser.get("/?date=2025-06-14")
            #expect(page.text.contains("Unskip this day"))
            _ = try await browser.post(base + "/skip", [("_csrf", csrf), ("skip", "false")])
            #expect(try await store.entries(owner: owner, habit: read.id, from: day, through: day).first?.isSkipped ?? false == false)
        }
    }

    @Test("Delete asks first, saying what goes with the habit; the form deletes it")
    func deleteWithConfirmation() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let read = try await store.createHabit(owner: owner, Habit(name: "Read", createdOn: WebFixtures.day("2025-06-01")))
            _ = try await store.check(owner: owner, habit: read.id, day: WebFixtures.day("2025-06-14"))
            let confirm = try await browser.get("/habits/\(read.id)/delete")
            #expect(confirm.status == .ok)
            #expect(confirm.text.contains("history of 1 recorded day will be deleted"))
            #expect(try await store.habits(owner: owner, includeArchived: true).count == 1)
            let deleted = try await browser.post("/habits/\(read.id)/delete", [("_csrf", csrf)])
            #expect(deleted.status == .seeOther)
            #expect(try await store.habits(owner: owner, includeArchived: true).isEmpty)
        }
    }

    @Test("Another user's habit id is not found (404 page) and changes nothing")
    func otherUsersHabit() async throws {
        try await WebHarness { $0.openRegistration = true }.run { browser, store in
            try await browser.signUp("ana")
            let ana = try #require(try await store.account(named: "ana")).user.id
            let read = try await store.createHabit(owner: ana, Habit(name: "Read", createdOn: WebFixtures.day("2025-06-01")))
            let mallory = browser.another()
            let csrf = try await mallory.signUp("mallory")
            for path in ["tap", "reset", "skip"] {
                let response = try await mallory.post("/habits/\(read.id)/days/2025-06-15/\(path)", [("_csrf", csrf)])
                #expect(response.status == .notFound, "\(path): \(response.status)")
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            }
            #expect(try await mallory.post("/habits/\(read.id)/delete", [("_csrf", csrf)]).status == .notFound)
            #expect(try await mallory.get("/habits/\(read.id)/delete").status == .notFound)
            #expect(try await mallory.get("/cards/\(read.id)/mode/weekly").status == .notFound)
            #expect(try await store.habits(owner: ana, includeArchived: true).count == 1)
            #expect(try await store.entries(owner: ana, habit: read.id, from: .minimum, through: .maximum).isEmpty)
        }
    }

    @Test("A card's mode is kept in a cookie and shown; the day navigation moves by one day and not past today")
    func modesAndDays() async throws {
        try await WebHarness().run { browser, store in
            try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let read = try await store.createHabit(owner: owner, Habit(name: "Read", createdOn: WebFixtures.day("2025-06-01")))
            let set = try await browser.get("/cards/\(read.id)/mode/weekly?date=2025-06-10")
            #expect(set.status == .seeOther)
            #expect(set.headers[.location] == "/?date=2025-06-10#habit-\(read.id)")
            let page = try await browser.get("/?date=2025-06-10")
            #expect(page.text.contains(#"class="strip""#))
            #expect(page.text.contains(#"href="/?date=2025-06-09""#))
            #expect(page.text.contains(#"href="/?date=2025-06-11""#))
            #expect(try await browser.get("/?date=2025-06-16").headers[.location] == "/")
            #expect(try await browser.get("/?date=2025-02-30").status == .badRequest)
        }
    }

    @Test("Quick add makes a habit; dismissing a tip retires it for good")
    func quickAddAndTips() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            #expect(try await browser.get("/").text.contains("Add your first habit"))
            let added = try await browser.post("/habits", [("_csrf", csrf), ("name", "Stretch"), ("return", "/")])
            #expect(added.status == .seeOther)
            #expect(try await store.habits(owner: owner, includeArchived: false).map(\.name) == ["Stretch"])
            let page = try await browser.get("/")
            #expect(!page.text.contains("Add your first habit"))
            #expect(page.text.contains("Manage a habit"))
            let dismissed = try await browser.post("/tips/manageHabit/dismiss", [("_csrf", csrf), ("return", "/")])
            #expect(dismissed.status == .seeOther)
            #expect(!(try await browser.get("/").text.contains("Manage a habit")))
            #expect(try await store.tipState(owner: owner).dismissed.contains(.manageHabit))
            let empty = try await browser.post("/habits", [("_csrf", csrf), ("name", "  ")])
            #expect(empty.status == .unprocessableContent)
        }
    }

    @Test("Quick add with a name another habit has: 422, Today with the name kept and the message under the field, nothing added")
    func quickAddDuplicate() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            #expect(try await browser.post("/habits", [("_csrf", csrf), ("name", "Pages"), ("return", "/")]).status == .seeOther)
            let twice = try await browser.post("/habits", [("_csrf", csrf), ("name", "pages"), ("return", "/")])
            #expect(twice.status == .unprocessableContent)
            #expect(twice.headers[.contentType] == "text/html; charset=utf-8")
            #expect(twice.text.contains("<h1>Today"))
            #expect(twice.text.contains("You already have a habit named “Pages”"))
            #expect(twice.text.contains("id=\"new-habit-name-error\""))
            #expect(twice.text.contains("value=\"pages\""))
            #expect(twice.text.contains("<details class=\"add-habit\" id=\"add-habit\" open>"))
            #expect(try await store.habits(owner: owner, includeArchived: true).map(\.name) == ["Pages"])
            let blank = try await browser.post("/habits", [("_csrf", csrf), ("name", " "), ("return", "/")])
            #expect(blank.status == .unprocessableContent)
            #expect(blank.text.contains("id=\"new-habit-name-error\""))
        }
    }

    @Test("A browser asking for an unknown page gets an HTML 404; API clients keep their problem body")
    func unknownPage() async throws {
        try await WebHarness().run { browser, _ in
            let page = try await browser.get("/no-such-page")
            #expect(page.status == .notFound)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.text.contains("There is no page at this address."))
            let api = try await browser.request(.get, "/api/v1/nothing", headers: [.accept: "text/html"])
            #expect(api.headers[.contentType] == "application/problem+json")
        }
    }

    static let chrome = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8"

    @Test(
        "A mistyped address answers an HTML page when Accept prefers HTML, the problem JSON otherwise (and always under /api)",
        arguments: [
            ("/no-such-page", chrome, true),
            ("/habits/x/y/z", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", true),  // Firefox
            ("/no-such-page", "TEXT/HTML", true),
            ("/no-such-page", "text/*", true),
            ("/no-such-page", "text/html;q=0.9, application/json;q=0.5", true),
            ("/no-such-page", "application/json, text/html;q=0.1", false),
            ("/no-such-page", "application/problem+json, text/html;q=0.5", false),
            ("/no-such-page", "text/html;q=0", false),
            ("/no-such-page", "*/*", false),
            ("/no-such-page", "", false),
            ("/no-such-page", "application/json", false),
            ("/api/v1/nothing", chrome, false),
            ("/api", chrome, false),
        ])
    func notFoundByAccept(path: String, accept: String, html: Bool) async throws {
        try await WebHarness().run { browser, _ in
            let response = try await browser.request(.get, path, headers: accept.isEmpty ? [:] : [.accept: accept])
            #expect(response.status == .notFound)
            if html {
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.text.contains("There is no page at this address."))
                #expect(response.text.contains("<title>Not Found · Tend</title>"))
                #expect(response.text.contains("href=\"/\""))
            } else {
                #expect(response.headers[.contentType] == "application/problem+json")
            }
        }
    }

    @Test("Pages carry the security headers and no inline script or style")
    func securityHeaders() async throws {
        try await WebHarness().run { browser, _ in
            try await browser.signUp("ana")
            let page = try await browser.get("/")
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            #expect(page.headers[.cacheControl] == "private, no-cache")
            #expect(!page.text.contains("style="))
            #expect(!page.text.contains("<script>"))
            #expect(Browser.firstMatch(#"\s(on[a-z]+)="#, in: page.text) == nil)  // no onclick= and the like
        }
    }
}
