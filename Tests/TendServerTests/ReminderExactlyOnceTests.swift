import Foundation
import TendCore
import TendDelivery
import TendPostgres
import TendStore
import TendTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The exactly-once claim of reminder delivery, proven with real processes: two `tend serve`
/// instances on one PostgreSQL database, one SIGKILLed while it delivers.
@Suite("Reminders are delivered exactly once across instances and a SIGKILL")
struct ReminderExactlyOnceTests {
    static let users = 20
    static let habitsPerUser = 10

    @Test("Two instances, 200 reminders due in the same minute, one killed mid-delivery: each firing reaches its webhook once")
    func twoInstancesOneKilled() async throws {
        try await PostgresTestDatabase.withDatabaseURL { url in
            // Slow answers, so that the kill lands while deliveries are in flight.
            try await WebhookReceiverDouble.run(maximumRequests: 2000, timeout: .seconds(240), delay: .milliseconds(500)) { receiver in
                let store = try await PostgresStore.connect(url: url, device: "test", maximumConnections: 4, timeout: .seconds(90))
                let due = Date() - 5
                var firings: [ReminderFiring.ID] = []
                for u in 0..<Self.users {
                    let user = try await store.createUser(username: "user\(u)", settings: UserSettings(timeZone: "America/New_York"))
                    _ = try await store.addWebhook(
                        owner: user.id, url: receiver.url("/u\(u)").absoluteString, format: .json, accessToken: nil, now: Date())
                    // The reminder's own time is two hours ago: planning queues tomorrow's, not another today.
                    let time = user.settings.calendar.calendar.dateComponents([.hour, .minute], from: due - 7200)
                    for h in 0..<Self.habitsPerUser {
                        let habit = try await store.createHabit(
                            owner: user.id,
                            Habit(
                                name: "Habit \(h)", reminders: [Reminder(time: try TimeOfDay(hour: time.hour!, minute: time.minute!))],
                                createdOn: Fixtures.day("2025-01-01")))
                        // The firing due now, as the scheduler would have queued it yesterday.
                        let firing = ReminderFiring(
                            habit: habit.id, reminder: habit.reminders[0].id,
                            day: ReminderPlanner(settings: user.settings).day(of: due), firesAt: due, kind: .scheduled)
                        try await store.replacePlannedFirings(owner: user.id, habit: habit.id, [firing])
                        firings.append(firing.id)
                    }
                }

                let environment = ["TEND_LOG_LEVEL": "error", "TEND_REMINDER_LEASE": "5"]
                let arguments = ["--database", url, "--allow-private-targets"]
                // The first instance claims the due firings; the second starts while it delivers,
                // finds them all held, and is there when the first dies.
                let first = try ServeProcessTests.Server(arguments: arguments, environment: environment)
                _ = try await first.waitUntilListening()
                let started = ContinuousClock.now
                while receiver.requestCount < 5, ContinuousClock.now - started < .seconds(60) {
                    try await Task.sleep(for: .milliseconds(5))
                }
                let second = try ServeProcessTests.Server(arguments: arguments, environment: environment)
                _ = try await second.waitUntilListening()
                while receiver.requestCount < 20, ContinuousClock.now - started < .seconds(60) {
                    try await Task.sleep(for: .milliseconds(5))
                }
                first.process.send(SIGKILL)
                _ = await first.process.exit()
                let atKill = receiver.requestCount
                #expect(atKill >= 20 && atKill < Self.users * Self.habitsPerUser, "the kill must land mid-delivery (\(atKill) posts)")

                // The second instance takes the dead one's claims over when their lease ends.
                var delivered = 0
                while ContinuousClock.now - started < .seconds(120) {
                    let keys = Set(receiver.posts.compactMap { $0.headers["idempotency-key"] })
                    delivered = keys.count
                    if delivered >= firings.count { break }
                    try await Task.sleep(for: .milliseconds(100))
                }
                try await Task.sleep(for: .seconds(1))
                _ = await second.terminate()

                let posts = receiver.posts
                let payloads = try posts.map { try JSONDecoder().decode(WebhookPayload.self, from: $0.body) }
                let keys = posts.compactMap { $0.headers["idempotency-key"] }
                #expect(Set(keys).count == firings.count, "distinct deliveries")
                #expect(Set(payloads.map { "\($0.habitId)" }).count == firings.count, "every habit's firing arrived")
                // A resend (the killed instance may have sent before it could record) carries the
                // same key: the receiver drops it. Without the kill there would be none; with it, at
                // most what was in flight (64 firings at once) and not yet recorded (four batches of 16).
                let resends = posts.count - Set(keys).count
                #expect(resends <= 64 + 4 * 16, "resends are bounded by what was in flight: \(resends)")

                // The store agrees: every firing finished with one sent delivery.
                var sent = 0
                for u in 0..<Self.users {
                    let user = try #require(try await store.user(named: "user\(u)"))
                    let log = try await store.deliveries(owner: user.id, limit: 100)
                    #expect(log.allSatisfy { $0.status == .sent }, "\(log.map(\.status))")
                    sent += log.count
                    #expect(try await store.plannedFirings(owner: user.id).allSatisfy { $0.firesAt > due })
                }
                #expect(sent == firings.count)
                await store.close()
            }
        }
    }
}
