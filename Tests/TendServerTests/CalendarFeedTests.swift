import Foundation
import HTTPTypes
import HummingbirdTesting
import TendAPI
import TendDelivery
import TendServer
import TendWords
import Testing

/// The calendar feed's secret URL, on the three stores.
@Suite("The calendar feed: a secret URL per user, served without a session, replaced by rotating it")
struct CalendarFeedTests {
    /// `GET /api/v1/calendar`'s URL, and its path.
    static func feedURL(
        _ api: APIClient, _ login: Login, method: HTTPRequest.Method = .get, path: String = "/api/v1/calendar"
    )
        async throws -> (url: String, path: String)
    {
        let response = try await api.request(method, path, token: login.token)
        try #require(response.status == .ok, "\(response.status) \(response.text)")
        let url = try #require(try response.object()["url"] as? String)
        let components = try #require(URLComponents(string: url))
        return (url, components.path)
    }

    @Test("The URL is absolute and serves the owner's reminders as text/calendar in their zone", arguments: StoreKind.allCases)
    func served(kind: StoreKind) async throws {
        try await ServerHarness(kind: kind).run { api in
            let ana = try await api.signUp("ana")
            _ = try await api.request(.put, "/api/v1/settings", token: ana.token, json: #"{"timeZone":"Europe/Berlin"}"#)
            _ = try await api.createHabit(ana, #"{"name":"Stretch","emoji":"🧘","reminders":[{"time":"07:30","weekdays":["mon","fri"]}]}"#)
            let response = try await api.request(.get, "/api/v1/calendar", token: ana.token)
            let url = try #require(try response.object()["url"] as? String)
            #expect(url.wholeMatch(of: /http:\/\/[^\/]+\/calendar\/[A-Za-z0-9_-]{64}\.ics/) != nil, "\(url)")
            // The same URL until it is rotated
            #expect(try await Self.feedURL(api, ana).path == URLComponents(string: url)?.path)

            // When a calendar app fetches it, without any credential
            let feed = try await api.request(.get, try #require(URLComponents(string: url)?.path))
            #expect(feed.status == .ok)
            #expect(feed.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(feed.headers[.cacheControl] == "private, no-store")
            #expect(feed.text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            #expect(feed.text.contains("SUMMARY:🧘 Stretch"))
            #expect(feed.text.contains("DTSTART;TZID=Europe/Berlin:"))
            #expect(feed.text.contains("BYDAY=MO,FR"))
        }
    }

    @Test("The feed speaks its owner's language: the calendar's name and the reminders' default text", arguments: [StoreKind.sqlite])
    func ownersLanguage(kind: StoreKind) async throws {
        try await ServerHarness(kind: kind).run { api in
            let ana = try await api.signUp("ana")
            _ = try await api.request(.put, "/api/v1/settings", token: ana.token, json: #"{"language":"de"}"#)
            _ = try await api.createHabit(ana, #"{"name":"Lesen","reminders":[{"time":"21:00"}]}"#)
            let german = Words.of(.german)
            // Fetched by a calendar app on an English machine: no Accept-Language, no session.
            let feed = try await api.request(.get, try await Self.feedURL(api, ana).path).text
            #expect(feed.contains("X-WR-CALNAME:" + ICalendarText.escape(german("Tend reminders"))))
            #expect(german("Tend reminders") != "Tend reminders")
            let body = german("Time for {habit}.", ["habit": "Lesen"])
            #expect(body != "Time for Lesen.")
            // Unfolded: a long line continues on the next after CRLF and a space (RFC 5545 §3.1).
            #expect(feed.replacingOccurrences(of: "\r\n ", with: "").contains("DESCRIPTION:" + ICalendarText.escape(body)))
        }
    }

    @Test("Rotating gives a new URL; the old one answers 404 from then on", arguments: StoreKind.allCases)
    func rotate(kind: StoreKind) async throws {
        try await ServerHarness(kind: kind).run { api in
            let ana = try await api.signUp("ana")
            let old = try await Self.feedURL(api, ana)
            let new = try await Self.feedURL(api, ana, method: .post, path: "/api/v1/calendar/rotate")
            #expect(new.url != old.url)
            #expect(try await Self.feedURL(api, ana).url == new.url)
            try await api.request(.get, old.path).expectProblem(.notFound)
            #expect(try await api.request(.get, new.path).status == .ok)
        }
    }

    @Test("A forged, altered or foreign token is 404, and one user's URL shows only their habits", arguments: StoreKind.allCases)
    func forged(kind: StoreKind) async throws {
        try await ServerHarness(kind: kind) { $0.openRegistration = true }.run { api in
            let ana = try await api.signUp("ana")
            let bo = try await api.signUp("bo")
            _ = try await api.createHabit(ana, #"{"name":"Ana's secret habit","reminders":[{"time":"06:00"}]}"#)
            let anaFeed = try await Self.feedURL(api, ana)
            let boFeed = try await Self.feedURL(api, bo)
            #expect(try await !api.request(.get, boFeed.path).text.contains("secret habit"))
            #expect(try await api.request(.get, anaFeed.path).text.contains("secret habit"))

            // The last character changed: a wrong signature
            let token = anaFeed.path.dropFirst("/calendar/".count).dropLast(".ics".count)
            let altered = String(token.dropLast()) + (token.last == "A" ? "B" : "A")
            // B's owner part with A's signature
            let boToken = boFeed.path.dropFirst("/calendar/".count).dropLast(".ics".count)
            let spliced = String(boToken.prefix(22)) + String(token.dropFirst(22))
            for path in [
                "/calendar/\(altered).ics", "/calendar/\(spliced).ics", "/calendar/nothing.ics",
                "/calendar/\(String(repeating: "A", count: 64)).ics", "/calendar/\(token)",
            ] {
                let response = try await api.request(.get, path)
                #expect(response.status == .notFound, "\(path): \(response.status)")
                #expect(!response.text.contains("BEGIN:VCALENDAR"))
            }
            try await api.request(.get, "/api/v1/calendar").expectProblem(.unauthorized)
        }
    }
}
