import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendAPI
import TendCore
import TendServer
import Testing

@Suite("Routines, reminders, tips, settings, import and export")
struct RoutineAndMoreTests {
    @Test("Routines: create, add and move habits, reorder, rename, delete keeping the habits")
    func routines() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let read = try await api.createHabit(ana, #"{"name":"Read"}"#)
            let stretch = try await api.createHabit(ana, #"{"name":"Stretch"}"#)
            let morning = try await api.request(
                .post, "/api/v1/routines", token: ana.token, json: #"{"name":"Morning","start":"06:30","weekdays":["mon","tue"]}"#)
            #expect(morning.status == .created)
            let morningID = try #require(try morning.object()["id"] as? String)
            let evening = try await api.request(.post, "/api/v1/routines", token: ana.token, json: #"{"name":"Evening"}"#).decode(
                Routine.self)
            #expect(evening.start.description == "07:00" && evening.weekdays.count == 7)

            var routine = try await api.request(
                .post, "/api/v1/routines/\(morningID)/habits", token: ana.token, json: #"{"habit":"\#(read)"}"#
            )
            .decode(Routine.self)
            routine = try await api.request(
                .post, "/api/v1/routines/\(morningID)/habits", token: ana.token, json: #"{"habit":"\#(stretch)","at":0}"#
            )
            .decode(Routine.self)
            #expect(routine.habitIDs.map(\.description) == [stretch, read])
            // Moving a habit into another routine takes it out of the first.
            _ = try await api.request(.post, "/api/v1/routines/\(evening.id)/habits", token: ana.token, json: #"{"habit":"\#(read)"}"#)
            #expect(
                try await api.request(.get, "/api/v1/routines/\(morningID)", token: ana.token).decode(Routine.self).habitIDs.map(
                    \.description) == [stretch])

            let reordered = try await api.request(
                .put, "/api/v1/routines/order", token: ana.token, json: #"{"ids":["\#(evening.id)","\#(morningID)"]}"#
            )
            .decode([Routine].self)
            #expect(reordered.map(\.name) == ["Evening", "Morning"])
            let renamed = try await api.request(.patch, "/api/v1/routines/\(morningID)", token: ana.token, json: #"{"name":"Early"}"#)
                .decode(Routine.self)
            #expect(renamed.name == "Early" && renamed.start.description == "06:30")
            try await api.request(.patch, "/api/v1/routines/\(morningID)", token: ana.token, json: #"{"weekdays":[]}"#).expectProblem(
                .unprocessableContent)
            try await api.request(.patch, "/api/v1/routines/\(morningID)", token: ana.token, json: #"{"start":"25:00"}"#).expectProblem(
                .badRequest)

            let out = try await api.request(.delete, "/api/v1/routines/\(morningID)/habits/\(stretch)", token: ana.token).decode(
                Routine.self)
            #expect(out.habitIDs.isEmpty)
            try await api.request(.delete, "/api/v1/routines/\(morningID)/habits/\(stretch)", token: ana.token).expectProblem(.notFound)

            let deleted = try await api.request(.delete, "/api/v1/routines/\(evening.id)", token: ana.token)
            #expect(deleted.status == .ok)
            #expect(try deleted.object()["detachedHabits"] as? [String] == ["Read"])
            #expect(try await api.request(.get, "/api/v1/habits", token: ana.token).array().count == 2)
            #expect(try await api.request(.get, "/api/v1/routines", token: ana.token).array().count == 1)
            try await api.request(.post, "/api/v1/routines", token: ana.token, json: #"{"start":"07:00"}"#).expectProblem(
                .unprocessableContent)
        }
    }

    @Test(
        "PATCH sets only the fields given: a colour changed offline on a phone before a rename, synced after it, stays",
        arguments: [StoreKind.sqlite, .postgres])
    func patchSetsOnlyFieldsGiven(_ kind: StoreKind) async throws {
        let harness = try ServerHarness(kind: kind)
        try await harness.run { api in
            let ana = try await api.signUp("ana")
            let morning = try await api.request(.post, "/api/v1/routines", token: ana.token, json: #"{"name":"Morning","color":"blue"}"#)
                .decode(Routine.self)
            let offline = harness.clock.now.addingTimeInterval(30)
            harness.clock.advance(by: 60)
            // When the routine is renamed through the API
            let renamed = try await api.request(.patch, "/api/v1/routines/\(morning.id)", token: ana.token, json: #"{"name":"Early"}"#)
                .decode(Routine.self)
            #expect(renamed.name == "Early" && renamed.color == .blue)
            // and the phone's recolour, made offline between the creation and the rename, arrives after it
            var phone = SyncAPITests.Device("phone-1")
            let recolour = phone.operation(.routinePatched(id: morning.id, patch: RoutinePatch(color: .orange)), at: offline)
            let pulled = try await SyncAPITests.sync(api, ana, SyncRequest(device: "phone-1", operations: [recolour]))
            // Then the rename logged only the name, and the routine has both changes
            #expect(pulled.operations.last?.change == .routinePatched(id: morning.id, patch: RoutinePatch(name: "Early")))
            let routine = try await api.request(.get, "/api/v1/routines/\(morning.id)", token: ana.token).decode(Routine.self)
            #expect(routine.name == "Early" && routine.color == .orange && routine.start == morning.start)
        }
    }

    @Test("Reminders: add, list, replace, delete; upcoming firings in the user's zone")
    func reminders() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            _ = try await api.request(.put, "/api/v1/settings", token: ana.token, json: #"{"timeZone":"Europe/Berlin"}"#)
            let read = try await api.createHabit(ana, #"{"name":"Read"}"#)
            let added = try await api.request(
                .post, "/api/v1/habits/\(read)/reminders", token: ana.token, json: #"{"time":"21:30","message":"Read!"}"#)
            #expect(added.status == .created)
            let reminder = try added.decode(Reminder.self)
            #expect(try await api.request(.get, "/api/v1/habits/\(read)/reminders", token: ana.token).decode([Reminder].self) == [reminder])

            let upcoming = try await api.request(.get, "/api/v1/reminders?count=2", token: ana.token).decode([UpcomingReminderJSON].self)
            // 2025-06-15 21:30 in Berlin (CEST, UTC+2) is 19:30Z.
            #expect(upcoming.first?.next == [Date(timeIntervalSince1970: 1_750_015_800), Date(timeIntervalSince1970: 1_750_102_200)])

            try await api.request(.post, "/api/v1/habits/\(read)/reminders", token: ana.token, json: #"{"time":"7:3"}"#).expectProblem(
                .badRequest)
            let replaced = try await api.request(
                .put, "/api/v1/habits/\(read)/reminders", token: ana.token, json: #"[{"time":"07:00"},{"time":"08:00","weekdays":["sat"]}]"#
            )
            .decode([Reminder].self)
            #expect(replaced.map(\.time.description) == ["07:00", "08:00"])
            #expect(
                try await api.request(.delete, "/api/v1/habits/\(read)/reminders/\(replaced[0].id)", token: ana.token).status == .noContent)
            try await api.request(.delete, "/api/v1/habits/\(read)/reminders/\(replaced[0].id)", token: ana.token).expectProblem(.notFound)
            #expect(try await api.request(.get, "/api/v1/habits/\(read)", token: ana.token).decode(Habit.self).reminders.count == 1)
        }
    }

    @Test("Tips: the first-habit tip until a habit exists; a dismissed tip never comes back")
    func tips() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let first = try await api.request(.get, "/api/v1/tips", token: ana.token).decode([TipJSON].self)
            #expect(first.map(\.id) == ["addFirstHabit"])
            _ = try await api.createHabit(ana, #"{"name":"Read"}"#)
            let ids = try await api.request(.get, "/api/v1/tips", token: ana.token).decode([TipJSON].self).map(\.id)
            #expect(!ids.contains("addFirstHabit"))
            #expect(ids.contains("manageHabit"))
            #expect(try await api.request(.post, "/api/v1/tips/manageHabit/dismiss", token: ana.token).status == .noContent)
            #expect(
                !(try await api.request(.get, "/api/v1/tips", token: ana.token).decode([TipJSON].self).map(\.id).contains("manageHabit")))
            let all = try await api.request(.get, "/api/v1/tips?all=true", token: ana.token).decode([TipJSON].self)
            #expect(all.count == TipCatalog.all.count)
            #expect(all.first { $0.id == "manageHabit" }?.retired == true)
            try await api.request(.post, "/api/v1/tips/noSuchTip/dismiss", token: ana.token).expectProblem(.notFound)
        }
    }

    @Test("Settings: read, change some fields, refuse bad values without changing anything")
    func settings() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let initial = try await api.request(.get, "/api/v1/settings", token: ana.token).object()
            #expect(initial["timeZone"] as? String == "UTC")
            #expect(initial["dayStartHour"] as? Int == 0)
            #expect(initial.keys.contains("firstWeekday"))
            let changed = try await api.request(
                .put, "/api/v1/settings", token: ana.token, json: #"{"dayStartHour":4,"firstWeekday":2,"locale":"de_DE"}"#
            )
            .object()
            #expect(changed["dayStartHour"] as? Int == 4 && changed["firstWeekday"] as? Int == 2 && changed["locale"] as? String == "de_DE")
            for json in [#"{"timeZone":"Nowhere/City"}"#, #"{"dayStartHour":24}"#, #"{"firstWeekday":8}"#] {
                try await api.request(.put, "/api/v1/settings", token: ana.token, json: json).expectProblem(.unprocessableContent)
            }
            try await api.request(.put, "/api/v1/settings", token: ana.token, json: #"{"dayStartHour":"four"}"#).expectProblem(.badRequest)
            let after = try await api.request(.get, "/api/v1/settings", token: ana.token).object()
            #expect(after["dayStartHour"] as? Int == 4 && after["timeZone"] as? String == "UTC")
        }
    }

    @Test("Export then import into another account: a dry run changes nothing, the import brings everything")
    func importExport() async throws {
        try await ServerHarness { $0.openRegistration = true }.run { api in
            let ana = try await api.signUp("ana")
            let read = try await api.createHabit(ana, #"{"name":"Read","emoji":"📚"}"#)
            _ = try await api.request(.put, "/api/v1/habits/\(read)/days/2025-06-10", token: ana.token, json: #"{"value":1,"note":"good"}"#)
            let json = try await api.request(.get, "/api/v1/export?format=json", token: ana.token)
            #expect(json.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(json.headers[.contentDisposition]?.contains("attachment") == true)
            let csv = try await api.request(.get, "/api/v1/export?format=csv", token: ana.token)
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            let zip = try await api.request(.get, "/api/v1/export?format=loop-csv", token: ana.token)
            #expect(zip.body.getBytes(at: 0, length: 2) == [0x50, 0x4B])
            try await api.request(.get, "/api/v1/export?format=xml", token: ana.token).expectProblem(.badRequest)

            let bo = try await api.signUp("bo")
            let before = try await api.export(bo)
            let dry = try await api.request(.post, "/api/v1/import?dryRun=true", token: bo.token, body: json.body)
            #expect(dry.status == .ok)
            #expect(try dry.object()["dryRun"] as? Bool == true)
            #expect(try dry.object()["habitsAdded"] as? [String] == ["Read"])
            #expect(try await api.export(bo) == before)

            let real = try await api.request(.post, "/api/v1/import", token: bo.token, body: json.body)
            #expect(try real.object()["entriesAdded"] as? Int == 1)
            let habits = try await api.request(.get, "/api/v1/habits", token: bo.token).decode([Habit].self)
            #expect(habits.map(\.name) == ["Read"])

            // A file Tend cannot read: 422, nothing changed.
            let after = try await api.export(bo)
            try await api.request(.post, "/api/v1/import", token: bo.token, body: .init(string: "hello, world")).expectProblem(
                .unprocessableContent)
            try await api.request(
                .post, "/api/v1/import", token: bo.token, body: .init(string: #"{"format":"tend","version":1,"habits":[{"name":5}]}"#)
            )
            .expectProblem(.unprocessableContent)
            try await api.request(.post, "/api/v1/import", token: bo.token).expectProblem(.badRequest)
            #expect(try await api.export(bo) == after)

            // Another account's "Read" (another id): a clash named in the report, merged on request.
            let cy = try await api.signUp("cy")
            _ = try await api.createHabit(cy, #"{"name":"read"}"#)
            let clash = try await api.request(.post, "/api/v1/import?dryRun=true", token: cy.token, body: json.body).object()
            #expect(clash["nameClashes"] as? [String] == ["read"])
            let untouched = try await api.export(cy)
            try await api.request(.post, "/api/v1/import?mergeNames=maybe", token: cy.token, body: json.body).expectProblem(.badRequest)
            #expect(try await api.export(cy) == untouched)
            let merged = try await api.request(.post, "/api/v1/import?mergeNames=true", token: cy.token, body: json.body).object()
            #expect(merged["habitsMerged"] as? [String] == ["read"] && merged["entriesAdded"] as? Int == 1)
            #expect(try await api.request(.get, "/api/v1/habits", token: cy.token).decode([Habit].self).map(\.name) == ["read"])
        }
    }

    @Test("An import over its limit is a 413 and changes nothing")
    func importTooLarge() async throws {
        try await ServerHarness { $0.maximumImportBody = 1000 }.run { api in
            let ana = try await api.signUp("ana")
            let before = try await api.export(ana)
            try await api.request(.post, "/api/v1/import", token: ana.token, body: .init(string: String(repeating: " ", count: 1001)))
                .expectProblem(.contentTooLarge)
            #expect(try await api.export(ana) == before)
        }
    }

    @Test("Over the concurrent-import limit, an import is a 503 problem with Retry-After and changes nothing")
    func importsBusy() async throws {
        try await ServerHarness { $0.maximumConcurrentImports = 0 }.run { api in
            let ana = try await api.signUp("ana")
            let before = try await api.export(ana)
            let busy = try await api.request(.post, "/api/v1/import", token: ana.token, body: .init(string: "{}"))
            try busy.expectProblem(.serviceUnavailable, code: "imports-busy")
            #expect(busy.headers[.retryAfter] == "5")
            #expect(try await api.export(ana) == before)
        }
    }
}
