import Foundation

/// `POST /api/v1/users`: a new account. `invite` is the code from an invite link (needed once an
/// owner exists, unless the server runs with `--open-registration`); `timeZone` (an IANA name) is
/// the account's zone, UTC when absent.
public struct SignUpRequest: Codable, Hashable, Sendable {
    public var username: String
    public var password: String
    public var invite: String?
    public var timeZone: String?
    /// The one-time code `tend serve` prints at a start without an owner: the first account needs
    /// it unless it is created from the server's own machine (docs/security.md).
    public var setupCode: String?

    public init(username: String, password: String, invite: String? = nil, timeZone: String? = nil, setupCode: String? = nil) {
        self.username = username
        self.password = password
        self.invite = invite
        self.timeZone = timeZone
        self.setupCode = setupCode
    }
}

/// `POST /api/v1/tokens`: a device's API token, given the account's credentials.
public struct TokenRequest: Codable, Hashable, Sendable {
    public var username: String
    public var password: String
    /// The device's name, as the token list shows it ("laptop", "phone").
    public var name: String
    /// The token stops working this many days after it is made (1 to 3,650); absent: it works
    /// until it is revoked.
    public var expiresInDays: Int?

    public init(username: String, password: String, name: String, expiresInDays: Int? = nil) {
        self.username = username
        self.password = password
        self.name = name
        self.expiresInDays = expiresInDays
    }
}

/// `POST /api/v1/session`: a browser session (sets the session cookie).
public struct LoginRequest: Codable, Hashable, Sendable {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

/// `PUT /api/v1/account/password`.
public struct PasswordChangeRequest: Codable, Hashable, Sendable {
    public var current: String
    public var new: String
    /// Keep the account's API tokens (devices, scripts, the CLI's sync). By default a new password
    /// revokes them all but the one making the request: a changed password usually means an old
    /// one leaked, and tokens made with it must end too.
    public var keepTokens: Bool?

    public init(current: String, new: String, keepTokens: Bool? = nil) {
        self.current = current
        self.new = new
        self.keepTokens = keepTokens
    }
}

/// `DELETE /api/v1/account`: deleting an account asks for its password again.
public struct AccountDeletionRequest: Codable, Hashable, Sendable {
    public var password: String

    public init(password: String) { self.password = password }
}

/// An account as the API shows it.
public struct AccountJSON: Codable, Hashable, Sendable {
    public var id: String
    public var username: String
    /// `owner` (the first account: it invites others) or `member`.
    public var role: String
    public var createdAt: Date
    /// `false` while the account waits for the owner's approval (`--approve-signups`).
    public var approved: Bool

    public init(id: String, username: String, role: String, createdAt: Date, approved: Bool = true) {
        self.id = id
        self.username = username
        self.role = role
        self.createdAt = createdAt
        self.approved = approved
    }
}

/// `POST /api/v1/tokens` answers the secret once; only its hash is stored.
public struct NewTokenJSON: Codable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var token: String
    public var createdAt: Date
    /// When it stops working (`expiresInDays`); absent for a token without an expiry.
    public var expiresAt: Date?

    public init(id: String, name: String, token: String, createdAt: Date, expiresAt: Date? = nil) {
        self.id = id
        self.name = name
        self.token = token
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// A token in `GET /api/v1/tokens` (never its secret).
public struct TokenJSON: Codable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var createdAt: Date
    @NullWhenAbsent public var lastUsedAt: Date?
    /// When it stops working; `null` for a token without an expiry.
    @NullWhenAbsent public var expiresAt: Date?
    /// The token this request was made with.
    public var current: Bool

    public init(id: String, name: String, createdAt: Date, lastUsedAt: Date?, expiresAt: Date? = nil, current: Bool) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.expiresAt = expiresAt
        self.current = current
    }

    private enum CodingKeys: String, CodingKey { case id, name, createdAt, lastUsedAt, expiresAt, current }
}

/// `GET`/`POST /api/v1/session`: who is signed in, and the CSRF token that every state-changing
/// request made with the session cookie must carry (header `X-CSRF-Token` or form field `_csrf`).
public struct SessionJSON: Codable, Hashable, Sendable {
    public var account: AccountJSON
    public var csrfToken: String
    public var expiresAt: Date?

    public init(account: AccountJSON, csrfToken: String, expiresAt: Date?) {
        self.account = account
        self.csrfToken = csrfToken
        self.expiresAt = expiresAt
    }
}

/// An invite. `code` (and `link`) only in the answer to `POST /api/v1/invites`.
public struct InviteJSON: Codable, Hashable, Sendable {
    public var id: String
    public var createdAt: Date
    public var expiresAt: Date
    public var used: Bool
    public var code: String?

    public init(id: String, createdAt: Date, expiresAt: Date, used: Bool, code: String? = nil) {
        self.id = id
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.used = used
        self.code = code
    }
}
