import Foundation
import PostgresNIO
import TendCore
import TendStore
import TendWords

/// Accounts in PostgreSQL. Sign-ups and claims take one transaction-level advisory lock, so
/// concurrent ones (from any instance) run one after another: the first account is the owner
/// exactly once, and an invite is consumed once. Authentication is one statement outside a
/// transaction, plus an update when `last_used_at` is due a refresh.
extension PostgresStore: AccountStore {
    /// Serialises sign-ups and claims ("tendacct" in ASCII; migrations take another key).
    static let accountsLock: Int64 = 0x7465_6E64_6163_6374

    static let tokenColumns = "id, user_id, kind, name, created_at, last_used_at, expires_at"
    static let inviteColumns = "id, created_by, created_at, expires_at, used_by"
    /// An account: its user's columns as ``user(from:)`` reads them, then its credentials.
    static let accountQuery = """
        SELECT u.id, u.username, u.time_zone, u.day_start_hour, u.first_weekday, u.locale, u.snooze_minutes, u.kept_zones,
               u.language, c.role, c.password_hash, c.created_at, c.approved
        FROM users u JOIN credentials c ON c.user_id = u.id
        """

    public func createAccount(
        username: String, passwordHash: String, settings: UserSettings, policy: RegistrationPolicy, approved: Bool, now: Date
    ) async throws -> Account {
        let user = try User.new(username: username, settings: settings)
        // A name taken meanwhile by `createUser` (which does not take the lock) fails the unique
        // index: a conflict too.
        return try await write { c in
            let role = try await self.lockAccounts(on: c)
            var invite: Invite?
            if role == .member, let hash = try AccountRules.inviteHash(requiredBy: policy) {
                invite = try await self.fetchInvite(codeHash: hash, on: c)
                try AccountRules.checkUsable(invite, now: now)
            }
            try await self.insert(user, on: c)
            if let invite {
                try await self.run(
                    "UPDATE invites SET used_by = \(user.id.rawValue) WHERE id = \(invite.id.rawValue)", on: c)
            }
            return try await self.insertCredential(
                user, role: role, passwordHash: passwordHash, approved: approved || role == .owner, now: now, on: c)
        }
    }

    public func claimAccount(owner: User.ID, username: String, passwordHash: String, now: Date) async throws -> Account {
        try User.validate(username: username)
        return try await write { c in
            let role = try await self.lockAccounts(on: c)
            var user = try await self.fetchUser(owner, on: c)
            let existing = try await self.rows("SELECT 1 FROM credentials WHERE user_id = \(owner.rawValue)", on: c)
            guard existing.isEmpty else { throw AccountRules.alreadyAccount }
            let named = try await self.rows(
                "SELECT 1 FROM users WHERE username_key = \(Self.usernameKey(username)) AND id <> \(owner.rawValue)", on: c)
            guard named.isEmpty else { throw StoreError.conflict(t("the username '{username}' is taken", ["username": username])) }
            _ = try await self.rows(
                "UPDATE users SET username = \(username), username_key = \(Self.usernameKey(username)) WHERE id = \(owner.rawValue)", on: c)
            user.username = username
            return try await self.insertCredential(user, role: role, passwordHash: passwordHash, now: now, on: c)
        }
    }

    public func account(named username: String) async throws -> Account? {
        try await read { c in
            try await self.rows(
                "\(unescaped: Self.accountQuery) WHERE u.username_key = \(Self.usernameKey(username))", on: c
            ).first.map(Self.account(from:))
        }
    }

    public func account(id: User.ID) async throws -> Account {
        try await read { c in
            let rows = try await self.rows("\(unescaped: Self.accountQuery) WHERE u.id = \(id.rawValue)", on: c)
            guard let account = try rows.first.map(Self.account(from:)) else {
                throw StoreError.notFound("account")
            }
            return account
        }
    }

    public func accountCount() async throws -> Int {
        try await read { c in try await self.rows("SELECT count(*) FROM credentials", on: c).first?.decode(Int.self) ?? 0 }
    }

    public func setPasswordHash(owner: User.ID, _ passwordHash: String) async throws {
        try await write { c in
            let updated = try await self.rows(
                """
                UPDATE credentials SET password_hash = \(passwordHash) WHERE user_id = \(owner.rawValue)
                RETURNING user_id
                """, on: c)
            guard !updated.isEmpty else { throw StoreError.notFound("account") }
        }
    }

