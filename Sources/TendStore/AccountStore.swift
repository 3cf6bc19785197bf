import Foundation
import TendCore

/// What an account may do on a server: the first account is the server's owner (it invites
/// others); everyone else is a member. Both own only their own data.
public enum AccountRole: String, Hashable, Sendable, Codable {
    case owner
    case member
}

/// A user who can sign in: the user, their role and their password hash (bcrypt, made by the
/// server; the store never sees a password).
public struct Account: Hashable, Sendable {
    public var user: User
    public var role: AccountRole
    public var passwordHash: String
    public var createdAt: Date

    public init(user: User, role: AccountRole, passwordHash: String, createdAt: Date) {
        self.user = user
        self.role = role
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

/// Who may create an account when one already exists (the first account is always allowed and
/// becomes the owner).
public enum RegistrationPolicy: Hashable, Sendable {
    /// Only with an invite: the SHA-256 hash (hex) of the invite code, consumed by the sign-up.
    case invite(codeHash: String?)
    /// Anyone (`tend serve --open-registration`).
    case open
}

/// A bearer credential: a browser session (cookie) or a device's API token. The store keeps only
/// the SHA-256 hash (hex) of the secret.
public struct AuthToken: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = TypedID<AuthToken>

    public enum Kind: String, Hashable, Sendable, Codable {
        case session
        case api
    }

    public var id: ID
    public var owner: User.ID
    public var kind: Kind
    /// The device's name for an API token; a short description of the browser for a session.
    public var name: String
    public var createdAt: Date
    /// Updated at most every few minutes (``AccountRules/lastUsedResolution``), so checking a
    /// token is a read.
    public var lastUsedAt: Date?
    /// `nil`: until revoked.
    public var expiresAt: Date?

    public init(
        id: ID = ID(), owner: User.ID, kind: Kind, name: String, createdAt: Date, lastUsedAt: Date? = nil,
        expiresAt: Date? = nil
    ) {
        self.id = id
        self.owner = owner
        self.kind = kind
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.expiresAt = expiresAt
    }
}

/// An invitation to create an account, made by the owner. The store keeps only the code's hash.
public struct Invite: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = TypedID<Invite>

    public var id: ID
    public var createdBy: User.ID
    public var createdAt: Date
    public var expiresAt: Date
    /// Set when a sign-up consumed it; an invite works once.
    public var usedBy: User.ID?

    public init(id: ID = ID(), createdBy: User.ID, createdAt: Date, expiresAt: Date, usedBy: User.ID? = nil) {
        self.id = id
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedBy = usedBy
    }
}

/// Accounts, sessions, API tokens and invites: what a server needs besides the user's data.
/// Implemented by every store; scoped by owner like ``TendStore`` (another user's token or
/// invite id is not found).
public protocol AccountStore: Sendable {
    /// Creates a user with a password hash in one transaction. The first account of the store
    /// becomes `.owner` whatever the policy; later ones are `.member`s and need `policy` to allow
    /// them (`.invite` consumes a valid, unused, unexpired invite, else `.forbidden`). A username
    /// taken (case-insensitively, also by a user without a password) is a `.conflict`.
    func createAccount(
        username: String, passwordHash: String, settings: UserSettings, policy: RegistrationPolicy, now: Date
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
    /// The owner's tokens of a kind unexpired now, newest first.
    public func tokens(owner: User.ID, kind: AuthToken.Kind) async throws -> [AuthToken] {
        try await tokens(owner: owner, kind: kind, now: Date())
    }
}

/// Constants the account stores share.
public enum AccountRules {
    /// `lastUsedAt` is written when it is older than this, so authentication is usually a read.
    public static let lastUsedResolution: TimeInterval = 300
}
