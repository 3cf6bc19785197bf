import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

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
                    ErrorView.page(
                        status: .internalServerError,
                        message: t("Something went wrong on the server (request {id}).", ["id": "\(context.id)"])),
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
            return t("This form has expired (or came from another site). Go back, reload the page and try again.")
        }
        if problem.status == .notFound, problem.code == "not-found", problem.detail == Problem.title(.notFound) {
            return t("There is no page at this address.")
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
