import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendAPI
import TendServer
import Testing

/// Issue 16, finding 7 (login CSRF): another site's page can post a `text/plain` form whose body
/// is JSON without the browser asking Tend first. JSON routes demand `application/json`, and the
/// routes that set or clear the session cookie refuse another site's `Origin`.
@Suite("JSON bodies must say so; cookie routes refuse other sites")
struct JSONContentTypeTests {
    static let login = #"{"username":"ana","password":"\#(APIClient.password)"}"#

    @Test("A text/plain sign-in (a cross-site form's) is 415 with a problem body and sets no cookie")
    func textPlainLogin() async throws {
        try await ServerHarness().run { api in
            _ = try await api.signUp("ana")
            let response = try await api.request(
                .post, "/api/v1/session", json: Self.login, headers: [.contentType: "text/plain;charset=UTF-8"])
            try response.expectProblem(.unsupportedMediaType, code: "unsupported-media-type")
            #expect(response.headers[.setCookie] == nil)
            // The same body sent as JSON signs in (the check is the type, not the body).
            let json = try await api.request(
                .post, "/api/v1/session", json: Self.login, headers: [.contentType: "application/json; charset=utf-8"])
            #expect(json.status == .ok)
        }
    }

    @Test("Every operation of the OpenAPI document with a JSON body answers 415 to a text/plain one, and changes nothing")
    func everyJSONRoute() async throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var found: [(HTTPRequest.Method, String)] = []
        for (path, operations) in paths where path != "/api/v1/import" {
            for (method, operation) in operations {
                guard let operation = operation as? [String: Any], let body = operation["requestBody"] as? [String: Any],
                    let content = body["content"] as? [String: Any], content["application/json"] != nil
                else { continue }
                found.append((HTTPRequest.Method(rawValue: method.uppercased())!, path))
            }
        }
        let routes = found.sorted { $0.1 < $1.1 }
        #expect(routes.count >= 20)
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let habit = try await api.createHabit(ana, #"{"name":"Read"}"#)
            let routine = try #require(
                try await api.request(.post, "/api/v1/routines", token: ana.token, json: #"{"name":"Morning"}"#).object()["id"] as? String)
            let before = try await api.export(ana)
            for (method, pattern) in routes {
                let id = pattern.hasPrefix("/api/v1/routines") ? routine : habit
                let path = pattern.replacingOccurrences(of: "{id}", with: id).replacingOccurrences(of: "{day}", with: "2025-06-10")
                let response = try await api.request(
                    method, path, token: ana.token, json: #"{"name":"Changed","value":1,"password":"x"}"#,
                    headers: [.contentType: "text/plain"])
                #expect(response.status == .unsupportedMediaType, "\(method) \(path): \(response.status) \(response.text)")
                if response.status == .unsupportedMediaType {
                    try response.expectProblem(.unsupportedMediaType, code: "unsupported-media-type")
                }
            }
            #expect(try await api.export(ana) == before)
        }
    }

    @Test("A sign-in whose Origin is another site's is 403 (cross-origin) and sets no cookie; Tend's own Origin signs in")
    func foreignOrigin() async throws {
        try await ServerHarness { $0.publicURL = URL(string: "https://habits.example.com") }.run { api in
            _ = try await api.signUp("ana")
            for origin in ["https://evil.example", "null", "https://habits.example.com.evil.example", "http://evil.example:443"] {
                let response = try await api.request(.post, "/api/v1/session", json: Self.login, headers: [.origin: origin])
                try response.expectProblem(.forbidden, code: "cross-origin")
                #expect(response.headers[.setCookie] == nil, "\(origin)")
            }
            let own = try await api.request(.post, "/api/v1/session", json: Self.login, headers: [.origin: "https://habits.example.com"])
            #expect(own.status == .ok)
            #expect(own.headers[.setCookie] != nil)
        }
    }

    @Test("Signing out and deleting the account refuse another site's Origin, with the session's CSRF token too")
    func foreignOriginSignOut() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let login = try await api.request(.post, "/api/v1/session", json: Self.login)
            let csrf = try #require(try login.object()["csrfToken"] as? String)
            let headers: HTTPFields = [
                .cookie: try sessionCookie(login).pair, HTTPField.Name("X-CSRF-Token")!: csrf, .origin: "https://evil.example",
            ]
            try await api.request(.delete, "/api/v1/session", headers: headers).expectProblem(.forbidden, code: "cross-origin")
            try await api.request(.delete, "/api/v1/account", json: #"{"password":"\#(APIClient.password)"}"#, headers: headers)
                .expectProblem(.forbidden, code: "cross-origin")
            // Still signed in, the account still there.
            var same = headers
            same[.origin] = nil
            #expect(try await api.request(.get, "/api/v1/session", headers: same).status == .ok)
            #expect(try await api.request(.get, "/api/v1/account", token: ana.token).status == .ok)
        }
    }
}
