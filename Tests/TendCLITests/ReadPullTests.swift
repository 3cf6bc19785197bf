import Foundation
import TendCore
import TendTestSupport
import Testing

@testable import TendCLI

/// A read shows what other devices did without `tend sync` (issue 41, item 2): it pulls first when
/// the copy is older than `AutoSync.freshness`, within `AutoSync.readBudget`; offline it says so
/// once and stays instant; `tend sync status` says when the copy was brought up to date and
/// whether the server has more.
@Suite("Reads pull first; sync status says how fresh the copy is")
struct ReadPullTests {
    static func at(_ time: String) -> Date { RemindCommandTests.berlin(time, day: "2026-11-27") }

    @Test(
        "Device B's today shows A's new habit and A's check; a second read within seconds makes no request; offline once said, then instant"
    )
    func pullBeforeRead() async throws {
        let account = try await ServedAccount.start()
        defer { account.stop() }
        let a = try await CLIHarness(timeZone: "Europe/Berlin")
        let b = try await CLIHarness(timeZone: "Europe/Berlin")
        #expect(await account.login(a, now: Self.at("07:00")).status == 0)
        #expect(await account.login(b, now: Self.at("07:00")).status == 0)

        // A adds Stretch and checks it (each change syncs after itself).
        #expect(await a.run(["add", "Stretch"], now: Self.at("07:01")).err == "")
        #expect(await a.run(["add", "Water", "--type", "count", "--target", "8"], now: Self.at("07:01")).err == "")
        #expect(await a.run(["check", "Stretch"], now: Self.at("07:02")).err == "")

        // B has not run `tend sync`: its today pulls first.
        let today = await b.run(["today"], now: Self.at("07:03"))
        #expect(today.status == 0 && today.err == "", "\(today.err)")
        #expect(today.out.contains("Stretch") && today.out.contains("done"), "\(today.out)")

        // Both add water, offline from each other's copies: each read shows the sum.
        #expect(await b.run(["increment", "Water"], now: Self.at("07:04")).status == 0)
        #expect(await a.run(["increment", "Water", "3"], now: Self.at("07:04")).status == 0)
        let waterA = try #require(try await Self.water(a, now: Self.at("07:05")))
        let waterB = try #require(try await Self.water(b, now: Self.at("07:05")))
        #expect(waterA == 4 && waterB == 4)

        // Status: B is up to date; after A's next change the server has more for B.
        var status = try await Self.status(b, now: Self.at("07:05"))
        #expect(status["serverHasMore"] as? Bool == false, "\(status)")
        #expect(await a.run(["increment", "Water"], now: Self.at("07:06")).status == 0)
        status = try await Self.status(b, now: Self.at("07:06"))
        #expect(status["serverHasMore"] as? Bool == true, "\(status)")
        #expect(status["lastSync"] as? String == "2026-11-27T06:05:00Z")
        let words = await b.run(["sync", "status"], now: Self.at("07:08"))
        #expect(words.out.contains("last sync: 2026-11-27T06:05:00Z (3 minutes ago)"), "\(words.out)")
        #expect(words.out.contains("server: has changes this copy has not pulled yet"), "\(words.out)")

        // Offline: a read within seconds of the last pull asks nothing (no message); one later
        // says once that it shows this device's copy; the next ones within a minute are instant.
        #expect(try await Self.water(b, now: Self.at("07:06")) == 5)
        account.stop()
        let fresh = await b.run(["today"], now: Self.at("07:06"))
        #expect(fresh.status == 0 && fresh.err == "", "\(fresh.err)")
        let stale = await b.run(["today"], now: Self.at("07:07"))
        #expect(stale.status == 0 && stale.err.contains("showing this device's copy"), "\(stale.err)")
        #expect(stale.out.contains("Water"))
        let quiet = await b.run(["today"], now: Self.at("07:07"))
        #expect(quiet.status == 0 && quiet.err == "", "\(quiet.err)")
        let offline = try await Self.status(b, now: Self.at("07:07"))
        #expect(offline["serverHasMore"] == nil || offline["serverHasMore"] is NSNull)
        #expect(offline["checkError"] as? String != nil)
    }

    static func water(_ cli: CLIHarness, now: Date) async throws -> Int? {
        let result = await cli.run(["today", "--json"], now: now)
        let json = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let habits = (json?["groups"] as? [[String: Any]])?.flatMap { $0["habits"] as? [[String: Any]] ?? [] }
        return habits?.first { $0["name"] as? String == "Water" }?["value"] as? Int
    }

