import HTTPTypes
import Hummingbird
import TendHTTP

/// Security headers on every response: a CSP without inline script, no sniffing, no framing, and
/// no referrer outside the site.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = TendRequestContext

    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        let headers: [(HTTPField.Name, String)] = [
            (.contentSecurityPolicy, Self.contentSecurityPolicy),
            (.xContentTypeOptions, "nosniff"),
            (.xFrameOptions, "DENY"),
            (.referrerPolicy, "same-origin"),
        ]
        for (name, value) in headers where response.headers[name] == nil {
            response.headers[name] = value
        }
        if request.uri.path.hasPrefix("/api/"), response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }
}

extension HTTPField.Name {
    static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let xRequestID = HTTPField.Name("X-Request-ID")!
}
