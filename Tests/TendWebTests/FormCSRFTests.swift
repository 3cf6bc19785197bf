import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendCore
import TendServer
import TendStore
import Testing

@testable import TendWeb

/// Issue 16: every form the signed-in pages post is refused without the session's CSRF token (or
/// with a wrong one), and the refusal changes nothing: what another site's page could post with
/// the victim's cookie.
@Suite("Web forms without the CSRF token are refused and change nothing")
struct FormCSRFTests {
    /// What a refused form could have changed: the habits, their entries, the tips, and whether
    /// the browser is still signed in.
    struct Snapshot: Equatable {
        var habits: [Habit]
        var entries: [[Entry]]
        var tips: TipState
        var signedIn: Bool
    }

    static func snapshot(_ store: any ServerStore, _ owner: User.ID, _ browser: Browser) async throws -> Snapshot {
        let habits = try await store.habits(owner: owner, includeArchived: true)
        var entries: [[Entry]] = []
        for habit in habits { entries.append(try await store.entries(owner: owner, habit: habit.id, from: .minimum, through: .maximum)) }
        let today = try await browser.get("/")
        return Snapshot(habits: habits, entries: entries, tips: try await store.tipState(owner: owner), signedIn: today.status == .ok)
    }

    @Test(
        "Quick add, tap, value, decrement, reset, skip, note, archive, delete, tip dismiss and logout: 403 without a token or with a wrong one",
        arguments: ["missing", "wrong"])
    func refused(_ token: String) async throws {
        try await WebHarness().run { browser, store in
            try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let read = try await store.createHabit(owner: owner, WebFixtures.habit(1, "Read", type: .count, target: 5))
            _ = try await store.perform(owner: owner, habit: read.id, day: WebFixtures.day("2025-06-14"), .set(2))
            let before = try await Self.snapshot(store, owner, browser)
            let habit = "/habits/\(read.id)"
            let day = "\(habit)/days/2025-06-14"
            let forms: [(String, [(String, String)])] = [
                ("/habits", [("name", "Injected")]),
                ("\(day)/tap", []),
                ("\(day)/value", [("value", "5")]),
                ("\(day)/decrement", []),
                ("\(day)/reset", []),
                ("\(day)/skip", [("skip", "true")]),
                ("\(habit)/note", [("day", "2025-06-14"), ("note", "injected")]),
                ("\(habit)/archive", []),
                ("\(habit)/delete", []),
                ("/tips/\(Tip.ID.allCases[0].rawValue)/dismiss", []),
                ("/logout", []),
            ]
            for (path, fields) in forms {
                let all = token == "wrong" ? [("_csrf", "not-the-token")] + fields : fields
                let response = try await browser.post(path, all)
                #expect(response.status == .forbidden, "\(path): \(response.status)")
                // The same refusal for a script posting JSON with the cookie and no header.
                let json = try await browser.request(
                    .post, path, headers: [.contentType: "application/json", .accept: "application/json"], body: ByteBuffer(string: "{}"))
                #expect(json.status == .forbidden, "\(path) (JSON): \(json.status)")
            }
            #expect(try await Self.snapshot(store, owner, browser) == before)
        }
    }
}
