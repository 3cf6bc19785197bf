import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TendAPI
import TendCore
import TendSQLite
import TendServer
import TendStore
import Testing

/// The OpenAPI document, read for tests: its operations and the schema of each response.
struct OpenAPISpec: Sendable {
    let document: JSONValue

    static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]

    init(_ json: String = OpenAPIDocument.json) throws {
        document = try JSONValue(data: Data(json.utf8))
    }

    var validator: JSONSchemaValidator { JSONSchemaValidator(root: document) }

    /// Every operation as `METHOD /path/{parameter}`.
    var operations: Set<String> {
        Set(
            (document["paths"]?.object ?? [:]).flatMap { path, item in
                (item.object ?? [:]).keys.filter(Self.methods.contains).map { "\($0.uppercased()) \(path)" }
            })
    }

    func operation(_ method: HTTPRequest.Method, _ template: String) -> JSONValue? {
        document["paths"]?[template]?[method.rawValue.lowercased()]
    }

    /// A response object, `$ref`s followed.
    func response(_ method: HTTPRequest.Method, _ template: String, status: Int) -> JSONValue? {
        guard var response = operation(method, template)?["responses"]?[String(status)] else { return nil }
        while let reference = response["$ref"]?.string, let target = validator.resolve(reference) { response = target }
        return response
    }

    /// The ways `response` breaks the document for `METHOD template` (empty: it conforms): the
    /// status is documented, the media type is one of the status's, and a JSON body matches its schema.
    func violations(of response: TestResponse, _ method: HTTPRequest.Method, _ template: String) -> [String] {
        let status = Int(response.status.code)
        guard operation(method, template) != nil else { return ["\(method) \(template) is not in the document"] }
        guard let documented = self.response(method, template, status: status) else {
            return ["\(method) \(template): status \(status) is not documented (\(String(buffer: response.body)))"]
        }
        let content = documented["content"]?.object ?? [:]
        guard !content.isEmpty else {
            return response.body.readableBytes == 0 ? [] : ["\(method) \(template) \(status): a body where the document has none"]
        }
        let mediaType =
            (response.headers[.contentType] ?? "").split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        guard let media = content[mediaType] else {
            return ["\(method) \(template) \(status): Content-Type '\(mediaType)' is not one of \(content.keys.sorted())"]
        }
        guard mediaType.hasSuffix("json"), let schema = media["schema"] else { return [] }
        guard let body = try? JSONValue(data: Data(response.body.readableBytesView)) else {
            return ["\(method) \(template) \(status): the body is not JSON"]
        }
        return validator.validate(body, schema).map { "\(method) \(template) \(status): \($0)" }
    }
}

/// A client that checks every response against the document and remembers which operations it saw.
final class CheckedClient: @unchecked Sendable {
    let api: APIClient
    let spec: OpenAPISpec
    private(set) var seen: Set<String> = []
    private(set) var statuses: [String: Set<Int>] = [:]

    init(_ api: APIClient, spec: OpenAPISpec) {
        self.api = api
        self.spec = spec
    }

    /// Sends `METHOD template` with `{name}` replaced from `values`, plus `query`; expects a
    /// conforming response of `status`.
    @discardableResult
    func call(
        _ method: HTTPRequest.Method, _ template: String, _ values: [String: String] = [:], query: String = "",
        token: String? = nil, json: String? = nil, headers: HTTPFields = [:], body: ByteBuffer? = nil,
        expect status: HTTPResponse.Status, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> TestResponse {
        var path = template
        for (name, value) in values { path = path.replacingOccurrences(of: "{\(name)}", with: value) }
        let response = try await api.request(method, path + query, token: token, json: json, headers: headers, body: body)
        #expect(response.status == status, "\(method) \(path + query): \(response.status) \(response.text)", sourceLocation: sourceLocation)
        let violations = spec.violations(of: response, method, template)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))", sourceLocation: sourceLocation)
        let key = "\(method.rawValue) \(template)"
        seen.insert(key)
        statuses[key, default: []].insert(Int(response.status.code))
        return response
    }
}

