import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendCore
import TendHTTP
import TendStore
import TendWords
import Testing
import ZIPFoundation

@testable import TendWeb

@Suite("Today page cache")
struct TodayPageCacheTests {
    static func key(_ sequence: Int64, csrf: String = "c1", day: String = "2025-06-15") -> TodayPageCache.Key {
        TodayPageCache.Key(
            owner: User.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!), sequence: sequence,
            settings: UserSettings(), username: "ana", day: WebFixtures.day(day), today: WebFixtures.day("2025-06-15"),
            routineTime: .day, modes: "", choice: "t", csrfToken: csrf, language: .english)
    }

    @Test("A page is found only under exactly its key; a session keeps one page; the least recently used session goes first")
    func keys() throws {
        let cache = TodayPageCache(capacity: 2)
        cache.store(Self.page("v1"), for: Self.key(1))
        let first = try cache.page(for: Self.key(1))?.plain()
        #expect(first == ByteBuffer(string: "v1"))
        #expect(cache.page(for: Self.key(2)) == nil, "a newer op log position is a miss")
        #expect(cache.page(for: Self.key(1, day: "2025-06-14")) == nil)
        cache.store(Self.page("v2"), for: Self.key(2))
        let second = try cache.page(for: Self.key(2))?.plain()
        #expect(cache.page(for: Self.key(1)) == nil && second == ByteBuffer(string: "v2"))
        cache.store(Self.page("other"), for: Self.key(2, csrf: "c2"))
        cache.store(Self.page("third"), for: Self.key(2, csrf: "c3"))
        #expect(cache.count == 2)
        #expect(cache.page(for: Self.key(2)) == nil, "the oldest session's page was dropped")
        let third = try cache.page(for: Self.key(2, csrf: "c3"))?.plain()
        #expect(third == ByteBuffer(string: "third"))
    }

    @Test("The least recently used page goes first: a page asked for since is kept over one stored later")
    func leastRecentlyUsed() throws {
        let cache = TodayPageCache(capacity: 2)
        cache.store(Self.page("asked"), for: Self.key(1, csrf: "a"))
        cache.store(Self.page("idle"), for: Self.key(1, csrf: "b"))
        #expect(cache.page(for: Self.key(1, csrf: "a")) != nil)
        cache.store(Self.page("new"), for: Self.key(1, csrf: "c"))
        #expect(cache.page(for: Self.key(1, csrf: "b")) == nil, "stored after, but not asked for since")
        let asked = try cache.page(for: Self.key(1, csrf: "a"))?.plain()
        #expect(asked == ByteBuffer(string: "asked"))
        #expect(cache.page(for: Self.key(1, csrf: "c")) != nil)
    }

    static func page(_ text: String) -> RenderedPage { RenderedPage(ByteBuffer(string: text)) }

    @Test("A browser that accepts gzip gets the page gzipped, the same bytes once inflated; others get it plain")
    func gzip() async throws {
        try await WebHarness().run { browser, store in
            _ = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            for index in 0..<12 {
                _ = try await store.createHabit(
                    owner: owner, Habit(name: "Habit \(index) <&>", type: .count, target: 8, createdOn: WebFixtures.day("2025-06-01")))
            }
            let plain = try await browser.get("/")
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(plain.headers[.vary] == "Accept-Encoding")
            for accepting in ["gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "*", "deflate, x-gzip"] {
                // Twice: the page rendered now, then the one kept in the cache.
                for _ in 0..<2 {
                    let zipped = try await browser.request(.get, "/", headers: [.acceptEncoding: accepting])
                    #expect(zipped.headers[.contentEncoding] == "gzip", "\(accepting)")
                    #expect(zipped.headers[.vary] == "Accept-Encoding")
                    #expect(zipped.headers[.contentLength] == String(zipped.body.readableBytes))
                    #expect(zipped.body.readableBytes * 3 < plain.body.readableBytes, "a page compresses several times")
                    #expect(try Self.gunzip(zipped.body) == Data(plain.body.readableBytesView))
                }
            }
            for refusing in ["identity", "gzip;q=0", "*;q=0", "gzip;q=0, *", "br"] {
                let response = try await browser.request(.get, "/", headers: [.acceptEncoding: refusing])
                #expect(response.headers[.contentEncoding] == nil, "\(refusing)")
                #expect(response.body == plain.body)
            }
        }
    }

    /// Inflates a gzip member, checking its header, CRC-32 and length (RFC 1952).
    static func gunzip(_ buffer: ByteBuffer) throws -> Data {
        let bytes = Data(buffer.readableBytesView)
        try #require(bytes.count > 18 && bytes.prefix(3) == Data([0x1f, 0x8b, 0x08]) && bytes[3] == 0, "a plain gzip header")
        let deflated = bytes.subdata(in: 10..<(bytes.count - 8))
        var inflated = Data()
        let crc = try Data.decompress(
            size: Int64(deflated.count), bufferSize: 64 * 1024, skipCRC32: false,
            provider: { position, size in deflated.subdata(in: Int(position)..<min(Int(position) + size, deflated.count)) },
            consumer: { inflated.append($0) })
        let trailer = bytes.suffix(8)
        let storedCRC = trailer.prefix(4).enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * $1.offset) }
        let storedSize = trailer.suffix(4).enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * $1.offset) }
        #expect(storedCRC == UInt32(crc))
        #expect(storedSize == UInt32(inflated.count))
        return inflated
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
            #expect(
                try await browser.post("/habits/\(water.id)/days/2025-06-15/tap", [("_csrf", csrf), ("return", "/")]).status == .seeOther)
            #expect(try await browser.get("/").text.contains("4 / 8 glasses"))

            #expect(try await browser.get("/cards/\(water.id)/mode/weekly").status == .seeOther)
            #expect(try await browser.get("/").text.contains("class=\"strip"), "another card mode, another page")

            _ = try await store.updateSettings(owner: owner, UserSettings(timeZone: "Pacific/Kiritimati"))
            #expect(try await browser.get("/").text.contains("Monday"), "the new zone's today (already Monday there)")
        }
    }

    @Test("<main data-position> is the op log position the page's data was read at, rendered and kept (app.js's offline taps)")
    func position() async throws {
        try await WebHarness().run { browser, store in
            _ = try await browser.signUp("ana")
            let owner = try #require(try await store.account(named: "ana")).user.id
            func shown() async throws -> Int64? {
                let text = try await browser.get("/").text
                return text.firstMatch(of: /<main id="main" class="page" data-position="(\d+)"/).flatMap { Int64($0.1) }
            }
            let water = try await store.createHabit(
                owner: owner, Habit(name: "Water", type: .count, target: 8, createdOn: WebFixtures.day("2025-06-01")))
            let before = try await store.latestOperationSequence(owner: owner)
            #expect(try await shown() == before)
            #expect(try await shown() == before, "the cached page")
            _ = try await store.setValue(owner: owner, habit: water.id, day: WebFixtures.day("2025-06-15"), 3)
            let after = try await store.latestOperationSequence(owner: owner)
            #expect(after > before)
            #expect(try await shown() == after)
        }
    }
}
