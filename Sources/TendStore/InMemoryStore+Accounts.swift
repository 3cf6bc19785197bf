import Foundation
import TendCore

/// What the in-memory store keeps for ``AccountStore``: the tables the SQL stores have, by key.
struct AccountTables: Sendable {
    struct Credential: Sendable {
        var role: AccountRole
        var passwordHash: String
        var createdAt: Date
        var approved = true
    }

    struct IdentityKey: Hashable, Sendable {
        var issuer: String
        var subject: String
    }

    var credentials: [User.ID: Credential] = [:]
    var tokens: [AuthToken.ID: (token: AuthToken, hash: String)] = [:]
    var invites: [Invite.ID: (invite: Invite, codeHash: String)] = [:]
    var identities: [IdentityKey: LinkedIdentity] = [:]
    /// Sign-ins under way, by the hash of their id.
    var attempts: [String: SignInAttempt] = [:]

    /// What deleting a user cascades to: their password, their tokens, the invites they made and
    /// the one they used.
    mutating func removeAll(of user: User.ID) {
        credentials[user] = nil
        identities = identities.filter { $0.value.owner != user }
        tokens = tokens.filter { $0.value.token.owner != user }
        invites = invites.filter { $0.value.invite.createdBy != user && $0.value.invite.usedBy != user }
    }

    func invite(codeHash: String) -> Invite? {
        invites.values.first { $0.codeHash == codeHash }?.invite
    }
}

// Every method runs on the actor without suspending, so each is one atomic step, as a
// transaction is in the SQL stores.
extension InMemoryStore: AccountStore {
    public func createAccount(
        username: String, passwordHash: String, settings: UserSettings, policy: RegistrationPolicy, approved: Bool, now: Date
    ) throws -> Account {
        try User.validate(username: username)
        try StoreError.enforcing { try HabitRules.validate(settings) }
        let role: AccountRole = accounts.credentials.isEmpty ? .owner : .member
        var invite: Invite?
        if role == .member, let hash = try AccountRules.inviteHash(requiredBy: policy) {
            invite = accounts.invite(codeHash: hash)
            try AccountRules.checkUsable(invite, now: now)
        }
        let user = try createUser(username: username, settings: settings)
        if let invite { accounts.invites[invite.id]?.invite.usedBy = user.id }
        return addCredential(user, role: role, passwordHash: passwordHash, approved: approved || role == .owner, now: now)
    }

    public func claimAccount(owner: User.ID, username: String, passwordHash: String, now: Date) throws -> Account {
        guard accounts.credentials[owner] == nil else { throw AccountRules.alreadyAccount }
        let user = try rename(owner, to: username)  // an unknown owner: not found
        return addCredential(
            user, role: accounts.credentials.isEmpty ? .owner : .member, passwordHash: passwordHash, now: now)
    }

    public func account(named username: String) -> Account? {
        user(named: username).flatMap(storedAccount)
    }

    public func account(id: User.ID) throws -> Account {
        guard let account = (try? user(id: id)).flatMap(storedAccount) else { throw StoreError.notFound("account") }
        return account
    }

    public func accountCount() -> Int {
        accounts.credentials.count
    }

    public func setPasswordHash(owner: User.ID, _ passwordHash: String) throws {
        guard accounts.credentials[owner] != nil else { throw StoreError.notFound("account") }
        accounts.credentials[owner]?.passwordHash = passwordHash
    }

    // MARK: Tokens

    public func createToken(_ token: AuthToken, hash: String) throws -> AuthToken {
        _ = try user(id: token.owner)
        guard accounts.tokens[token.id] == nil, !accounts.tokens.values.contains(where: { $0.hash == hash }) else {
            throw StoreError.conflict("this token already exists")
        }
        accounts.tokens[token.id] = (token, hash)
        return token
    }

    public func authenticate(tokenHash: String, now: Date) -> AuthToken? {
        guard var token = accounts.tokens.values.first(where: { $0.hash == tokenHash })?.token,
            AccountRules.isUnexpired(token.expiresAt, now: now)
        else { return nil }
        if AccountRules.needsLastUsedRefresh(token.lastUsedAt, now: now) {
            token.lastUsedAt = now
            accounts.tokens[token.id]?.token = token
        }
        return token
    }

    public func tokens(owner: User.ID, kind: AuthToken.Kind, now: Date) throws -> [AuthToken] {
        _ = try user(id: owner)
        return accounts.tokens.values.map(\.token)
            .filter { $0.owner == owner && $0.kind == kind && AccountRules.isUnexpired($0.expiresAt, now: now) }
            .sorted { AccountRules.newestFirst(($0.createdAt, $0.id.rawValue), ($1.createdAt, $1.id.rawValue)) }
    }

    public func revokeToken(owner: User.ID, id: AuthToken.ID) throws {
        guard accounts.tokens[id]?.token.owner == owner else { throw StoreError.notFound("token") }
        accounts.tokens[id] = nil
    }

    public func deleteExpiredTokens(now: Date) -> Int {
        let before = accounts.tokens.count
        accounts.tokens = accounts.tokens.filter { _, stored in AccountRules.isUnexpired(stored.token.expiresAt, now: now) }
        return before - accounts.tokens.count
    }

    public func revokeTokens(owner: User.ID, kind: AuthToken.Kind, except: AuthToken.ID?) throws {
        _ = try user(id: owner)
        accounts.tokens = accounts.tokens.filter { id, stored in
            stored.token.owner != owner || stored.token.kind != kind || id == except
        }
    }

    // MARK: Invites

    public func createInvite(_ invite: Invite, codeHash: String) throws -> Invite {
        _ = try user(id: invite.createdBy)
        guard accounts.credentials[invite.createdBy]?.role == .owner else { throw AccountRules.notOwner }
        guard accounts.invites[invite.id] == nil, accounts.invite(codeHash: codeHash) == nil else {
            throw StoreError.conflict("this invite already exists")
        }
        accounts.invites[invite.id] = (invite, codeHash)
        return invite
    }

    public func invites(owner: User.ID) throws -> [Invite] {
        _ = try user(id: owner)
        return accounts.invites.values.map(\.invite)
            .filter { $0.createdBy == owner }
            .sorted { AccountRules.newestFirst(($0.createdAt, $0.id.rawValue), ($1.createdAt, $1.id.rawValue)) }
    }

    public func validInvite(codeHash: String, now: Date) -> Invite? {
        guard let invite = accounts.invite(codeHash: codeHash), invite.usedBy == nil, invite.expiresAt > now
        else { return nil }
        return invite
    }

    public func revokeInvite(owner: User.ID, id: Invite.ID) throws {
        guard accounts.invites[id]?.invite.createdBy == owner else { throw StoreError.notFound("invite") }
        accounts.invites[id] = nil
    }

    // MARK: Internals

    func storedAccount(_ user: User) -> Account? {
        accounts.credentials[user.id].map {
            Account(user: user, role: $0.role, passwordHash: $0.passwordHash, createdAt: $0.createdAt, isApproved: $0.approved)
        }
    }

    private func addCredential(_ user: User, role: AccountRole, passwordHash: String, approved: Bool = true, now: Date) -> Account {
        accounts.credentials[user.id] = AccountTables.Credential(
            role: role, passwordHash: passwordHash, createdAt: now, approved: approved)
        return Account(user: user, role: role, passwordHash: passwordHash, createdAt: now, isApproved: approved)
    }
}
