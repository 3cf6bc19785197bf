import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TendCore
import TendHTTP
import TendSQLite
import TendStore
import Testing

@testable import TendWeb

/// `/events` streams end with the credential that opened them, and there are only so many.
@Suite("Live updates: streams that end and streams that are bounded")
struct EventStreamLimitTests {
    @Test("A page's stream ends when its session is signed out elsewhere (checked every few seconds, not at the next heartbeat)")
    func streamEndsWithSession() async throws {
        try await WebHarness().run { browser, _ in
            let csrf = try await browser.signUp("ana")
            // The stream, read to its end in the background (the router framework collects the whole body)
            let stream = Task { try await browser.request(.get, "/events", headers: [.accept: "text/event-stream"]) }
            try await Task.sleep(for: .milliseconds(300))
            let started = ContinuousClock.now
            #expect(try await browser.post("/logout", [("_csrf", csrf)]).status == .seeOther)
            let ended = await withTaskGroup(of: Bool.self) { group in
                group.addTask { (try? await stream.value) != nil }
                group.addTask {
                    try? await Task.sleep(for: .seconds(60))
                    return false
                }
                let first = await group.next() ?? false
                group.cancelAll()
                return first
            }
            stream.cancel()
            #expect(ended, "the stream outlived its session")
            // Far sooner than the 25 s heartbeat; the bound leaves room for a loaded machine
            #expect(ContinuousClock.now - started < .seconds(60))
        }
    }

    @Test("Streams are bounded per user (429) and per instance (503), each with Retry-After; a closed one frees its place")
    func bounded() async throws {
        let store = try SQLiteStore(inMemoryDevice: "memory")
        let ana = try await store.createUser(username: "ana", settings: UserSettings())
        let ben = try await store.createUser(username: "ben", settings: UserSettings())
        let cy = try await store.createUser(username: "cy", settings: UserSettings())
        let live = LiveUpdates(store: store, changes: ChangeNotifier(), pollInterval: .seconds(60), limits: .init(perUser: 2, total: 3))
        var open = [try await live.subscribe(ana.id), try await live.subscribe(ana.id)]
        do {
            _ = try await live.subscribe(ana.id)
            Issue.record("a third stream of one user was let in")
        } catch let problem as Problem {
            #expect(problem.status == .tooManyRequests)
            #expect(problem.headers[.retryAfter] != nil)
        }
        open.append(try await live.subscribe(ben.id))
        do {
            _ = try await live.subscribe(cy.id)
            Issue.record("a stream over the instance's limit was let in")
        } catch let problem as Problem {
            #expect(problem.status == .serviceUnavailable)
            #expect(problem.headers[.retryAfter] != nil)
        }
        #expect(live.openStreams == 3)
        // A page that closes gives its place back
        open.removeFirst()
        var waited = 0
        while live.openStreams > 2, waited < 200 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        open.append(try await live.subscribe(cy.id))
        #expect(live.openStreams == 3)
    }
}
