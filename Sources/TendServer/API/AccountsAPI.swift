import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// Accounts, API tokens, browser sessions and invites.
struct AccountsAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    func addRoutes(open: RouterGroup<Context>, signedIn: RouterGroup<Context>) {
        open.on(APIRoute.signUp, use: signUp)
        open.on(APIRoute.createToken, use: createToken)
        open.on(APIRoute.logIn, use: logIn)

        signedIn.on(APIRoute.session, use: session)
        signedIn.on(APIRoute.logOut, use: logOut)
        signedIn.on(APIRoute.tokens, use: listTokens)
        signedIn.on(APIRoute.revokeToken, use: revokeToken)
        signedIn.on(APIRoute.invites, use: listInvites)
        signedIn.on(APIRoute.createInvite, use: createInvite)
        signedIn.on(APIRoute.revokeInvite, use: revokeInvite)
        signedIn.on(APIRoute.account, use: account)
        signedIn.on(APIRoute.changePassword, use: changePassword)
        signedIn.on(APIRoute.deleteAccount, use: deleteAccount)
    }

    // MARK: Signing up and in

    /// `POST /users`: the first account becomes the owner (and takes over a passwordless user of
    /// the same name, such as the CLI's local user, with its data); later ones need an invite or
    /// `--open-registration`.
    @Sendable func signUp(_ request: Request, context: Context) async throws -> Response {
        try server.accounts.limit(request, context: context, username: nil)
        let body = try await server.decode(SignUpRequest.self, from: request)
        let account = try await server.accounts.signUp(
            username: body.username, password: body.password, invite: body.invite, timeZone: body.timeZone,
            setupCode: body.setupCode, request: request, context: context, countAttempt: false)
        return try Reply.json(Self.json(account), status: .created)
    }

    /// `POST /tokens`: an API token for a device; its secret is answered once.
    @Sendable func createToken(_ request: Request, context: Context) async throws -> Response {
        let body = try await server.decode(TokenRequest.self, from: request)
        let name = body.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= AccountService.maximumTokenNameLength, name.isOneLineLabel else {
            throw Problem.invalid(
                tPlural(
                    "a token's name is one line of 1 to {count} character", "a token's name is one line of 1 to {count} characters",
                    count: AccountService.maximumTokenNameLength))
        }
        if let days = body.expiresInDays, !(1...AccountService.maximumTokenDays).contains(days) {
            throw Problem.invalid(
                t(
                    "expiresInDays is 1 to {highest}, not {days}",
                    ["highest": String(AccountService.maximumTokenDays), "days": String(days)]))
        }
        let account = try await server.accounts.verifiedAccount(
            username: body.username, password: body.password, request: request, context: context)
        let secret = Secrets.generate()
        let now = server.now
        let token = try await server.store.createToken(
            AuthToken(
                owner: account.user.id, kind: .api, name: name, createdAt: now,
                expiresAt: body.expiresInDays.map { now.addingTimeInterval(Double($0) * 86_400) }),
            hash: Secrets.hash(secret))
        return try Reply.json(
            NewTokenJSON(id: token.id.description, name: token.name, token: secret, createdAt: token.createdAt, expiresAt: token.expiresAt),
            status: .created)
    }

    /// `POST /session`: signs a browser in; the session cookie is set and the CSRF token answered.
    @Sendable func logIn(_ request: Request, context: Context) async throws -> Response {
        try server.client.requireSameOrigin(request, context: context)
        let body = try await server.decode(LoginRequest.self, from: request)
        let account = try await server.accounts.verifiedAccount(
            username: body.username, password: body.password, request: request, context: context)
        let session = try await server.accounts.startSession(for: account, request: request, context: context)
        var response = try Reply.json(
            SessionJSON(account: Self.json(account), csrfToken: session.csrfToken, expiresAt: session.token.expiresAt))
        response.setCookie(session.cookie)
        return response
    }

    /// `GET /session`: the signed-in account and the session's CSRF token (for pages that lost it).
    @Sendable func session(_ request: Request, context: Context) async throws -> Response {
        let identity = try context.requireIdentity()
        guard identity.method == .session else {
            throw Problem.notFound(t("this request uses an API token, not a browser session"))
        }
        let account = try await server.store.account(id: identity.owner)
        return try Reply.json(
            SessionJSON(
                account: Self.json(account), csrfToken: Secrets.csrfToken(forSession: identity.secret),
                expiresAt: identity.token.expiresAt))
    }

    /// `DELETE /session`: signs this browser out (the session ends on every server instance).
    @Sendable func logOut(_ request: Request, context: Context) async throws -> Response {
        try server.client.requireSameOrigin(request, context: context)
        let cleared = try await server.accounts.endSession(try context.requireIdentity(), request: request, context: context)
        var response = Reply.noContent()
        response.setCookie(cleared)
        return response
    }

    // MARK: Tokens

    @Sendable func listTokens(_ request: Request, context: Context) async throws -> Response {
        let identity = try context.requireIdentity()
        let tokens = try await server.store.tokens(owner: identity.owner, kind: .api, now: server.now)
        return try Reply.json(
            tokens.map {
                TokenJSON(
                    id: $0.id.description, name: $0.name, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt,
                    expiresAt: $0.expiresAt, current: $0.id == identity.token.id)
            })
    }

    @Sendable func revokeToken(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: AuthToken.ID = try context.pathID("id", "token")
        guard try await server.store.tokens(owner: owner, kind: .api, now: server.now).contains(where: { $0.id == id }) else {
            throw Problem.notFound(t("token not found"))
        }
        try await server.store.revokeToken(owner: owner, id: id)
        return Reply.noContent()
    }

    // MARK: Invites

    @Sendable func listInvites(_ request: Request, context: Context) async throws -> Response {
        let owner = try await requireOwner(context)
        let invites = try await server.store.invites(owner: owner)
        return try Reply.json(invites.map(Self.json))
    }

    /// `POST /invites`: an invite code, answered once; a sign-up with it consumes it.
    @Sendable func createInvite(_ request: Request, context: Context) async throws -> Response {
        let owner = try await requireOwner(context)
        let now = server.now
        let code = Secrets.generate()
        let invite = try await server.store.createInvite(
            Invite(createdBy: owner, createdAt: now, expiresAt: now.addingTimeInterval(server.configuration.inviteLifetime)),
            codeHash: Secrets.hash(code))
        var json = Self.json(invite)
        json.code = code
        return try Reply.json(json, status: .created)
    }

    /// `DELETE /invites/{id}`: a member has no invites, so any id is not found for them.
    @Sendable func revokeInvite(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Invite.ID = try context.pathID("id", "invite")
        try await server.store.revokeInvite(owner: owner, id: id)
        return Reply.noContent()
    }

    // MARK: The account

    @Sendable func account(_ request: Request, context: Context) async throws -> Response {
        try Reply.json(Self.json(try await server.store.account(id: context.requireIdentity().owner)))
    }

    /// `PUT /account/password`: needs the current password; signs out every other browser session
    /// and revokes the API tokens (all but the one making the request) unless `keepTokens`.
    @Sendable func changePassword(_ request: Request, context: Context) async throws -> Response {
        let identity = try context.requireIdentity()
        let body = try await server.decode(PasswordChangeRequest.self, from: request)
        let account = try await server.store.account(id: identity.owner)
        try server.accounts.limit(request, context: context, username: account.user.username)
        // The new password's rule first: a change bound to fail spends no bcrypt time.
        try Passwords.validate(body.new)
        guard try await server.passwords.verify(body.current, hash: account.passwordHash) else {
            throw Problem.forbidden(t("the current password is not right"))
        }
        try await server.store.setPasswordHash(owner: identity.owner, try await server.passwords.hash(body.new))
        try await server.store.revokeTokens(
            owner: identity.owner, kind: .session, except: identity.method == .session ? identity.token.id : nil)
        if body.keepTokens != true {
            try await server.store.revokeTokens(
                owner: identity.owner, kind: .api, except: identity.method == .bearer ? identity.token.id : nil)
        }
        return Reply.noContent()
    }

    /// `DELETE /account`: needs the password; deletes the account and everything it owns. The
    /// owner can leave only as the last account (no one could invite anyone any more).
    @Sendable func deleteAccount(_ request: Request, context: Context) async throws -> Response {
        try server.client.requireSameOrigin(request, context: context)
        let identity = try context.requireIdentity()
        let body = try await server.decode(AccountDeletionRequest.self, from: request)
        let cookie = try await server.accounts.deleteAccount(
            owner: identity.owner, password: body.password, request: request, context: context)
        var response = Reply.noContent()
        response.setCookie(cookie)
        return response
    }

    // MARK: Helpers

    private func requireOwner(_ context: Context) async throws -> User.ID {
        let owner = try context.requireIdentity().owner
        guard try await server.store.account(id: owner).role == .owner else {
            throw Problem.forbidden(t("only the server's owner manages invites"))
        }
        return owner
    }

    static func json(_ account: Account) -> AccountJSON {
        AccountJSON(
            id: account.user.id.description, username: account.user.username, role: account.role.rawValue, createdAt: account.createdAt,
            approved: account.isApproved)
    }

    static func json(_ invite: Invite) -> InviteJSON {
        InviteJSON(id: invite.id.description, createdAt: invite.createdAt, expiresAt: invite.expiresAt, used: invite.usedBy != nil)
    }
}
