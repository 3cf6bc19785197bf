import Foundation
import PostgresNIO
import TendCore
import TendTestSupport
import Testing

@testable import TendPostgres
@testable import TendStore

/// What only the PostgreSQL store has to prove about accounts: sign-ups racing across server
/// instances, authentication as one statement, and the upgrade of a database at version 1.
@Suite("PostgreSQL store: accounts")
struct PostgresAccountTests {
    static let t0 = Date(timeIntervalSince1970: 1_750_000_000)

    /// Runs `body` with two stores (two server instances) on one new database.
    static func withTwoInstances(_ body: (PostgresStore, PostgresStore) async throws -> Void) async throws {
        try await PostgresTestDatabase.withDatabase { location in
            let a = try await PostgresStore.connect(location: location, device: "server-a", maximumConnections: 4, timeout: .seconds(90))
            let b = try await PostgresStore.connect(location: location, device: "server-b", maximumConnections: 4, timeout: .seconds(90))
            do {
                try await body(a, b)
            } catch {
                await a.close()
                await b.close()
                throw error
            }
            await a.close()
            await b.close()
        }
    }

    /// Signs `count` people up at once, alternating between the instances; each result is the
    /// account or the store's refusal.
    static func signUpAtOnce(
        _ stores: [PostgresStore], count: Int, policy: RegistrationPolicy
    ) async throws -> [Result<Account, StoreError>] {
        try await withThrowingTaskGroup(of: Result<Account, StoreError>.self) { group in
            for index in 0..<count {
                let store = stores[index % stores.count]
                group.addTask {
                    do {
                        return .success(
                            try await store.createAccount(
                                username: "user\(index)", passwordHash: "h", settings: UserSettings(), policy: policy,
                                now: t0))
                    } catch let error as StoreError {
                        return .failure(error)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    static func ownerCount(_ store: PostgresStore) async throws -> Int {
        try await store.read { c in
            try await store.rows("SELECT count(*) FROM credentials WHERE role = 'owner'", on: c).first?.decode(Int.self) ?? -1
        }
    }

    @Test("First sign-ups racing on two instances: exactly one becomes the owner, the rest members")
    func concurrentFirstSignUps() async throws {
        try await Self.withTwoInstances { a, b in
            let results = try await Self.signUpAtOnce([a, b], count: 16, policy: .open)
            let accounts = results.compactMap { try? $0.get() }
            #expect(accounts.count == 16)
            #expect(accounts.filter { $0.role == .owner }.count == 1)
            #expect(try await Self.ownerCount(a) == 1)
            #expect(try await b.accountCount() == 16)
        }
    }

    @Test("First sign-ups racing where registration needs an invite: exactly one gets in, as the owner")
    func concurrentFirstSignUpsWithoutInvites() async throws {
        try await Self.withTwoInstances { a, b in
            let results = try await Self.signUpAtOnce([a, b], count: 12, policy: .invite(codeHash: nil))
            let accounts = results.compactMap { try? $0.get() }
            #expect(accounts.map(\.role) == [.owner])
            #expect(results.filter { if case .failure(.forbidden) = $0 { true } else { false } }.count == 11)
            #expect(try await a.accountCount() == 1)
            // The refused sign-ups left no users behind
            let users = try await a.read { c in try await a.rows("SELECT count(*) FROM users", on: c).first?.decode(Int.self) }
            #expect(users == 1)
        }
    }

    @Test("One invite presented by many sign-ups at once admits exactly one")
    func concurrentInviteUse() async throws {
        try await Self.withTwoInstances { a, b in
            let owner = try await a.createAccount(
                username: "owner", passwordHash: "h", settings: UserSettings(), policy: .open, now: Self.t0)
            _ = try await a.createInvite(
                Invite(createdBy: owner.user.id, createdAt: Self.t0, expiresAt: Self.t0 + 86_400), codeHash: "code")
            let results = try await Self.signUpAtOnce([a, b], count: 10, policy: .invite(codeHash: "code"))
            let admitted = results.compactMap { try? $0.get() }
            #expect(admitted.count == 1)
            #expect(admitted.first?.role == .member)
            #expect(try await b.invites(owner: owner.user.id).map(\.usedBy) == [admitted.first?.user.id])
            #expect(try await b.accountCount() == 2)
        }
    }

    @Test("Authenticating within the last-use resolution is one statement (none while the token is kept); after it, one more")
    func authenticationIsOneStatement() async throws {
        try await PostgresTestDatabase.withStore { store in
            let alice = try await store.createAccount(
                username: "alice", passwordHash: "h", settings: UserSettings(), policy: .open, now: Self.t0)
            _ = try await store.createToken(
                AuthToken(owner: alice.user.id, kind: .session, name: "web", createdAt: Self.t0), hash: "h")
            _ = try await store.authenticate(tokenHash: "h", now: Self.t0)

            // Kept from the request before (TokenCache): no statement
            var before = store.statementCount
            #expect(try await store.authenticate(tokenHash: "h", now: Self.t0 + 60)?.lastUsedAt == Self.t0)
            #expect(store.statementCount - before == 0)
            // The last use due a refresh: the update only
            let later = Self.t0 + AccountRules.lastUsedResolution + 1
            before = store.statementCount
            #expect(try await store.authenticate(tokenHash: "h", now: later)?.lastUsedAt == later)
            #expect(store.statementCount - before == 1)
            // Once the kept token is too old: read again, one statement
            try await Task.sleep(for: store.tokens.lifetime + .milliseconds(200))
            before = store.statementCount
            #expect(try await store.authenticate(tokenHash: "h", now: later + 60)?.lastUsedAt == later)
            #expect(store.statementCount - before == 1)
            // After the resolution, read and update: two
            try await Task.sleep(for: store.tokens.lifetime + .milliseconds(200))
            let evenLater = later + AccountRules.lastUsedResolution + 1
            before = store.statementCount
            #expect(try await store.authenticate(tokenHash: "h", now: evenLater)?.lastUsedAt == evenLater)
            #expect(store.statementCount - before == 2)
        }
    }

    @Test("A database at version 1 upgrades to the account tables with its data intact")
    func migratesFromVersion1() async throws {
        try await PostgresTestDatabase.withDatabase { location in
            // Given a database at version 1, with a user, written by version 1's SQL
            let v1 = PostgresMigrations.all[0]
            #expect(v1.version == 1)
            let owner = UUID()
            _ = try await PostgresTestDatabase.query(
                [
                    """
                    CREATE TABLE schema_migrations (
                        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """
                ] + v1.statements + [
                    "INSERT INTO schema_migrations (version, name) VALUES (1, 'v1')",
                    """
                    INSERT INTO users (id, username, username_key, time_zone, day_start_hour, first_weekday, locale)
                    VALUES ('\(owner)', 'alice', 'alice', 'Europe/Berlin', 4, NULL, 'de_DE')
                    """,
                ], on: location)

            // When the current Tend connects
            let store = try await PostgresStore.connect(location: location, device: "server", maximumConnections: 2, timeout: .seconds(90))
            do {
                // Then it is at the latest version, the user is intact and can claim an account
                let versions = try await PostgresTestDatabase.query(
                    ["SELECT version FROM schema_migrations ORDER BY version"], on: location
                ).map { try $0.decode(Int.self) }
                #expect(versions == PostgresMigrations.all.map(\.version))
                let user = try await store.user(id: User.ID(rawValue: owner))
                #expect(user.username == "alice" && user.settings.dayStartHour == 4)
                #expect(try await store.accountCount() == 0)
                #expect(try await store.claimAccount(owner: user.id, username: "alice", passwordHash: "h", now: Self.t0).role == .owner)
                try await store.deleteUser(owner: user.id)
                #expect(try await store.accountCount() == 0)
            } catch {
                await store.close()
                throw error
            }
            await store.close()
        }
    }
}