    static func status(_ cli: CLIHarness, now: Date) async throws -> [String: Any] {
        let result = await cli.run(["sync", "status", "--json"], now: now)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.out)")
    }
}

/// Two CLI databases on one machine sign in as two devices the server's Settings tells apart
/// (issue 41, item 11).
@Suite("tend sync login names its token after the machine and the database")
struct SyncLoginNameTests {
    @Test("Two databases' tokens carry their device ids; --device-name names one; a bad name is refused before anything is asked")
    func names() async throws {
        let account = try await ServedAccount.start()
        defer { account.stop() }
        let laptop = try await CLIHarness()
        let desk = try await CLIHarness()
        #expect(await account.login(laptop, now: Date()).status == 0)
        let named = await desk.run(
            ["sync", "login", account.url, "--username", "ana", "--password-stdin", "--device-name", "Desk at work"],
            input: ServedAccount.password)
        #expect(named.status == 0, "\(named.err)")
        let tokens = try #require(try await account.get("/api/v1/tokens") as? [[String: Any]])
        let names = tokens.compactMap { $0["name"] as? String }
        let laptopDevice = try #require((try await laptop.json(["sync", "status", "--no-check"]) as? [String: Any])?["device"] as? String)
        #expect(names.contains { $0.hasPrefix("tend on ") && $0.hasSuffix(" (\(laptopDevice))") }, "\(names)")
        #expect(names.contains("Desk at work"))

        let other = try await CLIHarness()
        let refused = await other.run(
            ["sync", "login", account.url, "--username", "ana", "--password-stdin", "--device-name", String(repeating: "x", count: 101)],
            input: ServedAccount.password)
        #expect(refused.status == 1 && refused.err.contains("--device-name is one line of 1 to 100 characters"))
        #expect(!FileManager.default.fileExists(atPath: other.database + ".sync.json"))
        let long = try SyncLoginCommand.tokenName(nil, host: String(repeating: "h", count: 200), device: "cli-0123abcd")
        #expect(long.count == 100 && long.hasSuffix("… (cli-0123abcd)"))
    }
}

/// Linking a database that already has a habit of the account's name (issue 41, item 17).
@Suite("tend sync login --merge-names")
struct SyncLoginMergeTests {
    @Test(
        "A local Read joins the account's Read (both days, one habit everywhere); without the flag the copy is named and the flag offered")
    func merge() async throws {
        let account = try await ServedAccount.start()
        defer { account.stop() }
        let phone = try await account.post("/api/v1/habits", #"{"name":"Read"}"#)
        let id = try #require(phone["id"] as? String)
        try await account.post("/api/v1/habits/\(id)/days/2026-11-20/tap", "{}")

        let laptop = try await CLIHarness()
        #expect(await laptop.run(["add", "read"]).status == 0)
        #expect(await laptop.run(["add", "Walk"]).status == 0)
        #expect(await laptop.run(["check", "read", "--date", "2026-11-21"]).status == 0)
        let login = await laptop.run(
            ["sync", "login", account.url, "--username", "ana", "--password-stdin", "--merge-names"], input: ServedAccount.password)
        #expect(login.status == 0, "\(login.err)")
        #expect(login.out.contains("Merged into the account's habits: “Read”."), "\(login.out)")
        #expect(try await laptop.habitNames() == ["Read", "Walk"])
        #expect(try await laptop.value("Read", on: "2026-11-20") == 1)
        #expect(try await laptop.value("Read", on: "2026-11-21") == 1)
        let onServer = try #require(try await account.get("/api/v1/habits") as? [[String: Any]])
        #expect(onServer.compactMap { $0["name"] as? String }.sorted() == ["Read", "Walk"])
        #expect(onServer.first { $0["name"] as? String == "Read" }?["id"] as? String == id)

        // Another database with its own Read, linked without the flag: the copy is numbered, and the flag offered.
        let desk = try await CLIHarness()
        #expect(await desk.run(["add", "Read"]).status == 0)
        let plain = await desk.run(["sync", "login", account.url, "--username", "ana", "--password-stdin"], input: ServedAccount.password)
        #expect(plain.status == 0, "\(plain.err)")
        #expect(plain.err.contains("“Read” were both here and in the account") && plain.err.contains("--merge-names"), "\(plain.err)")
        #expect(try await desk.habitNames().contains("Read (2)"))
    }
}
