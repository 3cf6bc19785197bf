import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TendStore

/// Authenticates every request of the routes inside it (see ``Authenticator``): the identity
/// is the context's from here on. ``ChangeNotificationMiddleware`` goes right after it.
package struct AuthMiddleware: RouterMiddleware {
    package typealias Context = TendRequestContext

    package let authenticator: Authenticator

    package init(authenticator: Authenticator) {
        self.authenticator = authenticator
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        var context = context
        let (identity, cookie) = try await authenticator.authenticateSigningIn(&request, context: context)
        context.identity = identity
        var response = try await next(request, context)
        if let cookie { response.setCookie(cookie) }
        return response
    }
}
