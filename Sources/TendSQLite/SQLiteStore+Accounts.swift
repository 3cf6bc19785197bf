import Foundation
import GRDB
import TendCore
import TendStore
import TendWords

/// Accounts in SQLite: each write is one transaction, and GRDB begins write transactions
/// IMMEDIATE, so sign-ups from every process on the file run one after another (the first is the
/// owner exactly once). Authentication reads, and writes only to refresh `last_used_at`.
extension SQLiteStore: AccountStore {
    public func createAccount(
        username: String, passwordHash: String, settings: UserSettings, policy: RegistrationPolicy, approved: Bool, now: Date
    ) async throws -> Account {
        let user = try User.new(username: username, settings: settings)
        return try await write { db in
            let role = try SQLiteAccountRows.nextRole(db)
            var invite: Invite?
            if role == .member, let hash = try AccountRules.inviteHash(requiredBy: policy) {
                invite = try SQLiteAccountRows.invite(db, codeHash: hash)
                try AccountRules.checkUsable(invite, now: now)
            }
            try SQLiteStore.insert(user, db: db)
            if let invite {
                try db.execute(
                    sql: "UPDATE invites SET used_by = ? WHERE id = ?",
                    arguments: [user.id.description, invite.id.description])
            }
            return try SQLiteAccountRows.insertCredential(
                user, role: role, passwordHash: passwordHash, approved: approved || role == .owner, now: now, db: db)
        }
    }

    public func claimAccount(owner: User.ID, username: String, passwordHash: String, now: Date) async throws -> Account {
        try User.validate(username: username)
        return try await write { db in
            guard var user = try SQLiteRows.user(db, id: owner.description) else { throw StoreError.notFound("user") }
            guard try SQLiteAccountRows.account(db, user: user) == nil else { throw AccountRules.alreadyAccount }
            if let other = try String.fetchOne(
                db, sql: "SELECT id FROM users WHERE username_key = ?", arguments: [username.lowercased()]), other != owner.description
            {
                throw StoreError.conflict(t("the username '{username}' is taken", ["username": username]))
            }
            try db.execute(
                sql: "UPDATE users SET username = ?, username_key = ? WHERE id = ?",
                arguments: [username, username.lowercased(), owner.description])
            user.username = username
            return try SQLiteAccountRows.insertCredential(
                user, role: try SQLiteAccountRows.nextRole(db), passwordHash: passwordHash, now: now, db: db)
        }
    }

    public func account(named username: String) async throws -> Account? {
        try await writer.read { db in
            guard
                let id = try String.fetchOne(
                    db, sql: "SELECT id FROM users WHERE username_key = ?", arguments: [username.lowercased()]),
                let user = try SQLiteRows.user(db, id: id)
            else { return nil }
            return try SQLiteAccountRows.account(db, user: user)
        }
    }

    public func account(id: User.ID) async throws -> Account {
        try await writer.read { db in
            guard let user = try SQLiteRows.user(db, id: id.description),
                let account = try SQLiteAccountRows.account(db, user: user)
            else { throw StoreError.notFound("account") }
            return account
        }
    }

    /// The server's owner (the first account), if there is one.
    public func ownerAccount() async throws -> Account? {
        try await writer.read { db in
            guard let id = try String.fetchOne(db, sql: "SELECT user_id FROM credentials WHERE role = 'owner' LIMIT 1"),
                let user = try SQLiteRows.user(db, id: id)
            else { return nil }
            return try SQLiteAccountRows.account(db, user: user)
        }
    }

    public func accountCount() async throws -> Int {
        try await writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM credentials") ?? 0 }
    }

