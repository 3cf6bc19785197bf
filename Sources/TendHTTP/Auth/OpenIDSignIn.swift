import Foundation
import Hummingbird
import TendCore
import TendOpenID
import TendStore
import TendWords

/// Signing in through an OpenID Connect provider (`--oidc`): the steps the web pages take, with
/// the state kept by the store (``SignInAttempt``) so that any instance can finish a sign-in
/// another began. The browser holds only the attempt's random id, in a cookie scoped to
/// `/login/oidc` (SameSite=Lax: the provider's redirect back is a cross-site navigation).
///
/// An identity the provider vouches for signs in the account it is linked to. An identity
/// without a link is linked only after the person gives that account's password (a provider
/// account whose email matches is not proof enough), or gets a new account where sign-up is open
/// or waits for approval (`--approve-signups`).
package struct OpenIDSignIn: Sendable {
    package let store: any ServerStore
    package let accounts: AccountService
    package let providers: SignInProviders

    package static let cookieName = "tend_oidc"
    package static let cookiePath = "/login/oidc"
    /// How long a sign-in may take at the provider, and then to choose link or new account.
    package static let attemptLifetime: TimeInterval = 600
    package static let callbackPath = "/login/oidc/callback"

    package init(store: any ServerStore, accounts: AccountService, providers: SignInProviders) {
        self.store = store
        self.accounts = accounts
        self.providers = providers
    }

    private var now: Date { accounts.now }

    /// Where the provider sends the browser back: ``ClientInfo/origin(_:context:)`` (`--public-url`,
    /// else the scheme and host the request came with) and the callback path. The provider checks
    /// it against the client's registered redirect URIs.
    package func redirectURI(_ request: Request, context: TendRequestContext) -> String {
        accounts.client.origin(request, context: context) + Self.callbackPath
    }

    /// Starts a sign-in at the provider `slug` names: the provider's URL to redirect to and the
    /// cookie that ties the callback to this browser.
    package func start(slug: String, request: Request, context: TendRequestContext) async throws -> (url: String, cookie: Cookie) {
        guard let client = providers.client(slug: slug) else { throw Problem.notFound(t("no such sign-in provider")) }
        try accounts.limit(request, context: context, username: nil)
        let authorization = try await client.authorizationRequest(redirectURI: redirectURI(request, context: context), now: now)
        let id = Secrets.generate()
        try await store.saveSignInAttempt(
            SignInAttempt(
                stage: .authorizing, issuer: client.settings.issuer, state: authorization.state, nonce: authorization.nonce,
                codeVerifier: authorization.codeVerifier, expiresAt: now.addingTimeInterval(Self.attemptLifetime)),
            idHash: Secrets.hash(id))
        return (authorization.url, cookie(id, request: request, context: context))
    }

    /// What the provider's callback came to.
    package enum Outcome: Sendable {
        /// The identity is linked: this account is signed in.
        case signedIn(Account)
        /// The identity is new here: the browser goes on to choose linking or a new account, with
        /// this cookie.
        case choose(Cookie)
    }

    /// Finishes the provider's callback (`code` and `state`, or `error`): takes this browser's
    /// attempt (once: a replayed callback finds none), compares the state, exchanges the code and
    /// checks the ID token.
    package func finish(request: Request, context: TendRequestContext) async throws -> Outcome {
        let attempt = try await takeAttempt(request, context: context, stage: .authorizing)
        if let error = request.uri.queryParameters.get("error") {
            let description = request.uri.queryParameters.get("error_description").map { ": \($0.prefix(200))" } ?? ""
            throw OpenIDError.refused(String(error.prefix(100)) + description)
        }
        guard let state = request.uri.queryParameters.get("state"), Secrets.constantTimeEqual(state, attempt.state) else {
            throw Problem.forbidden(t("the provider's answer does not belong to the sign-in this browser started"))
        }
        guard let code = request.uri.queryParameters.get("code"), !code.isEmpty else {
            throw OpenIDError.provider("its answer carried no authorization code")
        }
        guard let client = providers.client(issuer: attempt.issuer) else { throw Problem.notFound(t("no such sign-in provider")) }
        let identity = try await client.finishSignIn(
            code: code, codeVerifier: attempt.codeVerifier, nonce: attempt.nonce, redirectURI: redirectURI(request, context: context),
            now: now)
        if let owner = try await store.identityOwner(issuer: identity.issuer, subject: identity.subject) {
            let account = try await store.account(id: owner)
            try AccountService.requireApproved(account)
            return .signedIn(account)
        }
        let id = Secrets.generate()
        try await store.saveSignInAttempt(
            SignInAttempt(
                stage: .verified, issuer: identity.issuer, subject: identity.subject, suggestedUsername: identity.suggestedUsername,
                label: identity.label, expiresAt: now.addingTimeInterval(Self.attemptLifetime)),
            idHash: Secrets.hash(id))
        return .choose(cookie(id, request: request, context: context))
    }

    /// The verified identity waiting for this browser's choice, if any (the choice page).
    package func pending(_ request: Request, context: TendRequestContext) async throws -> SignInAttempt? {
        guard let id = attemptID(request, context: context) else { return nil }
        return try await store.signInAttempt(idHash: Secrets.hash(id), now: now).flatMap { $0.stage == .verified ? $0 : nil }
    }

    /// Links the waiting identity to the account whose username and password are given, and
    /// answers that account. A wrong password keeps the identity waiting (another try).
    package func link(username: String, password: String, request: Request, context: TendRequestContext) async throws -> Account {
        guard try await pending(request, context: context) != nil else { throw Self.expired }
        let account = try await accounts.verifiedAccount(username: username, password: password, request: request, context: context)
        let attempt = try await takeAttempt(request, context: context, stage: .verified)
        try await store.linkIdentity(
            LinkedIdentity(
                issuer: attempt.issuer, subject: attempt.subject, owner: account.user.id, label: attempt.label, createdAt: now))
        return account
    }

    /// Whether a person new to Tend may get an account from a provider's sign-in: registration is
    /// open, or new accounts wait for the owner's approval.
    package var providerSignUpIsOpen: Bool { accounts.anyoneMaySignUp }

    /// A new account for the waiting identity, linked to it. Its password is random and unknown
    /// (the provider is how this person signs in; they can set one later). It can sign in at once
    /// unless `--approve-signups`, when it waits for the owner.
    package func createAccount(
        username: String, timeZone: String?, request: Request, context: TendRequestContext
    ) async throws
        -> Account
    {
        guard providerSignUpIsOpen else {
            throw Problem.forbidden(t("this server does not let people sign up through a provider; ask its owner for an invite"))
        }
        guard try await store.accountCount() > 0 else {
            throw Problem.forbidden(t("the server's first account is made with a password on the sign-up page"))
        }
        guard try await pending(request, context: context) != nil else { throw Self.expired }
        let settings = try AccountService.newAccountSettings(username: username, timeZone: timeZone)
        if try await store.user(named: username) != nil {
            throw Problem.conflict(t("the username “{username}” is taken", ["username": username]))
        }
        let attempt = try await takeAttempt(request, context: context, stage: .verified)
        let unusable = try await accounts.passwords.hashOfUnknownPassword()
        let account = try await store.createAccount(
            username: username, passwordHash: unusable, settings: settings, policy: .open,
            approved: !accounts.configuration.approveSignups, now: now)
        try await store.linkIdentity(
            LinkedIdentity(
                issuer: attempt.issuer, subject: attempt.subject, owner: account.user.id, label: attempt.label, createdAt: now))
        return account
    }

    /// The cookie that ends the browser's part in a sign-in.
    package func clearedCookie(_ request: Request, context: TendRequestContext) -> Cookie {
        let secure = accounts.client.isSecure(request, context: context)
        return Cookie(
            name: Self.cookieName, value: "", maxAge: 0, path: Self.cookiePath, secure: secure, httpOnly: true, sameSite: .lax)
    }

    // MARK: Internals

    /// In the words of the request (made for each).
    private static var expired: Problem {
        Problem(
            .forbidden, code: "sign-in-expired",
            detail: t("this sign-in has expired or was finished already: start again from the sign-in page"))
    }

    private func cookie(_ id: String, request: Request, context: TendRequestContext) -> Cookie {
        Cookie(
            name: Self.cookieName, value: id, maxAge: Int(Self.attemptLifetime), path: Self.cookiePath,
            secure: accounts.client.isSecure(request, context: context), httpOnly: true, sameSite: .lax)
    }

    private func attemptID(_ request: Request, context: TendRequestContext) -> String? {
        guard let id = request.cookies[Self.cookieName]?.value, id.count >= 32 else { return nil }
        return id
    }

    private func takeAttempt(_ request: Request, context: TendRequestContext, stage: SignInAttempt.Stage) async throws -> SignInAttempt {
        guard let id = attemptID(request, context: context),
            let attempt = try await store.takeSignInAttempt(idHash: Secrets.hash(id), now: now), attempt.stage == stage
        else { throw Self.expired }
        return attempt
    }
}
