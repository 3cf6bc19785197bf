import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import TendAPI
import TendHTTP
@testable import TendServer
import Testing

@Suite("Problem bodies for unexpected errors")
struct ProblemTests {
    struct DatabaseExploded: Error, CustomStringConvertible {
        var description: String { "connection to postgres://admin:hunter2@10.0.0.5 failed in PostgresStore.swift:42" }
    }

    @Test("An unexpected error is a 500 problem naming only the request id, never the error")
    func internalErrorsDoNotLeak() async throws {
        let router = Router(context: TendRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ProblemMiddleware())
        router.get("boom") { _, _ -> String in throw DatabaseExploded() }
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let app = Application(router: router, logger: logger)
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/boom", method: .get)
            let problem = try response.expectProblem(.internalServerError, code: "internal")
            #expect(problem.detail.hasPrefix("something went wrong on the server (request "))
            #expect(!response.text.contains("hunter2") && !response.text.contains("Postgres"))
            #expect(response.headers[.contentSecurityPolicy] != nil)
        }
    }
}
