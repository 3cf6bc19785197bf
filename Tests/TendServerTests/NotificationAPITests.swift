import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import TendAPI
import TendCore
import TendDelivery
import TendSQLite
import TendServer
import TendStore
import TendTestSupport
import Testing

/// Subscriptions as a browser makes them: its own P-256 key and auth secret.
enum PushFixture {
    static func subscription(_ endpoint: String, keys: PushSubscriptionKeys = WebPushReceiver().keys) -> String {
        #"{"endpoint":"\#(endpoint)","expirationTime":null,"keys":{"p256dh":"\#(keys.p256dh)","auth":"\#(keys.auth)"}}"#
    }

    static func subscription(_ endpoint: String, p256dh: String, auth: String) -> String {
        #"{"endpoint":"\#(endpoint)","keys":{"p256dh":"\#(p256dh)","auth":"\#(auth)"}}"#
    }
}

@Suite("Notification targets through the API: push key, push subscriptions, webhooks, delivery log")
struct NotificationAPITests {
    static let endpoint = "https://fcm.googleapis.com/fcm/send/abc123"

    @Test(
        "The push key is the VAPID public key kept in the store under vapid-private-key, the same on every call, only for a signed-in user")
    func pushKeyKeptInStore() async throws {
        let store = try SQLiteStore(inMemoryDevice: "memory")
        let app = buildApplication(
            ServerConfiguration(setupCode: APIClient.setupCode, bcryptCost: 4), store: store, logger: Logger(label: "test"))
        try await app.test(.router) { client in
            let api = APIClient(client: client)
            let ana = try await api.signUp("ana")
            let first = try await api.request(.get, "/api/v1/push/key", token: ana.token).object()["publicKey"] as? String
            let again = try await api.request(.get, "/api/v1/push/key", token: ana.token).object()["publicKey"] as? String
            let kept = try await store.serverSecret(named: "vapid-private-key") {
                Issue.record("not kept")
                return ""
            }
            #expect(first != nil && first == again)
            #expect(try VAPIDKeyPair(storedPrivateKey: kept).publicKey == first)
            #expect(Base64URL.decode(first ?? "")?.count == 65 && Base64URL.decode(first ?? "")?.first == 0x04)
            try await api.request(.get, "/api/v1/push/key").expectProblem(.unauthorized)
        }
    }

    @Test(
        "A browser's subscription is stored (201 without its keys), listed, updated in place when sent again, and revoked",
        arguments: StoreKind.allCases)
    func subscriptionLifecycle(kind: StoreKind) async throws {
        try await ServerHarness(kind: kind).run { api in
            let ana = try await api.signUp("ana")
            // Given a browser's PushSubscription.toJSON()
            let created = try await api.request(
                .post, "/api/v1/push/subscriptions", token: ana.token, json: PushFixture.subscription(Self.endpoint))
            // Then it is stored, and the answer never holds its keys
            #expect(created.status == .created, "\(created.text)")
            let object = try created.object()
            #expect(Set(object.keys) == ["id", "endpoint", "createdAt"])
            #expect(object["endpoint"] as? String == Self.endpoint)
            let id = try #require(object["id"] as? String)
            let listed = try await api.request(.get, "/api/v1/push/subscriptions", token: ana.token).array()
            #expect(listed.compactMap { ($0 as? [String: Any])?["id"] as? String } == [id])

            // When the same endpoint subscribes again with new keys, it is the same subscription
            let again = try await api.request(
                .post, "/api/v1/push/subscriptions", token: ana.token, json: PushFixture.subscription(Self.endpoint))
            #expect(try again.object()["id"] as? String == id)
            #expect(try await api.request(.get, "/api/v1/push/subscriptions", token: ana.token).array().count == 1)

            // When it is revoked, it is gone, and a second revoke is 404
            #expect(try await api.request(.delete, "/api/v1/push/subscriptions/\(id)", token: ana.token).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/push/subscriptions", token: ana.token).array().isEmpty)
            try await api.request(.delete, "/api/v1/push/subscriptions/\(id)", token: ana.token).expectProblem(.notFound)
        }
    }

    static let goodKeys = WebPushReceiver().keys
    /// A 65-byte uncompressed point that is not on P-256.
    static let offCurve = Base64URL.encode(Data([0x04] + [UInt8](repeating: 1, count: 64)))

