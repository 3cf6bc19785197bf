import Foundation
import NIOCore
import HTTPTypes
import HummingbirdTesting
import TendCore
import TendHTTP
import TendStore
import Testing

@testable import TendWeb

@Suite("Today page cache")
struct TodayPageCacheTests {
    static func key(_ sequence: Int64, csrf: String = "c1", day: String = "2025-06-15") -> TodayPageCache.Key {
        TodayPageCache.Key(
            owner: User.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!), sequence: sequence,
            settings: UserSettings(), username: "ana", day: WebFixtures.day(day), today: WebFixtures.day("2025-06-15"),
            routineTime: .day, modes: "", csrfToken: csrf)
    }

    @Test("A page is found only under exactly its key; a session keeps one page; the oldest session goes first")
    func keys() {
        let cache = TodayPageCache(capacity: 2)
        cache.store(ByteBuffer(string: "v1"), for: Self.key(1))
        #expect(cache.page(for: Self.key(1)) == ByteBuffer(string: "v1"))
        #expect(cache.page(for: Self.key(2)) == nil, "a newer op log position is a miss")
        #expect(cache.page(for: Self.key(1, day: "2025-06-14")) == nil)
        cache.store(ByteBuffer(string: "v2"), for: Self.key(2))
        #expect(cache.page(for: Self.key(1)) == nil && cache.page(for: Self.key(2)) == ByteBuffer(string: "v2"))
        cache.store(ByteBuffer(string: "other"), for: Self.key(2, csrf: "c2"))
        cache.store(ByteBuffer(string: "third"), for: Self.key(2, csrf: "c3"))
        #expect(cache.count == 2)
        #expect(cache.page(for: Self.key(2)) == nil, "the oldest session's page was dropped")
        #expect(cache.page(for: Self.key(2, csrf: "c3")) == ByteBuffer(string: "third"))
    }

    @Test("Any change of the user's data — from this page, another device or a setting — shows on the next Today page")
    func changesShow() async throws {
        try await WebHarness().run { browser, store in
            let csrf = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            let first = try await browser.get("/")
            #expect(try await browser.get("/").text == first.text, "unchanged data: the same page")

            let water = try await store.createHabit(
                owner: owner, Habit(name: "Water", type: .count, target: 8, unit: "glasses", createdOn: WebFixtures.day("2025-06-01")))
            #expect(try await browser.get("/").text.contains("0 / 8 glasses"), "a habit made by another device")
            _ = try await store.setValue(owner: owner, habit: water.id, day: WebFixtures.day("2025-06-15"), 3)
            #expect(try await browser.get("/").text.contains("3 / 8 glasses"))
            #expect(try await browser.post("/habits/\(water.id)/days/2025-06-15/tap", [("_csrf", csrf), ("return", "/")]).status == .seeOther)
            #expect(try await browser.get("/").text.contains("4 / 8 glasses"))

            #expect(try await browser.get("/cards/\(water.id)/mode/weekly").status == .seeOther)
            #expect(try await browser.get("/").text.contains("class=\"strip"), "another card mode, another page")

            _ = try await store.updateSettings(owner: owner, UserSettings(timeZone: "Pacific/Kiritimati"))
            #expect(try await browser.get("/").text.contains("Monday"), "the new zone's today (already Monday there)")
        }
    }
}
