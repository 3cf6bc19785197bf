import Foundation
import Hummingbird
import TendCore
import TendStore
import TendWords

/// Signing up, in and out: the account logic that the JSON API (`/api/v1/users`, `/session`,
/// `/tokens`) and the web pages' forms (`/signup`, `/login`, `/logout`) share. One instance per
/// router, so both count against the same sign-in rate limit.
package struct AccountService: Sendable {
    package let store: any TendStore & AccountStore
    package let configuration: ServerConfiguration
    package let passwords: Passwords
    package let limiter: RateLimiter
    package let client: ClientInfo

    package static let maximumTokenNameLength = 100
    /// The longest expiry an API token may be given (ten years).
    package static let maximumTokenDays = 3_650

    package init(configuration: ServerConfiguration, store: any TendStore & AccountStore) {
        self.store = store
        self.configuration = configuration
        passwords = Passwords(cost: configuration.bcryptCost, queue: PasswordQueue(capacity: configuration.maximumQueuedPasswordHashes))
        limiter = RateLimiter(limit: configuration.loginAttemptsPerWindow, window: configuration.loginWindow)
        client = ClientInfo(configuration: configuration)
    }

    package var now: Date { configuration.now() }

    /// A new account: the first becomes the owner and takes over, with its data, a passwordless
    /// user of the same name or else the CLI's local user (renamed to `username`); later ones need an invite or
    /// `--open-registration`. The first one needs the server's setup code unless it comes from this
    /// machine (``ClientInfo/isLoopback(_:context:)``). `timeZone` is an IANA name (UTC when absent).
    /// The attempt counts against the rate limit unless the caller counted it already (`countAttempt: false`).
    package func signUp(
        username: String, password: String, invite: String?, timeZone: String?, setupCode: String? = nil, request: Request,
        context: TendRequestContext, countAttempt: Bool = true
    ) async throws -> Account {
        if countAttempt { try limit(request, context: context, username: nil) }
        let settings = try Self.newAccountSettings(username: username, timeZone: timeZone)
        try Passwords.validate(password)
        // Everything that can refuse the sign-up is checked before bcrypt spends its 250 ms: a
        // closed server must not hash the password of everyone who tries.
        let isFirst = try await store.accountCount() == 0
        if isFirst {
            try checkSetupCode(setupCode, request: request, context: context)
        } else {
            try await checkRegistration(username: username, invite: invite)
        }
        let hash = try await passwords.hash(password)
        if isFirst {
            // The CLI's data on this database belongs to whoever sets the server up, whatever name
            // they choose (the sign-up page says so beforehand).
            var existing = try await store.user(named: username)
            if existing == nil { existing = try await store.user(named: User.localUsername) }
            if let existing {
                return try await store.claimAccount(owner: existing.id, username: username, passwordHash: hash, now: now)
            }
        }
        let policy: RegistrationPolicy = anyoneMaySignUp ? .open : .invite(codeHash: invite.map(Secrets.hash))
        return try await store.createAccount(
            username: username, passwordHash: hash, settings: settings, policy: policy, approved: !configuration.approveSignups,
            now: now)
    }

    /// The settings of a new account called `username` in `timeZone` (an IANA name; UTC when
    /// absent): 422 for a name that cannot be a username or a zone Tend does not know.
    package static func newAccountSettings(username: String, timeZone: String?) throws -> UserSettings {
        do {
            try User.validate(username: username)
        } catch {
            throw Problem.invalid(error.description)
        }
        var settings = UserSettings()
        // The language the sign-up was worded in (the browser's): what reminders, which no
        // browser asks for, will speak; the account can go back to "as the browser has it".
        if Words.current.language != .english { settings.language = Words.current.language.tag }
        if let timeZone, !timeZone.isEmpty {
            settings.timeZone = timeZone
            try HabitRules.validate(settings)
        }
        return settings
    }

    /// Whether the first sign-up may go ahead: from this machine with nothing more, from anywhere
    /// else with the setup code `tend serve` printed (whoever reaches a fresh server's port first
    /// would otherwise own it, and the CLI's data with it).
    private func checkSetupCode(_ given: String?, request: Request, context: TendRequestContext) throws {
        if client.isLoopback(request, context: context) { return }
        guard let expected = configuration.setupCode else {
            throw Problem(
                .forbidden, code: "setup-code",
                detail: t("the server's first account can only be created from the machine it runs on (no setup code was issued)"))
        }
        guard let given, SetupCode.matches(given, expected) else {
            throw Problem(
                .forbidden, code: "setup-code",
                detail: t(
                    "the server's first account needs the setup code that tend serve printed when it started (or sign up on that machine)"))
        }
    }

    /// Refuses a later sign-up that the store would refuse after hashing: registration closed
    /// and no usable invite (403), or the username taken (409). The store checks both again in
    /// the transaction that creates the account (an invite may be used meanwhile).
    private func checkRegistration(username: String, invite: String?) async throws {
        if !anyoneMaySignUp {
            guard let invite, !invite.isEmpty else { throw Problem.forbidden(t("registration needs an invite")) }
            guard try await store.validInvite(codeHash: Secrets.hash(invite), now: now) != nil else {
                throw Problem.forbidden(t("this invite code is not valid (mistyped, used or expired)"))
            }
        }
        if try await store.user(named: username) != nil {
            throw Problem.conflict(t("the username “{username}” is taken", ["username": username]))
        }
    }

    /// Anyone may make an account without an invite: registration is open, or new accounts wait
    /// for the owner's approval (`--approve-signups`: the owner decides, not the invite).
    package var anyoneMaySignUp: Bool {
        configuration.openRegistration || configuration.approveSignups
    }

    /// Whether someone may sign up now without an invite: nobody has an account yet (the owner
    /// is still to come), or registration is open.
    package func signUpIsOpen() async throws -> Bool {
        if anyoneMaySignUp { return true }
        return try await store.accountCount() == 0
    }

    /// The account whose password this is, or 401 (the same answer, in the same time, for an
    /// unknown username and a wrong password). Counts against the sign-in rate limit.
    package func verifiedAccount(username: String, password: String, request: Request, context: TendRequestContext) async throws -> Account
    {
        try limit(request, context: context, username: username)
        let wrong = Problem.unauthorized(t("the username or password is not right"))
        guard let account = try await store.account(named: username) else {
            try await passwords.verifyNothing(password)
            throw wrong
        }
        guard try await passwords.verify(password, hash: account.passwordHash) else { throw wrong }
        try Self.requireApproved(account)
        return account
    }

    /// Refuses (403, `awaiting-approval`) an account the owner has not approved yet: it may not
    /// sign in, by password, provider or proxy.
    package static func requireApproved(_ account: Account) throws {
        guard account.isApproved else {
            throw Problem(
                .forbidden, code: "awaiting-approval",
                detail: t("the account “{username}” is waiting for the server owner's approval", ["username": account.user.username]))
        }
    }

    /// Deletes `owner`'s account and everything it owns, after its password (counted against the
    /// sign-in rate limit: 403 when wrong). The server's owner can leave only as the last account
    /// (no one could invite anyone any more). Answers the cookie that clears the session.
    package func deleteAccount(owner: User.ID, password: String, request: Request, context: TendRequestContext) async throws -> Cookie {
        let account = try await store.account(id: owner)
        try limit(request, context: context, username: account.user.username)
        guard try await passwords.verify(password, hash: account.passwordHash) else {
            throw Problem.forbidden(t("the password is not right"))
        }
        if account.role == .owner, try await store.accountCount() > 1 {
            throw Problem.forbidden(t("the server's owner cannot delete their account while other accounts exist"))
        }
        try await store.deleteUser(owner: owner)
        return SessionCookie.cleared(secure: client.isSecure(request, context: context))
    }

    /// A new browser session for `account`: the token stored, the cookie to set and the
    /// session's CSRF token.
    package func startSession(for account: Account, request: Request, context: TendRequestContext) async throws -> NewSession {
        let session = try await Self.createSession(
            owner: account.user.id, store: store, configuration: configuration, request: request,
            secure: client.isSecure(request, context: context))
        return NewSession(token: session.token, csrfToken: Secrets.csrfToken(forSession: session.secret), cookie: session.cookie)
    }

    /// A browser session for `owner` stored (named by the browser's user agent, lasting
    /// ``ServerConfiguration/sessionLifetime``): its token, its secret and the cookie that carries
    /// it. A password's sign-in and a trusted proxy's header (``Authenticator``) both start one here.
    package static func createSession(
        owner: User.ID, store: any AccountStore, configuration: ServerConfiguration, request: Request, secure: Bool
    ) async throws -> (token: AuthToken, secret: String, cookie: Cookie) {
        let now = configuration.now()
        let lifetime = configuration.sessionLifetime
        let secret = Secrets.generate()
        let agent = String((request.headers[.userAgent] ?? "browser").prefix(maximumTokenNameLength))
        let token = try await store.createToken(
            AuthToken(owner: owner, kind: .session, name: agent, createdAt: now, expiresAt: now.addingTimeInterval(lifetime)),
            hash: Secrets.hash(secret))
        return (token, secret, SessionCookie.cookie(secret: secret, secure: secure, maxAge: Int(lifetime)))
    }

    /// Ends the request's browser session (on every server instance); answers the cookie that
    /// clears it in the browser.
    package func endSession(_ identity: Identity, request: Request, context: TendRequestContext) async throws -> Cookie {
        if identity.method == .session {
            try await store.revokeToken(owner: identity.owner, id: identity.token.id)
        }
        return SessionCookie.cleared(secure: client.isSecure(request, context: context))
    }

    /// The CSRF token of the request's session (`nil` for an API token).
    package func csrfToken(for identity: Identity) -> String? {
        identity.method == .session ? Secrets.csrfToken(forSession: identity.secret) : nil
    }

    /// The sign-in rate limit: per client address and per account.
    package func limit(_ request: Request, context: TendRequestContext, username: String?) throws {
        var keys = ["ip:" + (client.address(request, context: context) ?? "unknown")]
        if let username { keys.append("user:" + username.lowercased()) }
        if let retryAfter = limiter.attempt(keys, now: now) {
            throw Problem.tooManyRequests(retryAfter: retryAfter)
        }
    }
}

/// A browser session just started.
package struct NewSession: Sendable {
    package var token: AuthToken
    package var csrfToken: String
    package var cookie: Cookie
}
