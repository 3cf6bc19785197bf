import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendAPI
import TendServer
import Testing

@Suite("Bad input on every route that reads a body: 4xx problem, nothing changed")
struct BadInputMatrixTests {
    /// Every route with a JSON body, on the user's own ids.
    static func routes(_ f: Fixture) -> [(HTTPRequest.Method, String)] {
        [
            (.post, "/api/v1/users"), (.post, "/api/v1/tokens"), (.post, "/api/v1/session"),
            (.post, "/api/v1/habits"), (.patch, "/api/v1/habits/\(f.habit)"), (.put, "/api/v1/habits/order"),
            (.put, "/api/v1/habits/\(f.habit)/days/2025-06-10"), (.post, "/api/v1/habits/\(f.habit)/days/2025-06-10/increment"),
            (.post, "/api/v1/habits/\(f.habit)/reminders"), (.put, "/api/v1/habits/\(f.habit)/reminders"),
            (.post, "/api/v1/routines"), (.patch, "/api/v1/routines/\(f.routine)"), (.put, "/api/v1/routines/order"),
            (.post, "/api/v1/routines/\(f.routine)/habits"), (.put, "/api/v1/settings"),
            (.put, "/api/v1/account/password"), (.delete, "/api/v1/account"),
        ]
    }

    static let oversized = "{\"name\":\"" + String(repeating: "x", count: 1 << 20) + "\"}"

    @Test(
        "Malformed JSON and a JSON value of the wrong type are 400; a body over 1 MiB is 413",
        arguments: [
            (#"{"name":"#, 400), (#""just a string""#, 400), ("[1, 2", 400), (oversized, 413),
        ])
    func everyRoute(body: String, status: Int) async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let fixture = try await Fixture.make(api, ana, name: "Water")
            let before = try await api.export(ana)
            let tokens = try await api.request(.get, "/api/v1/tokens", token: ana.token).text
            for (method, path) in Self.routes(fixture) {
                let response = try await api.request(method, path, token: ana.token, json: body)
                #expect(response.status.code == status, "\(method) \(path): \(response.status) \(response.text)")
                #expect(response.headers[.contentType] == "application/problem+json", "\(method) \(path)")
            }
            #expect(try await api.export(ana) == before)
            #expect(try await api.request(.get, "/api/v1/tokens", token: ana.token).text == tokens)
        }
    }
}
