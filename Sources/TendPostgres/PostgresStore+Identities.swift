import Foundation
import PostgresNIO
import TendCore
import TendStore
import TendWords

/// Linked identities, sign-ins under way and approvals in PostgreSQL (migration 10). Taking an
/// attempt is one `DELETE … RETURNING`: of two instances that take the same one, one gets the row.
extension PostgresStore: IdentityStore {
    public func identityOwner(issuer: String, subject: String) async throws -> User.ID? {
        try await statement { c in
            try await self.rows(
                "SELECT user_id FROM linked_identities WHERE issuer = \(issuer) AND subject = \(subject)", on: c
            ).first.map { User.ID(rawValue: try $0.decode(UUID.self)) }
        }
    }

    public func linkIdentity(_ identity: LinkedIdentity) async throws {
        do {
            try await write { c in
                try await self.requireOwner(identity.owner, on: c)
                try await self.run(
                    """
                    INSERT INTO linked_identities (issuer, subject, user_id, label, created_at)
                    VALUES (\(identity.issuer), \(identity.subject), \(identity.owner.rawValue), \(identity.label), \(identity.createdAt))
                    """, on: c)
            }
        } catch StoreError.conflict {
            throw IdentityRules.linkedAlready
        }
    }

    public func identities(owner: User.ID) async throws -> [LinkedIdentity] {
        try await read { c in
            try await self.requireOwner(owner, on: c)
            return try await self.rows(
                """
                SELECT issuer, subject, user_id, label, created_at FROM linked_identities WHERE user_id = \(owner.rawValue)
                ORDER BY created_at, issuer, subject
                """, on: c
            ).map { row in
                let (issuer, subject, user, label, createdAt) = try row.decode((String, String, UUID, String, Date).self)
                return LinkedIdentity(
                    issuer: issuer, subject: subject, owner: User.ID(rawValue: user), label: label, createdAt: createdAt)
            }
        }
    }

    public func unlinkIdentity(owner: User.ID, issuer: String, subject: String) async throws {
        try await write { c in
            let deleted = try await self.rows(
                """
                DELETE FROM linked_identities
                WHERE issuer = \(issuer) AND subject = \(subject) AND user_id = \(owner.rawValue) RETURNING 1
                """, on: c)
            guard !deleted.isEmpty else { throw StoreError.notFound("linked identity") }
        }
    }

    public func saveSignInAttempt(_ attempt: SignInAttempt, idHash: String) async throws {
        let text = try StoredJSON.text(attempt)
        do {
            try await write { c in
                try await self.run(
                    "INSERT INTO sign_in_attempts (id_hash, attempt, expires_at) VALUES (\(idHash), \(text), \(attempt.expiresAt))",
                    on: c)
            }
        } catch StoreError.conflict {
            throw StoreError.conflict(t("this sign-in attempt already exists"))
        }
    }

    public func signInAttempt(idHash: String, now: Date) async throws -> SignInAttempt? {
        try await statement { c in
            try await self.rows(
                "SELECT attempt FROM sign_in_attempts WHERE id_hash = \(idHash) AND expires_at > \(now)", on: c
            ).first.map { try StoredJSON.attempt(try $0.decode(String.self)) }
        }
    }

    public func takeSignInAttempt(idHash: String, now: Date) async throws -> SignInAttempt? {
        try await statement { c in
            try await self.rows("DELETE FROM sign_in_attempts WHERE id_hash = \(idHash) RETURNING attempt", on: c)
                .first.map { try StoredJSON.attempt(try $0.decode(String.self)) }
                .flatMap { $0.expiresAt > now ? $0 : nil }
        }
    }

    public func deleteExpiredSignInAttempts(now: Date) async throws -> Int {
        try await statement { c in
            try await self.rows("DELETE FROM sign_in_attempts WHERE expires_at <= \(now) RETURNING 1", on: c).count
        }
    }

    public func accountsAwaitingApproval() async throws -> [Account] {
        try await statement { c in
            try await self.rows(
                "\(unescaped: Self.accountQuery) WHERE NOT c.approved ORDER BY c.created_at, u.id", on: c
            ).map(Self.account(from:))
        }
    }

    public func approveAccount(_ id: User.ID) async throws {
        try await statement { c in
            let updated = try await self.rows(
                "UPDATE credentials SET approved = true WHERE user_id = \(id.rawValue) RETURNING 1", on: c)
            guard !updated.isEmpty else { throw StoreError.notFound("account") }
        }
    }
}
