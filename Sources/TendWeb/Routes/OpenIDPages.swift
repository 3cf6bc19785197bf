import Foundation
import HTTPTypes
import Hummingbird
import Logging
import TendAPI
import TendCore
import TendHTTP
import TendOpenID
import TendStore
import TendWords

/// Signing in through an OpenID Connect provider (``OpenIDSignIn`` does the work): a button on
/// the sign-in page starts it, the provider sends the browser back to the callback, and a person
/// the provider vouches for is signed in — or, when their identity is new here, chooses on the
/// link page between their existing account (its password) and a new one. Every failure lands on
/// the sign-in page with the reason, having signed nobody in.
struct OpenIDPages {
    let web: WebDependencies
    let auth: AuthPages
    typealias Context = TendRequestContext

    func addRoutes(open: RouterGroup<Context>) {
        open.get(WebPaths.openIDStart.route(), use: start)
        open.get(WebPaths.openIDCallback.route(), use: callback)
        open.get(WebPaths.openIDLink.route(), use: linkPage)
        open.post(WebPaths.openIDLink.route(), use: link)
        open.post(WebPaths.openIDSignup.route(), use: signUp)
    }

    /// `GET /login/oidc/start/{provider}`: to the provider, with this browser's attempt cookie.
    @Sendable func start(_ request: Request, context: Context) async throws -> Response {
        do {
            let (url, cookie) = try await web.openID.start(
                slug: try context.pathText("provider", "provider"), request: request, context: context)
            var response = Page.redirect(url)
            response.setCookie(cookie)
            return response
        } catch {
            return try await failed(error, request, context: context)
        }
    }

    /// `GET /login/oidc/callback?code=…&state=…`: signed in, or on to the link page.
    @Sendable func callback(_ request: Request, context: Context) async throws -> Response {
        do {
            switch try await web.openID.finish(request: request, context: context) {
            case .signedIn(let account):
                return try await signedIn(account, request, context: context)
            case .choose(let cookie):
                var response = Page.redirect(WebPaths.openIDLink())
                response.setCookie(cookie)
                return response
            }
        } catch {
            return try await failed(error, request, context: context)
        }
    }

    /// `GET /login/oidc/link`: link to an account, or make one.
    @Sendable func linkPage(_ request: Request, context: Context) async throws -> Response {
        guard let attempt = try await web.openID.pending(request, context: context) else { return Page.redirect(WebPaths.login()) }
        let token = FormToken.existingOrNew(request, secure: secure(request, context))
        let page = model(attempt, formToken: token.field)
        return Page.html(OpenIDView.link(page), headers: token.headers(secure: secure(request, context)))
    }

    /// `POST /login/oidc/link` `username=…&password=…`: the password of the account to link.
    @Sendable func link(_ request: Request, context: Context) async throws -> Response {
        guard case (let form, var page)? = try await posted(request, context: context) else { return Page.redirect(WebPaths.login()) }
        page.username = form["username"] ?? ""
        guard FormToken.verify(request, form, secure: secure(request, context)) else {
            page.linkError = Self.expiredForm
            return again(page, request, context: context, status: .forbidden)
        }
        do {
            let account = try await web.openID.link(
                username: page.username, password: form["password"] ?? "", request: request, context: context)
            return try await signedIn(account, request, context: context)
        } catch let problem as Problem where problem.status.kind == .clientError && problem.code != "sign-in-expired" {
            page.linkError =
                problem.status == .unauthorized ? t("The username or password is not right.") : AuthPages.sentence(problem.detail)
            return again(page, request, context: context, status: problem.status, headers: problem.headers)
        } catch {
            return try await failed(error, request, context: context)
        }
    }

