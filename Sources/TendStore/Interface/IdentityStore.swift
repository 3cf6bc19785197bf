import Foundation
import TendCore

/// What signing in through an OpenID Connect provider needs of a store: identities linked to
/// accounts, sign-ins under way, and sign-ups that wait for the owner's approval. Implemented by
/// every store; an identity is scoped by owner like everything else (another user's link is not
/// found).
public protocol IdentityStore: Sendable {
    /// The account this identity signs in, if it is linked.
    func identityOwner(issuer: String, subject: String) async throws -> User.ID?
    /// Links an identity to its owner. `.conflict` when it is linked already (to anyone: one
    /// provider account never signs in two Tend accounts); `.notFound` for an unknown owner.
    func linkIdentity(_ identity: LinkedIdentity) async throws
    /// The owner's linked identities, oldest first.
    func identities(owner: User.ID) async throws -> [LinkedIdentity]
    /// `.notFound` when the owner has no such link.
    func unlinkIdentity(owner: User.ID, issuer: String, subject: String) async throws

    /// Keeps a sign-in under way under the SHA-256 (hex) of its id; `.conflict` when that id exists.
    func saveSignInAttempt(_ attempt: SignInAttempt, idHash: String) async throws
    /// The unexpired attempt with this id hash, left in place.
    func signInAttempt(idHash: String, now: Date) async throws -> SignInAttempt?
    /// The unexpired attempt with this id hash, deleted in the same step: of two requests that
    /// take the same attempt (a replayed callback, two instances), one gets it.
    func takeSignInAttempt(idHash: String, now: Date) async throws -> SignInAttempt?
    /// Deletes the attempts expired at `now`; answers how many.
    func deleteExpiredSignInAttempts(now: Date) async throws -> Int

    /// Accounts waiting for the owner's approval, oldest first.
    func accountsAwaitingApproval() async throws -> [Account]
    /// Lets a waiting account sign in; `.notFound` for an unknown account (declining one deletes
    /// its user, ``TendStore/deleteUser(owner:)``).
    func approveAccount(_ id: User.ID) async throws
}