@Suite("The OpenAPI document tells the truth")
struct OpenAPITests {
    @Test("It is served without authentication at /api/v1/openapi.json, as OpenAPI 3.1 JSON")
    func served() async throws {
        try await ServerHarness().run { api in
            let response = try await api.request(.get, APIPaths.openAPI)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let document = try JSONValue(data: Data(response.body.readableBytesView))
            #expect(document["openapi"] == .string("3.1.0"))
            #expect(response.text == OpenAPIDocument.json)
        }
    }

    @Test("Every API route the router has is in the document, and every operation of the document is a route")
    func routesMatch() throws {
        let router = buildRouter(ServerConfiguration(bcryptCost: 4), store: try SQLiteStore(inMemoryDevice: "memory"))
        try router.validate()
        // The document describes the JSON API and the operational endpoints; the web app's pages
        // and assets (docs/web.md) are HTML for browsers, not API.
        let documented = { (path: String) in
            path.hasPrefix(APIPaths.base) || path == "/healthz" || path == "/metrics"
        }
        let routes = Set(router.routes.filter { documented("\($0.path)") }.map { "\($0.method.rawValue) \($0.path)" })
        let operations = try OpenAPISpec().operations
        #expect(routes.subtracting(operations).sorted() == [], "routes missing from the document")
        #expect(operations.subtracting(routes).sorted() == [], "documented operations the router lacks")
        #expect(routes.count > 50)
        // The named routes (APIRoute, which the CLI sends to) are exactly the router's API routes,
        // the calendar feed besides (a token URL for calendar apps, not a documented operation).
        let named = Set(APIRoute.all.map(\.description))
        #expect(named.count == APIRoute.all.count, "a route named twice")
        #expect(named.subtracting(routes).sorted() == [APIRoute.calendarFeed.description])
        #expect(routes.subtracting(named).sorted() == [], "routes without an APIRoute")
    }