    // MARK: Tokens

    public func createToken(_ token: AuthToken, hash: String) async throws -> AuthToken {
        do {
            try await write { c in
                try await self.requireOwner(token.owner, on: c)
                try await self.run(
                    """
                    INSERT INTO auth_tokens (id, user_id, kind, name, token_hash, created_at, last_used_at, expires_at)
                    VALUES (\(token.id.rawValue), \(token.owner.rawValue), \(token.kind.rawValue), \(token.name),
                            \(hash), \(token.createdAt), \(token.lastUsedAt), \(token.expiresAt))
                    """, on: c)
            }
        } catch StoreError.conflict {
            throw StoreError.conflict(t("this token already exists"))
        }
        return token
    }

    /// One statement, outside a transaction, unless the token was read in the last second
    /// (``TokenCache``); a second only when the last use is due a refresh.
    public func authenticate(tokenHash: String, now: Date) async throws -> AuthToken? {
        do {
            return try await tokens.authenticate(
                hash: tokenHash, now: now,
                read: {
                    try await client.withConnection { c in
                        try await self.rows(
                            "SELECT \(unescaped: Self.tokenColumns) FROM auth_tokens WHERE token_hash = \(tokenHash)", on: c
                        ).first.map(Self.token(from:))
                    }
                },
                touch: { token in
                    try await client.withConnection { c in
                        // Never moves the time back (another request may have refreshed it meanwhile).
                        try await !self.rows(
                            """
                            UPDATE auth_tokens SET last_used_at = greatest(last_used_at, \(now))
                            WHERE id = \(token.id.rawValue) RETURNING id
                            """, on: c
                        ).isEmpty
                    }
                })
        } catch {
            throw Self.storeError(error)
        }
    }

    public func tokens(owner: User.ID, kind: AuthToken.Kind, now: Date) async throws -> [AuthToken] {
        try await read { c in
            try await self.requireOwner(owner, on: c)
            return try await self.rows(
                """
                SELECT \(unescaped: Self.tokenColumns) FROM auth_tokens
                WHERE user_id = \(owner.rawValue) AND kind = \(kind.rawValue)
                  AND (expires_at IS NULL OR expires_at > \(now))
                ORDER BY created_at DESC, id DESC
                """, on: c
            ).map(Self.token(from:))
        }
    }

    public func revokeToken(owner: User.ID, id: AuthToken.ID) async throws {
        defer { tokens.forgetAll() }
        try await write { c in
            let deleted = try await self.rows(
                "DELETE FROM auth_tokens WHERE id = \(id.rawValue) AND user_id = \(owner.rawValue) RETURNING id", on: c)
            guard !deleted.isEmpty else { throw StoreError.notFound("token") }
        }
    }

    public func deleteExpiredTokens(now: Date) async throws -> Int {
        defer { tokens.forgetAll() }
        return try await write { c in
            try await self.rows("DELETE FROM auth_tokens WHERE expires_at <= \(now) RETURNING id", on: c).count
        }
    }

    public func revokeTokens(owner: User.ID, kind: AuthToken.Kind, except: AuthToken.ID?) async throws {
        defer { tokens.forgetAll() }
        try await write { c in
            try await self.requireOwner(owner, on: c)
            try await self.run(
                """
                DELETE FROM auth_tokens
                WHERE user_id = \(owner.rawValue) AND kind = \(kind.rawValue)
                  AND id IS DISTINCT FROM \(except?.rawValue)::uuid
                """, on: c)
        }
    }

    // MARK: Invites

    public func createInvite(_ invite: Invite, codeHash: String) async throws -> Invite {
        do {
            try await write { c in
                let rows = try await self.rows(
                    """
                    SELECT c.role FROM users u LEFT JOIN credentials c ON c.user_id = u.id
                    WHERE u.id = \(invite.createdBy.rawValue)
                    """, on: c)
                guard let row = rows.first else { throw StoreError.notFound("user") }
                guard try row.decode(String?.self) == AccountRole.owner.rawValue else { throw AccountRules.notOwner }
                try await self.run(
                    """
                    INSERT INTO invites (id, created_by, code_hash, created_at, expires_at, used_by)
                    VALUES (\(invite.id.rawValue), \(invite.createdBy.rawValue), \(codeHash), \(invite.createdAt),
                            \(invite.expiresAt), \(invite.usedBy?.rawValue))
                    """, on: c)
            }
        } catch StoreError.conflict {
            throw StoreError.conflict(t("this invite already exists"))
        }
        return invite
    }

