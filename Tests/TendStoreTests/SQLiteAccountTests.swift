import Foundation
import GRDB
import TendCore
import TendTestSupport
import Testing

@testable import TendSQLite
@testable import TendStore

/// What only the SQLite store has to prove about accounts: the v3 migration of an existing
/// database, authentication as a read, and sign-ups from two processes on one file.
@Suite("SQLite store: accounts")
struct SQLiteAccountTests {
    let day = Fixtures.day("2025-03-01")
    let t0 = Date(timeIntervalSince1970: 1_750_000_000)

    @Test("A database at schema v2 upgrades to v3 with its data intact, and its user can claim an account")
    func migratesFromV2() async throws {
        // Given a database at schema v2 with a user, a habit, an entry and an operation, written by v2's SQL
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        let queue = try DatabaseQueue(path: path)
        try SQLiteStore.migrator.migrate(queue, upTo: "v2")
        let owner = User.ID()
        let habit = Habit.ID()
        var clock = HybridClock(device: "laptop")
        let timestamp = clock.tick(now: t0)
        let change = try SQLiteApply.json(Change.entrySet(habit: habit, day: day, value: 1))
        try await queue.write { [day] db in
            try db.execute(
                sql: "INSERT INTO users VALUES (?, 'alice', 'alice', 'Europe/Berlin', 4, NULL, 'de_DE')",
                arguments: [owner.description])
            try db.execute(
                sql: """
                    INSERT INTO habits VALUES (?, ?, 'Read', 'read', '📚', 'green', '', 'good', 'checkmark', 1, '',
                        '{"type":"daily"}', 'evening', '[]', 0, 0, ?)
                    """,
                arguments: [owner.description, habit.description, day.ordinal])
            try db.execute(
                sql: "INSERT INTO entries VALUES (?, ?, ?, 1, 0, 'chapter 1')",
                arguments: [owner.description, habit.description, day.ordinal])
            try db.execute(
                sql: "INSERT INTO ops (user_id, id, device, hlc, change) VALUES (?, ?, 'laptop', ?, ?)",
                arguments: [owner.description, UUID().uuidString.lowercased(), timestamp.description, change])
        }
        #expect(try await queue.read { db in try SQLiteStore.migrator.appliedIdentifiers(db) } == ["v1", "v2"])
        try queue.close()

        // When the current Tend opens it
        let store = try SQLiteStore(path: path, device: "server")

        // Then v3 has run and everything reads back as it was
        #expect(
            try await store.writer.read { db in try SQLiteStore.migrator.appliedIdentifiers(db) } == [
                "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19",
            ])
        let user = try await store.user(id: owner)
        #expect(user.username == "alice" && user.settings.timeZone == "Europe/Berlin" && user.settings.dayStartHour == 4)
        let tracked = try await store.trackedHabits(owner: owner, includeArchived: true)
        #expect(tracked.map(\.habit.name) == ["Read"])
        #expect(tracked.first?.entry(on: day) == Entry(day: day, value: 1, note: "chapter 1"))
        let log = try await store.operations(owner: owner, after: 0, limit: 10)
        #expect(log.map(\.operation.timestamp) == [timestamp])
        #expect(try store.integrityCheck() == ["ok"])

