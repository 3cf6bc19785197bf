import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendOpenID
import TendStore
import TendWords

/// `/settings/sign-in`: unlink a provider; the owner approves or declines waiting accounts.
/// Declining deletes the account (it has no data yet worth keeping: it could never sign in).
struct SignInSettingsPages {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(WebPaths.signInSettings.route(), use: show)
        group.post(WebPaths.unlinkIdentity.route(), use: unlink)
        group.post(WebPaths.approveAccount.route(), use: approve)
        group.post(WebPaths.declineAccount.route(), use: decline)
        group.post(WebPaths.invites.route(), use: makeInvite)
        group.post(WebPaths.revokeInvite.route(), use: revokeInvite)
    }

    /// `POST /settings/sign-in/invites` (the owner only): a new invite (as `POST /api/v1/invites`),
    /// its link shown once on the page this answers.
    @Sendable func makeInvite(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        guard try await web.store.account(id: user.id).role == .owner else {
            throw Problem.forbidden(t("only the server's owner makes invites"))
        }
        let now = web.now
        let code = Secrets.generate()
        let invite = try await web.store.createInvite(
            Invite(createdBy: user.id, createdAt: now, expiresAt: now.addingTimeInterval(web.configuration.inviteLifetime)),
            codeHash: Secrets.hash(code))
        let link = web.accounts.client.origin(request, context: context) + WebPaths.signup() + "?invite=" + code
        let expires = invite.expiresAt.formatted(Date.ISO8601FormatStyle().year().month().day())
        return try await page(user: user, context: context, notice: nil, newInvite: .init(link: link, expires: expires))
    }

    /// `POST /settings/sign-in/invites/{id}/revoke`: the invite no longer works (a member has none: 404).
    @Sendable func revokeInvite(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        try await web.store.revokeInvite(owner: user.id, id: try context.pathID("id", "invite"))
        return Page.redirect(WebPaths.signInSettings() + "?done=withdrawn#invites-title")
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let notice: String? =
            switch request.query("done") {
            case "unlinked": t("The provider is unlinked.")
            case "approved": t("The account is approved: it can sign in now.")
            case "declined": t("The account was declined and deleted.")
            case "withdrawn": t("The invite was withdrawn: its link no longer works.")
            default: nil
            }
        return try await page(user: user, context: context, notice: notice)
    }

    /// `POST /settings/sign-in/unlink` `issuer=…&subject=…`.
    @Sendable func unlink(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let form = try await request.form()
        try await web.store.unlinkIdentity(owner: user.id, issuer: form["issuer"] ?? "", subject: form["subject"] ?? "")
        return Page.redirect(WebPaths.signInSettings() + "?done=unlinked")
    }

    /// `POST /settings/sign-in/accounts/{id}/approve` (the owner only).
    @Sendable func approve(_ request: Request, context: Context) async throws -> Response {
        let id = try await waitingAccount(context)
        try await web.store.approveAccount(id)
        return Page.redirect(WebPaths.signInSettings() + "?done=approved")
    }

    /// `POST /settings/sign-in/accounts/{id}/decline` (the owner only): the waiting account is deleted.
    @Sendable func decline(_ request: Request, context: Context) async throws -> Response {
        let id = try await waitingAccount(context)
        try await web.store.deleteUser(owner: id)
        return Page.redirect(WebPaths.signInSettings() + "?done=declined")
    }

    /// The waiting account the path names, when the signed-in user is the server's owner: a
    /// member gets 403, an account that is not waiting (approved, or unknown) 404.
    private func waitingAccount(_ context: Context) async throws -> User.ID {
        let user = try await web.user(context)
        guard try await web.store.account(id: user.id).role == .owner else {
            throw Problem.forbidden(t("only the server's owner approves accounts"))
        }
        let id = try context.pathText("id", "account")
        guard let account = try await web.store.accountsAwaitingApproval().first(where: { $0.user.id.description == id }) else {
            throw Problem.notFound(t("no account with this id is waiting for approval"))
        }
        return account.user.id
    }

    private func page(
        user: User, context: Context, notice: String?, newInvite: SignInSettingsPage.NewInvite? = nil
    ) async throws -> Response {
        let isOwner = try await web.store.account(id: user.id).role == .owner
        var model = SignInSettingsPage(
            identities: SignInSettingsPage.identities(try await web.store.identities(owner: user.id)), isOwner: isOwner,
            waiting: isOwner ? SignInSettingsPage.waiting(try await web.store.accountsAwaitingApproval()) : [],
            providers: web.openID.providers.clients.map(\.settings.displayName), notice: notice)
        if isOwner {
            model.invites = SignInSettingsPage.invites(try await web.store.invites(owner: user.id), now: web.now)
            model.newInvite = newInvite
        }
        return Page.html(SignInSettingsView.page(model, session: try web.session(context, user: user)))
    }
}