    public func setPasswordHash(owner: User.ID, _ passwordHash: String) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE credentials SET password_hash = ? WHERE user_id = ?",
                arguments: [passwordHash, owner.description])
            guard db.changesCount == 1 else { throw StoreError.notFound("account") }
        }
    }

    // MARK: Tokens

    public func createToken(_ token: AuthToken, hash: String) async throws -> AuthToken {
        try await write { db in
            try SQLiteAccountRows.requireUser(db, token.owner)
            try SQLiteAccountRows.insertingUnique(StoreError.conflict(t("this token already exists"))) {
                try db.execute(
                    sql: """
                        INSERT INTO auth_tokens (id, user_id, kind, name, token_hash, created_at, last_used_at, expires_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        token.id.description, token.owner.description, token.kind.rawValue, token.name, hash,
                        token.createdAt.timeIntervalSince1970, token.lastUsedAt?.timeIntervalSince1970,
                        token.expiresAt?.timeIntervalSince1970,
                    ])
            }
        }
        return token
    }

    /// One indexed read, unless the token was read in the last second (``TokenCache``); a write
    /// only when the stored last use is older than the resolution.
    ///
    /// Every API request starts here, so the read is a ``lookUp(_:)`` (on the calling thread).
    public func authenticate(tokenHash: String, now: Date) async throws -> AuthToken? {
        try await tokens.authenticate(
            hash: tokenHash, now: now,
            read: {
                try await lookUp { db in
                    try Row.fetchOne(
                        db.cachedStatement(
                            sql: "SELECT \(SQLiteAccountRows.tokenColumns) FROM auth_tokens WHERE token_hash = ?"),
                        arguments: [tokenHash]
                    ).map(SQLiteAccountRows.token)
                }
            },
            touch: { token in
                let id = token.id.description
                return try await write { db in
                    // Never moves the time back (another request may have refreshed it meanwhile).
                    try db.execute(
                        sql: "UPDATE auth_tokens SET last_used_at = max(coalesce(last_used_at, ?1), ?1) WHERE id = ?2",
                        arguments: [now.timeIntervalSince1970, id])
                    return db.changesCount == 1
                }
            })
    }

    public func tokens(owner: User.ID, kind: AuthToken.Kind, now: Date) async throws -> [AuthToken] {
        try await writer.read { db in
            try SQLiteAccountRows.requireUser(db, owner)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT \(SQLiteAccountRows.tokenColumns) FROM auth_tokens
                    WHERE user_id = ? AND kind = ? AND (expires_at IS NULL OR expires_at > ?)
                    ORDER BY created_at DESC, id DESC
                    """,
                arguments: [owner.description, kind.rawValue, now.timeIntervalSince1970]
            ).map(SQLiteAccountRows.token)
        }
    }

    public func revokeToken(owner: User.ID, id: AuthToken.ID) async throws {
        defer { tokens.forgetAll() }
        try await write { db in
            try db.execute(
                sql: "DELETE FROM auth_tokens WHERE id = ? AND user_id = ?",
                arguments: [id.description, owner.description])
            guard db.changesCount == 1 else { throw StoreError.notFound("token") }
        }
    }

    public func deleteExpiredTokens(now: Date) async throws -> Int {
        defer { tokens.forgetAll() }
        return try await write { db in
            try db.execute(
                sql: "DELETE FROM auth_tokens WHERE expires_at IS NOT NULL AND expires_at <= ?", arguments: [now.timeIntervalSince1970])
            return db.changesCount
        }
    }

    public func revokeTokens(owner: User.ID, kind: AuthToken.Kind, except: AuthToken.ID?) async throws {
        defer { tokens.forgetAll() }
        try await write { db in
            try SQLiteAccountRows.requireUser(db, owner)
            try db.execute(
                sql: "DELETE FROM auth_tokens WHERE user_id = ? AND kind = ? AND id IS NOT ?",
                arguments: [owner.description, kind.rawValue, except?.description])
        }
    }

    // MARK: Invites

    public func createInvite(_ invite: Invite, codeHash: String) async throws -> Invite {
        try await write { db in
            try SQLiteAccountRows.requireUser(db, invite.createdBy)
            let role = try String.fetchOne(
                db, sql: "SELECT role FROM credentials WHERE user_id = ?", arguments: [invite.createdBy.description])
            guard role == AccountRole.owner.rawValue else { throw AccountRules.notOwner }
            try SQLiteAccountRows.insertingUnique(StoreError.conflict(t("this invite already exists"))) {
                try db.execute(
                    sql: """
                        INSERT INTO invites (id, created_by, code_hash, created_at, expires_at, used_by)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        invite.id.description, invite.createdBy.description, codeHash,
                        invite.createdAt.timeIntervalSince1970, invite.expiresAt.timeIntervalSince1970,
                        invite.usedBy?.description,
                    ])
            }
        }
        return invite
    }

    public func invites(owner: User.ID) async throws -> [Invite] {
        try await writer.read { db in
            try SQLiteAccountRows.requireUser(db, owner)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT \(SQLiteAccountRows.inviteColumns) FROM invites WHERE created_by = ?
                    ORDER BY created_at DESC, id DESC
                    """,
                arguments: [owner.description]
            ).map(SQLiteAccountRows.invite)
        }
    }

    public func validInvite(codeHash: String, now: Date) async throws -> Invite? {
        try await writer.read { db in
            try SQLiteAccountRows.invite(db, codeHash: codeHash).flatMap { invite in
                invite.usedBy == nil && invite.expiresAt > now ? invite : nil
            }
        }
    }

    public func revokeInvite(owner: User.ID, id: Invite.ID) async throws {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM invites WHERE id = ? AND created_by = ?",
                arguments: [id.description, owner.description])
            guard db.changesCount == 1 else { throw StoreError.notFound("invite") }
        }
    }
}

