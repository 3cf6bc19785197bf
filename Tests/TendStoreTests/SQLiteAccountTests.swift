import Foundation
import GRDB
import TendCore
import TendTestSupport
import Testing

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
        #expect(try await store.writer.read { db in try SQLiteStore.migrator.appliedIdentifiers(db) } == ["v1", "v2", "v3"])
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
        let account = try await store.claimAccount(owner: owner, passwordHash: "bcrypt", now: t0)
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
}
