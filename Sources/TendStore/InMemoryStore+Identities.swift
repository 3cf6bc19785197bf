import Foundation
import TendCore

// As in InMemoryStore+Accounts.swift: every method runs on the actor without suspending, so each
// is one atomic step.
extension InMemoryStore: IdentityStore {
    public func identityOwner(issuer: String, subject: String) -> User.ID? {
        accounts.identities[AccountTables.IdentityKey(issuer: issuer, subject: subject)]?.owner
    }

    public func linkIdentity(_ identity: LinkedIdentity) throws {
        _ = try user(id: identity.owner)
        let key = AccountTables.IdentityKey(issuer: identity.issuer, subject: identity.subject)
        guard accounts.identities[key] == nil else { throw IdentityRules.linkedAlready }
        accounts.identities[key] = identity
    }

    public func identities(owner: User.ID) throws -> [LinkedIdentity] {
        _ = try user(id: owner)
        return accounts.identities.values.filter { $0.owner == owner }.sorted(by: IdentityRules.oldestFirst)
    }

    public func unlinkIdentity(owner: User.ID, issuer: String, subject: String) throws {
        let key = AccountTables.IdentityKey(issuer: issuer, subject: subject)
        guard accounts.identities[key]?.owner == owner else { throw StoreError.notFound("linked identity") }
        accounts.identities[key] = nil
    }

    public func saveSignInAttempt(_ attempt: SignInAttempt, idHash: String) throws {
        guard accounts.attempts[idHash] == nil else { throw StoreError.conflict("this sign-in attempt already exists") }
        accounts.attempts[idHash] = attempt
    }

    public func signInAttempt(idHash: String, now: Date) -> SignInAttempt? {
        accounts.attempts[idHash].flatMap { $0.expiresAt > now ? $0 : nil }
    }

    public func takeSignInAttempt(idHash: String, now: Date) -> SignInAttempt? {
        accounts.attempts.removeValue(forKey: idHash).flatMap { $0.expiresAt > now ? $0 : nil }
    }

    public func deleteExpiredSignInAttempts(now: Date) -> Int {
        let before = accounts.attempts.count
        accounts.attempts = accounts.attempts.filter { $0.value.expiresAt > now }
        return before - accounts.attempts.count
    }

    public func accountsAwaitingApproval() -> [Account] {
        accounts.credentials.filter { !$0.value.approved }.keys
            .compactMap { (try? user(id: $0)).flatMap(storedAccount) }
            .sorted(by: IdentityRules.oldestFirst)
    }

    public func approveAccount(_ id: User.ID) throws {
        guard accounts.credentials[id] != nil else { throw StoreError.notFound("account") }
        accounts.credentials[id]?.approved = true
    }
}
