import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendAPI
import TendCore
import TendServer
import Testing

@Suite("Days API: values, skips, notes, increments, ranges")
struct DayAPITests {
    @Test("PUT a value, a skip, a note; POST increment; DELETE resets; GET lists the range")
    func dayChanges() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let water = try await api.createHabit(ana, #"{"name":"Water","type":"count","target":8}"#)
            let path = "/api/v1/habits/\(water)/days"

            let set = try await api.request(.put, "\(path)/2025-06-10", token: ana.token, json: #"{"value":3}"#).decode(Entry.self)
            #expect(set == Entry(day: Day("2025-06-10")!, value: 3))
            let incremented = try await api.request(.post, "\(path)/2025-06-10/increment", token: ana.token, json: #"{"by":2}"#)
                .decode(Entry.self)
            #expect(incremented.value == 5)
            // An amount is recorded as given, past the target too (only the tap stops there).
            #expect(
                try await api.request(.post, "\(path)/2025-06-10/increment", token: ana.token, json: #"{"by":10}"#).decode(Entry.self).value
                    == 15)
            #expect(
                try await api.request(.post, "\(path)/2025-06-10/increment", token: ana.token, json: #"{"by":-10}"#).decode(Entry.self)
                    .value == 5)
            #expect(try await api.request(.post, "\(path)/2025-06-10/increment", token: ana.token).decode(Entry.self).value == 6)

            let noted = try await api.request(.put, "\(path)/2025-06-10", token: ana.token, json: #"{"note":"hot day"}"#).decode(Entry.self)
            #expect(noted.note == "hot day" && noted.value == 6)
            let skipped = try await api.request(.put, "\(path)/2025-06-11", token: ana.token, json: #"{"skip":true}"#).decode(Entry.self)
            #expect(skipped.isSkipped && skipped.value == 0)

            let reset = try await api.request(.delete, "\(path)/2025-06-10", token: ana.token).decode(Entry.self)
            #expect(reset.value == 0 && reset.note == "hot day")

            let days = try await api.request(.get, "\(path)?from=2025-06-01&to=2025-06-30", token: ana.token)
            let list = try days.array().compactMap { $0 as? [String: Any] }
            #expect(list.map { $0["day"] as? String } == ["2025-06-10", "2025-06-11"])
            #expect(list.allSatisfy { $0["value"] is Int })
            #expect(try await api.request(.get, "\(path)?from=2025-06-11&to=2025-06-11", token: ana.token).array().count == 1)
        }
    }

    @Test(
        "Bad day changes are refused with a problem body and change nothing",
        arguments: [
            ("PUT", "2025-02-30", #"{"value":1}"#, 400),
            ("PUT", "2025-13-01", #"{"value":1}"#, 400),
            ("PUT", "yesterday", #"{"value":1}"#, 400),
            ("PUT", "2025-06-10", #"{"value":"one"}"#, 400),
            ("PUT", "2025-06-10", #"{"value":1"#, 400),
            ("PUT", "2025-06-10", #"{"skip":"yes"}"#, 400),
            ("PUT", "2025-06-10", #"{"value":-1}"#, 422),
            // Beyond the largest amount (10⁹): not an amount at all, refused as the body is read.
            ("PUT", "2025-06-10", #"{"value":2000000000}"#, 400),
            ("PUT", "2025-06-10", #"{"value":2.0005}"#, 400),
            ("PUT", "2025-06-10", #"{}"#, 422),
            ("PUT", "2025-06-10", #"{"skip":true,"value":3}"#, 422),
            ("POST", "2025-02-30", #"{"by":1}"#, 400),
            ("POST", "2025-06-10", #"{"by":1.0005}"#, 400),
            ("POST", "2025-06-10", #"{"by":2000000000}"#, 400),
            ("POST", "2025-06-10", #"{"by":999999999}"#, 422),
            ("DELETE", "2025-02-30", "", 400),
            // Days that have not come (the test clock's today is 2025-06-15 in UTC) or before 2000.
            ("PUT", "2025-06-16", #"{"value":1}"#, 422),
            ("PUT", "2099-01-01", #"{"skip":true}"#, 422),
            ("PUT", "1900-01-01", #"{"value":1}"#, 422),
            ("PUT", "1999-12-31", #"{"note":"typo"}"#, 422),
            ("POST", "2025-06-16", #"{"by":1}"#, 422),
            ("DELETE", "2099-01-01", "", 422),
        ])
    func badDayChanges(method: String, day: String, json: String, status: Int) async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let water = try await api.createHabit(ana, #"{"name":"Water","type":"count","target":8}"#)
            _ = try await api.request(.put, "/api/v1/habits/\(water)/days/2025-06-10", token: ana.token, json: #"{"value":2}"#)
            let before = try await api.export(ana)
            let path = "/api/v1/habits/\(water)/days/\(day)" + (method == "POST" ? "/increment" : "")
            let response = try await api.request(
                HTTPRequest.Method(method)!, path, token: ana.token, json: json.isEmpty ? nil : json)
            try response.expectProblem(HTTPResponse.Status(code: status))
            #expect(try await api.export(ana) == before)
        }
    }

    @Test("A tap toggles a checkmark, adds one to a count and a minute to a duration")
    func tap() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let read = try await api.createHabit(ana, #"{"name":"Read"}"#)
            let water = try await api.createHabit(ana, #"{"name":"Water","type":"count","target":8}"#)
            let walk = try await api.createHabit(ana, #"{"name":"Walk","type":"duration"}"#)
            func tap(_ id: String) async throws -> Amount {
                try await api.request(.post, "/api/v1/habits/\(id)/days/2025-06-10/tap", token: ana.token).decode(Entry.self).value
            }
            #expect(try await tap(read) == 1)
            #expect(try await tap(read) == 0)
            #expect(try await tap(water) == 1)
            #expect(try await tap(water) == 2)
            #expect(try await tap(walk) == 60)
            try await api.request(.post, "/api/v1/habits/\(read)/days/2025-02-30/tap", token: ana.token).expectProblem(.badRequest)
            try await api.request(.post, "/api/v1/habits/\(read)/days/2025-06-16/tap", token: ana.token).expectProblem(
                .unprocessableContent)
            // A good habit's tap stops at its target.
            _ = try await api.request(.put, "/api/v1/habits/\(water)/days/2025-06-10", token: ana.token, json: #"{"value":8}"#)
            #expect(try await tap(water) == 8)
        }
    }

    @Test("A good checkmark takes 0 or 1")
    func checkmarkValues() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let read = try await api.createHabit(ana, #"{"name":"Read"}"#)
            #expect(
                try await api.request(.put, "/api/v1/habits/\(read)/days/2025-06-10", token: ana.token, json: #"{"value":1}"#).status == .ok
            )
            try await api.request(.put, "/api/v1/habits/\(read)/days/2025-06-10", token: ana.token, json: #"{"value":2}"#)
                .expectProblem(.unprocessableContent)
        }
    }

    @Test("A range whose start is after its end, or a bad date in the query, is a 400")
    func badRanges() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let read = try await api.createHabit(ana, #"{"name":"Read"}"#)
            try await api.request(.get, "/api/v1/habits/\(read)/days?from=2025-06-10&to=2025-06-01", token: ana.token).expectProblem(
                .badRequest)
            try await api.request(.get, "/api/v1/habits/\(read)/days?from=2025-02-30", token: ana.token).expectProblem(.badRequest)
            try await api.request(.get, "/api/v1/today?date=2025-02-30", token: ana.token).expectProblem(.badRequest)
            try await api.request(.get, "/api/v1/heatmap?days=0", token: ana.token).expectProblem(.badRequest)
        }
    }
}

@Suite("Views: stats, today, heatmap, cells")
struct ViewAPITests {
    @Test("Stats answer the numbers and keys of `tend stats --json` (TendCore's statistics)")
    func stats() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let read = try await api.createHabit(ana, #"{"name":"Read","createdOn":"2025-06-01"}"#)
            for day in ["2025-06-01", "2025-06-02", "2025-06-03", "2025-06-05", "2025-06-06"] {
                _ = try await api.request(.put, "/api/v1/habits/\(read)/days/\(day)", token: ana.token, json: #"{"value":1}"#)
            }
            _ = try await api.request(.put, "/api/v1/habits/\(read)/days/2025-06-04", token: ana.token, json: #"{"skip":true}"#)
            let response = try await api.request(.get, "/api/v1/habits/\(read)/stats?asOf=2025-06-07", token: ana.token)
            let keys = Set(try response.object().keys)
            #expect(
                keys == [
                    "habit", "name", "asOf", "score", "currentStreak", "bestStreak", "completionRate7", "completionRate30",
                    "completionRate365", "totalDaysMet", "totalDaysJudged", "totalCheckIns", "totalValue", "skippedDays", "weekdays",
                ])
            let stats = try response.decode(StatsJSON.self)

            let habit = try await api.request(.get, "/api/v1/habits/\(read)", token: ana.token).decode(Habit.self)
            let entries = try await api.request(.get, "/api/v1/habits/\(read)/days?from=2025-01-01&to=2025-12-31", token: ana.token)
                .decode([Entry].self)
            let expected = StatsJSON(
                habit: habit,
                TrackedHabit(habit: habit, entries: entries).statistics(asOf: Day("2025-06-07")!, calendar: UserSettings().calendar))
            #expect(stats == expected)
            #expect(stats.currentStreak == 6 && stats.totalCheckIns == 5 && stats.skippedDays == 1)

            let all = try await api.request(.get, "/api/v1/stats?asOf=2025-06-07", token: ana.token).decode([StatsJSON].self)
            #expect(all == [expected])
        }
    }

    @Test("Today follows the user's zone and day start, not the server's clock zone")
    func todayFollowsUserZone() async throws {
        // 2025-06-15T15:06:40Z is already 2025-06-16 in Pacific/Kiritimati (UTC+14).
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            _ = try await api.createHabit(ana, #"{"name":"Read"}"#)
            let utc = try await api.request(.get, "/api/v1/today", token: ana.token).object()
            #expect(utc["day"] as? String == "2025-06-15")
            #expect(utc["current"] as? String == "day")
            let settings = try await api.request(.put, "/api/v1/settings", token: ana.token, json: #"{"timeZone":"Pacific/Kiritimati"}"#)
            #expect(try settings.object()["today"] as? String == "2025-06-16")
            let kiritimati = try await api.request(.get, "/api/v1/today", token: ana.token).object()
            #expect(kiritimati["day"] as? String == "2025-06-16")
            #expect(kiritimati["current"] as? String == "morning")
            let groups = try #require(kiritimati["groups"] as? [[String: Any]])
            #expect(groups.count == 1)
            let habits = try #require(groups.first?["habits"] as? [[String: Any]])
            #expect(habits.first?["name"] as? String == "Read")
            #expect(
                Set(habits.first?.keys.map { $0 } ?? []) == [
                    "id", "name", "emoji", "status", "value", "target", "step", "unit", "type", "kind", "progress",
                ])
            #expect(kiritimati.keys.contains("score"))
        }
    }

    @Test(
        "An unchanged today is answered again; a check-in from any device, the settings or the hour show at once",
        arguments: StoreKind.allCases)
    func todayIsKeptUntilAChange(kind: StoreKind) async throws {
        let harness = try ServerHarness(kind: kind)
        try await harness.run { api in
            let ana = try await api.signUp("ana")
            let phone = try await api.token("ana", name: "phone")
            let read = try await api.createHabit(ana, #"{"name":"Read","createdOn":"2025-06-10"}"#)
            func today() async throws -> (text: String, read: [String: Any]?, current: String?) {
                let response = try await api.request(.get, "/api/v1/today", token: ana.token)
                #expect(response.status == .ok)
                let object = try response.object()
                let habits = (object["groups"] as? [[String: Any]])?.flatMap { $0["habits"] as? [[String: Any]] ?? [] }
                return (
                    response.text, habits?.first { ($0["id"] as? String)?.lowercased() == read.lowercased() }, object["current"] as? String
                )
            }
            let first = try await today()
            #expect(first.read?["value"] as? Int == 0)
            #expect(try await today().text == first.text)

            // A check-in from another device of hers
            _ = try await api.request(.put, "/api/v1/habits/\(read)/days/2025-06-15", token: phone, json: #"{"value":1}"#)
            #expect(try await today().read?["value"] as? Int == 1)
            // The settings: another zone, another today
            _ = try await api.request(.put, "/api/v1/settings", token: ana.token, json: #"{"timeZone":"Pacific/Kiritimati"}"#)
            let moved = try await today()
            #expect(moved.text.contains("2025-06-16") && moved.read?["value"] as? Int == 0)
            // The hour: the current routine time (first in the plan) moves on with the clock
            harness.clock.advance(by: 6 * 3600)
            let later = try await today()
            #expect(later.current != moved.current)
            // Another user never gets her answer
            let bo = try await api.signUp(
                "bo",
                invite: try #require(
                    try await api.request(.post, "/api/v1/invites", token: ana.token).object()["code"] as? String))
            #expect(!(try await api.request(.get, "/api/v1/today", token: bo.token).text.lowercased().contains(read.lowercased())))
        }
    }

    @Test("The user's day start decides today: 00:06 in Tokyo is still yesterday with day start 4")
    func dayStart() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let tokyo = try await api.request(.put, "/api/v1/settings", token: ana.token, json: #"{"timeZone":"Asia/Tokyo"}"#).object()
            #expect(tokyo["today"] as? String == "2025-06-16")
            let late = try await api.request(.put, "/api/v1/settings", token: ana.token, json: #"{"dayStartHour":4}"#).object()
            #expect(late["today"] as? String == "2025-06-15")
            #expect(try await api.request(.get, "/api/v1/today", token: ana.token).object()["day"] as? String == "2025-06-15")
        }
    }

    @Test("The heatmap has a score per day, the last for the day asked, null when nothing was due")
    func heatmap() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let read = try await api.createHabit(ana, #"{"name":"Read","createdOn":"2025-06-10"}"#)
            _ = try await api.request(.put, "/api/v1/habits/\(read)/days/2025-06-12", token: ana.token, json: #"{"value":1}"#)
            let scores = try await api.request(.get, "/api/v1/heatmap?date=2025-06-14&days=7", token: ana.token).decode([DayScoreJSON].self)
            #expect(
                scores.map(\.day) == ["2025-06-08", "2025-06-09", "2025-06-10", "2025-06-11", "2025-06-12", "2025-06-13", "2025-06-14"])
            #expect(scores.map(\.score) == [nil, nil, 0, 0, 1, 0, 0])
            #expect(try await api.request(.get, "/api/v1/heatmap", token: ana.token).array().count == 200)
        }
    }

    @Test("Cells: week, strip, month and year grids from TendCore")
    func cells() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let read = try await api.createHabit(ana, #"{"name":"Read"}"#)
            #expect(try await api.request(.get, "/api/v1/habits/\(read)/cells?view=week", token: ana.token).array().count == 7)
            #expect(try await api.request(.get, "/api/v1/habits/\(read)/cells?view=strip", token: ana.token).array().count == 7)
            #expect(
                [35, 42].contains(try await api.request(.get, "/api/v1/habits/\(read)/cells?view=month", token: ana.token).array().count))
            #expect(try await api.request(.get, "/api/v1/habits/\(read)/cells?view=year", token: ana.token).array().count == 371)
            try await api.request(.get, "/api/v1/habits/\(read)/cells?view=decade", token: ana.token).expectProblem(.badRequest)
        }
    }

    @Test("Ids are lower case in every answer (habits, today, stats) and read in either case")
    func idCase() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let read = try await api.createHabit(ana, #"{"name":"Read"}"#)
            #expect(read == read.lowercased())
            let list = try await api.request(.get, "/api/v1/habits", token: ana.token).array().compactMap { $0 as? [String: Any] }
            #expect(list.map { $0["id"] as? String } == [read])
            let today = try await api.request(.get, "/api/v1/today", token: ana.token).text
            #expect(today.contains(read))
            let upper = try await api.request(.get, "/api/v1/habits/\(read.uppercased())", token: ana.token)
            #expect(upper.status == .ok)
            #expect(upper.text.contains(#""id":"\#(read)""#))
            let stats = try await api.request(.get, "/api/v1/habits/\(read.uppercased())/stats", token: ana.token)
            #expect(stats.status == .ok && !stats.text.contains(read.uppercased()))
        }
    }

    @Test("Whether a day has come follows the user's zone, and a zone changed through the API counts at once")
    func dayFollowsZone() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let read = try await api.createHabit(ana, #"{"name":"Read"}"#)
            // The test clock is 2025-06-15 15:06 UTC: the 16th has not come in UTC…
            try await api.request(.post, "/api/v1/habits/\(read)/days/2025-06-16/tap", token: ana.token).expectProblem(
                .unprocessableContent)
            // …but it has on Kiritimati (UTC+14, 05:06 on the 16th), as soon as the zone is saved.
            #expect(
                try await api.request(.put, "/api/v1/settings", token: ana.token, json: #"{"timeZone":"Pacific/Kiritimati"}"#).status == .ok
            )
            #expect(try await api.request(.post, "/api/v1/habits/\(read)/days/2025-06-16/tap", token: ana.token).status == .ok)
            try await api.request(.post, "/api/v1/habits/\(read)/days/2025-06-17/tap", token: ana.token).expectProblem(
                .unprocessableContent)
        }
    }
}
