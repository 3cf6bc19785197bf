import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendOpenID
import TendStore
import TendWords

/// Sign-up, sign-in and sign-out forms. They use the same account logic as the JSON API
/// (``AccountService``) and work without JavaScript: POST, then 303 to the next page.
///
/// Before there is a session, the forms are protected from cross-site posting (login CSRF) by
/// a double-submit token: GET sets a random `tend_form` cookie (HttpOnly, SameSite=Strict) and
/// the form carries its HMAC in `_csrf`, as a session's CSRF token is derived from the session.
struct AuthPages {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(open: RouterGroup<Context>) {
        open.get(WebPaths.login.route(), use: loginPage)
        open.post(WebPaths.login.route(), use: logIn)
        open.get(WebPaths.signup.route(), use: signupPage)
        open.post(WebPaths.signup.route(), use: signUp)
    }

    func addRoutes(signedIn: RouterGroup<Context>) {
        signedIn.post(WebPaths.logout.route(), use: logOut)
    }

    // MARK: Log in

    @Sendable func loginPage(_ request: Request, context: Context) async throws -> Response {
        if try await signedInUser(request, context: context) != nil {
            return Page.redirect(Page.localPath(request.query("next"), fallback: WebPaths.today()))
        }
        // Nobody can log in to a server without accounts: its first visit creates the owner's.
        if request.query("signed-out") == nil, try await web.store.accountCount() == 0 {
            return Page.redirect(WebPaths.signup())
        }
        let token = FormToken.existingOrNew(request, secure: web.accounts.client.isSecure(request, context: context))
        let page = LoginPage(
            next: Page.localPath(request.query("next"), fallback: WebPaths.today()), formToken: token.field,
            signedOut: request.query("signed-out") != nil, deleted: request.query("deleted") != nil,
            signUpOpen: try await web.accounts.signUpIsOpen(), providers: providers)
        return Page.html(AuthView.login(page), headers: token.headers(secure: web.accounts.client.isSecure(request, context: context)))
    }

    @Sendable func logIn(_ request: Request, context: Context) async throws -> Response {
        try web.accounts.client.requireSameOrigin(request, context: context)
        let form = try await request.form()
        let next = Page.localPath(form["next"], fallback: WebPaths.today())
        var page = LoginPage(
            username: form["username"] ?? "", next: next, formToken: "", signUpOpen: try await web.accounts.signUpIsOpen(),
            providers: providers)
        guard FormToken.verify(request, form, secure: web.accounts.client.isSecure(request, context: context)) else {
            return try await loginAgain(
                page, request, context: context, status: .forbidden, error: t("The form had expired. Please log in again."))
        }
        do {
            let account = try await web.accounts.verifiedAccount(
                username: page.username, password: form["password"] ?? "", request: request, context: context)
            let session = try await web.accounts.startSession(for: account, request: request, context: context)
            var response = Page.redirect(next)
            response.setCookie(session.cookie)
            response.setCookie(FormToken.cleared(secure: web.accounts.client.isSecure(request, context: context)))
            return response
        } catch let problem as Problem
            where [.unauthorized, .tooManyRequests].contains(problem.status) || problem.code == "awaiting-approval"
        {
            page.error = problem.status == .unauthorized ? t("The username or password is not right.") : Self.sentence(problem.detail)
            return try await loginAgain(
                page, request, context: context, status: problem.status, headers: problem.status == .tooManyRequests ? problem.headers : [:]
            )
        }
    }

    /// The "Sign in with …" buttons.
    var providers: [LoginPage.Provider] {
        web.openID.providers.clients.map {
            LoginPage.Provider(path: WebPaths.openIDStart($0.settings.slug), name: $0.settings.displayName)
        }
    }

    func loginAgain(
        _ page: LoginPage, _ request: Request, context: Context, status: HTTPResponse.Status, error: String? = nil,
        headers: HTTPFields = [:]
    ) async throws -> Response {
        var page = page
        if let error { page.error = error }
        let token = FormToken.existingOrNew(request, secure: web.accounts.client.isSecure(request, context: context))
        page.formToken = token.field
        var all = token.headers(secure: web.accounts.client.isSecure(request, context: context))
        all.append(contentsOf: headers)
        return Page.html(AuthView.login(page), status: status, headers: all)
    }

    // MARK: Sign up

    @Sendable func signupPage(_ request: Request, context: Context) async throws -> Response {
        if try await signedInUser(request, context: context) != nil { return Page.redirect(WebPaths.today()) }
        let token = FormToken.existingOrNew(request, secure: web.accounts.client.isSecure(request, context: context))
        let page = try await signupModel(invite: request.query("invite") ?? "", formToken: token.field, request: request, context: context)
        return Page.html(AuthView.signup(page), headers: token.headers(secure: web.accounts.client.isSecure(request, context: context)))
    }

