import Foundation
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendDelivery
import TendHTTP
import TendStore
import TendTestSupport
import Testing

@testable import TendWeb

@Suite("Settings → Notifications")
struct NotificationSettingsTests {
    @Test("The section lists the devices and webhooks, offers the enable button to app.js, and shows the calendar address and snooze")
    func section() async throws {
        try await WebHarness().run { browser, store in
            try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let keys = WebPushReceiver().keys
            _ = try await store.addPushSubscription(
                owner: owner, endpoint: "https://updates.push.services.mozilla.com/wpush/v2/abc", p256dh: keys.p256dh, auth: keys.auth,
                now: Date())
            _ = try await store.addWebhook(
                owner: owner, url: "https://ntfy.example.com/habits", format: .ntfy, accessToken: "tk_secret", now: Date())
            let page = try await browser.get("/settings")
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains(#"<h2 id="notifications-title">Notifications</h2>"#))
            #expect(html.contains(#"id="push-enable" hidden>Enable on this device</button>"#))
            #expect(html.contains("<strong>Firefox</strong>"))
            #expect(html.contains(#"data-endpoint="https://updates.push.services.mozilla.com/wpush/v2/abc""#))
            #expect(html.contains("https://ntfy.example.com/habits") && html.contains("with an access token"))
            #expect(!html.contains("tk_secret"))
            let calendar = try #require(
                Browser.firstMatch(#"id="calendar-url" value="([^"]+)""#, in: html), "no calendar address")
            #expect(calendar.wholeMatch(of: /https?:\/\/[^\/]+\/calendar\/[A-Za-z0-9_-]{64}\.ics/) != nil, "\(calendar)")
            #expect(html.contains(#"name="snoozeMinutes" value="10""#))
            #expect(html.contains(#"data-test="/api/v1/notifications/test""#))
        }
    }

    @Test("A webhook added through the form is stored; a refused one answers 422 beside its field, the token not echoed, nothing stored")
    func webhookForm() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let reminders = store
            let refused = try await browser.post(
                "/settings/webhooks", [("_csrf", csrf), ("url", "http://10.0.0.5/hook"), ("format", "json"), ("accessToken", "tk_x")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"id="webhookURL-error""#))
            #expect(refused.text.contains(#"value="http://10.0.0.5/hook""#))
            #expect(!refused.text.contains("tk_x"))
            #expect(try await reminders.webhooks(owner: owner).isEmpty)
            let unknown = try await browser.post(
                "/settings/webhooks", [("_csrf", csrf), ("url", "https://hooks.example.com/x"), ("format", "sms")])
            #expect(unknown.status == .unprocessableContent && unknown.text.contains(#"id="webhookFormat-error""#))

            let added = try await browser.post(
                "/settings/webhooks", [("_csrf", csrf), ("url", "https://ntfy.example.com/t"), ("format", "ntfy"), ("accessToken", " ")])
            #expect(added.status == .seeOther)
            let stored = try await reminders.webhooks(owner: owner)
            #expect(
                stored.map(\.url) == ["https://ntfy.example.com/t"] && stored.first?.format == .ntfy && stored.first?.accessToken == nil)

            let removed = try await browser.post("/settings/webhooks/\(try #require(stored.first).id)/delete", [("_csrf", csrf)])
            #expect(removed.status == .seeOther)
            #expect(try await reminders.webhooks(owner: owner).isEmpty)
        }
    }

    @Test("Revoking a device removes its subscription; another user's device is 404 and stays")
    func revokePush() async throws {
        try await WebHarness { $0.openRegistration = true }.run { browser, store in
            let csrf = try await browser.signUp("ana")
            let other = browser.another()
            let otherCSRF = try await other.signUp("bo")
            let reminders = store
            let ana = try #require(try await store.account(named: "ana")).user.id
            let keys = WebPushReceiver().keys
            let mine = try await reminders.addPushSubscription(
                owner: ana, endpoint: "https://fcm.googleapis.com/fcm/send/1", p256dh: keys.p256dh, auth: keys.auth, now: Date())
            #expect(try await other.post("/settings/push/\(mine.id)/revoke", [("_csrf", otherCSRF)]).status == .notFound)
            #expect(try await reminders.pushSubscriptions(owner: ana).count == 1)
            #expect(try await browser.post("/settings/push/\(mine.id)/revoke", [("_csrf", csrf)]).status == .seeOther)
            #expect(try await reminders.pushSubscriptions(owner: ana).isEmpty)
        }
    }

    @Test("\"Make a new address\" replaces the calendar URL; the old one answers 404")
    func rotateCalendar() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let before = try #require(
                Browser.firstMatch(#"id="calendar-url" value="([^"]+)""#, in: try await browser.get("/settings").text))
            let rotated = try await browser.post("/settings/calendar/rotate", [("_csrf", csrf)])
            #expect(rotated.status == .seeOther)
            let page = try await browser.get(try #require(rotated.headers[.location]))
            #expect(page.text.contains("The calendar has a new address"))
            let after = try #require(Browser.firstMatch(#"id="calendar-url" value="([^"]+)""#, in: page.text))
            #expect(after != before)
            let oldPath = try #require(URLComponents(string: before)?.path)
            let newPath = try #require(URLComponents(string: after)?.path)
            #expect(try await browser.request(.get, oldPath).status == .notFound)
            #expect(try await browser.request(.get, newPath).status == .ok)
        }
    }

    @Test("Snooze minutes are saved from the settings form; out of range is 422 beside the field")
    func snooze() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let base = [("_csrf", csrf), ("timeZone", "UTC"), ("dayStartHour", "0"), ("firstWeekday", "")]
            let refused = try await browser.post("/settings", base + [("snoozeMinutes", "500")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"id="snoozeMinutes-error""#))
            #expect(try await store.user(id: owner).settings.snoozeMinutes == 10)
            #expect(try await browser.post("/settings", base + [("snoozeMinutes", "25")]).status == .seeOther)
            #expect(try await store.user(id: owner).settings.snoozeMinutes == 25)
        }
    }
}