        // And the existing user has no account until it claims one, then owns the server
        #expect(try await store.accountCount() == 0)
        #expect(try await store.account(named: "alice") == nil)
        let account = try await store.claimAccount(owner: owner, username: "alice", passwordHash: "bcrypt", now: t0)
        #expect(account.role == .owner && account.user == user)
        _ = try await store.createToken(AuthToken(owner: owner, kind: .api, name: "phone", createdAt: t0), hash: "h")
        #expect(try await store.authenticate(tokenHash: "h", now: t0)?.owner == owner)
        // And the foreign keys of the new tables hold
        let violations = try store.writer.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }
        #expect(violations.isEmpty)
    }

    @Test("Authenticating within the last-use resolution writes nothing; after it, one update")
    func authenticationIsARead() async throws {
        // Given a token used once
        let store = try SQLiteStore(inMemoryDevice: "test")
        let alice = try await store.createAccount(
            username: "alice", passwordHash: "bcrypt", settings: UserSettings(), policy: .open, now: t0)
        _ = try await store.createToken(AuthToken(owner: alice.user.id, kind: .session, name: "web", createdAt: t0), hash: "h")
        _ = try await store.authenticate(tokenHash: "h", now: t0)
        let writes = QueryCounter()
        try await store.writer.writeWithoutTransaction { db in
            db.trace(options: .statement) { event in
                if case .statement(let statement) = event,
                    ["INSERT", "UPDATE", "DELETE"].contains(where: statement.sql.uppercased().hasPrefix)
                {
                    writes.increment()
                }
            }
        }
        // When it authenticates again within the resolution, nothing is written
        for offset in [1.0, 60, AccountRules.lastUsedResolution] {
            #expect(try await store.authenticate(tokenHash: "h", now: t0 + offset)?.lastUsedAt == t0)
        }
        #expect(writes.value == 0)
        // When the resolution has passed, the last use is written once
        let later = t0 + AccountRules.lastUsedResolution + 1
        #expect(try await store.authenticate(tokenHash: "h", now: later)?.lastUsedAt == later)
        #expect(writes.value == 1)
    }

    @Test("Two stores on one file (the CLI and the server) signing people up at once make one owner")
    func concurrentSignUpsOnOneFile() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        let stores = [try SQLiteStore(path: path, device: "server"), try SQLiteStore(path: path, device: "cli")]
        let roles = try await withThrowingTaskGroup(of: AccountRole.self) { group in
            for index in 0..<12 {
                let store = stores[index % 2]
                group.addTask {
                    try await store.createAccount(
                        username: "user\(index)", passwordHash: "h", settings: UserSettings(), policy: .open, now: t0
                    ).role
                }
            }
            return try await group.reduce(into: [AccountRole]()) { $0.append($1) }
        }
        #expect(roles.filter { $0 == .owner }.count == 1)
        #expect(roles.count == 12)
        #expect(try await stores[1].accountCount() == 12)
    }

    @Test(
        "A token proven in the last second is not read again; a revocation here refuses it at once, one by another store on the file within the second"
    )
    func tokenCache() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        let server = try SQLiteStore(path: path, device: "server")
        let other = try SQLiteStore(path: path, device: "other")
        let alice = try await server.createAccount(
            username: "alice", passwordHash: "bcrypt", settings: UserSettings(), policy: .open, now: t0)
        let phone = try await server.createToken(AuthToken(owner: alice.user.id, kind: .api, name: "phone", createdAt: t0), hash: "p")
        let laptop = try await server.createToken(AuthToken(owner: alice.user.id, kind: .api, name: "laptop", createdAt: t0), hash: "l")
        #expect(try await server.authenticate(tokenHash: "p", now: t0)?.id == phone.id)
        #expect(try await server.authenticate(tokenHash: "l", now: t0)?.id == laptop.id)

        // Revoked through the store that proved it: refused on the next request
        try await server.revokeToken(owner: alice.user.id, id: phone.id)
        #expect(try await server.authenticate(tokenHash: "p", now: t0) == nil)
        // An expired token is refused even while kept
        _ = try await server.createToken(
            AuthToken(owner: alice.user.id, kind: .session, name: "web", createdAt: t0, expiresAt: t0 + 10), hash: "w")
        #expect(try await server.authenticate(tokenHash: "w", now: t0 + 5) != nil)
        #expect(try await server.authenticate(tokenHash: "w", now: t0 + 11) == nil)

        // Revoked by another process on the file: this store notices within its cache's lifetime
        #expect(try await server.authenticate(tokenHash: "l", now: t0)?.id == laptop.id)
        try await other.revokeToken(owner: alice.user.id, id: laptop.id)
        // A request that starts a cache lifetime after the revocation reads the file again. (Only the
        // lower bound is the claim: a loaded machine may sleep longer, which changes nothing.)
        try await Task.sleep(for: server.tokens.lifetime + .milliseconds(50))
        #expect(try await server.authenticate(tokenHash: "l", now: t0) == nil)
    }

    @Test("A token read before a revocation and kept after it is refused (the revocation starts a new generation)")
    func tokenCacheRace() async throws {
        let cache = TokenCache()
        let token = AuthToken(owner: User.ID(), kind: .api, name: "phone", createdAt: t0)
        var reads = 0
        // The revocation lands between this request's start and the end of its read
        let first = try await cache.authenticate(
            hash: "h", now: t0,
            read: {
                reads += 1
                cache.forgetAll()
                return token
            },
            touch: { _ in true })
        #expect(first?.id == token.id, "this request read it before the revocation")
        // So the next request reads again instead of trusting what the first one kept
        let second = try await cache.authenticate(
            hash: "h", now: t0,
            read: {
                reads += 1
                return nil
            }, touch: { _ in true })
        #expect(second == nil)
        #expect(reads == 2)
        // And without a revocation, a kept token is not read again
        _ = try await cache.authenticate(
            hash: "k", now: t0,
            read: {
                reads += 1
                return token
            }, touch: { _ in true })
        _ = try await cache.authenticate(
            hash: "k", now: t0,
            read: {
                reads += 1
                return nil
            }, touch: { _ in true })
        #expect(reads == 3)
    }
}
