import Foundation
import TendCore
import TendStore
import Testing

extension AccountContract {
    static func identity(
        _ owner: Account, subject: String = "sub-1", issuer: String = "https://id.example.org", at now: Date = t0
    )
        -> LinkedIdentity
    {
        LinkedIdentity(issuer: issuer, subject: subject, owner: owner.user.id, label: "\(owner.user.username)@example.org", createdAt: now)
    }

    static func attempt(stage: SignInAttempt.Stage = .authorizing, expiresAt: Date = t0 + 600) -> SignInAttempt {
        SignInAttempt(
            stage: stage, issuer: "https://id.example.org", state: "state-1", nonce: "nonce-1", codeVerifier: "verifier-1",
            subject: stage == .verified ? "sub-9" : "", suggestedUsername: "ana", label: "ana@example.org", expiresAt: expiresAt)
    }

    /// OpenID Connect sign-in: identities linked to one account each, sign-ins under
    /// way taken once, and sign-ups waiting for the owner.
    static let identityCases: [AccountContractCase] = [
        AccountContractCase(
            "An identity links to one account; another account's link is neither seen nor removed; deleting a user drops its links"
        ) {
            store in
            let alice = try await signUp(store, "alice")
            let bob = try await signUp(store, "bob")
            try await store.linkIdentity(identity(alice))
            try await store.linkIdentity(identity(alice, subject: "sub-2", issuer: "https://other.example.org", at: t0 + hour))
            #expect(try await store.identityOwner(issuer: "https://id.example.org", subject: "sub-1") == alice.user.id)
            #expect(try await store.identityOwner(issuer: "https://id.example.org", subject: "sub-2") == nil)
            #expect(try await store.identities(owner: alice.user.id).map(\.subject) == ["sub-1", "sub-2"])
            #expect(try await store.identities(owner: alice.user.id).first == identity(alice))
            // The same provider account cannot sign in a second Tend account.
            await #expect(throws: StoreError.self) { try await store.linkIdentity(identity(bob)) }
            #expect(try await store.identities(owner: bob.user.id).isEmpty)
            // Bob cannot unlink Alice's identity.
            await #expect(throws: StoreError.self) {
                try await store.unlinkIdentity(owner: bob.user.id, issuer: "https://id.example.org", subject: "sub-1")
            }
            #expect(try await store.identityOwner(issuer: "https://id.example.org", subject: "sub-1") == alice.user.id)
            try await store.unlinkIdentity(owner: alice.user.id, issuer: "https://id.example.org", subject: "sub-1")
            #expect(try await store.identityOwner(issuer: "https://id.example.org", subject: "sub-1") == nil)
            try await store.linkIdentity(identity(bob))
            try await store.deleteUser(owner: bob.user.id)
            #expect(try await store.identityOwner(issuer: "https://id.example.org", subject: "sub-1") == nil)
            // A link for a user who does not exist is refused.
            await #expect(throws: StoreError.self) {
                try await store.linkIdentity(LinkedIdentity(issuer: "i", subject: "s", owner: User.ID(), label: "", createdAt: t0))
            }
        },
        AccountContractCase("A sign-in under way is read while unexpired and taken exactly once, even by two takers at once") { store in
            try await store.saveSignInAttempt(attempt(), idHash: "hash-1")
            await #expect(throws: StoreError.self) { try await store.saveSignInAttempt(attempt(), idHash: "hash-1") }
            #expect(try await store.signInAttempt(idHash: "hash-1", now: t0) == attempt())
            #expect(try await store.signInAttempt(idHash: "hash-1", now: t0 + 600) == nil)
            #expect(try await store.signInAttempt(idHash: "nope", now: t0) == nil)
            let taken = try await withThrowingTaskGroup(of: SignInAttempt?.self) { group in
                for _ in 0..<4 { group.addTask { try await store.takeSignInAttempt(idHash: "hash-1", now: t0 + 1) } }
                return try await group.reduce(into: [SignInAttempt]()) { if let attempt = $1 { $0.append(attempt) } }
            }
            #expect(taken == [attempt()])
            #expect(try await store.takeSignInAttempt(idHash: "hash-1", now: t0 + 2) == nil)
            // An expired attempt is not given out, and the sweep deletes only what has expired.
            try await store.saveSignInAttempt(attempt(stage: .verified), idHash: "hash-2")
            try await store.saveSignInAttempt(attempt(expiresAt: t0 + 10), idHash: "hash-3")
            #expect(try await store.takeSignInAttempt(idHash: "hash-3", now: t0 + 10) == nil)
            try await store.saveSignInAttempt(attempt(expiresAt: t0 + 10), idHash: "hash-4")
            #expect(try await store.deleteExpiredSignInAttempts(now: t0 + 20) == 1)
            #expect(try await store.signInAttempt(idHash: "hash-2", now: t0 + 20)?.stage == .verified)
        },
        AccountContractCase("A sign-up made to wait is listed until the owner approves it; the owner never waits") { store in
            let owner = try await store.createAccount(
                username: "owner", passwordHash: "h", settings: settings, policy: .open, approved: false, now: t0)
            #expect(owner.role == .owner && owner.isApproved)
            let ana = try await store.createAccount(
                username: "ana", passwordHash: "h", settings: settings, policy: .open, approved: false, now: t0 + 1)
            let ben = try await store.createAccount(
                username: "ben", passwordHash: "h", settings: settings, policy: .open, approved: false, now: t0 + 2)
            #expect(!ana.isApproved)
            #expect(try await store.account(named: "ana")?.isApproved == false)
            #expect(try await store.accountsAwaitingApproval().map(\.user.username) == ["ana", "ben"])
            try await store.approveAccount(ana.user.id)
            #expect(try await store.account(id: ana.user.id).isApproved)
            #expect(try await store.accountsAwaitingApproval().map(\.user.id) == [ben.user.id])
            await #expect(throws: StoreError.self) { try await store.approveAccount(User.ID()) }
            try await store.deleteUser(owner: ben.user.id)
            #expect(try await store.accountsAwaitingApproval().isEmpty)
        },
    ]
}
