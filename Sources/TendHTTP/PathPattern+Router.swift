import Hummingbird
import TendAPI

extension PathPattern {
    /// The pattern as the router registers it, below a group's `prefix` (`/api/v1`) if any.
    package func route(under prefix: String = "") -> RouterPath {
        precondition(pattern.hasPrefix(prefix), "\(pattern) is not under \(prefix)")
        return RouterPath(String(pattern.dropFirst(prefix.count)))
    }
}

extension RouterMethods {
    /// Registers `route` for `closure`, its path below the group's `prefix` (the API's groups sit
    /// at `/api/v1`; the operational endpoints at the root, `""`).
    @discardableResult package func on(
        _ route: APIRoute, under prefix: String = APIPaths.base,
        use closure: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
    ) -> Self {
        on(route.path.route(under: prefix), method: HTTPRequest.Method(rawValue: route.method.rawValue)!, use: closure)
    }
}
