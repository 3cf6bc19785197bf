import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendAPI
import TendCore
import TendServer
import Testing

@Suite("Habits API")
struct HabitAPITests {
    @Test("POST {name} alone makes a daily good checkmark habit: 201 with its id, created today in the user's zone")
    func createMinimal() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let response = try await api.request(.post, "/api/v1/habits", token: ana.token, json: #"{"name":"Read"}"#)
            #expect(response.status == .created)
            let habit = try response.decode(Habit.self)
            #expect(habit.name == "Read")
            #expect(habit.kind == .good && habit.type == .checkmark && habit.target == 1 && habit.schedule == .daily)
            #expect(habit.createdOn == Day("2025-06-15"))
            #expect(response.headers[.location] == "/api/v1/habits/\(habit.id)")
            let fetched = try await api.request(.get, "/api/v1/habits/\(habit.id)", token: ana.token).decode(Habit.self)
            #expect(fetched == habit)
        }
    }

    @Test("POST with attributes, the schedule as text or as TendCore's JSON")
    func createWithAttributes() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let water = try await api.request(
                .post, "/api/v1/habits", token: ana.token,
                json:
                    #"{"name":"Water","emoji":"💧","color":"teal","type":"count","target":8,"unit":"glasses","schedule":"3/week","routineTime":"morning","reminders":[{"time":"07:30"}]}"#
            ).decode(Habit.self)
            #expect(water.type == .count && water.target == 8 && water.unit == "glasses" && water.color == .teal)
            #expect(water.schedule == .timesPerWeek(3))
            #expect(water.reminders.map(\.time.description) == ["07:30"])
            let run = try await api.request(
                .post, "/api/v1/habits", token: ana.token,
                json: #"{"name":"Run","schedule":{"type":"weekdays","weekdays":["mon","fri"]},"kind":"good"}"#
            ).decode(Habit.self)
            #expect(run.schedule == .weekdays([.monday, .friday]))
            let list = try await api.request(.get, "/api/v1/habits", token: ana.token).decode([Habit].self)
            #expect(list.map(\.name) == ["Water", "Run"])
        }
    }

    @Test(
        "Bad habits are refused with a problem body and nothing is created",
        arguments: [
            (#"{"name":"Read""#, 400),  // malformed JSON
            (#"{"name":42}"#, 400),  // wrong type
            (#"{"name":"Read","target":"eight"}"#, 400),
            (#"{"name":"Read","color":"ochre"}"#, 400),
            (#"{"name":"Read","createdOn":"2025-02-30"}"#, 400),
            (#"["Read"]"#, 400),
            ("", 400),
            (#"{}"#, 422),  // no name
            (#"{"name":"   "}"#, 422),
            (#"{"name":"Read","type":"count","target":0}"#, 422),
            (#"{"name":"Read","emoji":"no"}"#, 422),
            (#"{"name":"Read","schedule":"sometimes"}"#, 422),
            (#"{"name":"Read","schedule":{"type":"timesPerWeek","times":9}}"#, 422),
        ])
    func badCreate(json: String, status: Int) async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let before = try await api.export(ana)
            try await api.request(.post, "/api/v1/habits", token: ana.token, json: json).expectProblem(HTTPResponse.Status(code: status))
            #expect(try await api.export(ana) == before)
        }
    }

    @Test("A second habit with the same name (any case) is a 409 conflict")
    func duplicateName() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            _ = try await api.createHabit(ana, #"{"name":"Read"}"#)
            try await api.request(.post, "/api/v1/habits", token: ana.token, json: #"{"name":"READ"}"#).expectProblem(.conflict)
        }
    }

    @Test("A body over 1 MiB is a 413 problem and nothing changes")
    func oversizedBody() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let id = try await api.createHabit(ana, #"{"name":"Read"}"#)
            let before = try await api.export(ana)
            let notes = String(repeating: "x", count: (1 << 20) + 10)
            try await api.request(.post, "/api/v1/habits", token: ana.token, json: #"{"name":"Big","notes":"\#(notes)"}"#)
                .expectProblem(.contentTooLarge)
            try await api.request(.patch, "/api/v1/habits/\(id)", token: ana.token, json: #"{"notes":"\#(notes)"}"#)
                .expectProblem(.contentTooLarge)
            #expect(try await api.export(ana) == before)
        }
    }

    @Test("PATCH changes only the fields given; changing the type resets the target")
    func patch() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let id = try await api.createHabit(ana, #"{"name":"Read","emoji":"📚"}"#)
            let renamed = try await api.request(.patch, "/api/v1/habits/\(id)", token: ana.token, json: #"{"name":"Read more"}"#)
                .decode(Habit.self)
            #expect(renamed.name == "Read more" && renamed.emoji == "📚")
            let counted = try await api.request(.patch, "/api/v1/habits/\(id)", token: ana.token, json: #"{"type":"duration"}"#)
                .decode(Habit.self)
            #expect(counted.type == .duration && counted.target == 600)
            let before = try await api.export(ana)
            try await api.request(.patch, "/api/v1/habits/\(id)", token: ana.token, json: #"{"target":-1}"#).expectProblem(
                .unprocessableContent)
            try await api.request(.patch, "/api/v1/habits/\(id)", token: ana.token, json: #"{"target":true}"#).expectProblem(.badRequest)
            #expect(try await api.export(ana) == before)
        }
    }

    @Test("Unknown or malformed habit ids are 404 on every habit route")
    func unknownHabit() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            for id in [UUID().uuidString, "not-a-uuid"] {
                try await api.request(.get, "/api/v1/habits/\(id)", token: ana.token).expectProblem(.notFound)
                try await api.request(.patch, "/api/v1/habits/\(id)", token: ana.token, json: #"{"name":"X"}"#).expectProblem(.notFound)
                try await api.request(.delete, "/api/v1/habits/\(id)", token: ana.token).expectProblem(.notFound)
                try await api.request(.put, "/api/v1/habits/\(id)/days/2025-06-01", token: ana.token, json: #"{"value":1}"#)
                    .expectProblem(.notFound)
                try await api.request(.get, "/api/v1/habits/\(id)/stats", token: ana.token).expectProblem(.notFound)
            }
        }
    }

    @Test("Delete, archive, unarchive and reorder")
    func lifecycle() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let read = try await api.createHabit(ana, #"{"name":"Read"}"#)
            let run = try await api.createHabit(ana, #"{"name":"Run"}"#)
            let walk = try await api.createHabit(ana, #"{"name":"Walk"}"#)

            let ordered = try await api.request(.put, "/api/v1/habits/order", token: ana.token, json: #"{"ids":["\#(walk)","\#(read)"]}"#)
                .decode([Habit].self)
            #expect(ordered.map(\.name) == ["Walk", "Read", "Run"])
            try await api.request(.put, "/api/v1/habits/order", token: ana.token, json: #"{"ids":["\#(walk)","\#(walk)"]}"#)
                .expectProblem(.unprocessableContent)

            let archived = try await api.request(.post, "/api/v1/habits/\(run)/archive", token: ana.token).decode(Habit.self)
            #expect(archived.isArchived)
            #expect(try await api.request(.get, "/api/v1/habits", token: ana.token).decode([Habit].self).map(\.name) == ["Walk", "Read"])
            #expect(try await api.request(.get, "/api/v1/habits?archived=true", token: ana.token).decode([Habit].self).count == 3)
            #expect(
                try await api.request(.post, "/api/v1/habits/\(run)/unarchive", token: ana.token).decode(Habit.self).isArchived == false)

            #expect(try await api.request(.delete, "/api/v1/habits/\(read)", token: ana.token).status == .noContent)
            try await api.request(.get, "/api/v1/habits/\(read)", token: ana.token).expectProblem(.notFound)
        }
    }
}