    @Test(
        "A subscription that cannot be sent to is refused with a problem, and nothing is stored",
        arguments: [
            (PushFixture.subscription("http://push.example.com/x", keys: goodKeys), 422, "http://"),
            (PushFixture.subscription("https://localhost/x", keys: goodKeys), 422, "local host"),
            (PushFixture.subscription("https://127.0.0.1/x", keys: goodKeys), 422, "loopback"),
            (PushFixture.subscription("https://10.1.2.3/x", keys: goodKeys), 422, "private"),
            (PushFixture.subscription("https://user:pw@push.example.com/x", keys: goodKeys), 422, "user name"),
            (PushFixture.subscription("/just/a/path", keys: goodKeys), 422, "absolute"),
            (PushFixture.subscription(endpoint, p256dh: "not base64!", auth: goodKeys.auth), 422, "P-256"),
            (PushFixture.subscription(endpoint, p256dh: String(goodKeys.p256dh.dropLast(2)), auth: goodKeys.auth), 422, "P-256"),
            (PushFixture.subscription(endpoint, p256dh: offCurve, auth: goodKeys.auth), 422, "on the curve"),
            (PushFixture.subscription(endpoint, p256dh: goodKeys.p256dh, auth: Base64URL.encode(Data(count: 15))), 422, "16-byte"),
            (#"{"endpoint":"\#(endpoint)"}"#, 400, "keys"),
            (#"{"endpoint":"\#(endpoint)","keys":{"p256dh":1,"auth":"x"}}"#, 400, "p256dh"),
        ])
    func badSubscriptions(body: String, status: Int, detail: String) async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let response = try await api.request(.post, "/api/v1/push/subscriptions", token: ana.token, json: body)
            let problem = try response.expectProblem(HTTPResponse.Status(code: status))
            #expect(problem.detail.contains(detail), "\(problem.detail)")
            #expect(try await api.request(.get, "/api/v1/push/subscriptions", token: ana.token).array().isEmpty)
        }
    }

