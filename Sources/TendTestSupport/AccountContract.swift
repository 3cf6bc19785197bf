import Foundation
import TendCore
import TendStore
import Testing

/// A store that holds the users' data, their accounts and their linked sign-ins, as every Tend store does.
public typealias AccountingStore = TendStore & AccountStore & IdentityStore

/// One check of this contract (see ``ContractCase``).
public typealias AccountContractCase = ContractCase<any AccountingStore>

/// The one ``AccountStore`` contract every store passes: in memory, SQLite and PostgreSQL.
///
/// Times are whole seconds from a fixed instant, so they read back equal from every database,
/// and every `now` is passed in: nothing depends on the clock of the machine running the tests.
public enum AccountContract {
    static let t0 = Date(timeIntervalSince1970: 1_750_000_000)
    static let hour: TimeInterval = 3600
    static let day: TimeInterval = 86_400
    static let settings = UserSettings(timeZone: "Europe/Berlin", dayStartHour: 4, locale: "de_DE")

    static func signUp(
        _ store: any AccountingStore, _ name: String, policy: RegistrationPolicy = .open, at now: Date = t0
    ) async throws -> Account {
        try await store.createAccount(
            username: name, passwordHash: "bcrypt-of-\(name)", settings: settings, policy: policy, now: now)
    }

    static func token(
        _ owner: Account, _ kind: AuthToken.Kind = .session, name: String = "Firefox on Linux", at createdAt: Date = t0,
        expiresAt: Date? = nil
    ) -> AuthToken {
        AuthToken(owner: owner.user.id, kind: kind, name: name, createdAt: createdAt, expiresAt: expiresAt)
    }

    static func invite(_ owner: Account, at createdAt: Date = t0, validFor: TimeInterval = day) -> Invite {
        Invite(createdBy: owner.user.id, createdAt: createdAt, expiresAt: createdAt + validFor)
    }

    static func isForbidden(_ error: StoreError) -> Bool { if case .forbidden = error { true } else { false } }
    static let isNotFound = StoreContract.isNotFound
    static let isConflict = StoreContract.isConflict
    static let isInvalid = StoreContract.isInvalid