    @Test("Every $ref resolves, every path parameter is declared, and every operation has an id, security and a problem body for each 4xx")
    func documentIsComplete() throws {
        let spec = try OpenAPISpec()
        var references: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let object):
                if let reference = object["$ref"]?.string { references.append(reference) }
                object.values.forEach(collect)
            case .array(let array): array.forEach(collect)
            default: break
            }
        }
        collect(spec.document)
        for reference in Set(references) { #expect(spec.validator.resolve(reference) != nil, "\(reference)") }

        var operationIDs: [String] = []
        for (path, item) in spec.document["paths"]?.object ?? [:] {
            let names = Set(path.matches(of: /\{(\w+)\}/).map { String($0.1) })
            for (method, operation) in item.object ?? [:] {
                let operationName = "\(method.uppercased()) \(path)"
                operationIDs.append(operation["operationId"]?.string ?? "")
                #expect(operation["security"]?.array != nil, "\(operationName): no security")
                let declared = Set(
                    (operation["parameters"]?.array ?? []).filter { $0["in"] == .string("path") }.compactMap { $0["name"]?.string })
                #expect(declared == names, "\(operationName): path parameters \(declared.sorted()) ≠ \(names.sorted())")
                for (status, _) in operation["responses"]?.object ?? [:] where status.hasPrefix("4") || status.hasPrefix("5") {
                    let response = spec.response(HTTPRequest.Method(method.uppercased())!, path, status: Int(status)!)
                    #expect(response?["content"]?["application/problem+json"] != nil, "\(operationName) \(status): not a problem body")
                }
            }
        }
        #expect(Set(operationIDs).count == operationIDs.count && !operationIDs.contains(""), "operation ids must be unique")
    }

    @Test("The validator catches what it should: a missing key, an unknown key, a wrong enum value, a bad day")
    func validatorBites() throws {
        let spec = try OpenAPISpec()
        let entry = JSONValue.object(["$ref": .string("#/components/schemas/Entry")])
        let good = try JSONValue(data: Data(#"{"day":"2025-06-10","value":3,"isSkipped":false}"#.utf8))
        #expect(spec.validator.validate(good, entry) == [])
        for bad in [
            #"{"day":"2025-06-10","value":3}"#, #"{"day":"2025-06-10","value":3,"isSkipped":false,"extra":1}"#,
            #"{"day":"2025-02-30","value":3,"isSkipped":false}"#, #"{"day":"2025-06-10","value":"3","isSkipped":false}"#,
            #"{"day":"2025-06-10","value":3,"isSkipped":0}"#,
        ] {
            #expect(spec.validator.validate(try JSONValue(data: Data(bad.utf8)), entry) != [], "\(bad)")
        }
        let weekday = JSONValue.object(["$ref": .string("#/components/schemas/WeekdayInput")])
        for text in ["mon", "Mo", "MONDAY", "thu", "tHuRs", "sa", "sunday"] {
            #expect(spec.validator.validate(.string(text), weekday) == [], "\(text)")
        }
        for text in ["m", "mondays", "xyz", "", "t"] {
            #expect(spec.validator.validate(.string(text), weekday) != [], "\(text)")
        }
    }

    @Test("Real responses of every operation match the document: statuses, media types and schemas, problems included")
    func responsesConform() async throws {
        let spec = try OpenAPISpec()
        // The story signs in more often than the rate limit allows a minute; the limit has its own check below.
        let client = try await ServerHarness(configure: { $0.loginAttemptsPerWindow = 1000 }).run { api in
            let c = CheckedClient(api, spec: spec)
            try await Self.story(c)
            return c
        }
        #expect(spec.operations.subtracting(client.seen).sorted() == [], "operations the story never called")
    }

    @Test("A sign-in over the rate limit answers a documented 429 problem")
    func rateLimitConforms() async throws {
        let spec = try OpenAPISpec()
        try await ServerHarness(configure: { $0.loginAttemptsPerWindow = 1 }).run { api in
            let c = CheckedClient(api, spec: spec)
            let body = #"{"username":"nobody","password":"a long passphrase"}"#
            try await c.call(.post, "/api/v1/session", json: body, expect: .unauthorized)
            let limited = try await c.call(.post, "/api/v1/session", json: body, expect: .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
        }
    }

    /// One owner's life through the API, every operation at least once, with errors along the way.
    static func story(_ c: CheckedClient) async throws {
        let password = APIClient.password
        // Operations
        try await c.call(.get, "/healthz", expect: .ok)
        try await c.call(.get, "/api/v1/openapi.json", expect: .ok)
        try await c.call(.get, "/metrics", expect: .unauthorized)  // router tests have no loopback peer

        // Accounts
        try await c.call(
            .post, "/api/v1/users", json: #"{"username":"ana","password":"\#(password)","timeZone":"Europe/Berlin"}"#, expect: .forbidden)
        try await c.call(
            .post, "/api/v1/users",
            json: #"{"username":"ana","password":"\#(password)","timeZone":"Europe/Berlin","setupCode":"\#(APIClient.setupCode)"}"#,
            expect: .created)
        try await c.call(.post, "/api/v1/users", json: #"{"username":"ben","password":"\#(password)"}"#, expect: .forbidden)
        try await c.call(
            .post, "/api/v1/users", json: #"{"username":"no spaces","password":"\#(password)"}"#, expect: .unprocessableContent)
        let created = try await c.call(
            .post, "/api/v1/tokens", json: #"{"username":"ana","password":"\#(password)","name":"laptop"}"#, expect: .created)
        let token = try #require(try created.object()["token"] as? String)
        try await c.call(
            .post, "/api/v1/tokens", json: #"{"username":"ana","password":"wrong password","name":"x"}"#, expect: .unauthorized)
        let login = try await c.call(.post, "/api/v1/session", json: #"{"username":"ana","password":"\#(password)"}"#, expect: .ok)
        let cookie = try #require(login.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        let csrf = try #require(try login.object()["csrfToken"] as? String)
        try await c.call(.get, "/api/v1/session", headers: [.cookie: cookie], expect: .ok)
        try await c.call(.get, "/api/v1/session", token: token, expect: .notFound)
        try await c.call(.get, "/api/v1/account", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/account", expect: .unauthorized)
        try await c.call(.get, "/api/v1/tokens", token: token, expect: .ok)
        try await c.call(.get, "/metrics", token: token, expect: .ok)
        let invite = try await c.call(.post, "/api/v1/invites", token: token, expect: .created)
        let inviteID = try #require(try invite.object()["id"] as? String)
        try await c.call(.get, "/api/v1/invites", token: token, expect: .ok)
        try await c.call(.delete, "/api/v1/invites/{id}", ["id": inviteID], token: token, expect: .noContent)
        try await c.call(.delete, "/api/v1/invites/{id}", ["id": inviteID], token: token, expect: .notFound)

        // Habits
        let water = try await c.call(
            .post, "/api/v1/habits", token: token,
            json:
                #"{"name":"Water","emoji":"💧","color":"teal","type":"count","target":8,"unit":"glasses","schedule":{"type":"weekdays","weekdays":["Mo","friday"]},"routineTime":"morning","reminders":[{"time":"7:30","weekdays":["sat"],"message":"Drink"}],"createdOn":"2025-05-01"}"#,
            expect: .created)
        let waterID = try #require(try water.object()["id"] as? String)
        let read = try await c.call(.post, "/api/v1/habits", token: token, json: #"{"name":"Read","schedule":"3/week"}"#, expect: .created)
        let readID = try #require(try read.object()["id"] as? String)
        try await c.call(.post, "/api/v1/habits", token: token, json: #"{"name":"read"}"#, expect: .conflict)
        try await c.call(.post, "/api/v1/habits", token: token, json: #"{"name":"Run","target":7}"#, expect: .unprocessableContent)
        try await c.call(.post, "/api/v1/habits", token: token, json: #"{"name":"#, expect: .badRequest)
        try await c.call(.post, "/api/v1/habits", json: #"{"name":"Walk"}"#, headers: [.cookie: cookie], expect: .forbidden)
        try await c.call(
            .post, "/api/v1/habits",
            json: #"{"name":"Walk","kind":"bad","type":"duration","schedule":{"type":"timesInDays","times":2,"days":5}}"#,
            headers: [.cookie: cookie, HTTPField.Name("X-CSRF-Token")!: csrf], expect: .created)
        try await c.call(.get, "/api/v1/habits", query: "?archived=true", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/habits", query: "?archived=maybe", token: token, expect: .badRequest)
        try await c.call(.get, "/api/v1/habits/{id}", ["id": waterID], token: token, expect: .ok)
        try await c.call(.get, "/api/v1/habits/{id}", ["id": UUID().uuidString], token: token, expect: .notFound)
        try await c.call(
            .patch, "/api/v1/habits/{id}", ["id": readID], token: token,
            json: #"{"notes":"before bed","schedule":{"type":"everyNDays","interval":2,"start":"2025-06-01"}}"#, expect: .ok)
        try await c.call(.patch, "/api/v1/habits/{id}", ["id": readID], token: token, json: #"{"name":"water"}"#, expect: .conflict)
        // A target changed from a day keeps the earlier rule as a version; a later day is refused.
        try await c.call(
            .patch, "/api/v1/habits/{id}", ["id": waterID], token: token, json: #"{"target":10,"rulesFrom":"2025-06-01"}"#, expect: .ok)
        try await c.call(
            .patch, "/api/v1/habits/{id}", ["id": waterID], token: token, json: #"{"target":12,"rulesFrom":"2999-01-01"}"#,
            expect: .unprocessableContent)
        try await c.call(
            .patch, "/api/v1/habits/{id}", ["id": waterID], token: token, json: #"{"target":12,"rulesFrom":"soon"}"#,
            expect: .unprocessableContent)
        try await c.call(.put, "/api/v1/habits/order", token: token, json: #"{"ids":["\#(readID)"]}"#, expect: .ok)
        try await c.call(.put, "/api/v1/habits/order", token: token, json: #"{"ids":["\#(UUID())"]}"#, expect: .notFound)
        try await c.call(.post, "/api/v1/habits/{id}/archive", ["id": readID], token: token, expect: .ok)
        try await c.call(.post, "/api/v1/habits/{id}/unarchive", ["id": readID], token: token, expect: .ok)

        // Pauses: a habit from today (Today lists it apart), every habit, refusals, resume.
        try await c.call(
            .post, "/api/v1/pause", token: token, json: #"{"habit":"\#(readID)","end":"2099-01-01"}"#, expect: .unprocessableContent)
        try await c.call(.post, "/api/v1/pause", token: token, json: #"{"habit":"\#(readID)"}"#, expect: .ok)
        try await c.call(.get, "/api/v1/today", token: token, expect: .ok)
        try await c.call(.post, "/api/v1/pause", token: token, json: #"{"all":true,"start":"2025-06-02","end":"2025-06-08"}"#, expect: .ok)
        try await c.call(.post, "/api/v1/pause", token: token, json: #"{"all":true,"habit":"\#(readID)"}"#, expect: .unprocessableContent)
        try await c.call(.post, "/api/v1/pause", token: token, json: #"{"habit":"\#(UUID())"}"#, expect: .notFound)
        try await c.call(
            .post, "/api/v1/pause", token: token, json: #"{"all":true,"start":"2025-06-08","end":"2025-06-02"}"#,
            expect: .unprocessableContent)
        try await c.call(.post, "/api/v1/pause", token: token, json: #"{"all":"#, expect: .badRequest)
        try await c.call(.post, "/api/v1/resume", token: token, json: #"{"all":true,"start":"2025-06-02"}"#, expect: .unprocessableContent)
        try await c.call(.post, "/api/v1/resume", token: token, json: #"{"all":true}"#, expect: .ok)

        // Groups and tags
        try await c.call(
            .patch, "/api/v1/habits/{id}", ["id": readID], token: token, json: #"{"group":"Mind","tags":["books"]}"#, expect: .ok)
        try await c.call(.get, "/api/v1/habits", query: "?group=mind&tag=books", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/habits", query: "?group=Nope", token: token, expect: .unprocessableContent)
        try await c.call(.get, "/api/v1/stats", query: "?group=mind", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/stats", query: "?tag=nope", token: token, expect: .unprocessableContent)
        try await c.call(.get, "/api/v1/groups", token: token, expect: .ok)
        try await c.call(.post, "/api/v1/groups", token: token, json: #"{"name":"Work","emoji":"💼"}"#, expect: .created)
        try await c.call(.post, "/api/v1/groups", token: token, json: #"{"name":"work"}"#, expect: .conflict)
        try await c.call(.post, "/api/v1/groups", token: token, json: #"{"name":""}"#, expect: .unprocessableContent)
        try await c.call(.patch, "/api/v1/groups/{name}", ["name": "Mind"], token: token, json: #"{"emoji":"🧠"}"#, expect: .ok)
        try await c.call(.patch, "/api/v1/groups/{name}", ["name": "Nope"], token: token, json: #"{"name":"X"}"#, expect: .notFound)
        try await c.call(.put, "/api/v1/groups/order", token: token, json: #"{"names":["Work"]}"#, expect: .ok)
        try await c.call(.put, "/api/v1/groups/order", token: token, json: #"{"names":["Nope"]}"#, expect: .notFound)
        try await c.call(.delete, "/api/v1/groups/{name}", ["name": "Work"], token: token, expect: .noContent)
        try await c.call(.delete, "/api/v1/groups/{name}", ["name": "Work"], token: token, expect: .notFound)

        // Days
        let day: [String: String] = ["id": waterID, "day": "2025-06-13"]
        try await c.call(.put, "/api/v1/habits/{id}/days/{day}", day, token: token, json: #"{"value":3,"note":"good"}"#, expect: .ok)
        try await c.call(.put, "/api/v1/habits/{id}/days/{day}", day, token: token, json: #"{}"#, expect: .unprocessableContent)
        try await c.call(
            .put, "/api/v1/habits/{id}/days/{day}", ["id": waterID, "day": "2025-02-30"], token: token, json: #"{"value":1}"#,
            expect: .badRequest)
        try await c.call(.post, "/api/v1/habits/{id}/days/{day}/increment", day, token: token, json: #"{"by":2}"#, expect: .ok)
        try await c.call(.post, "/api/v1/habits/{id}/days/{day}/increment", day, token: token, expect: .ok)
        try await c.call(.post, "/api/v1/habits/{id}/days/{day}/tap", ["id": readID, "day": "2025-06-14"], token: token, expect: .ok)
        try await c.call(
            .put, "/api/v1/habits/{id}/days/{day}", ["id": readID, "day": "2025-06-12"], token: token, json: #"{"skip":true}"#, expect: .ok)
        try await c.call(.get, "/api/v1/habits/{id}/days", ["id": waterID], query: "?from=2025-06-01&to=today", token: token, expect: .ok)
        try await c.call(
            .get, "/api/v1/habits/{id}/days", ["id": waterID], query: "?from=2025-06-30&to=2025-06-01", token: token, expect: .badRequest)
        try await c.call(.delete, "/api/v1/habits/{id}/days/{day}", day, token: token, expect: .ok)

        // Views
        try await c.call(.get, "/api/v1/today", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/today", query: "?date=yesterday", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/heatmap", query: "?days=14", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/heatmap", query: "?days=0", token: token, expect: .badRequest)
        try await c.call(.get, "/api/v1/stats", query: "?asOf=2025-06-14", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/habits/{id}/stats", ["id": waterID], token: token, expect: .ok)
        for view in ["week", "strip", "month", "year"] {
            try await c.call(.get, "/api/v1/habits/{id}/cells", ["id": readID], query: "?view=\(view)", token: token, expect: .ok)
        }
        try await c.call(.get, "/api/v1/habits/{id}/cells", ["id": readID], query: "?view=decade", token: token, expect: .badRequest)
        try await c.call(.get, "/api/v1/tips", query: "?all=true", token: token, expect: .ok)
        try await c.call(.post, "/api/v1/tips/{tip}/dismiss", ["tip": "habitStacking"], token: token, expect: .noContent)
        try await c.call(.post, "/api/v1/tips/{tip}/dismiss", ["tip": "nothing"], token: token, expect: .notFound)

        // Routines
        let routine = try await c.call(
            .post, "/api/v1/routines", token: token, json: #"{"name":"Morning","start":"6:30","weekdays":["mon","Tue"]}"#, expect: .created)
        let routineID = try #require(try routine.object()["id"] as? String)
        try await c.call(.post, "/api/v1/routines", token: token, json: #"{"start":"07:00"}"#, expect: .unprocessableContent)
        try await c.call(.get, "/api/v1/routines", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/routines/{id}", ["id": routineID], token: token, expect: .ok)
        try await c.call(.patch, "/api/v1/routines/{id}", ["id": routineID], token: token, json: #"{"color":"pink"}"#, expect: .ok)
        try await c.call(
            .post, "/api/v1/routines/{id}/habits", ["id": routineID], token: token, json: #"{"habit":"\#(waterID)"}"#, expect: .ok)
        try await c.call(
            .post, "/api/v1/routines/{id}/habits", ["id": routineID], token: token, json: #"{"habit":"\#(readID)","at":5}"#,
            expect: .unprocessableContent)
        try await c.call(.put, "/api/v1/routines/order", token: token, json: #"{"ids":["\#(routineID)"]}"#, expect: .ok)
        try await c.call(.delete, "/api/v1/routines/{id}/habits/{habit}", ["id": routineID, "habit": waterID], token: token, expect: .ok)
        try await c.call(.delete, "/api/v1/routines/{id}", ["id": routineID], token: token, expect: .ok)

        // Reminders
        try await c.call(.get, "/api/v1/reminders", query: "?count=2", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/reminders", query: "?count=51", token: token, expect: .badRequest)
        try await c.call(.post, "/api/v1/notifications/test", token: token, expect: .ok)
        try await c.call(.post, "/api/v1/notifications/test", expect: .unauthorized)
        let forged = String(repeating: "A", count: 167)
        try await c.call(.post, "/api/v1/reminders/actions/{token}/{answer}", ["token": forged, "answer": "done"], expect: .notFound)
        try await c.call(.get, "/api/v1/habits/{id}/reminders", ["id": waterID], token: token, expect: .ok)
        let reminder = try await c.call(
            .post, "/api/v1/habits/{id}/reminders", ["id": readID], token: token, json: #"{"time":"21:00","isEnabled":false}"#,
            expect: .created)
        let reminderID = try #require(try reminder.object()["id"] as? String)
        try await c.call(
            .post, "/api/v1/habits/{id}/reminders", ["id": readID], token: token,
            json: #"{"time":"21:00","message":"\#(String(repeating: "x", count: 201))"}"#, expect: .unprocessableContent)
        try await c.call(.put, "/api/v1/habits/{id}/reminders", ["id": waterID], token: token, json: #"[{"time":"08:00"}]"#, expect: .ok)
        try await c.call(
            .delete, "/api/v1/habits/{id}/reminders/{reminder}", ["id": readID, "reminder": reminderID], token: token, expect: .noContent)

        // Settings
        try await c.call(.get, "/api/v1/settings", token: token, expect: .ok)
        try await c.call(.put, "/api/v1/settings", token: token, json: #"{"dayStartHour":4,"firstWeekday":2}"#, expect: .ok)
        try await c.call(.put, "/api/v1/settings", token: token, json: #"{"timeZone":"Mars/Olympus"}"#, expect: .unprocessableContent)

        // Sync: a push with a pull, then a refused push (a clock 10 minutes ahead)
        let stamp = HybridTimestamp(milliseconds: 1_750_000_000_000, counter: 0, device: "cli-test")  // the harness clock
        let synced = try await c.call(
            .post, "/api/v1/sync", token: token,
            json:
                #"{"device":"cli-test","cursor":null,"operations":[{"id":"\#(UUID())","device":"cli-test","timestamp":"\#(stamp)","change":{"tipDismissed":{"tip":"addFirstHabit"}}}]}"#,
            expect: .ok)
        #expect(try synced.object()["accepted"] as? Int == 1)
        let ahead = HybridTimestamp(milliseconds: stamp.milliseconds + 600_000, counter: 0, device: "cli-test")
        try await c.call(
            .post, "/api/v1/sync", token: token,
            json:
                #"{"device":"cli-test","operations":[{"id":"\#(UUID())","device":"cli-test","timestamp":"\#(ahead)","change":{"tipDismissed":{"tip":"addFirstHabit"}}}]}"#,
            expect: .unprocessableContent)

        // Notifications
        try await c.call(.get, "/api/v1/push/key", token: token, expect: .ok)
        let subscription = try await c.call(
            .post, "/api/v1/push/subscriptions", token: token, json: PushFixture.subscription("https://push.example.com/send/1"),
            expect: .created)
        let subscriptionID = try #require(try subscription.object()["id"] as? String)
        try await c.call(
            .post, "/api/v1/push/subscriptions", token: token, json: PushFixture.subscription("http://push.example.com/send/1"),
            expect: .unprocessableContent)
        try await c.call(.post, "/api/v1/push/subscriptions", token: token, json: #"{"keys":{}}"#, expect: .badRequest)
        try await c.call(.get, "/api/v1/push/subscriptions", token: token, expect: .ok)
        try await c.call(.delete, "/api/v1/push/subscriptions/{id}", ["id": subscriptionID], token: token, expect: .noContent)
        try await c.call(.delete, "/api/v1/push/subscriptions/{id}", ["id": subscriptionID], token: token, expect: .notFound)
        let webhook = try await c.call(
            .post, "/api/v1/webhooks", token: token, json: #"{"url":"https://ntfy.example.com/t","format":"ntfy","accessToken":"tk_1"}"#,
            expect: .created)
        let webhookID = try #require(try webhook.object()["id"] as? String)
        try await c.call(
            .post, "/api/v1/webhooks", token: token, json: #"{"url":"https://ntfy.example.com/t","format":"sms"}"#,
            expect: .unprocessableContent)
        try await c.call(.get, "/api/v1/webhooks", token: token, expect: .ok)
        try await c.call(.delete, "/api/v1/webhooks/{id}", ["id": webhookID], token: token, expect: .noContent)
        try await c.call(.delete, "/api/v1/webhooks/{id}", ["id": webhookID], token: token, expect: .notFound)
        try await c.call(.get, "/api/v1/calendar", token: token, expect: .ok)
        try await c.call(.post, "/api/v1/calendar/rotate", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/reminders/deliveries", query: "?limit=10", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/reminders/deliveries", query: "?limit=0", token: token, expect: .badRequest)

        // Data
        let export = try await c.call(.get, "/api/v1/export", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/export", query: "?format=csv", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/export", query: "?format=loop-csv", token: token, expect: .ok)
        try await c.call(.get, "/api/v1/export", query: "?format=pdf", token: token, expect: .badRequest)
        try await c.call(
            .post, "/api/v1/import", query: "?dryRun=true", token: token, headers: [.contentType: "application/json"], body: export.body,
            expect: .ok)
        try await c.call(
            .post, "/api/v1/import", token: token, headers: [.contentType: "text/csv"], body: ByteBuffer(string: "not,a\nfile"),
            expect: .unprocessableContent)

        // Leaving
        try await c.call(.delete, "/api/v1/habits/{id}", ["id": readID], token: token, expect: .noContent)
        try await c.call(.delete, "/api/v1/session", headers: [.cookie: cookie, HTTPField.Name("X-CSRF-Token")!: csrf], expect: .noContent)
        try await c.call(
            .put, "/api/v1/account/password", token: token, json: #"{"current":"wrong password","new":"another passphrase"}"#,
            expect: .forbidden)
        try await c.call(
            .put, "/api/v1/account/password", token: token, json: #"{"current":"\#(password)","new":"short"}"#,
            expect: .unprocessableContent)
        try await c.call(
            .put, "/api/v1/account/password", token: token, json: #"{"current":"\#(password)","new":"another passphrase"}"#,
            expect: .noContent)
        let phone = try await c.call(
            .post, "/api/v1/tokens", json: #"{"username":"ana","password":"another passphrase","name":"phone"}"#, expect: .created)
        let phoneID = try #require(try phone.object()["id"] as? String)
        try await c.call(.delete, "/api/v1/tokens/{id}", ["id": phoneID], token: token, expect: .noContent)
        try await c.call(.delete, "/api/v1/tokens/{id}", ["id": phoneID], token: token, expect: .notFound)
        try await c.call(.delete, "/api/v1/account", token: token, json: #"{"password":"\#(password)"}"#, expect: .forbidden)
        try await c.call(.delete, "/api/v1/account", token: token, json: #"{"password":"another passphrase"}"#, expect: .noContent)
        try await c.call(.get, "/api/v1/habits", token: token, expect: .unauthorized)
    }
}
