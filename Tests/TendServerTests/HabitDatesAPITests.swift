import Foundation
import HTTPTypes
import HummingbirdTesting
import TendAPI
import TendCore
import TendServer
import Testing

/// `startsOn` and `endsOn` through the JSON API (the harness's today is 2025-06-15).
@Suite("Habits API: start and end dates")
struct HabitDatesAPITests {
    @Test("POST with dates, PATCH moves and clears them (null); a habit not started yet is not on Today")
    func createPatchClear() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let created = try await api.request(
                .post, "/api/v1/habits", token: ana.token, json: #"{"name":"Run","startsOn":"2025-06-16","endsOn":"2025-07-15"}"#)
            #expect(created.status == .created)
            let run = try created.decode(Habit.self)
            #expect(run.startsOn == Day("2025-06-16") && run.endsOn == Day("2025-07-15"))
            let json = try created.object()
            #expect(json["startsOn"] as? String == "2025-06-16" && json["endsOn"] as? String == "2025-07-15")
            let today = try await api.request(.get, "/api/v1/today", token: ana.token).text
            #expect(!today.contains(run.id.description))

            let moved = try await api.request(
                .patch, "/api/v1/habits/\(run.id)", token: ana.token, json: #"{"startsOn":null,"endsOn":"2025-06-30"}"#)
            #expect(moved.status == .ok, "\(moved.text)")
            let changed = try moved.decode(Habit.self)
            #expect(changed.startsOn == nil && changed.endsOn == Day("2025-06-30"))
            #expect(!(try moved.object().keys.contains("startsOn")))
            // A PATCH without the dates leaves them.
            let renamed = try await api.request(.patch, "/api/v1/habits/\(run.id)", token: ana.token, json: #"{"name":"Jog"}"#)
            #expect(try renamed.decode(Habit.self).endsOn == Day("2025-06-30"))
            let stats = try await api.request(.get, "/api/v1/habits/\(run.id)/stats", token: ana.token).object()
            #expect(stats["totalDaysJudged"] as? Int != nil)
        }
    }

    @Test(
        "Bad dates are refused with a problem body and change nothing",
        arguments: [
            (#"{"startsOn":"2025-02-30"}"#, 400),
            (#"{"endsOn":"someday"}"#, 400),
            (#"{"endsOn":17}"#, 400),
            (#"{"startsOn":"2025-07-01","endsOn":"2025-06-30"}"#, 422),
            (#"{"endsOn":"2025-06-01"}"#, 422),  // before the stored start
            (#"{"startsOn":"1999-12-31"}"#, 422),
            (#"{"endsOn":"2027-01-01"}"#, 422),  // more than a year ahead
        ])
    func refused(body: String, status: Int) async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let id = try await api.createHabit(ana, #"{"name":"Read","startsOn":"2025-06-10"}"#)
            let before = try await api.export(ana)
            let response = try await api.request(.patch, "/api/v1/habits/\(id)", token: ana.token, json: body)
            #expect(response.status.code == status, "\(body): \(response.status) \(response.text)")
            #expect(response.headers[.contentType]?.hasPrefix("application/problem+json") == true)
            #expect(try await api.export(ana) == before)
        }
    }
}
