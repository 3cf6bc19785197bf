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
    /// `false` while a sign-up waits for the owner's approval (`tend serve --approve-signups`):
    /// such an account cannot sign in yet.
    public var isApproved: Bool

    public init(user: User, role: AccountRole, passwordHash: String, createdAt: Date, isApproved: Bool = true) {
        self.user = user
        self.role = role
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.isApproved = isApproved
    }
}