    static func expectStoreError(
        _ what: String, _ matches: (StoreError) -> Bool, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async {
        await StoreContract.expectStoreError(what, matches, sourceLocation: sourceLocation, body)
    }

    /// A forbidden error whose message mentions `words`.
    static func forbidden(_ words: String) -> (StoreError) -> Bool {
        { error in if case .forbidden(let message) = error { message.contains(words) } else { false } }
    }

    /// Every case: accounts, tokens and invites, then identities and approvals
    /// (AccountContract+Identities.swift).
    public static var cases: [AccountContractCase] { accountCases + identityCases }

    static let accountCases: [AccountContractCase] = [
        AccountContractCase("The first account is the owner whatever the policy; later open sign-ups are members") { store in
            // Given an empty store
            #expect(try await store.accountCount() == 0)
            // When the first person signs up, though registration needs an invite
            let alice = try await signUp(store, "alice", policy: .invite(codeHash: nil))
            // Then they own the server, and their account reads back by name and by id
            #expect(alice.role == .owner)
            #expect(alice.user.username == "alice" && alice.user.settings == settings)
            #expect(alice.passwordHash == "bcrypt-of-alice" && alice.createdAt == t0)
            #expect(try await store.account(named: "ALICE") == alice)
            #expect(try await store.account(id: alice.user.id) == alice)
            // And a later sign-up under open registration is a member
            let bob = try await signUp(store, "bob", at: t0 + hour)
            #expect(bob.role == .member)
            #expect(try await store.account(id: bob.user.id) == bob)
            #expect(try await store.accountCount() == 2)
            #expect(try await store.account(named: "carol") == nil)
            await expectStoreError("unknown account", isNotFound) {
                _ = try await store.account(id: User.ID())
            }
        },
        AccountContractCase("An account's user is a user like any other: every store method works on it") { store in
            let alice = try await signUp(store, "alice")
            #expect(try await store.user(id: alice.user.id) == alice.user)
            #expect(try await store.user(named: "Alice") == alice.user)
            let habit = try await store.createHabit(
                owner: alice.user.id, Habit(name: "Read", createdOn: Fixtures.day("2025-06-01")))
            _ = try await store.check(owner: alice.user.id, habit: habit.id, day: Fixtures.day("2025-06-02"))
            let state = try await store.exportState(owner: alice.user.id)
            #expect(state.settings == settings)
            #expect(state.habits[habit.id]?.completionCount(on: Fixtures.day("2025-06-02")) == 1)
            #expect(try await store.operations(owner: alice.user.id, after: 0, limit: 10).count == 2)
            var changed = UserSettings(timeZone: "UTC", dayStartHour: 0, locale: "en_US")
            changed.keep(deviceZone: "Asia/Tokyo")
            changed.keep(deviceZone: "America/New_York")
            _ = try await store.updateSettings(owner: alice.user.id, changed)
            #expect(try await store.account(id: alice.user.id).user.settings == changed)
            #expect(try await store.user(id: alice.user.id).settings.keptDeviceZones == ["Asia/Tokyo", "America/New_York"])
        },
        AccountContractCase("Without open registration a later sign-up needs an invite, which works once") { store in
            // Given an owner who made an invite valid for a day
            let alice = try await signUp(store, "alice")
            let made = try await store.createInvite(invite(alice), codeHash: "code-1")
            #expect(try await store.validInvite(codeHash: "code-1", now: t0 + hour) == made)
            // When someone signs up without an invite, or with a code nobody made, they are refused
            await expectStoreError("no invite", forbidden("registration needs an invite")) {
                _ = try await signUp(store, "bob", policy: .invite(codeHash: nil), at: t0 + hour)
            }
            await expectStoreError("unknown code", forbidden("not valid")) {
                _ = try await signUp(store, "bob", policy: .invite(codeHash: "code-0"), at: t0 + hour)
            }
            #expect(try await store.user(named: "bob") == nil)
            #expect(try await store.accountCount() == 1)
            // When they sign up with the invite, they become a member and the invite is used up
            let bob = try await signUp(store, "bob", policy: .invite(codeHash: "code-1"), at: t0 + hour)
            #expect(bob.role == .member)
            #expect(try await store.validInvite(codeHash: "code-1", now: t0 + hour) == nil)
            #expect(try await store.invites(owner: alice.user.id).map(\.usedBy) == [bob.user.id])
            // Then nobody can use it again
            await expectStoreError("used invite", forbidden("already been used")) {
                _ = try await signUp(store, "carol", policy: .invite(codeHash: "code-1"), at: t0 + hour)
            }
            #expect(try await store.user(named: "carol") == nil)
            #expect(try await store.accountCount() == 2)
        },
        AccountContractCase("An expired invite is refused and stays unused") { store in
            let alice = try await signUp(store, "alice")
            let made = try await store.createInvite(invite(alice, validFor: hour), codeHash: "code-1")
            #expect(try await store.validInvite(codeHash: "code-1", now: t0 + hour - 1) == made)
            #expect(try await store.validInvite(codeHash: "code-1", now: t0 + hour) == nil)
            await expectStoreError("expired invite", forbidden("expired")) {
                _ = try await signUp(store, "bob", policy: .invite(codeHash: "code-1"), at: t0 + hour + 1)
            }
            #expect(try await store.invites(owner: alice.user.id) == [made])
            #expect(try await store.user(named: "bob") == nil)
        },
        AccountContractCase("A refused sign-up (name taken or invalid) consumes no invite and creates nothing") { store in
            // Given an owner, an invite, and a user without a password (the CLI's local user)
            let alice = try await signUp(store, "alice")
            _ = try await store.createInvite(invite(alice), codeHash: "code-1")
            let local = try await store.createUser(username: "bob", settings: UserSettings())
            // When someone signs up as that user, or as an account's name in other case, it is a conflict
            for taken in ["bob", "BOB", "Alice"] {
                await expectStoreError("taken \(taken)", isConflict) {
                    _ = try await signUp(store, taken, policy: .invite(codeHash: "code-1"), at: t0 + hour)
                }
            }
            await expectStoreError("bad name", isInvalid) {
                _ = try await signUp(store, "carol smith", policy: .invite(codeHash: "code-1"), at: t0 + hour)
            }
            await expectStoreError("bad settings", isInvalid) {
                _ = try await store.createAccount(
                    username: "carol", passwordHash: "h", settings: UserSettings(timeZone: "Mars/Olympus"),
                    policy: .invite(codeHash: "code-1"), now: t0 + hour)
            }
            // Then the invite is still valid, and the local user is untouched
            #expect(try await store.validInvite(codeHash: "code-1", now: t0 + hour) != nil)
            #expect(try await store.user(named: "bob") == local)
            #expect(try await store.account(named: "bob") == nil)
            #expect(try await store.accountCount() == 1)
        },
        AccountContractCase("A user without a password claims an account once; the first to do so owns the server") { store in
            // Given two users the CLI made, without passwords
            let local = try await store.createUser(username: "me", settings: settings)
            let other = try await store.createUser(username: "them", settings: UserSettings())
            #expect(try await store.account(named: "me") == nil)
            #expect(try await store.accountCount() == 0)
            await expectStoreError("not yet an account", isNotFound) {
                _ = try await store.account(id: local.id)
            }
            // When the first claims an account, it is the owner, with its data
            let habit = try await store.createHabit(owner: local.id, Habit(name: "Run", createdOn: Fixtures.day("2025-06-01")))
            let claimed = try await store.claimAccount(owner: local.id, username: "me", passwordHash: "bcrypt-me", now: t0)
            #expect(claimed == Account(user: local, role: .owner, passwordHash: "bcrypt-me", createdAt: t0))
            #expect(try await store.account(named: "ME") == claimed)
            #expect(try await store.habits(owner: local.id, includeArchived: true).map(\.id) == [habit.id])
            // And the second is a member
            // And the second, claiming under another name, is a member renamed, with its data
            let them = try await store.createHabit(owner: other.id, Habit(name: "Swim", createdOn: Fixtures.day("2025-06-01")))
            let member = try await store.claimAccount(owner: other.id, username: "Ana", passwordHash: "bcrypt-them", now: t0)
            #expect(member.role == .member && member.user.username == "Ana" && member.user.id == other.id)
            #expect(try await store.user(named: "them") == nil)
            #expect(try await store.account(named: "ana") == member)
            #expect(try await store.habits(owner: other.id, includeArchived: true).map(\.id) == [them.id])
            // Then claiming again, for nobody, or under a taken name, fails and changes nothing
            let third = try await store.createUser(username: "third", settings: UserSettings())
            await expectStoreError("claimed twice", isConflict) {
                _ = try await store.claimAccount(owner: local.id, username: "me", passwordHash: "other", now: t0 + hour)
            }
            await expectStoreError("unknown user", isNotFound) {
                _ = try await store.claimAccount(owner: User.ID(), username: "nobody", passwordHash: "other", now: t0)
            }
            await expectStoreError("a taken name", isConflict) {
                _ = try await store.claimAccount(owner: third.id, username: "ME", passwordHash: "other", now: t0)
            }
            #expect(try await store.user(named: "third") == third)
            #expect(try await store.account(id: local.id) == claimed)
            #expect(try await store.accountCount() == 2)
        },
        AccountContractCase("A password hash is replaced; a user without an account has none to replace") { store in
            let alice = try await signUp(store, "alice")
            try await store.setPasswordHash(owner: alice.user.id, "bcrypt-new")
            #expect(try await store.account(id: alice.user.id).passwordHash == "bcrypt-new")
            #expect(try await store.account(named: "alice")?.role == .owner)
            let local = try await store.createUser(username: "local", settings: UserSettings())
            await expectStoreError("no account", isNotFound) {
                try await store.setPasswordHash(owner: local.id, "bcrypt")
            }
            await expectStoreError("nobody", isNotFound) {
                try await store.setPasswordHash(owner: User.ID(), "bcrypt")
            }
            #expect(try await store.account(named: "local") == nil)
        },
        AccountContractCase("A token authenticates by its hash until it expires; lists hold unexpired ones, newest first") { store in
            // Given sessions and an API token, one session expiring after an hour
            let alice = try await signUp(store, "alice")
            let old = try await store.createToken(token(alice, at: t0), hash: "h-old")
            let short = try await store.createToken(token(alice, at: t0 + 60, expiresAt: t0 + hour), hash: "h-short")
            let new = try await store.createToken(token(alice, name: "Safari", at: t0 + 120), hash: "h-new")
            let api = try await store.createToken(token(alice, .api, name: "iPhone", at: t0 + 180), hash: "h-api")
            // Then each authenticates by its hash (first use records when)
            var used = short
            used.lastUsedAt = t0 + 600
            #expect(try await store.authenticate(tokenHash: "h-short", now: t0 + 600) == used)
            #expect(try await store.authenticate(tokenHash: "h-api", now: t0 + 600)?.id == api.id)
            #expect(try await store.authenticate(tokenHash: "h-unknown", now: t0 + 600) == nil)
            // And the lists are by kind, newest first
            #expect(
                try await store.tokens(owner: alice.user.id, kind: .session, now: t0 + 600).map(\.id)
                    == [new.id, short.id, old.id])
            #expect(try await store.tokens(owner: alice.user.id, kind: .api, now: t0 + 600).map(\.id) == [api.id])
            // When the hour is over, the short session no longer authenticates nor is listed
            #expect(try await store.authenticate(tokenHash: "h-short", now: t0 + hour) == nil)
            #expect(
                try await store.tokens(owner: alice.user.id, kind: .session, now: t0 + hour).map(\.id)
                    == [new.id, old.id])
            #expect(try await store.authenticate(tokenHash: "h-old", now: t0 + 365 * day)?.id == old.id)
            // And a token's hash and id are its own
            await expectStoreError("same hash", isConflict) {
                _ = try await store.createToken(token(alice), hash: "h-old")
            }
            await expectStoreError("same id", isConflict) {
                _ = try await store.createToken(old, hash: "h-other")
            }
            await expectStoreError("nobody's token", isNotFound) {
                _ = try await store.createToken(AuthToken(owner: User.ID(), kind: .api, name: "x", createdAt: t0), hash: "h-x")
            }
            await expectStoreError("nobody's list", isNotFound) {
                _ = try await store.tokens(owner: User.ID(), kind: .api, now: t0)
            }
        },
        AccountContractCase("Authenticating writes the last use only when the one stored is older than the resolution") { store in
            let resolution = AccountRules.lastUsedResolution
            let alice = try await signUp(store, "alice")
            let stored = try await store.createToken(token(alice, at: t0), hash: "h")
            #expect(stored.lastUsedAt == nil)
            // First use: recorded
            #expect(try await store.authenticate(tokenHash: "h", now: t0 + 10)?.lastUsedAt == t0 + 10)
            // Uses within the resolution: a read, the recorded time stays
            #expect(try await store.authenticate(tokenHash: "h", now: t0 + 10 + resolution / 2)?.lastUsedAt == t0 + 10)
            #expect(try await store.authenticate(tokenHash: "h", now: t0 + 10 + resolution)?.lastUsedAt == t0 + 10)
            #expect(try await store.tokens(owner: alice.user.id, kind: .session, now: t0).first?.lastUsedAt == t0 + 10)
            // A use after it: recorded again
            let later = t0 + 10 + resolution + 1
            #expect(try await store.authenticate(tokenHash: "h", now: later)?.lastUsedAt == later)
            #expect(try await store.tokens(owner: alice.user.id, kind: .session, now: t0).first?.lastUsedAt == later)
        },
        AccountContractCase("Revoking tokens: one, or all of a kind but the current one; another user's is not found") { store in
            // Given alice with three sessions and an API token, and bob with a session
            let alice = try await signUp(store, "alice")
            let bob = try await signUp(store, "bob")
            let current = try await store.createToken(token(alice, at: t0), hash: "a-1")
            let laptop = try await store.createToken(token(alice, at: t0 + 1), hash: "a-2")
            _ = try await store.createToken(token(alice, at: t0 + 2), hash: "a-3")
            let api = try await store.createToken(token(alice, .api, at: t0 + 3), hash: "a-api")
            let bobs = try await store.createToken(token(bob, at: t0), hash: "b-1")
            // When bob tries to revoke alice's token, it is not found and still works
            await expectStoreError("another's token", isNotFound) {
                try await store.revokeToken(owner: bob.user.id, id: laptop.id)
            }
            await expectStoreError("unknown token", isNotFound) {
                try await store.revokeToken(owner: alice.user.id, id: AuthToken.ID())
            }
            #expect(try await store.authenticate(tokenHash: "a-2", now: t0)?.id == laptop.id)
            // When alice revokes her laptop's session, it no longer authenticates
            try await store.revokeToken(owner: alice.user.id, id: laptop.id)
            #expect(try await store.authenticate(tokenHash: "a-2", now: t0) == nil)
            // When she logs out everywhere else, only the current session and other kinds remain
            try await store.revokeTokens(owner: alice.user.id, kind: .session, except: current.id)
            #expect(try await store.tokens(owner: alice.user.id, kind: .session, now: t0).map(\.id) == [current.id])
            #expect(try await store.authenticate(tokenHash: "a-3", now: t0) == nil)
            #expect(try await store.authenticate(tokenHash: "a-api", now: t0)?.id == api.id)
            #expect(try await store.authenticate(tokenHash: "b-1", now: t0)?.id == bobs.id)
            // And revoking every API token leaves none
            try await store.revokeTokens(owner: alice.user.id, kind: .api, except: nil)
            #expect(try await store.tokens(owner: alice.user.id, kind: .api, now: t0).isEmpty)
            #expect(try await store.tokens(owner: bob.user.id, kind: .session, now: t0).map(\.id) == [bobs.id])
        },
        AccountContractCase("Only the owner invites; invites list newest first; another user's invite is not found") { store in
            // Given an owner, a member and a user without an account
            let alice = try await signUp(store, "alice")
            let bob = try await signUp(store, "bob")
            let local = try await store.createUser(username: "local", settings: UserSettings())
            // Then only the owner may invite
            await expectStoreError("member invites", isForbidden) {
                _ = try await store.createInvite(invite(bob), codeHash: "b-code")
            }
            await expectStoreError("local user invites", isForbidden) {
                _ = try await store.createInvite(Invite(createdBy: local.id, createdAt: t0, expiresAt: t0 + day), codeHash: "l")
            }
            await expectStoreError("nobody invites", isNotFound) {
                _ = try await store.createInvite(Invite(createdBy: User.ID(), createdAt: t0, expiresAt: t0 + day), codeHash: "n")
            }
            #expect(try await store.validInvite(codeHash: "b-code", now: t0) == nil)
            // When the owner makes two invites, they list newest first; codes and ids are unique
            let first = try await store.createInvite(invite(alice, at: t0), codeHash: "code-1")
            let second = try await store.createInvite(invite(alice, at: t0 + 60), codeHash: "code-2")
            #expect(try await store.invites(owner: alice.user.id) == [second, first])
            #expect(try await store.invites(owner: bob.user.id).isEmpty)
            await expectStoreError("same code", isConflict) {
                _ = try await store.createInvite(invite(alice), codeHash: "code-1")
            }
            await expectStoreError("same id", isConflict) {
                _ = try await store.createInvite(first, codeHash: "code-3")
            }
            await expectStoreError("nobody's invites", isNotFound) {
                _ = try await store.invites(owner: User.ID())
            }
            // When bob tries to revoke one, it is not found and still valid
            await expectStoreError("another's invite", isNotFound) {
                try await store.revokeInvite(owner: bob.user.id, id: first.id)
            }
            #expect(try await store.validInvite(codeHash: "code-1", now: t0) == first)
            // When alice revokes it, it no longer admits anyone
            try await store.revokeInvite(owner: alice.user.id, id: first.id)
            #expect(try await store.validInvite(codeHash: "code-1", now: t0) == nil)
            #expect(try await store.invites(owner: alice.user.id) == [second])
            await expectStoreError("revoked invite", forbidden("not valid")) {
                _ = try await signUp(store, "carol", policy: .invite(codeHash: "code-1"), at: t0 + 1)
            }
        },
        AccountContractCase("Deleting a user deletes their account, tokens and invites; their token no longer authenticates") { store in
            // Given an owner with a session and an invite, and a member (invited by it) with a session
            let alice = try await signUp(store, "alice")
            let aliceToken = try await store.createToken(token(alice), hash: "a-1")
            _ = try await store.createInvite(invite(alice), codeHash: "code-1")
            _ = try await store.createInvite(invite(alice, at: t0 + 1), codeHash: "code-2")
            let bob = try await signUp(store, "bob", policy: .invite(codeHash: "code-1"))
            _ = try await store.createToken(token(bob, .api), hash: "b-api")
            // When the member is deleted
            try await store.deleteUser(owner: bob.user.id)
            // Then their token no longer authenticates and their account is gone
            #expect(try await store.authenticate(tokenHash: "b-api", now: t0) == nil)
            await expectStoreError("deleted account", isNotFound) {
                _ = try await store.account(id: bob.user.id)
            }
            #expect(try await store.account(named: "bob") == nil)
            #expect(try await store.accountCount() == 1)
            // And the invite they used went with them, never to be used again; the owner's others stay
            #expect(try await store.invites(owner: alice.user.id).count == 1)
            #expect(try await store.validInvite(codeHash: "code-1", now: t0) == nil)
            #expect(try await store.authenticate(tokenHash: "a-1", now: t0)?.id == aliceToken.id)
            // When the owner is deleted too, everything of theirs goes
            try await store.deleteUser(owner: alice.user.id)
            #expect(try await store.authenticate(tokenHash: "a-1", now: t0) == nil)
            #expect(try await store.validInvite(codeHash: "code-2", now: t0) == nil)
            #expect(try await store.accountCount() == 0)
            // And the names are free again
            #expect(try await signUp(store, "bob").role == .owner)
        },
        AccountContractCase("Concurrent first sign-ups make exactly one owner") { store in
            let names = (0..<8).map { "user\($0)" }
            let accounts = try await withThrowingTaskGroup(of: Account.self) { group in
                for name in names { group.addTask { try await signUp(store, name) } }
                return try await group.reduce(into: [Account]()) { $0.append($1) }
            }
            #expect(accounts.count == names.count)
            #expect(accounts.filter { $0.role == .owner }.count == 1)
            var owners = 0
            for name in names where try await store.account(named: name)?.role == .owner { owners += 1 }
            #expect(owners == 1)
            #expect(try await store.accountCount() == names.count)
        },
        AccountContractCase("Expired sessions and tokens are deleted, every user's; unexpired ones and tokens without an expiry stay") {
            store in
            let alice = try await signUp(store, "alice")
            let bob = try await signUp(store, "bob")
            _ = try await store.createToken(token(alice, expiresAt: t0 + hour), hash: "old")
            let fresh = try await store.createToken(token(alice, expiresAt: t0 + 3 * hour), hash: "fresh")
            let forever = try await store.createToken(token(alice, .api, name: "cli"), hash: "forever")
            _ = try await store.createToken(token(bob, .api, name: "script", expiresAt: t0 + 2 * hour), hash: "bobs")
            // A token expiring exactly now is expired (it is refused from that instant on)
            #expect(try await store.deleteExpiredTokens(now: t0 + 2 * hour) == 2)
            #expect(try await store.authenticate(tokenHash: "old", now: t0) == nil)
            #expect(try await store.authenticate(tokenHash: "bobs", now: t0) == nil)
            #expect(try await store.authenticate(tokenHash: "fresh", now: t0)?.id == fresh.id)
            #expect(try await store.authenticate(tokenHash: "forever", now: t0)?.id == forever.id)
            #expect(try await store.tokens(owner: alice.user.id, kind: .session, now: t0).map(\.id) == [fresh.id])
            // Nothing left to delete: nothing changes
            #expect(try await store.deleteExpiredTokens(now: t0 + 2 * hour) == 0)
        },
    ]
}
