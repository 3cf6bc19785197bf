import Hummingbird

/// After a state-changing request of a signed-in user succeeded (a status below 400), wakes that
/// user's live-update streams on this instance (``ChangeNotifier``). It goes right after
/// ``AuthMiddleware``, in the JSON API's group and the web pages', so a change through either
/// reaches open pages at once; other instances notice by polling the op log.
package struct ChangeNotificationMiddleware: RouterMiddleware {
    package typealias Context = TendRequestContext

    package let changes: ChangeNotifier

    package init(changes: ChangeNotifier) {
        self.changes = changes
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        if request.isStateChanging, response.status.code < 400, let owner = context.identity?.owner { changes.changed(owner) }
        return response
    }
}
