import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import TendAPI
import TendCore
import TendHTTP
import TendStore

/// What every web route collection (`…Pages`) works with. Built once by `buildRouter` (TendServer), which shares the
/// account service (one sign-in rate limit), the authenticator and the change notifier with the
/// JSON API.
package struct WebDependencies: Sendable {
    package let configuration: ServerConfiguration
    package let store: any TendStore & AccountStore
    package let accounts: AccountService
    package let authenticator: Authenticator
    package let changes: ChangeNotifier
    package let live: LiveUpdates
    /// Settings read in the last second, shared with the JSON API (a check-in's day check).
    package let recentSettings: RecentSettings
    /// Files between an import's preview and its confirmation.
    package let imports = ImportStaging()
    /// The last Today page of each session, while the user's data is unchanged.
    let todayPages = TodayPageCache()

    package init(
        configuration: ServerConfiguration, store: any TendStore & AccountStore, accounts: AccountService,
        authenticator: Authenticator, changes: ChangeNotifier, live: LiveUpdates? = nil,
        recentSettings: RecentSettings = RecentSettings()
    ) {
        self.recentSettings = recentSettings
        self.configuration = configuration
        self.store = store
        self.accounts = accounts
        self.authenticator = authenticator
        self.changes = changes
        self.live = live ?? LiveUpdates(store: store, changes: changes)
    }

    var now: Date { configuration.now() }

    /// The path's `{day}`, when the owner can record on it (else 422; see `TendStore.recordableDay`).
    func recordableDay(_ context: TendRequestContext, owner: User.ID) async throws -> Day {
        try await store.recordableDay(try context.day("day"), owner: owner, now: now, settings: recentSettings)
    }

    /// The signed-in user of a page request (set by the auth middleware).
    func user(_ context: TendRequestContext) async throws -> User {
        try await store.user(id: context.requireIdentity().owner)
    }

    /// What the layout needs about the signed-in user.
    func session(_ context: TendRequestContext, user: User) throws -> SessionInfo {
        let identity = try context.requireIdentity()
        return SessionInfo(username: user.username, csrfToken: accounts.csrfToken(for: identity) ?? "")
    }
}

/// The browser app: pages at `/`, assets at `/assets/…`, `/sw.js`, `/manifest.webmanifest` and
/// live updates at `/events` (docs/web.md).
package enum TendWeb {
    /// Adds every web route to `router`. Pages that need a signed-in user redirect to `/login`
    /// when there is none; errors answer HTML pages, not problem bodies.
    package static func addRoutes(to router: Router<TendRequestContext>, _ web: WebDependencies) {
        AssetFiles().addRoutes(to: router)
        let open = router.group().add(middleware: WebErrorMiddleware())
        AuthPages(web: web).addRoutes(open: open)
        let signedIn = router.group()
            .add(middleware: WebErrorMiddleware())
            .add(middleware: AuthMiddleware(authenticator: web.authenticator))
            .add(middleware: ChangeNotificationMiddleware(changes: web.changes))
        AuthPages(web: web).addRoutes(signedIn: signedIn)
        TodayPages(web: web).addRoutes(to: signedIn)
        HabitPages(web: web).addRoutes(to: signedIn)
        DayEntryPages(web: web).addRoutes(to: signedIn)
        SettingsPages(web: web).addRoutes(to: signedIn)
        RoutinePages(web: web).addRoutes(to: signedIn)
        DataPages(web: web).addRoutes(to: signedIn)
        EventsStream(web: web).addRoutes(to: signedIn)
    }
}

extension TendWeb {
    /// The HTML page of a problem, for a browser that asked for an unknown page.
    package static func errorPage(_ problem: Problem) -> Response {
        Page.html(ErrorView.page(status: problem.status, message: WebErrorMiddleware.message(problem)), status: problem.status)
    }
}

/// A rendered page and its gzip form, made once for a page that is served many times.
struct RenderedPage: Sendable {
    let plain: ByteBuffer
    let gzipped: ByteBuffer?

    init(_ plain: ByteBuffer) {
        self.plain = plain
        gzipped = Gzip.compress(plain)
    }
}

/// Building page responses.
enum Page {
    /// An HTML page (private: it shows the user's data, so shared caches must not keep it).
    static func html(_ node: Node, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        html(rendered: render(node), status: status, headers: headers)
    }

    /// The document of `node`, doctype included, as the bytes to send.
    static func render(_ node: Node) -> ByteBuffer {
        var text = "<!doctype html>"
        node.render(into: &text)
        return ByteBuffer(string: text)
    }

    /// An HTML page already rendered (see ``render(_:)``); the buffer is shared, not copied.
    static func html(rendered buffer: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "text/html; charset=utf-8"
        if headers[.cacheControl] == nil { headers[.cacheControl] = "private, no-cache" }
        headers[.contentLength] = String(buffer.readableBytes)
        return Response(status: status, headers: headers, body: .init(byteBuffer: buffer))
    }

    /// A page kept for reuse (the Today page), with its gzip form when the browser accepts it.
    /// The answer varies with `Accept-Encoding`, and says so.
    static func html(_ page: RenderedPage, gzip: Bool) -> Response {
        guard gzip, let gzipped = page.gzipped else {
            return html(rendered: page.plain, headers: [.vary: "Accept-Encoding"])
        }
        return html(rendered: gzipped, headers: [.vary: "Accept-Encoding", .contentEncoding: "gzip"])
    }

    /// Redirect-after-post (303: the browser follows with a GET).
    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    /// A return address from a form: only a path on this site (`/…`, never `//host`), else `fallback`.
    static func localPath(_ text: String?, fallback: String) -> String {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"),
            !text.contains(where: { $0.isNewline || $0 == "\r" })
        else { return fallback }
        return text
    }
}

extension Request {
    /// The form fields of a `application/x-www-form-urlencoded` body (at most 1 MiB).
    func form(limit: Int = 1 << 20) async throws -> FormData {
        var request = self
        let body = try await request.collectBody(upTo: limit)
        return FormData(String(buffer: body))
    }

    /// The path and query, to come back to after signing in.
    var pathAndQuery: String {
        uri.query.map { uri.path + "?" + $0 } ?? uri.path
    }
}

/// Turns errors of the web routes into HTML: a missing or ended session redirects to the sign-in
/// page (then back); anything else is an error page with the problem's status and words (an
/// unexpected error names only the request id, as the API does).
struct WebErrorMiddleware: RouterMiddleware {
    typealias Context = TendRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            guard let problem = Problem.from(error) else {
                context.logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))"])
                return Page.html(
                    ErrorView.page(status: .internalServerError, message: "Something went wrong on the server (request \(context.id))."),
                    status: .internalServerError)
            }
            if problem.status == .unauthorized {
                let back = request.method == .get ? request.pathAndQuery : WebPaths.today()
                return Page.redirect(back == WebPaths.today() ? WebPaths.login() : WebPaths.login() + "?next=" + Self.percentEncoded(back))
            }
            return Page.html(
                ErrorView.page(status: problem.status, message: Self.message(problem)), status: problem.status, headers: problem.headers)
        }
    }

    /// The problem in a sentence for a person.
    static func message(_ problem: Problem) -> String {
        if problem.code == "csrf" {
            return "This form has expired (or came from another site). Go back, reload the page and try again."
        }
        if problem.status == .notFound, problem.code == "not-found", problem.detail == "Not Found" {
            return "There is no page at this address."
        }
        let message = problem.detail.prefix(1).uppercased() + problem.detail.dropFirst()
        return message.hasSuffix(".") ? message : message + "."
    }

    static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "/"
    }
}
