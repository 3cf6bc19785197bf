import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendServer
import Testing

/// What the Today caches did is on `/metrics`, so whoever runs a hosted instance can tell whether
/// `--cache-memory` holds the people it serves.
@Suite("Cache counters on /metrics")
struct CacheMetricsTests {
    static func counter(_ line: String, in text: String) -> Double {
        text.split(separator: "\n").first { $0.hasPrefix(line + " ") }.flatMap { Double($0.split(separator: " ").last!) } ?? 0
    }

    @Test("A Today page rendered, then sent from the cache, then rendered after a change: each counted once, with held habits' reads")
    func todayPages() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let login = try await api.request(.post, "/api/v1/session", json: #"{"username":"ana","password":"\#(APIClient.password)"}"#)
            let csrf = try #require(try login.object()["csrfToken"] as? String)
            let browser: HTTPFields = [.cookie: try sessionCookie(login).pair, .accept: "text/html"]
            func metrics() async throws -> (cached: Double, rendered: Double, current: Double, replayed: Double, read: Double) {
                let text = try await api.request(.get, "/metrics", token: ana.token).text
                return (
                    Self.counter(#"tend_today_pages_total{source="cache"}"#, in: text),
                    Self.counter(#"tend_today_pages_total{source="rendered"}"#, in: text),
                    Self.counter(#"tend_held_habits_reads_total{outcome="current"}"#, in: text),
                    Self.counter(#"tend_held_habits_reads_total{outcome="replayed"}"#, in: text),
                    Self.counter(#"tend_held_habits_reads_total{outcome="read"}"#, in: text)
                )
            }
            let start = try await metrics()
            #expect(try await api.request(.get, "/", headers: browser).status == .ok)
            #expect(try await api.request(.get, "/", headers: browser).status == .ok)
            var headers = browser
            headers[.contentType] = "application/x-www-form-urlencoded"
            headers[.init("X-CSRF-Token")!] = csrf
            #expect(
                try await api.request(.post, "/habits", headers: headers, body: ByteBuffer(string: "name=Read&_csrf=\(csrf)&return=/"))
                    .status == .seeOther)
            #expect(try await api.request(.get, "/", headers: browser).status == .ok)
            let end = try await metrics()
            #expect(end.cached - start.cached == 1)
            #expect(end.rendered - start.rendered == 2)
            // The first page read everything; a new habit is not brought forward but read again.
            #expect(end.read - start.read == 2 && end.current == start.current && end.replayed == start.replayed)
        }
    }
}
