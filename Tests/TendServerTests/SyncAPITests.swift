import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TendAPI
import TendCore
import TendServer
import Testing

@Suite("Sync API: push and pull in one round trip, idempotent, scoped, refusing bad input whole")
struct SyncAPITests {
    static let day = Day("2025-06-10")!

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    static func body(_ request: SyncRequest) throws -> String {
        String(decoding: try encoder().encode(request), as: UTF8.self)
    }

    /// A device's operations, stamped by its own clock at `now`.
    struct Device {
        var clock: HybridClock

        init(_ id: String) { clock = HybridClock(device: id) }

        mutating func operation(_ change: Change, at now: Date) -> ChangeOperation {
            ChangeOperation(device: clock.device, timestamp: clock.tick(now: now), change: change)
        }
    }

    static func sync(_ api: APIClient, _ login: Login, _ request: SyncRequest) async throws -> SyncResponse {
        let response = try await api.request(.post, "/api/v1/sync", token: login.token, json: try body(request))
        try #require(response.status == .ok, "sync: \(response.status) \(response.text)")
        return try response.decode(SyncResponse.self)
    }

    @Test("A laptop's operations reach the server and the phone; a retried push stores nothing twice", arguments: StoreKind.allCases)
    func pushAndPull(_ kind: StoreKind) async throws {
        let harness = try ServerHarness(kind: kind)
        try await harness.run { api in
            let ana = try await api.signUp("ana")
            var laptop = Device("cli-laptop")
            let habit = Habit(name: "Read", type: .count, target: 10, createdOn: Self.day)
            let pushed = [
                laptop.operation(.habitCreated(habit: habit), at: harness.clock.now),
                laptop.operation(.entryIncremented(habit: habit.id, day: Self.day, by: 2), at: harness.clock.now),
            ]
            let first = try await Self.sync(api, ana, SyncRequest(device: "cli-laptop", operations: pushed))
            #expect(first.accepted == 2 && first.duplicates == 0 && !first.more && !first.reset)
            #expect(first.operations.isEmpty, "the laptop's own operations are not sent back")
            let again = try await Self.sync(api, ana, SyncRequest(device: "cli-laptop", cursor: first.cursor, operations: pushed))
            #expect(again.accepted == 0 && again.duplicates == 2 && again.operations.isEmpty)
            // Where the pushed operations are stored: the same for the retry, nothing for an empty push.
            let stored = try #require(first.stored)
            #expect(again.stored == stored)

            // The server's own write (the web app's) and the laptop's reach a new phone.
            let web = try await api.request(
                .post, "/api/v1/habits/\(habit.id)/days/\(Self.day)/increment", token: ana.token, json: #"{"by":3}"#)
            #expect(web.status == .ok)
            let phone = try await Self.sync(api, ana, SyncRequest(device: "web-phone", cursor: nil))
            #expect(phone.operations.map(\.id).prefix(2) == pushed.map(\.id)[...])
            #expect(phone.operations.count == 3)
            #expect(OperationSet(phone.operations).state().habits[habit.id]?.entries[Self.day]?.value == 5)
            // And the laptop gets only the server's one.
            let back = try await Self.sync(api, ana, SyncRequest(device: "cli-laptop", cursor: again.cursor))
            #expect(back.operations.count == 1 && back.operations[0].device != "cli-laptop")
            let nothing = try await Self.sync(api, ana, SyncRequest(device: "cli-laptop", cursor: back.cursor))
            #expect(nothing.operations.isEmpty && nothing.cursor == back.cursor)
            #expect(nothing.stored == nil)
            // The web's write came after the pushed two: the log's last position is past `stored`.
            #expect(try #require(phone.cursor.flatMap { SyncCursor($0) }).position > stored)
        }
    }

    @Test(
        "A client from before measurements is refused a page holding a habit that is only measured (409 update-tend); current ones read it")
    func clientBeforeMeasurements() async throws {
        let harness = try ServerHarness(kind: .sqlite)
        try await harness.run { api in
            let ana = try await api.signUp("ana")
            let weight = Habit(name: "Weight", kind: .measure, type: .count, unit: "kg", createdOn: Self.day)
            var laptop = Device("cli-laptop")
            _ = try await Self.sync(
                api, ana,
                SyncRequest(device: "cli-laptop", operations: [laptop.operation(.habitCreated(habit: weight), at: harness.clock.now)]))
            var request = SyncRequest(device: "cli-old")
            request.measurements = nil
            let refused = try await api.request(.post, "/api/v1/sync", token: ana.token, json: try Self.body(request))
            #expect(refused.status == .conflict)
            #expect(refused.text.contains(#""code":"update-tend""#) && refused.text.contains("only measured"))
            let now = try await Self.sync(api, ana, SyncRequest(device: "cli-new"))
            #expect(OperationSet(now.operations).state().habits[weight.id]?.habit.kind == .measure)
        }
    }

    @Test(
        "A client from before decimal amounts pulls whole ones as before, and a page holding a decimal is refused with update-tend (409), its push kept"
    )
    func previousReleaseClient() async throws {
        let harness = try ServerHarness(kind: .sqlite)
        try await harness.run { api in
            let ana = try await api.signUp("ana")
            let habit = Habit(name: "Water", type: .count, target: 2, unit: "l", createdOn: Self.day)
            var laptop = Device("cli-laptop")
            _ = try await Self.sync(
                api, ana,
                SyncRequest(device: "cli-laptop", operations: [laptop.operation(.habitCreated(habit: habit), at: harness.clock.now)]))
            let whole = try await api.request(
                .post, "/api/v1/habits/\(habit.id)/days/\(Self.day)/increment", token: ana.token, json: #"{"by":1}"#)
            #expect(whole.status == .ok)
            // The previous release's request: no decimalAmounts key.
            let old = try await api.request(.post, "/api/v1/sync", token: ana.token, json: #"{"device":"cli-old","operations":[]}"#)
            #expect(old.status == .ok, "\(old.text)")
            #expect(old.text.contains(#""by":1"#))

            let half = try await api.request(
                .post, "/api/v1/habits/\(habit.id)/days/\(Self.day)/increment", token: ana.token, json: #"{"by":0.5}"#)
            #expect(half.status == .ok)
            var oldDevice = Device("cli-old")
            let pushed = oldDevice.operation(
                .entryNoteSet(habit: habit.id, day: Self.day, note: "hot day"), at: harness.clock.now.addingTimeInterval(1))
            var request = SyncRequest(device: "cli-old", operations: [pushed])
            request.decimalAmounts = nil
            let refused = try await api.request(.post, "/api/v1/sync", token: ana.token, json: try Self.body(request))
            #expect(refused.status == .conflict)
            #expect(refused.text.contains(#""code":"update-tend""#) && refused.text.contains("update Tend, then sync again"))
            #expect(refused.text.contains("(0.5)"))

            // The current client reads the decimal, and the refused client's push was kept.
            let now = try await Self.sync(api, ana, SyncRequest(device: "cli-new"))
            let state = OperationSet(now.operations).state()
            #expect(state.habits[habit.id]?.entries[Self.day]?.value == 1.5)
            #expect(state.habits[habit.id]?.entries[Self.day]?.note == "hot day")
        }
    }

    @Test("A user's pushes are bounded in bytes an hour (429 with Retry-After); pulls, other users and the hour after go on")
    func pushVolume() async throws {
        let harness = try ServerHarness(kind: .sqlite) {
            $0.syncPushBytesPerHour = 20_000
            $0.openRegistration = true
        }
        try await harness.run { api in
            let ana = try await api.signUp("ana")
            let bo = try await api.signUp("bo")
            var laptop = Device("cli-laptop")
            let habit = Habit(name: "Read", type: .count, target: 10, createdOn: Self.day)
            #expect(
                try await Self.sync(
                    api, ana,
                    SyncRequest(device: "cli-laptop", operations: [laptop.operation(.habitCreated(habit: habit), at: harness.clock.now)])
                ).accepted == 1)
            // Given pushes of ~6 KB each, within 20 KB an hour
            func push(_ login: Login) async throws -> TestResponse {
                let operations = (0..<30).map { index in
                    laptop.operation(.entryIncremented(habit: habit.id, day: Self.day.adding(days: -index), by: 1), at: harness.clock.now)
                }
                return try await api.request(
                    .post, "/api/v1/sync", token: login.token,
                    json: try Self.body(SyncRequest(device: "cli-laptop", operations: operations)))
            }
            // Refused pushes (stamped an hour ahead of the server) cost nothing: 5 × ~6 KB would pass the budget
            for _ in 0..<5 {
                let ahead = (0..<30).map { index in
                    laptop.operation(
                        .entryIncremented(habit: habit.id, day: Self.day.adding(days: -index), by: 1), at: harness.clock.now + 3600)
                }
                let response = try await api.request(
                    .post, "/api/v1/sync", token: ana.token, json: try Self.body(SyncRequest(device: "cli-laptop", operations: ahead)))
                #expect(response.status == .unprocessableContent, "\(response.text)")
            }
            laptop = Device("cli-laptop")
            var accepted = 0
            var refused: TestResponse?
            for _ in 0..<10 {
                let response = try await push(ana)
                if response.status == .ok {
                    accepted += 1
                } else {
                    refused = response
                    break
                }
            }
            // Then the push past the budget is refused, nothing of it stored
            #expect(accepted >= 2 && accepted <= 3, "\(accepted)")
            let problem = try #require(refused).expectProblem(.tooManyRequests, code: "rate-limited")
            #expect(problem.detail.contains("changes sent in the last hour"), "\(problem.detail)")
            #expect(Int(try #require(refused).headers[.retryAfter] ?? "") ?? 0 > 0)
            // A pull goes on, another user pushes, and an hour later Ana pushes again
            #expect(try await Self.sync(api, ana, SyncRequest(device: "web-phone")).operations.count == 1 + 30 * accepted)
            #expect(try await push(bo).status != .tooManyRequests)
            harness.clock.advance(by: 3601)
            #expect(try await push(ana).status == .ok)
        }
    }

    @Test("An account's history comes in pages; an unknown cursor starts over with reset")
    func pagesAndReset() async throws {
        let harness = try ServerHarness(kind: .sqlite)
        try await harness.run { api in
            let ana = try await api.signUp("ana")
            var laptop = Device("cli-laptop")
            let habit = Habit(name: "Read", type: .count, target: 10, createdOn: Self.day)
            var operations = [laptop.operation(.habitCreated(habit: habit), at: harness.clock.now)]
            for index in 0..<(SyncRules.pageSize + 400) {
                operations.append(
                    laptop.operation(
                        .entryIncremented(habit: habit.id, day: Self.day.adding(days: -(index % 700)), by: 1), at: harness.clock.now))
            }
            for start in stride(from: 0, to: operations.count, by: SyncRules.maximumPush) {
                let batch = Array(operations[start..<min(start + SyncRules.maximumPush, operations.count)])
                #expect(try await Self.sync(api, ana, SyncRequest(device: "cli-laptop", operations: batch)).accepted == batch.count)
            }
            var cursor: String?
            var pulled: [ChangeOperation] = []
            var pages = 0
            repeat {
                let page = try await Self.sync(api, ana, SyncRequest(device: "web-phone", cursor: cursor))
                pulled += page.operations
                cursor = page.cursor
                pages += 1
                if !page.more { break }
            } while pages < 10
            #expect(pages == 2 && pulled.map(\.id) == operations.map(\.id))
            let unknown = try await Self.sync(api, ana, SyncRequest(device: "web-phone", cursor: "another-server.12"))
            #expect(unknown.reset && unknown.operations.count == SyncRules.pageSize && unknown.more)
            let ahead = try await Self.sync(
                api, ana,
                SyncRequest(
                    device: "web-phone",
                    cursor: cursor.map { SyncCursor($0)! }.map { SyncCursor(log: $0.log, position: $0.position + 5).description }))
            #expect(ahead.reset)
        }
    }

    @Test("Bad pushes are refused whole with a problem body; nothing is stored", arguments: StoreKind.allCases)
    func badInput(_ kind: StoreKind) async throws {
        let harness = try ServerHarness(kind: kind) { $0.openRegistration = true }
        try await harness.run { api in
            let ana = try await api.signUp("ana")
            let bob = try await api.signUp("bob")
            var phone = Device("web-phone")
            let habit = Habit(name: "Read", createdOn: Self.day)
            let bobs = phone.operation(.habitCreated(habit: habit), at: harness.clock.now)
            _ = try await Self.sync(api, bob, SyncRequest(device: "web-phone", operations: [bobs]))
            let before = try await api.export(ana)
            let good = phone.operation(.habitCreated(habit: Habit(name: "Walk", createdOn: Self.day)), at: harness.clock.now)
            var future = Device("web-fast")
            let skewed = future.operation(.entrySet(habit: habit.id, day: Self.day, value: 1), at: harness.clock.now + 600)
            var mismatched = good
            mismatched.id = UUID()
            mismatched.device = "someone-else"
            let invalidValue = phone.operation(.entrySet(habit: habit.id, day: Self.day, value: -3), at: harness.clock.now)
            let cases: [(String, HTTPResponse.Status, String)] = [
                ("skewed clock", .unprocessableContent, try Self.body(SyncRequest(device: "web-phone", operations: [good, skewed]))),
                ("another user's operation", .conflict, try Self.body(SyncRequest(device: "web-phone", operations: [good, bobs]))),
                (
                    "device mismatch", .unprocessableContent,
                    try Self.body(SyncRequest(device: "web-phone", operations: [good, mismatched]))
                ),
                (
                    "negative value", .unprocessableContent,
                    try Self.body(SyncRequest(device: "web-phone", operations: [good, invalidValue]))
                ),
                ("bad device id", .unprocessableContent, try Self.body(SyncRequest(device: "web phone!", operations: [good]))),
                (
                    "malformed change", .badRequest,
                    #"{"device":"web-phone","operations":[{"id":"\#(UUID())","device":"web-phone","timestamp":"0001749513600000-0000-web-phone","change":{"entryExploded":{}}}]}"#
                ),
                (
                    "malformed timestamp", .badRequest,
                    #"{"device":"web-phone","operations":[{"id":"\#(UUID())","device":"web-phone","timestamp":"yesterday","change":{"entryReset":{"habit":"\#(habit.id)","day":"2025-06-10"}}}]}"#
                ),
                ("bad cursor", .badRequest, try Self.body(SyncRequest(device: "web-phone", cursor: "no-position", operations: [good]))),
                ("no body", .badRequest, ""),
                (
                    "too many operations", .contentTooLarge,
                    try Self.body(
                        SyncRequest(
                            device: "web-phone",
                            operations: (0...SyncRules.maximumPush).map { _ in
                                phone.operation(.tipDismissed(tip: .addFirstHabit), at: harness.clock.now)
                            }))
                ),
            ]
            for (what, status, json) in cases {
                let response = try await api.request(.post, "/api/v1/sync", token: ana.token, json: json)
                let problem = try response.expectProblem(status)
                if what == "skewed clock" { #expect(problem.detail.contains("600 s in the server's future"), "\(problem.detail)") }
            }
            #expect(try await api.export(ana) == before, "nothing of a refused push was stored")
            #expect(
                try await api.request(.post, "/api/v1/sync", json: try Self.body(SyncRequest(device: "web-phone"))).status == .unauthorized)
        }
    }
}