/// Reading and writing the account tables (migration v3).
enum SQLiteAccountRows {
    static let tokenColumns = "id, user_id, kind, name, created_at, last_used_at, expires_at"
    static let inviteColumns = "id, created_by, created_at, expires_at, used_by"

    static func requireUser(_ db: Database, _ id: User.ID) throws {
        guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM users WHERE id = ?"), arguments: [id.description]) != nil
        else { throw StoreError.notFound("user") }
    }

    /// `.owner` while the store has no account, `.member` after.
    static func nextRole(_ db: Database) throws -> AccountRole {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM credentials LIMIT 1") == nil ? .owner : .member
    }

    static func account(_ db: Database, user: User) throws -> Account? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT role, password_hash, created_at, approved FROM credentials WHERE user_id = ?",
                arguments: [user.id.description])
        else { return nil }
        return Account(
            user: user, role: try enumeration(row[0]), passwordHash: row[1], createdAt: Date(timeIntervalSince1970: row[2]),
            isApproved: row[3])
    }

    static func insertCredential(
        _ user: User, role: AccountRole, passwordHash: String, approved: Bool = true, now: Date, db: Database
    ) throws -> Account {
        try db.execute(
            sql: "INSERT INTO credentials (user_id, role, password_hash, created_at, approved) VALUES (?, ?, ?, ?, ?)",
            arguments: [user.id.description, role.rawValue, passwordHash, now.timeIntervalSince1970, approved])
        return Account(user: user, role: role, passwordHash: passwordHash, createdAt: now, isApproved: approved)
    }

    static func invite(_ db: Database, codeHash: String) throws -> Invite? {
        try Row.fetchOne(
            db, sql: "SELECT \(inviteColumns) FROM invites WHERE code_hash = ?", arguments: [codeHash]
        ).map(invite)
    }

    static func token(_ row: Row) throws -> AuthToken {
        AuthToken(
            id: AuthToken.ID(rawValue: try SQLiteRows.uuid(row[0])), owner: User.ID(rawValue: try SQLiteRows.uuid(row[1])),
            kind: try enumeration(row[2]), name: row[3], createdAt: Date(timeIntervalSince1970: row[4]),
            lastUsedAt: (row[5] as Double?).map(Date.init(timeIntervalSince1970:)),
            expiresAt: (row[6] as Double?).map(Date.init(timeIntervalSince1970:)))
    }

    static func invite(_ row: Row) throws -> Invite {
        Invite(
            id: Invite.ID(rawValue: try SQLiteRows.uuid(row[0])),
            createdBy: User.ID(rawValue: try SQLiteRows.uuid(row[1])), createdAt: Date(timeIntervalSince1970: row[2]),
            expiresAt: Date(timeIntervalSince1970: row[3]),
            usedBy: try (row[4] as String?).map { User.ID(rawValue: try SQLiteRows.uuid($0)) })
    }

    static func enumeration<T: RawRepresentable<String>>(_ text: String) throws -> T {
        guard let value = T(rawValue: text) else { throw StoreError.unreadable("unexpected value '\(text)' in the database") }
        return value
    }

    /// Runs an insert, turning a clash with a unique id or hash into `conflict`.
    static func insertingUnique(_ conflict: StoreError, _ insert: () throws -> Void) throws {
        do {
            try insert()
        } catch let error as DatabaseError
            where [.SQLITE_CONSTRAINT_UNIQUE, .SQLITE_CONSTRAINT_PRIMARYKEY].contains(error.extendedResultCode)
        {
            throw conflict
        }
    }
}
