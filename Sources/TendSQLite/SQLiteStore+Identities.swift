import Foundation
import GRDB
import TendCore
import TendStore
import TendWords

/// Linked identities, sign-ins under way and approvals in SQLite (migration v10). Each write is one
/// IMMEDIATE transaction, so taking an attempt is a read and a delete that no other process can
/// come between.
extension SQLiteStore: IdentityStore {
    private static let identityColumns = "issuer, subject, user_id, label, created_at"

    public func identityOwner(issuer: String, subject: String) async throws -> User.ID? {
        try await writer.read { db in
            try String.fetchOne(
                db, sql: "SELECT user_id FROM linked_identities WHERE issuer = ? AND subject = ?", arguments: [issuer, subject]
            ).map { User.ID(rawValue: try SQLiteRows.uuid($0)) }
        }
    }

    public func linkIdentity(_ identity: LinkedIdentity) async throws {
        try await write { db in
            try SQLiteAccountRows.requireUser(db, identity.owner)
            try SQLiteAccountRows.insertingUnique(IdentityRules.linkedAlready) {
                try db.execute(
                    sql: "INSERT INTO linked_identities (\(Self.identityColumns)) VALUES (?, ?, ?, ?, ?)",
                    arguments: [
                        identity.issuer, identity.subject, identity.owner.description, identity.label,
                        identity.createdAt.timeIntervalSince1970,
                    ])
            }
        }
    }

    public func identities(owner: User.ID) async throws -> [LinkedIdentity] {
        try await writer.read { db in
            try SQLiteAccountRows.requireUser(db, owner)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.identityColumns) FROM linked_identities WHERE user_id = ?
                    ORDER BY created_at, issuer, subject
                    """,
                arguments: [owner.description]
            ).map { row in
                LinkedIdentity(
                    issuer: row[0], subject: row[1], owner: User.ID(rawValue: try SQLiteRows.uuid(row[2])), label: row[3],
                    createdAt: Date(timeIntervalSince1970: row[4]))
            }
        }
    }

    public func unlinkIdentity(owner: User.ID, issuer: String, subject: String) async throws {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM linked_identities WHERE issuer = ? AND subject = ? AND user_id = ?",
                arguments: [issuer, subject, owner.description])
            guard db.changesCount == 1 else { throw StoreError.notFound("linked identity") }
        }
    }

    public func saveSignInAttempt(_ attempt: SignInAttempt, idHash: String) async throws {
        let text = try StoredJSON.text(attempt)
        try await write { db in
            try SQLiteAccountRows.insertingUnique(StoreError.conflict(t("this sign-in attempt already exists"))) {
                try db.execute(
                    sql: "INSERT INTO sign_in_attempts (id_hash, attempt, expires_at) VALUES (?, ?, ?)",
                    arguments: [idHash, text, attempt.expiresAt.timeIntervalSince1970])
            }
        }
    }

    public func signInAttempt(idHash: String, now: Date) async throws -> SignInAttempt? {
        try await writer.read { db in
            try String.fetchOne(
                db, sql: "SELECT attempt FROM sign_in_attempts WHERE id_hash = ? AND expires_at > ?",
                arguments: [idHash, now.timeIntervalSince1970]
            ).map(StoredJSON.attempt)
        }
    }

    public func takeSignInAttempt(idHash: String, now: Date) async throws -> SignInAttempt? {
        try await write { db in
            try String.fetchOne(
                db, sql: "DELETE FROM sign_in_attempts WHERE id_hash = ? RETURNING attempt", arguments: [idHash]
            ).map(StoredJSON.attempt).flatMap { $0.expiresAt > now ? $0 : nil }
        }
    }

    public func deleteExpiredSignInAttempts(now: Date) async throws -> Int {
        try await write { db in
            try db.execute(sql: "DELETE FROM sign_in_attempts WHERE expires_at <= ?", arguments: [now.timeIntervalSince1970])
            return db.changesCount
        }
    }

    public func accountsAwaitingApproval() async throws -> [Account] {
        try await writer.read { db in
            let ids = try String.fetchAll(
                db, sql: "SELECT user_id FROM credentials WHERE approved = 0 ORDER BY created_at, user_id")
            return try ids.compactMap { id in
                try SQLiteRows.user(db, id: id).flatMap { try SQLiteAccountRows.account(db, user: $0) }
            }
        }
    }

    public func approveAccount(_ id: User.ID) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE credentials SET approved = 1 WHERE user_id = ?", arguments: [id.description])
            guard db.changesCount == 1 else { throw StoreError.notFound("account") }
        }
    }
}
