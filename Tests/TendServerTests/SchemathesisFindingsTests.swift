import Foundation
import HTTPTypes
import HummingbirdTesting
import TendServer
import Testing

/// Requests schemathesis (scripts/test-api) sent that crashed the server or kept it busy for
/// longer than its 30-second timeout, kept as regression tests: each answers a problem body at once.
@Suite("What schemathesis found: extreme input answers a 4xx problem, never a crash or a long wait")
struct SchemathesisFindingsTests {
    @Test(
        "Each finding, on the user's own habit and routine",
        arguments: [
            // RoutineError's 1-based position overflowed for Int.max.
            (HTTPRequest.Method.post, "/api/v1/routines/{routine}/habits", #"{"habit":"{habit}","at":9223372036854775807}"#, 422),
            // abs(Int.min) trapped (found while writing the schemas, not by schemathesis); now beyond
            // any amount, refused as the body is read.
            (.post, "/api/v1/habits/{habit}/days/2025-06-10/increment", #"{"by":-9223372036854775808}"#, 400),
            // Statistics walk every day up to `asOf`: seconds per habit for a far future.
            (.get, "/api/v1/stats?asOf=7981-06-24", "", 400),
            (.get, "/api/v1/habits/{habit}/stats?asOf=9999-12-31", "", 400),
        ])
    func finding(method: HTTPRequest.Method, template: String, json: String, status: Int) async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let habit = try await api.createHabit(ana, #"{"name":"Water","type":"count","target":8}"#)
            let routine =
                try await api.request(.post, "/api/v1/routines", token: ana.token, json: #"{"name":"Morning"}"#)
                .object()["id"] as? String ?? ""
            func filled(_ text: String) -> String {
                text.replacingOccurrences(of: "{habit}", with: habit).replacingOccurrences(of: "{routine}", with: routine)
            }
            let before = try await api.export(ana)
            try await api.request(method, filled(template), token: ana.token, json: filled(json))
                .expectProblem(HTTPResponse.Status(code: status))
            #expect(try await api.export(ana) == before)
        }
    }
}
