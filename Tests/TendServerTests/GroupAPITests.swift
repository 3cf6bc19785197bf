import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendAPI
import TendCore
import TendServer
import Testing

@Suite("Groups and tags API")
struct GroupAPITests {
    @Test("Habits carry group and tags; ?group= and ?tag= filter them; PATCH replaces tags and ungroups with \"\"")
    func habitsWithGroupsAndTags() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let run = try await api.createHabit(ana, #"{"name":"Run","group":"Health","tags":["morning","Outdoors"]}"#)
            _ = try await api.createHabit(ana, #"{"name":"Walk","group":"health"}"#)
            _ = try await api.createHabit(ana, #"{"name":"Read"}"#)
            let habit = try await api.request(.get, "/api/v1/habits/\(run)", token: ana.token).object()
            #expect(habit["group"] as? String == "Health" && habit["tags"] as? [String] == ["morning", "Outdoors"])
            let read = try await api.request(.get, "/api/v1/habits?group=", token: ana.token).decode([Habit].self)
            #expect(read.map(\.name) == ["Read"])
            let health = try await api.request(.get, "/api/v1/habits?group=HEALTH", token: ana.token).decode([Habit].self)
            #expect(health.map(\.name) == ["Run", "Walk"] && health.allSatisfy { $0.group == "Health" })
            let tagged = try await api.request(.get, "/api/v1/habits?group=Health&tag=outdoors", token: ana.token).decode([Habit].self)
            #expect(tagged.map(\.name) == ["Run"])
            let patched = try await api.request(
                .patch, "/api/v1/habits/\(run)", token: ana.token, json: #"{"group":"","tags":["weekly","outdoors"]}"#
            ).decode(Habit.self)
            #expect(patched.group == "" && patched.tags == ["outdoors", "weekly"])
            try await api.request(.get, "/api/v1/habits?group=Hobbies", token: ana.token).expectProblem(.unprocessableContent)
            let stats = try await api.request(.get, "/api/v1/stats?tag=outdoors", token: ana.token).array()
            #expect(stats.count == 1)
            try await api.request(.get, "/api/v1/stats?group=Hobbies", token: ana.token).expectProblem(.unprocessableContent)
            try await api.request(.get, "/api/v1/habits?tag=nope", token: ana.token).expectProblem(.unprocessableContent)
        }
    }

    @Test("Group endpoints: list in order, create, rename (habits follow), emoji, reorder, delete (habits kept)")
    func groupEndpoints() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let run = try await api.createHabit(ana, #"{"name":"Run","group":"Health & Body"}"#)
            let created = try await api.request(.post, "/api/v1/groups", token: ana.token, json: #"{"name":"Work","emoji":"💼"}"#)
            #expect(created.status == .created)
            #expect(created.headers[.location] == "/api/v1/groups/Work")
            var groups = try await api.request(.get, "/api/v1/groups", token: ana.token).decode([GroupAnswer].self)
            #expect(groups.map(\.name) == ["Work", "Health & Body"])
            #expect(groups.last?.habits.map(\.description) == [run])
            let renamed = try await api.request(
                .patch, "/api/v1/groups/" + APIPaths.groupSegment("health & body"), token: ana.token,
                json: #"{"name":"Body","emoji":"💪"}"#
            ).decode(GroupAnswer.self)
            #expect(renamed.name == "Body" && renamed.emoji == "💪" && renamed.habits.map(\.description) == [run])
            #expect(try await api.request(.get, "/api/v1/habits/\(run)", token: ana.token).decode(Habit.self).group == "Body")
            groups = try await api.request(.put, "/api/v1/groups/order", token: ana.token, json: #"{"names":["body"]}"#)
                .decode([GroupAnswer].self)
            #expect(groups.map(\.name) == ["Body", "Work"])
            #expect(try await api.request(.delete, "/api/v1/groups/Body", token: ana.token).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/habits/\(run)", token: ana.token).decode(Habit.self).group == "")
            groups = try await api.request(.get, "/api/v1/groups", token: ana.token).decode([GroupAnswer].self)
            #expect(groups.map(\.name) == ["Work"])
        }
    }

    @Test("Bad input is a problem and changes nothing; another user's groups are not seen")
    func badInput() async throws {
        try await ServerHarness { $0.openRegistration = true }.run { api in
            let ana = try await api.signUp("ana")
            let bob = try await api.signUp("bob")
            let run = try await api.createHabit(ana, #"{"name":"Run","group":"Health","tags":["a"]}"#)
            _ = try await api.request(.post, "/api/v1/groups", token: ana.token, json: #"{"name":"Work"}"#)
            let before = try await api.request(.get, "/api/v1/export", token: ana.token).text
            let tags200 = (1...200).map { "\"t\($0)\"" }.joined(separator: ",")
            let huge = String(repeating: "x", count: 100_000)
            let cases: [(HTTPRequest.Method, String, String?, HTTPResponse.Status)] = [
                (.patch, "/api/v1/habits/\(run)", #"{"tags":[\#(tags200)]}"#, .unprocessableContent),
                (.patch, "/api/v1/habits/\(run)", #"{"tags":["\#(huge)"]}"#, .unprocessableContent),
                (.patch, "/api/v1/habits/\(run)", #"{"tags":["a,b"]}"#, .unprocessableContent),
                (.patch, "/api/v1/habits/\(run)", #"{"group":"\#(String(repeating: "g", count: 51))"}"#, .unprocessableContent),
                (.post, "/api/v1/groups", #"{"name":"health"}"#, .conflict),
                (.post, "/api/v1/groups", #"{"name":"  "}"#, .unprocessableContent),
                (.post, "/api/v1/groups", #"{"emoji":"💼"}"#, .unprocessableContent),
                (.post, "/api/v1/groups", #"{"name":"Fun","emoji":"ab"}"#, .unprocessableContent),
                (.patch, "/api/v1/groups/Nope", #"{"name":"X"}"#, .notFound),
                (.patch, "/api/v1/groups/Work", #"{"name":"HEALTH"}"#, .conflict),
                (.delete, "/api/v1/groups/Nope", nil, .notFound),
                (.put, "/api/v1/groups/order", #"{"names":["Nope"]}"#, .notFound),
                (.put, "/api/v1/groups/order", #"{"names":["Work","work"]}"#, .unprocessableContent),
                (.put, "/api/v1/groups/order", #"{"names":"Work"}"#, .badRequest),
            ]
            for (method, path, body, status) in cases {
                try await api.request(method, path, token: ana.token, json: body).expectProblem(status)
            }
            #expect(try await api.request(.get, "/api/v1/export", token: ana.token).text == before)
            // Bob sees none of Ana's groups, and cannot touch them.
            #expect(try await api.request(.get, "/api/v1/groups", token: bob.token).decode([GroupAnswer].self).isEmpty)
            try await api.request(.delete, "/api/v1/groups/Health", token: bob.token).expectProblem(.notFound)
            try await api.request(.get, "/api/v1/habits?group=Health", token: bob.token).expectProblem(.unprocessableContent)
            #expect(try await api.request(.get, "/api/v1/export", token: ana.token).text == before)
        }
    }
}
