import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendHTTP
import TendStore
import TendWords

/// `/healthz`, `/metrics` and the OpenAPI document.
struct OperationsAPI {
    let server: ServerDependencies

    func addRoutes(to router: Router<TendRequestContext>) {
        router.on(APIRoute.health, under: "", use: health)
        router.on(APIRoute.metrics, under: "", use: metrics)
        router.on(APIRoute.openAPI, under: "", use: openAPI)
    }

    /// 200 while the process serves requests; it never touches the store.
    @Sendable func health(_ request: Request, context: TendRequestContext) async throws -> Response {
        try Reply.json(["status": "ok"])
    }

    /// The OpenAPI document, open to anyone (it describes the API, not anyone's data).
    @Sendable func openAPI(_ request: Request, context: TendRequestContext) async throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(Self.openAPIBody.readableBytes)],
            body: .init(byteBuffer: Self.openAPIBody))
    }

    private static let openAPIBody = ByteBuffer(string: OpenAPIDocument.json)

    /// Prometheus metrics: open to clients on this machine (loopback); from anywhere else only
    /// with an API token of the server's owner.
    @Sendable func metrics(_ request: Request, context: TendRequestContext) async throws -> Response {
        if !server.client.isLoopback(request, context: context) {
            guard let secret = request.bearerToken else {
                throw Problem.unauthorized(t("metrics need the owner's API token when not asked from this machine"))
            }
            guard let token = try await server.store.authenticate(tokenHash: Secrets.hash(secret), now: server.now),
                token.kind == .api
            else {
                throw Problem.unauthorized(t("the API token is not valid (revoked, expired or mistyped)"))
            }
            guard try await server.store.account(id: token.owner).role == .owner else {
                throw Problem.forbidden(t("only the server's owner may read its metrics"))
            }
        }
        let text = server.metrics.exposition()
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .contentLength: String(text.utf8.count)],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