    /// `POST /login/oidc/signup` `username=…&timeZone=…`: a new account, linked.
    @Sendable func signUp(_ request: Request, context: Context) async throws -> Response {
        guard case (let form, var page)? = try await posted(request, context: context) else { return Page.redirect(WebPaths.login()) }
        page.newUsername = form["username"] ?? ""
        page.timeZone = form["timeZone"] ?? ""
        guard FormToken.verify(request, form, secure: secure(request, context)) else {
            page.signupError = Self.expiredForm
            return again(page, request, context: context, status: .forbidden)
        }
        do {
            let account = try await web.openID.createAccount(
                username: page.newUsername, timeZone: page.timeZone, request: request, context: context)
            guard account.isApproved else {
                var response = Page.html(OpenIDView.awaitingApproval(username: account.user.username))
                response.setCookie(web.openID.clearedCookie(request, context: context))
                return response
            }
            return try await signedIn(account, request, context: context)
        } catch let problem as Problem where problem.status.kind == .clientError && problem.code != "sign-in-expired" {
            page.signupError =
                problem.status == .conflict ? t("That username is taken. Please choose another.") : AuthPages.sentence(problem.detail)
            return again(page, request, context: context, status: problem.status)
        } catch {
            return try await failed(error, request, context: context)
        }
    }

    // MARK: Helpers

    private static var expiredForm: String { t("The form had expired. Please try again.") }

    /// A form posted from the link page (from this site only), and the page as it would show
    /// again; `nil` when this browser has no identity waiting (expired, or finished already).
    private func posted(_ request: Request, context: Context) async throws -> (FormData, OpenIDLinkPage)? {
        try web.accounts.client.requireSameOrigin(request, context: context)
        let form = try await request.form()
        guard let attempt = try await web.openID.pending(request, context: context) else { return nil }
        return (form, model(attempt, formToken: ""))
    }

    private func secure(_ request: Request, _ context: Context) -> Bool {
        web.accounts.client.isSecure(request, context: context)
    }

    private func model(_ attempt: SignInAttempt, formToken: String) -> OpenIDLinkPage {
        OpenIDLinkPage(
            provider: OpenIDProviderSettings.displayName(issuer: attempt.issuer), label: attempt.label,
            newUsername: attempt.suggestedUsername, zones: SignupPage.zoneList, formToken: formToken,
            signUpOpen: web.openID.providerSignUpIsOpen, approvalNeeded: web.configuration.approveSignups)
    }

    private func again(
        _ page: OpenIDLinkPage, _ request: Request, context: Context, status: HTTPResponse.Status, headers: HTTPFields = [:]
    ) -> Response {
        var page = page
        let token = FormToken.existingOrNew(request, secure: secure(request, context))
        page.formToken = token.field
        var all = token.headers(secure: secure(request, context))
        all.append(contentsOf: headers)
        return Page.html(OpenIDView.link(page), status: status, headers: all)
    }

    /// A session for `account`, the sign-in's cookie cleared, and on to Today.
    private func signedIn(_ account: Account, _ request: Request, context: Context) async throws -> Response {
        let session = try await web.accounts.startSession(for: account, request: request, context: context)
        var response = Page.redirect(WebPaths.today())
        response.setCookie(session.cookie)
        response.setCookie(web.openID.clearedCookie(request, context: context))
        response.setCookie(FormToken.cleared(secure: secure(request, context)))
        return response
    }

    /// The sign-in page with why the provider's sign-in failed: 502 when the provider could not
    /// be used, 403 when it refused or its answer was not accepted, 404 for an unknown provider.
    private func failed(_ error: any Error, _ request: Request, context: Context) async throws -> Response {
        let status: HTTPResponse.Status
        let message: String
        switch error {
        case let error as OpenIDError:
            if case .provider = error { status = .badGateway } else { status = .forbidden }
            message = AuthPages.sentence(error.description)
        case let problem as Problem where problem.status.kind == .clientError:
            status = problem.status
            message = AuthPages.sentence(problem.detail)
        default:
            throw error
        }
        context.logger.notice("OpenID sign-in failed", metadata: ["reason": "\(message)"])
        var response = try await auth.loginAgain(
            LoginPage(formToken: "", signUpOpen: try await web.accounts.signUpIsOpen(), providers: auth.providers), request,
            context: context, status: status, error: message)
        response.setCookie(web.openID.clearedCookie(request, context: context))
        return response
    }
}
