import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendAPI
import TendCore
import TendServer
import Testing

/// One user's data, made through the API: the ids another user will try.
struct Fixture: Sendable {
    var habit: String
    var routine: String
    var reminder: String
    var token: String
    var invite: String
    var push: String
    var webhook: String

    static func make(_ api: APIClient, _ login: Login, name: String) async throws -> Fixture {
        let habit = try await api.createHabit(login, #"{"name":"\#(name)","type":"count","target":5}"#)
        _ = try await api.request(.put, "/api/v1/habits/\(habit)/days/2025-06-10", token: login.token, json: #"{"value":3,"note":"mine"}"#)
        let reminder =
            try await api.request(.post, "/api/v1/habits/\(habit)/reminders", token: login.token, json: #"{"time":"07:00"}"#)
            .object()["id"] as? String ?? ""
        let routine =
            try await api.request(
                .post, "/api/v1/routines", token: login.token, json: #"{"name":"\#(name) routine","habitIDs":["\#(habit)"]}"#
            )
            .object()["id"] as? String ?? ""
        let tokens = try await api.request(.get, "/api/v1/tokens", token: login.token).array()
        let token = (tokens.first as? [String: Any])?["id"] as? String ?? ""
        let invite = try await api.request(.post, "/api/v1/invites", token: login.token).object()["id"] as? String ?? ""
        let push =
            try await api.request(
                .post, "/api/v1/push/subscriptions", token: login.token, json: PushFixture.subscription("https://push.example.com/\(name)")
            )
            .object()["id"] as? String ?? ""
        let webhook =
            try await api.request(
                .post, "/api/v1/webhooks", token: login.token, json: #"{"url":"https://hooks.example.com/\#(name)","format":"json"}"#
            )
            .object()["id"] as? String ?? ""
        return Fixture(habit: habit, routine: routine, reminder: reminder, token: token, invite: invite, push: push, webhook: webhook)
    }
}

@Suite("Authorization matrix: another user's ids are not found, and nothing of theirs changes")
struct AuthorizationMatrixTests {
    /// Every API route that takes an id, with A's ids (and B's own where a route needs two).
    static func attempts(a: Fixture, b: Fixture) -> [(HTTPRequest.Method, String, String?)] {
        let h = "/api/v1/habits/\(a.habit)"
        let r = "/api/v1/routines/\(a.routine)"
        return [
            (.get, h, nil),
            (.patch, h, #"{"name":"Stolen"}"#),
            (.delete, h, nil),
            (.post, "\(h)/archive", nil),
            (.post, "\(h)/unarchive", nil),
            (.put, "/api/v1/habits/order", #"{"ids":["\#(a.habit)"]}"#),
            (.get, "\(h)/days?from=2025-06-01&to=2025-06-30", nil),
            (.put, "\(h)/days/2025-06-10", #"{"value":1}"#),
            (.put, "\(h)/days/2025-06-10", #"{"note":"stolen"}"#),
            (.put, "\(h)/days/2025-06-10", #"{"skip":true}"#),
            (.post, "\(h)/days/2025-06-10/increment", #"{"by":1}"#),
            (.post, "\(h)/days/2025-06-10/tap", nil),
            (.delete, "\(h)/days/2025-06-10", nil),
            (.get, "\(h)/stats", nil),
            (.get, "\(h)/cells?view=month", nil),
            (.get, "\(h)/reminders", nil),
            (.post, "\(h)/reminders", #"{"time":"08:00"}"#),
            (.put, "\(h)/reminders", #"[]"#),
            (.delete, "\(h)/reminders/\(a.reminder)", nil),
            (.get, r, nil),
            (.patch, r, #"{"name":"Stolen"}"#),
            (.delete, r, nil),
            (.put, "/api/v1/routines/order", #"{"ids":["\#(a.routine)"]}"#),
            (.post, "\(r)/habits", #"{"habit":"\#(b.habit)"}"#),
            (.post, "/api/v1/routines/\(b.routine)/habits", #"{"habit":"\#(a.habit)"}"#),
            (.delete, "\(r)/habits/\(a.habit)", nil),
            (.post, "/api/v1/routines", #"{"name":"Mixed","habitIDs":["\#(a.habit)"]}"#),
            (.patch, "/api/v1/routines/\(b.routine)", #"{"habitIDs":["\#(a.habit)"]}"#),
            (.delete, "/api/v1/tokens/\(a.token)", nil),
            (.delete, "/api/v1/invites/\(a.invite)", nil),
            (.delete, "/api/v1/push/subscriptions/\(a.push)", nil),
            (.delete, "/api/v1/webhooks/\(a.webhook)", nil),
        ]
    }

    /// A concrete path as its route's pattern with the parameters unnamed (`/api/v1/habits/{}/days/{}`).
    static func shape(_ path: String) -> String {
        let bare = path.split(separator: "?")[0]
        return bare.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            UUID(uuidString: String(segment)) != nil || Day(String(segment)) != nil ? "{}" : String(segment)
        }.joined(separator: "/")
    }

    @Test("The matrix tries every API route that names something of the owner's by id (APIRoute.all)")
    func everyRouteWithAnID() throws {
        let fixture = Fixture(
            habit: UUID().uuidString, routine: UUID().uuidString, reminder: UUID().uuidString, token: UUID().uuidString,
            invite: UUID().uuidString, push: UUID().uuidString, webhook: UUID().uuidString)
        let tried = Set(Self.attempts(a: fixture, b: fixture).map { "\($0.0.rawValue) \(Self.shape($0.1))" })
        // Not ids of an owner's things: a group's name (names are looked up among the caller's
        // own), a tip's id (the catalog's), and the token-authenticated reminder answer and calendar feed.
        let notOwned = ["{name}", "{tip}", "{token}"]
        let withIDs = APIRoute.all.filter { route in
            route.path.pattern.contains("{") && !notOwned.contains { route.path.pattern.contains($0) }
        }
        let patterns = withIDs.map { route in
            "\(route.method.rawValue) " + route.path.pattern.replacing(/\{[a-z]+\}/, with: "{}")
        }
        #expect(patterns.count > 20)
        #expect(patterns.filter { !tried.contains($0) } == [], "routes with ids the matrix does not try")
    }

    @Test("User B with user A's ids gets 404 on every route, and A's data, tokens and invites are unchanged", arguments: StoreKind.allCases)
    func matrix(kind: StoreKind) async throws {
        try await ServerHarness(kind: kind) { $0.openRegistration = true }.run { api in
            let ana = try await api.signUp("ana")
            let bo = try await api.signUp("bo")
            let a = try await Fixture.make(api, ana, name: "Water")
            let b = try await Fixture.make(api, bo, name: "Tea")
            let before = try await api.export(ana)
            let tokensBefore = try await api.request(.get, "/api/v1/tokens", token: ana.token).text
            let invitesBefore = try await api.request(.get, "/api/v1/invites", token: ana.token).text
            let boBefore = try await api.export(bo)
            let pushBefore = try await api.request(.get, "/api/v1/push/subscriptions", token: ana.token).text
            let webhooksBefore = try await api.request(.get, "/api/v1/webhooks", token: ana.token).text
            #expect(pushBefore.contains(a.push) && webhooksBefore.contains(a.webhook))

            for (method, path, json) in Self.attempts(a: a, b: b) {
                let response = try await api.request(method, path, token: bo.token, json: json)
                #expect(response.status == .notFound, "\(method) \(path): \(response.status) \(response.text)")
                #expect(response.headers[.contentType] == "application/problem+json", "\(method) \(path)")
            }

            #expect(try await api.export(ana) == before)
            #expect(try await api.request(.get, "/api/v1/tokens", token: ana.token).text == tokensBefore)
            #expect(try await api.request(.get, "/api/v1/invites", token: ana.token).text == invitesBefore)
            #expect(try await api.export(bo) == boBefore)
            #expect(try await api.request(.get, "/api/v1/push/subscriptions", token: ana.token).text == pushBefore)
            #expect(try await api.request(.get, "/api/v1/webhooks", token: ana.token).text == webhooksBefore)
            // B's lists hold only B's things.
            #expect(
                try await api.request(.get, "/api/v1/habits?archived=true", token: bo.token).decode([Habit].self).map(\.name) == ["Tea"])
            #expect(try await api.request(.get, "/api/v1/routines", token: bo.token).decode([Routine].self).map(\.name) == ["Tea routine"])
            let today = try await api.request(.get, "/api/v1/today", token: bo.token).text
            #expect(!today.contains("Water"))
        }
    }
}
