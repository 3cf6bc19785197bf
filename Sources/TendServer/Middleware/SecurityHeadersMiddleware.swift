import HTTPTypes
import Hummingbird
import TendHTTP

/// Security headers on every response: a CSP without inline script, no sniffing, no framing, and
/// no referrer outside the site; over TLS (directly or through a trusted proxy), HSTS.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = TendRequestContext

    let client: ClientInfo

    /// A year, the usual figure; no `includeSubDomains`: Tend may share its domain with sites it
    /// cannot speak for.
    static let strictTransportSecurity = "max-age=31536000"

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
        if client.isSecure(request, context: context) {
            response.headers[.strictTransportSecurity] = Self.strictTransportSecurity
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