    @Test("With private targets allowed, a loopback endpoint over plain http is accepted (a self-hosted push relay, the tests' doubles)")
    func privateTargetsAllowed() async throws {
        try await ServerHarness { $0.allowPrivateTargets = true }.run { api in
            let ana = try await api.signUp("ana")
            let response = try await api.request(
                .post, "/api/v1/push/subscriptions", token: ana.token, json: PushFixture.subscription("http://127.0.0.1:9999/push/1"))
            #expect(response.status == .created, "\(response.text)")
            let hook = try await api.request(
                .post, "/api/v1/webhooks", token: ana.token, json: #"{"url":"http://localhost:8090/tend","format":"ntfy"}"#)
            #expect(hook.status == .created, "\(hook.text)")
        }
    }

    @Test("A webhook is stored with its format; its access token is kept but never answered", arguments: StoreKind.allCases)
    func webhookLifecycle(kind: StoreKind) async throws {
        try await ServerHarness(kind: kind).run { api in
            let ana = try await api.signUp("ana")
            let json = try await api.request(
                .post, "/api/v1/webhooks", token: ana.token, json: #"{"url":"https://hooks.example.com/tend","format":"json"}"#)
            #expect(json.status == .created, "\(json.text)")
            #expect(try json.object()["hasAccessToken"] as? Bool == false)
            let ntfy = try await api.request(
                .post, "/api/v1/webhooks", token: ana.token,
                json: #"{"url":"https://ntfy.example.com/habits","format":"ntfy","accessToken":"tk_secret123"}"#)
            #expect(ntfy.status == .created, "\(ntfy.text)")
            let object = try ntfy.object()
            #expect(Set(object.keys) == ["id", "url", "format", "hasAccessToken", "createdAt"])
            #expect(object["format"] as? String == "ntfy" && object["hasAccessToken"] as? Bool == true)
            let list = try await api.request(.get, "/api/v1/webhooks", token: ana.token)
            #expect(try list.array().count == 2)
            #expect(!list.text.contains("tk_secret123") && !ntfy.text.contains("tk_secret123"))

            let id = try #require(object["id"] as? String)
            #expect(try await api.request(.delete, "/api/v1/webhooks/\(id)", token: ana.token).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/webhooks", token: ana.token).array().count == 1)
            try await api.request(.delete, "/api/v1/webhooks/\(id)", token: ana.token).expectProblem(.notFound)
            try await api.request(.delete, "/api/v1/webhooks/not-an-id", token: ana.token).expectProblem(.notFound)
        }
    }

    @Test(
        "A webhook that cannot be sent to is refused with a problem, and nothing is stored",
        arguments: [
            (#"{"url":"http://hooks.example.com/x","format":"json"}"#, 422, "https://"),
            (#"{"url":"https://printer.local/x","format":"json"}"#, 422, "local host"),
            (#"{"url":"https://169.254.169.254/latest","format":"json"}"#, 422, "link-local"),
            (#"{"url":"https://[::1]/x","format":"ntfy"}"#, 422, "loopback"),
            (#"{"url":"https://hooks.example.com/x","format":"xml"}"#, 422, "json (Tend's) or ntfy"),
            (#"{"url":"https://hooks.example.com/x","format":"json","accessToken":"two words"}"#, 422, "access token"),
            (#"{"url":"not a url","format":"json"}"#, 422, "absolute URL"),
            (#"{"format":"json"}"#, 400, "url"),
        ])
    func badWebhooks(body: String, status: Int, detail: String) async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let response = try await api.request(.post, "/api/v1/webhooks", token: ana.token, json: body)
            let problem = try response.expectProblem(HTTPResponse.Status(code: status))
            #expect(problem.detail.contains(detail), "\(problem.detail)")
            #expect(try await api.request(.get, "/api/v1/webhooks", token: ana.token).array().isEmpty)
        }
    }

    @Test("The 11th webhook is refused with a problem that says the limit; test sends are 5 a minute per user (429)")
    func targetAndTestLimits() async throws {
        try await ServerHarness { $0.openRegistration = true }.run { api in
            let ana = try await api.signUp("ana")
            for n in 0..<10 {
                let hook = try await api.request(
                    .post, "/api/v1/webhooks", token: ana.token, json: #"{"url":"https://hooks.example.com/\#(n)","format":"json"}"#)
                #expect(hook.status == .created, "\(hook.text)")
            }
            let eleventh = try await api.request(
                .post, "/api/v1/webhooks", token: ana.token, json: #"{"url":"https://hooks.example.com/x","format":"json"}"#)
            let problem = try eleventh.expectProblem(.unprocessableContent)
            #expect(problem.detail.contains("at most 10 webhooks"), "\(problem.detail)")
            #expect(try await api.request(.get, "/api/v1/webhooks", token: ana.token).array().count == 10)

            // Five test sends pass (Bo has no targets: nothing leaves the machine); the sixth within
            // the minute is 429 with Retry-After, for Bo only
            let bo = try await api.signUp("bo")
            for _ in 0..<5 {
                let sent = try await api.request(.post, "/api/v1/notifications/test", token: bo.token)
                #expect(sent.status == .ok, "\(sent.text)")
            }
            let sixth = try await api.request(.post, "/api/v1/notifications/test", token: bo.token)
            let limited = try sixth.expectProblem(.tooManyRequests)
            #expect(limited.detail.contains("test notifications"), "\(limited.detail)")
            #expect(Int(sixth.headers[.retryAfter] ?? "") ?? 0 > 0)
            let cy = try await api.signUp("cy")
            #expect(try await api.request(.post, "/api/v1/notifications/test", token: cy.token).status == .ok)
        }
    }

    @Test("User B neither sees nor deletes A's subscription or webhook (404), and A keeps them")
    func ownerScoping() async throws {
        try await ServerHarness { $0.openRegistration = true }.run { api in
            let ana = try await api.signUp("ana")
            let bo = try await api.signUp("bo")
            let push =
                try await api.request(
                    .post, "/api/v1/push/subscriptions", token: ana.token, json: PushFixture.subscription(Self.endpoint)
                ).object()["id"] as? String ?? ""
            let hook =
                try await api.request(
                    .post, "/api/v1/webhooks", token: ana.token, json: #"{"url":"https://hooks.example.com/a","format":"json"}"#
                ).object()["id"] as? String ?? ""

            #expect(try await api.request(.get, "/api/v1/push/subscriptions", token: bo.token).array().isEmpty)
            #expect(try await api.request(.get, "/api/v1/webhooks", token: bo.token).array().isEmpty)
            try await api.request(.delete, "/api/v1/push/subscriptions/\(push)", token: bo.token).expectProblem(.notFound)
            try await api.request(.delete, "/api/v1/webhooks/\(hook)", token: bo.token).expectProblem(.notFound)
            #expect(try await api.request(.get, "/api/v1/push/subscriptions", token: ana.token).array().count == 1)
            #expect(try await api.request(.get, "/api/v1/webhooks", token: ana.token).array().count == 1)
        }
    }

    @Test("The delivery log answers each delivery and skipped firing with the habit's name; limit is 1 to 500")
    func deliveryLog() async throws {
        let store = try SQLiteStore(inMemoryDevice: "memory")
        let t0 = Date(timeIntervalSince1970: 1_750_000_000)
        let app = buildApplication(
            ServerConfiguration(setupCode: APIClient.setupCode, bcryptCost: 4, now: { t0 }), store: store, logger: Logger(label: "test"))
        try await app.test(.router) { client in
            let api = APIClient(client: client)
            let ana = try await api.signUp("ana")
            let owner = User.ID(rawValue: try #require(UUID(uuidString: ana.id)))
            // Given a habit with a reminder, a push subscription, one firing delivered and one skipped
            let habitID = try await api.createHabit(ana, #"{"name":"Run","emoji":"🏃","reminders":[{"time":"07:00"}]}"#)
            let habit = try await store.habit(owner: owner, id: Habit.ID(rawValue: try #require(UUID(uuidString: habitID))))
            let reminder = try #require(habit.reminders.first)
            let subscription = try await store.addPushSubscription(
                owner: owner, endpoint: Self.endpoint, p256dh: Self.goodKeys.p256dh, auth: Self.goodKeys.auth, now: t0)
            let sent = ReminderFiring(
                habit: habit.id, reminder: reminder.id, day: try Day(year: 2025, month: 6, day: 15), firesAt: t0 - 60, kind: .scheduled)
            let skipped = ReminderFiring(
                habit: habit.id, reminder: reminder.id, day: try Day(year: 2025, month: 6, day: 14), firesAt: t0 - 86_400, kind: .repeat(2))
            try await store.replacePlannedFirings(owner: owner, habit: habit.id, [sent, skipped])
            _ = try await store.claimDueFirings(now: t0, limit: 10, claimant: "A", lease: 60)
            try await store.finishFiring(
                owner: owner, sent.id, claimant: "A",
                deliveries: [
                    SentDelivery(id: DeliveryLogEntry.ID(), target: .push(subscription.id), result: .sent(latencyMilliseconds: 420))
                ],
                skipped: nil, next: [], now: t0)
            try await store.finishFiring(
                owner: owner, skipped.id, claimant: "A", deliveries: [], skipped: .habitDone, next: [], now: t0)

            // When the log is read
            let response = try await api.request(.get, "/api/v1/reminders/deliveries", token: ana.token)
            #expect(response.status == .ok, "\(response.text)")
            let lines = try response.array().compactMap { $0 as? [String: Any] }
            #expect(lines.count == 2)
            let delivered = try #require(lines.first { $0["status"] as? String == "sent" })
            #expect(delivered["habit"] as? String == "Run" && delivered["channel"] as? String == "push")
            #expect(delivered["targetId"] as? String == subscription.id.description)
            #expect(delivered["latencyMilliseconds"] as? Int == 420 && delivered["day"] as? String == "2025-06-15")
            let skip = try #require(lines.first { $0["status"] as? String == "skipped" })
            #expect(skip["skipReason"] as? String == "habitDone" && skip["kind"] as? String == "repeat")
            #expect(skip["repeatNumber"] as? Int == 2 && skip["channel"] is NSNull)

            #expect(try await api.request(.get, "/api/v1/reminders/deliveries?limit=1", token: ana.token).array().count == 1)
            try await api.request(.get, "/api/v1/reminders/deliveries?limit=0", token: ana.token).expectProblem(.badRequest)
            try await api.request(.get, "/api/v1/reminders/deliveries?limit=501", token: ana.token).expectProblem(.badRequest)
            try await api.request(.get, "/api/v1/reminders/deliveries").expectProblem(.unauthorized)
        }
    }

    @Test("\"Until done\" and snooze minutes go through the API and are checked by TendCore's ranges")
    func untilDoneAndSnooze() async throws {
        try await ServerHarness().run { api in
            let ana = try await api.signUp("ana")
            let habit = try await api.createHabit(ana, #"{"name":"Water"}"#)
            let created = try await api.request(
                .post, "/api/v1/habits/\(habit)/reminders", token: ana.token,
                json: #"{"time":"09:00","repeatEveryMinutes":15,"repeatLimit":3}"#)
            #expect(created.status == .created, "\(created.text)")
            #expect(try created.object()["repeatEveryMinutes"] as? Int == 15 && created.object()["repeatLimit"] as? Int == 3)
            for bad in [
                #"{"time":"09:00","repeatEveryMinutes":15}"#, #"{"time":"09:00","repeatEveryMinutes":4,"repeatLimit":3}"#,
                #"{"time":"09:00","repeatEveryMinutes":15,"repeatLimit":13}"#,
            ] {
                try await api.request(.post, "/api/v1/habits/\(habit)/reminders", token: ana.token, json: bad)
                    .expectProblem(.unprocessableContent)
            }
            #expect(try await api.request(.get, "/api/v1/habits/\(habit)/reminders", token: ana.token).array().count == 1)

            #expect(try await api.request(.get, "/api/v1/settings", token: ana.token).object()["snoozeMinutes"] as? Int == 10)
            let updated = try await api.request(.put, "/api/v1/settings", token: ana.token, json: #"{"snoozeMinutes":25}"#)
            #expect(try updated.object()["snoozeMinutes"] as? Int == 25)
            try await api.request(.put, "/api/v1/settings", token: ana.token, json: #"{"snoozeMinutes":0}"#)
                .expectProblem(.unprocessableContent)
            try await api.request(.put, "/api/v1/settings", token: ana.token, json: #"{"snoozeMinutes":241}"#)
                .expectProblem(.unprocessableContent)
            #expect(try await api.request(.get, "/api/v1/settings", token: ana.token).object()["snoozeMinutes"] as? Int == 25)
        }
    }
}
