import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import TendAPI
import TendCore
import TendStore
import TendWords

/// Turns every error of the routes inside it, Hummingbird's own included (unknown route, body
/// too large), into a problem body. Unexpected errors answer a bare 500 with the request id and
/// are logged with their details. A browser asking for a page outside `/api/` (an unknown path)
/// gets `page`'s HTML instead, when one is given.
package struct ProblemMiddleware: RouterMiddleware {
    package typealias Context = TendRequestContext

    /// An HTML page for a problem, for browsers.
    package typealias PageRenderer = @Sendable (Problem) -> Response

    let page: PageRenderer?

    package init(page: PageRenderer? = nil) {
        self.page = page
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            var problem: Problem
            if let known = Problem.from(error) {
                problem = known
            } else {
                context.logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))"])
                problem = Problem(
                    .internalServerError, code: "internal",
                    detail: t("something went wrong on the server (request {id})", ["id": context.id]))
            }
            if let page, Self.wantsPage(request) { return page(problem) }
            return try problem.response(from: request, context: context)
        }
    }

    /// A browser's page request: not the API, and HTML preferred to JSON (not merely mentioned:
    /// `application/json, text/html;q=0.1` is an API client's).
    static func wantsPage(_ request: Request) -> Bool {
        let path = request.uri.path
        return path != "/api" && !path.hasPrefix("/api/")
            && AcceptHeader.prefersHTML(request.headers[values: .accept].joined(separator: ","))
    }
}
