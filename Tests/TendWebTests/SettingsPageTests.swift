import Foundation
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendHTTP
import TendStore
import Testing

@testable import TendWeb

@Suite("Settings page")
struct SettingsPageTests {
    @Test("The page shows the saved settings; the browser's zone is only offered (a hidden note app.js fills)")
    func model() {
        let page = SettingsPage(settings: UserSettings(timeZone: "Europe/Berlin", dayStartHour: 4, firstWeekday: 2))
        #expect(page.timeZone == "Europe/Berlin" && page.dayStartHour == "4" && page.firstWeekday == "2")
        let html = SettingsView.page(page, session: SessionInfo(username: "ana", csrfToken: "t")).render()
        #expect(html.contains("<option value=\"Europe/Berlin\" selected>"))
        #expect(html.contains("<option value=\"4\" selected>04:00</option>"))
        #expect(html.contains("<option value=\"2\" selected>Monday</option>"))
        #expect(html.contains("class=\"hint zone-offer\" hidden"))
        #expect(!html.contains("style="))
    }

    @Test("API tokens are described as they are: for scripts through the JSON API, and the CLI's `tend sync login` (issue 41, item 11)")
    func tokensSayWhatExists() {
        var page = SettingsPage(settings: UserSettings())
        page.newToken = .init(id: "T1", name: "Backup script", secret: "SECRET")
        let html = SettingsView.page(page, session: SessionInfo(username: "ana", csrfToken: "t")).render()
        #expect(!html.contains("tend login"))
        #expect(!html.contains("that sync"))
        #expect(!html.contains("No app syncs with Tend yet."))
        #expect(html.contains("Each CLI signed in with <code>tend sync login</code> syncs through one of its own"))
        #expect(html.contains("<code>Authorization: Bearer</code> header"))
        #expect(html.contains("<code>/api/v1</code>"))
    }

    @Test("Form: valid → 303 and changed; invalid zone → 422, message, nothing changed; no token → 403")
    func form() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            #expect(try await browser.get("/settings").status == .ok)
            let fields = [("timeZone", "America/New_York"), ("dayStartHour", "3"), ("firstWeekday", "2")]
            #expect(try await browser.post("/settings", fields).status == .forbidden)
            #expect(try await store.user(id: owner).settings.timeZone == "UTC")

            let invalid = try await browser.post(
                "/settings", [("_csrf", csrf), ("timeZone", "Mars/Olympus"), ("dayStartHour", "3"), ("firstWeekday", "")])
            #expect(invalid.status == .unprocessableContent)
            #expect(invalid.text.contains("Unknown time zone &#39;Mars/Olympus&#39;") || invalid.text.contains("Unknown time zone"))
            #expect(invalid.text.contains("<option value=\"3\" selected>"))
            #expect(try await store.user(id: owner).settings == UserSettings(timeZone: "UTC"))

