import Foundation
import TendCore

/// Accounts, sessions, API tokens and invites: what a server needs besides the user's data.
/// Implemented by every store; scoped by owner like ``TendStore`` (another user's token or
/// invite id is not found).
public protocol AccountStore: Sendable {
    /// Creates a user with a password hash in one transaction. The first account of the store
    /// becomes `.owner` whatever the policy; later ones are `.member`s and need `policy` to allow
    /// them (`.invite` consumes a valid, unused, unexpired invite, else `.forbidden`). A username
    /// taken (case-insensitively, also by a user without a password) is a `.conflict`. A member
    /// made with `approved: false` waits for ``IdentityStore/approveAccount(_:)`` (the owner is
    /// always approved).
    func createAccount(
        username: String, passwordHash: String, settings: UserSettings, policy: RegistrationPolicy, approved: Bool, now: Date
    ) async throws -> Account
    /// Gives an existing user without a password (the CLI's local user) a password and the
    /// username `username` (its data stays), making it an account (the owner when it is the
    /// first). `.conflict` when it already has one, or when another user has that name.
    func claimAccount(owner: User.ID, username: String, passwordHash: String, now: Date) async throws -> Account
    /// The account with this username (case-insensitive); `nil` also for a user without a password.
    func account(named username: String) async throws -> Account?
    func account(id: User.ID) async throws -> Account
    /// How many accounts (users with a password) the store has.
    func accountCount() async throws -> Int
    func setPasswordHash(owner: User.ID, _ passwordHash: String) async throws

    /// Stores a new token (`hash`: SHA-256 hex of its secret, unique).
    func createToken(_ token: AuthToken, hash: String) async throws -> AuthToken
    /// The unexpired token with this hash, or `nil`. Refreshes `lastUsedAt` when it is older than
    /// ``AccountRules/lastUsedResolution``.
    func authenticate(tokenHash: String, now: Date) async throws -> AuthToken?
    /// The owner's tokens of a kind unexpired at `now`, newest first.
    func tokens(owner: User.ID, kind: AuthToken.Kind, now: Date) async throws -> [AuthToken]
    func revokeToken(owner: User.ID, id: AuthToken.ID) async throws
    /// Revokes all of the owner's tokens of a kind but one (log out everywhere else).
    func revokeTokens(owner: User.ID, kind: AuthToken.Kind, except: AuthToken.ID?) async throws
    /// Deletes every user's tokens (sessions and API tokens) that expired before `now`; answers how
    /// many. Expired tokens are refused anyway: this keeps the table from growing with every
    /// sign-in for as long as the server runs.
    func deleteExpiredTokens(now: Date) async throws -> Int

    /// Stores an invite (`codeHash`: SHA-256 hex of its code). Only the owner may invite
    /// (`.forbidden` for a member).
    func createInvite(_ invite: Invite, codeHash: String) async throws -> Invite
    /// The owner's invites, newest first.
    func invites(owner: User.ID) async throws -> [Invite]
    /// The invite with this code hash if it is unused and unexpired.
    func validInvite(codeHash: String, now: Date) async throws -> Invite?
    func revokeInvite(owner: User.ID, id: Invite.ID) async throws
}

extension AccountStore {
    /// A new account that can sign in at once.
    public func createAccount(
        username: String, passwordHash: String, settings: UserSettings, policy: RegistrationPolicy, now: Date
    ) async throws -> Account {
        try await createAccount(
            username: username, passwordHash: passwordHash, settings: settings, policy: policy, approved: true, now: now)
    }

    /// The owner's tokens of a kind unexpired now, newest first.
    public func tokens(owner: User.ID, kind: AuthToken.Kind) async throws -> [AuthToken] {
        try await tokens(owner: owner, kind: kind, now: Date())
    }
}
