import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import TendSQLite
import TendServer
import TendStore
import TendTestSupport
import Testing

/// The request log holds no secret of a URL: calendar apps and link previewers fetch secret URLs
/// with methods and shapes no route has, and each of those requests is logged too (issue 40).
@Suite("The request log never holds a calendar feed's or a reminder answer's token")
struct SecretPathLogTests {
    /// Runs `body` against a server on a new in-memory store whose log is `log`.
    static func run(log: CapturedLog, _ body: @Sendable (APIClient) async throws -> Void) async throws {
        let app = buildApplication(
            try ServerHarness().configuration, store: try SQLiteStore(inMemoryDevice: "memory"), logger: log.logger(level: .info))
        try await app.test(.router) { client in try await body(APIClient(client: client)) }
    }

    @Test("HEAD on the calendar feed answers 200 with the GET's headers and no body")
    func headOnFeed() async throws {
        try await Self.run(log: CapturedLog()) { api in
            // Given a user's feed URL
            let ana = try await api.signUp("ana")
            let feed = try await CalendarFeedTests.feedURL(api, ana).path
            // When a calendar app asks with HEAD, then with GET
            let head = try await api.request(.head, feed)
            let get = try await api.request(.get, feed)
            // Then HEAD is the GET without its body
            #expect(head.status == .ok)
            #expect(head.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(head.headers[.contentType] == get.headers[.contentType])
            #expect(head.headers[.cacheControl] == get.headers[.cacheControl])
            #expect(head.headers[.contentLength] == get.headers[.contentLength])
            #expect(head.body.readableBytes == 0)
            #expect(get.body.readableBytes > 0)
        }
    }

    @Test("Requests on secret URLs, routed or not, log the route or a redacted path, never the token")
    func noTokenInLog() async throws {
        let log = CapturedLog()
        let actionToken = "SECRETACTIONTOKEN" + String(repeating: "A", count: 150)
        let feedToken = try await Self.feedToken(log: log) { api, feed, token in
            // Given a valid feed URL and a reminder's "Done" URL (the log does not know a valid token from another)
            let done = "/api/v1/reminders/actions/\(actionToken)/done"
            // When calendar apps, link previewers and typos reach them with every method and shape
            let requests: [(HTTPRequest.Method, String)] = [
                (.head, feed), (.get, feed), (.options, feed), (.get, feed + "/"), (.get, "//" + feed.dropFirst()),
                (.get, "/Calendar/\(token).ics"), (.get, "/calendar/\(token).ICS"), (.get, "/calendar/\(token)"),
                (.get, "/calendar%2F\(token).ics"), (.get, "/x/../calendar/\(token).ics"), (.post, feed),
                (.get, done), (.head, done), (.post, done), (.post, "/api/v1/reminders/actions/\(actionToken)"),
                (.get, "/api/v1/reminders/actions/\(actionToken)/done/again"), (.post, "/API/v1/Reminders/actions/\(actionToken)/later"),
            ]
            for (method, path) in requests { _ = try await api.request(method, path) }
        }
        // Then every request was logged, and no line holds either token
        #expect(log.entries.filter { $0.hasPrefix("info request ") }.count >= 17)
        #expect(!log.text.contains(feedToken))
        #expect(!log.text.contains("SECRETACTIONTOKEN"))
        #expect(!log.text.lowercased().contains("secretactiontoken"))
        #expect(log.text.contains("path=/calendar/{token}.ics"))
        #expect(log.text.contains("path=/calendar/{redacted}"))
        #expect(log.text.contains("path=/api/v1/reminders/actions/{redacted}"))
    }

    /// Signs a user up, runs `body` with their feed's path and token, and answers the token.
    static func feedToken(
        log: CapturedLog, _ body: @escaping @Sendable (APIClient, String, String) async throws -> Void
    ) async throws -> String {
        let found = Recorded<String?>(nil)
        try await run(log: log) { api in
            let ana = try await api.signUp("ana")
            let feed = try await CalendarFeedTests.feedURL(api, ana).path
            let token = String(try #require(feed.wholeMatch(of: /\/calendar\/([A-Za-z0-9_-]+)\.ics/)?.1))
            found.set(token)
            try await body(api, feed, token)
        }
        return try #require(found.value)
    }
}