            let saved = try await browser.post("/settings", [("_csrf", csrf)] + fields)
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/settings?saved=1")
            let settings = try await store.user(id: owner).settings
            #expect(settings.timeZone == "America/New_York" && settings.dayStartHour == 3 && settings.firstWeekday == 2)
            #expect(try await browser.get("/settings?saved=1").text.contains("Saved."))
        }
    }

    @Test("A stale form saves only what it changed: opened before another device changed the zone and snooze, a new day start keeps them")
    func staleFormKeepsNewerSettings() async throws {
        try await WebHarness().run { browser, store in
            // Given the settings form opened in Berlin, days starting at midnight,
            let csrf = try await browser.signUp("ana", timeZone: "Europe/Berlin")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let shown = try HabitEditorTests.renderedFields(try await browser.get("/settings").text).filter { $0.0 != "_csrf" }
            #expect(shown.contains { $0.0 == "original" })
            let selects = [("timeZone", "Europe/Berlin"), ("dayStartHour", "0"), ("firstWeekday", "")]

            // when another device moves the zone and the snooze length,
            var elsewhere = try await store.user(id: owner).settings
            elsewhere.timeZone = "Asia/Tokyo"
            elsewhere.snoozeMinutes = 25
            _ = try await store.updateSettings(owner: owner, elsewhere)

            // and the stale form is saved with only the day start changed,
            let refused = try await browser.post(
                "/settings", [("_csrf", csrf)] + shown + selects.map { $0.0 == "dayStartHour" ? ("dayStartHour", "late") : $0 })
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"<input type="hidden" name="original""#), "a refused form keeps the snapshot")
            let saved = try await browser.post(
                "/settings", [("_csrf", csrf)] + shown + selects.map { $0.0 == "dayStartHour" ? ("dayStartHour", "5") : $0 })
            #expect(saved.status == .seeOther)

            // then the day start changes and the zone and snooze stay as the other device set them.
            let settings = try await store.user(id: owner).settings
            #expect(settings.dayStartHour == 5)
            #expect(settings.timeZone == "Asia/Tokyo" && settings.snoozeMinutes == 25)
        }
    }

    @Test(
        "Travel: pages carry the account's zone for app.js; the banner's switch changes only the zone, refuses an unknown one, needs the form token and returns only to a local path"
    )
    func travelSwitch() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana", timeZone: "Europe/Berlin")
            let owner = try #require(try await store.account(named: "ana")).user.id
            var settings = try await store.user(id: owner).settings
            settings.dayStartHour = 4
            _ = try await store.updateSettings(owner: owner, settings)
            let today = try await browser.get("/")
            #expect(today.text.contains("data-zone=\"Europe/Berlin\""))
            #expect(today.text.contains("data-zone-switch=\"/settings/zone\""))

            #expect(try await browser.post("/settings/zone", [("timeZone", "Asia/Tokyo")]).status == .forbidden)
            let unknown = try await browser.post("/settings/zone", [("_csrf", csrf), ("timeZone", "Mars/Olympus"), ("return", "/")])
            #expect(unknown.status == .unprocessableContent)
            #expect(try await store.user(id: owner).settings.timeZone == "Europe/Berlin")

            let switched = try await browser.post(
                "/settings/zone", [("_csrf", csrf), ("timeZone", "Asia/Tokyo"), ("return", "/routines?x=1")])
            #expect(switched.status == .seeOther)
            #expect(switched.headers[.location] == "/routines?x=1")
            #expect(try await store.user(id: owner).settings == UserSettings(timeZone: "Asia/Tokyo", dayStartHour: 4))
            #expect(try await browser.get("/").text.contains("data-zone=\"Asia/Tokyo\""))

            let elsewhere = try await browser.post(
                "/settings/zone", [("_csrf", csrf), ("timeZone", "Europe/Berlin"), ("return", "//evil.example/")])
            #expect(elsewhere.headers[.location] == "/")
        }
    }

    @Test(
        "Travel: Keep remembers the device's zone for the account (every browser's page lists it), changes no zone, refuses an unknown one, and asks again once the account's zone changes"
    )
    func travelKeep() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana", timeZone: "Europe/Berlin")
            let owner = try #require(try await store.account(named: "ana")).user.id
            #expect(!(try await browser.get("/").text.contains("data-zone-kept")))

            let unknown = try await browser.post("/settings/zone", [("_csrf", csrf), ("timeZone", "Mars/Olympus"), ("keep", "1")])
            #expect(unknown.status == .unprocessableContent)
            #expect(try await store.user(id: owner).settings.keptZones.isEmpty)

            for zone in ["America/New_York", "Asia/Tokyo", "America/New_York"] {
                let kept = try await browser.post("/settings/zone", [("_csrf", csrf), ("timeZone", zone), ("keep", "1")])
                #expect(kept.status == .seeOther)
            }
            let settings = try await store.user(id: owner).settings
            #expect(settings.timeZone == "Europe/Berlin")
            #expect(settings.keptDeviceZones == ["Asia/Tokyo", "America/New_York"])
            #expect(try await browser.get("/habits").text.contains("data-zone-kept=\"Asia/Tokyo America/New_York\""))

            // Eleven zones kept: the oldest is forgotten.
            for zone in [
                "Europe/London", "Europe/Paris", "Europe/Rome", "Europe/Madrid", "Europe/Oslo", "Europe/Vienna",
                "Europe/Prague", "Europe/Warsaw", "Europe/Lisbon",
            ] {
                _ = try await browser.post("/settings/zone", [("_csrf", csrf), ("timeZone", zone), ("keep", "1")])
            }
            let ten = try await store.user(id: owner).settings.keptDeviceZones
            #expect(ten.count == UserSettings.keptZonesLimit)
            #expect(ten.first == "America/New_York" && ten.last == "Europe/Lisbon")

            _ = try await browser.post("/settings/zone", [("_csrf", csrf), ("timeZone", "Asia/Tokyo")])
            #expect(try await store.user(id: owner).settings.keptDeviceZones == [])
            #expect(!(try await browser.get("/").text.contains("data-zone-kept")))
        }
    }

    @Test("Devices: API tokens listed with a revoke form; revoking works, another user's token is 404, no token is 403")
    func devices() async throws {
        try await WebHarness { $0.openRegistration = true }.run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let phone = try await store.createToken(
                AuthToken(owner: owner, kind: .api, name: "Ana's phone", createdAt: Date(timeIntervalSince1970: 1_749_000_000)),
                hash: "hash-1")
            let page = try await browser.get("/settings")
            #expect(page.text.contains("Ana&#39;s phone") || page.text.contains("Ana's phone"))
            #expect(page.text.contains("action=\"/settings/devices/\(phone.id)/revoke\""))

            let mallory = browser.another()
            let malloryCSRF = try await mallory.signUp("mallory")
            #expect(try await mallory.post("/settings/devices/\(phone.id)/revoke", [("_csrf", malloryCSRF)]).status == .notFound)
            #expect(try await browser.post("/settings/devices/\(phone.id)/revoke", []).status == .forbidden)
            #expect(try await store.tokens(owner: owner, kind: .api, now: Date()).count == 1)

            let revoked = try await browser.post("/settings/devices/\(phone.id)/revoke", [("_csrf", csrf)])
            #expect(revoked.status == .seeOther)
            #expect(try await store.tokens(owner: owner, kind: .api, now: Date()).isEmpty)
            #expect(try await browser.get("/settings").text.contains("No API tokens."))
        }
    }
}