    public func invites(owner: User.ID) async throws -> [Invite] {
        try await read { c in
            try await self.requireOwner(owner, on: c)
            return try await self.rows(
                """
                SELECT \(unescaped: Self.inviteColumns) FROM invites WHERE created_by = \(owner.rawValue)
                ORDER BY created_at DESC, id DESC
                """, on: c
            ).map(Self.invite(from:))
        }
    }

    public func validInvite(codeHash: String, now: Date) async throws -> Invite? {
        try await read { c in
            try await self.rows(
                """
                SELECT \(unescaped: Self.inviteColumns) FROM invites
                WHERE code_hash = \(codeHash) AND used_by IS NULL AND expires_at > \(now)
                """, on: c
            ).first.map(Self.invite(from:))
        }
    }

    public func revokeInvite(owner: User.ID, id: Invite.ID) async throws {
        try await write { c in
            let deleted = try await self.rows(
                "DELETE FROM invites WHERE id = \(id.rawValue) AND created_by = \(owner.rawValue) RETURNING id", on: c)
            guard !deleted.isEmpty else { throw StoreError.notFound("invite") }
        }
    }

    // MARK: Internals

    /// Takes the sign-up lock for this transaction, then says the role the next account gets.
    /// The count runs after the lock is held, so it sees every account committed before.
    func lockAccounts(on c: PostgresConnection) async throws -> AccountRole {
        try await run("SELECT pg_advisory_xact_lock(\(Self.accountsLock))", on: c)
        let any = try await rows("SELECT 1 FROM credentials LIMIT 1", on: c)
        return any.isEmpty ? .owner : .member
    }

    func insertCredential(
        _ user: User, role: AccountRole, passwordHash: String, approved: Bool = true, now: Date, on c: PostgresConnection
    ) async throws -> Account {
        try await run(
            """
            INSERT INTO credentials (user_id, role, password_hash, created_at, approved)
            VALUES (\(user.id.rawValue), \(role.rawValue), \(passwordHash), \(now), \(approved))
            """, on: c)
        return Account(user: user, role: role, passwordHash: passwordHash, createdAt: now, isApproved: approved)
    }

    static func account(from row: PostgresRow) throws -> Account {
        let (id, username, zone, dayStart, firstWeekday, locale, snooze, kept, language, role, hash, createdAt, approved) =
            try row.decode((UUID, String, String, Int, Int?, String, Int, String, String?, String, String, Date, Bool).self)
        let user = User(
            id: User.ID(rawValue: id), username: username,
            settings: UserSettings(
                timeZone: zone, dayStartHour: dayStart, firstWeekday: firstWeekday, locale: locale, snoozeMinutes: snooze,
                keptZones: UserSettings.keptZones(text: kept), language: language))
        return Account(user: user, role: try enumValue(role), passwordHash: hash, createdAt: createdAt, isApproved: approved)
    }

    func fetchInvite(codeHash: String, on c: PostgresConnection) async throws -> Invite? {
        try await rows(
            "SELECT \(unescaped: Self.inviteColumns) FROM invites WHERE code_hash = \(codeHash) FOR UPDATE", on: c
        ).first.map(Self.invite(from:))
    }

    static func token(from row: PostgresRow) throws -> AuthToken {
        let (id, owner, kind, name, createdAt, lastUsedAt, expiresAt) = try row.decode(
            (UUID, UUID, String, String, Date, Date?, Date?).self)
        return AuthToken(
            id: AuthToken.ID(rawValue: id), owner: User.ID(rawValue: owner), kind: try enumValue(kind), name: name,
            createdAt: createdAt, lastUsedAt: lastUsedAt, expiresAt: expiresAt)
    }

    static func invite(from row: PostgresRow) throws -> Invite {
        let (id, createdBy, createdAt, expiresAt, usedBy) = try row.decode((UUID, UUID, Date, Date, UUID?).self)
        return Invite(
            id: Invite.ID(rawValue: id), createdBy: User.ID(rawValue: createdBy), createdAt: createdAt,
            expiresAt: expiresAt, usedBy: usedBy.map(User.ID.init(rawValue:)))
    }
}