    @Sendable func signUp(_ request: Request, context: Context) async throws -> Response {
        try web.accounts.client.requireSameOrigin(request, context: context)
        let form = try await request.form()
        var page = try await signupModel(invite: form["invite"] ?? "", formToken: "", request: request, context: context)
        page.username = form["username"] ?? ""
        page.timeZone = form["timeZone"] ?? ""
        guard FormToken.verify(request, form, secure: web.accounts.client.isSecure(request, context: context)) else {
            return signupAgain(page, request, context: context, status: .forbidden, error: t("The form had expired. Please try again."))
        }
        do {
            let account = try await web.accounts.signUp(
                username: page.username, password: form["password"] ?? "", invite: page.invite.isEmpty ? nil : page.invite,
                timeZone: page.timeZone, setupCode: form["setupCode"], request: request, context: context)
            guard account.isApproved else {
                return Page.html(
                    OpenIDView.awaitingApproval(username: account.user.username),
                    headers: [.setCookie: FormToken.cleared(secure: web.accounts.client.isSecure(request, context: context)).description])
            }
            let session = try await web.accounts.startSession(for: account, request: request, context: context)
            var response = Page.redirect(WebPaths.today())
            response.setCookie(session.cookie)
            response.setCookie(FormToken.cleared(secure: web.accounts.client.isSecure(request, context: context)))
            return response
        } catch {
            guard let problem = Problem.from(error), problem.status.kind == .clientError else { throw error }
            let message: String
            switch problem.status {
            case .forbidden where problem.code == "setup-code":
                message = t("The setup code is not right. It is in the output of tend serve (and its log) on the server.")
            case .forbidden where !page.invite.isEmpty:
                message = t("This invite is not valid any more (used, expired or mistyped). Ask for a new one.")
            case .forbidden: message = t("This server is invite-only. Ask its owner for an invite link.")
            case .conflict: message = t("That username is taken. Please choose another.")
            default: message = Self.sentence(problem.detail)
            }
            return signupAgain(page, request, context: context, status: problem.status, error: message)
        }
    }

    private func signupModel(invite: String, formToken: String, request: Request, context: Context) async throws -> SignupPage {
        let first = try await web.store.accountCount() == 0
        var localHabits = 0
        if first, let local = try await web.store.user(named: User.localUsername) {
            localHabits = try await web.store.habits(owner: local.id, includeArchived: true).count
        }
        return SignupPage(
            invite: invite, formToken: formToken, isFirstAccount: first, localHabits: localHabits,
            isOpen: first || web.accounts.anyoneMaySignUp, zones: SignupPage.zoneList,
            needsSetupCode: first && !web.accounts.client.isLoopback(request, context: context),
            approvalNeeded: !first && web.configuration.approveSignups)
    }

    private func signupAgain(
        _ page: SignupPage, _ request: Request, context: Context, status: HTTPResponse.Status, error: String
    ) -> Response {
        var page = page
        page.error = error
        let token = FormToken.existingOrNew(request, secure: web.accounts.client.isSecure(request, context: context))
        page.formToken = token.field
        return Page.html(
            AuthView.signup(page), status: status, headers: token.headers(secure: web.accounts.client.isSecure(request, context: context)))
    }

    // MARK: Log out

    @Sendable func logOut(_ request: Request, context: Context) async throws -> Response {
        try web.accounts.client.requireSameOrigin(request, context: context)
        let cleared = try await web.accounts.endSession(try context.requireIdentity(), request: request, context: context)
        var response = Page.redirect(WebPaths.login() + "?signed-out=1")
        response.setCookie(cleared)
        return response
    }

    // MARK: Helpers

    /// The user of a valid session cookie, if the request has one (sign-in pages skip ahead).
    private func signedInUser(_ request: Request, context: Context) async throws -> User.ID? {
        guard let secret = SessionCookie.secret(in: request, secure: web.accounts.client.isSecure(request, context: context)),
            let token = try await web.store.authenticate(tokenHash: Secrets.hash(secret), now: web.now), token.kind == .session
        else { return nil }
        return token.owner
    }

    static func sentence(_ text: String) -> String {
        let capitalized = text.prefix(1).uppercased() + text.dropFirst()
        return capitalized.hasSuffix(".") ? capitalized : capitalized + "."
    }
}

/// The double-submit token of the sign-in and sign-up forms (before any session exists). Over TLS
/// its cookie carries the `__Host-` prefix, as the session's does, and only that one counts.
enum FormToken {
    static let plainName = "tend_form"
    static let secureName = "__Host-tend_form"

    static func cookieName(secure: Bool) -> String { secure ? secureName : plainName }

    struct Issued {
        /// The cookie's secret, and whether it must be set (it was not in the request).
        var secret: String
        var isNew: Bool
        /// What the form's `_csrf` field carries.
        var field: String { Secrets.csrfToken(forSession: secret) }

        func headers(secure: Bool) -> HTTPFields {
            guard isNew else { return [:] }
            let cookie = Cookie(
                name: FormToken.cookieName(secure: secure), value: secret, maxAge: 86_400, path: "/", secure: secure, httpOnly: true,
                sameSite: .strict)
            return [.setCookie: cookie.description]
        }
    }

    static func existingOrNew(_ request: Request, secure: Bool) -> Issued {
        if let secret = request.cookies[cookieName(secure: secure)]?.value, secret.count >= 32 {
            return Issued(secret: secret, isNew: false)
        }
        return Issued(secret: Secrets.generate(), isNew: true)
    }

    static func verify(_ request: Request, _ form: FormData, secure: Bool) -> Bool {
        guard let secret = request.cookies[cookieName(secure: secure)]?.value, secret.count >= 32, let given = form["_csrf"] else {
            return false
        }
        return Secrets.constantTimeEqual(given, Secrets.csrfToken(forSession: secret))
    }

    static func cleared(secure: Bool) -> Cookie {
        Cookie(name: cookieName(secure: secure), value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }
}
