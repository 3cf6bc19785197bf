import Foundation
import TendCore
import TendDelivery
import TendReminders
import TendSQLite
import TendStore
import TendTestSupport
import Testing

@Suite("ReminderScheduler: plans, delivers once per channel, skips what is done, retries, repeats, takes over")
struct ReminderSchedulerTests {
    static let day = Fixtures.day("2026-11-24")
    /// 08:00 in Berlin (UTC+1 in November).
    static let eight = Fixtures.instant("2026-11-24T08:00:00+01:00")

    @Test("A due reminder reaches the webhook and the push service once each; the next day's is queued")
    func delivers() async throws {
        try await WebhookReceiverDouble.run { receiver in
            let clock = TestClock(Self.eight - 3600)
            try await PushServiceDouble.run(applicationServerKey: SchedulerHarness.vapid.keyPair.publicKey, now: { clock.now }) { push in
                try await SchedulerHarness.run(start: clock.now, clock: clock) { h in
                    let habit = try await h.habit("Read", at: 8, message: "Ten pages")
                    try await h.webhook(receiver)
                    try await h.subscribe(push)

                    let planned = try await h.pass(at: Self.eight - 60)
                    #expect(planned.planned == 1 && planned.claimed == 0)
                    #expect(try await h.store.plannedFirings(owner: h.owner.id).map(\.firesAt) == [Self.eight])

                    let pass = try await h.pass(at: Self.eight + 2)
                    #expect(pass.claimed == 1 && pass.delivered == 2)
                    let post = try #require(receiver.posts.first)
                    let payload = try JSONDecoder().decode(WebhookPayload.self, from: post.body)
                    #expect(payload.habit == "Read" && payload.message == "Ten pages" && payload.day == Self.day)
                    #expect(payload.firesAt == Self.eight)

                    let message = try #require(push.messages.first)
                    let shown = try JSONDecoder().decode(PushNotificationPayload.self, from: message.plaintext)
                    #expect(shown.kind == .reminder && shown.title == "📚 Read" && shown.body == "Ten pages")
                    #expect(shown.url == "/?date=2026-11-24#habit-\(habit.id)")
                    #expect(shown.tag == "reminder-\(habit.reminders[0].id)-2026-11-24")
                    let done = try #require(shown.actions?.done)
                    #expect(done.hasPrefix("/api/v1/reminders/actions/") && done.hasSuffix("/done"))

                    let log = try await h.store.deliveries(owner: h.owner.id, limit: 10)
                    #expect(log.map(\.status) == [.sent, .sent])
                    #expect(log.allSatisfy { $0.latencyMilliseconds == 2000 })
                    #expect(
                        try await h.store.plannedFirings(owner: h.owner.id).map(\.firesAt) == [Self.eight + 86_400])

                    // Nothing more today, however often the scheduler looks.
                    for minute in 1...5 { try await h.pass(at: Self.eight + Double(minute * 60)) }
                    #expect(receiver.posts.count == 1 && push.messages.count == 1)
                    #expect(h.recorder.all.contains(.delivered(channel: "webhook", lateness: 2)))
                }
            }
        }
    }

    @Test("A habit already done that day is not reminded; a firing over an hour late is missed; both are in the log")
    func skips() async throws {
        try await WebhookReceiverDouble.run { receiver in
            try await SchedulerHarness.run(start: Self.eight - 3600) { h in
                let done = try await h.habit("Read", at: 8)
                let late = try await h.habit("Walk", at: 8, 30)
                try await h.webhook(receiver)
                try await h.pass(at: Self.eight - 60)
                _ = try await h.store.check(owner: h.owner.id, habit: done.id, day: Self.day)

                // The server was down from 07:59 to 09:31: Walk's 08:30 is 61 minutes late.
                try await h.pass(at: Self.eight + 91 * 60)
                #expect(receiver.posts.isEmpty)
                let log = try await h.store.deliveries(owner: h.owner.id, limit: 10)
                #expect(Set(log.map(\.skipReason)) == [.habitDone, .missed])
                #expect(log.first { $0.skipReason == .missed }?.habit == late.id)
                // Each goes on with tomorrow.
                #expect(try await h.store.plannedFirings(owner: h.owner.id).count == 2)
            }
        }
    }

    @Test("A firing up to an hour late is delivered late")
    func late() async throws {
        try await WebhookReceiverDouble.run { receiver in
            try await SchedulerHarness.run(start: Self.eight - 3600) { h in
                try await h.habit("Read", at: 8)
                try await h.webhook(receiver)
                try await h.pass(at: Self.eight - 60)
                try await h.pass(at: Self.eight + 59 * 60)
                #expect(receiver.posts.count == 1)
                #expect(try await h.store.deliveries(owner: h.owner.id, limit: 1).first?.latencyMilliseconds == 59 * 60_000)
            }
        }
    }

    @Test("Until done: repeats every N minutes while the habit is not done, and stops once it is")
    func untilDone() async throws {
        try await WebhookReceiverDouble.run { receiver in
            try await SchedulerHarness.run(start: Self.eight - 3600) { h in
                let habit = try await h.habit("Read", at: 8, repeatEvery: 10, repeatLimit: 3)
                try await h.webhook(receiver)
                try await h.pass(at: Self.eight - 60)
                try await h.pass(at: Self.eight)
                try await h.pass(at: Self.eight + 600)
                #expect(receiver.posts.count == 2)
                _ = try await h.store.check(owner: h.owner.id, habit: habit.id, day: Self.day)
                try await h.pass(at: Self.eight + 1200)
                try await h.pass(at: Self.eight + 1800)
                #expect(receiver.posts.count == 2)
                let kinds = try await h.store.deliveries(owner: h.owner.id, limit: 10).map(\.kind)
                #expect(Set(kinds) == [.scheduled, .repeat(1), .repeat(2)])
            }
        }
    }

    @Test("A failed webhook is retried with backoff under the same Idempotency-Key; a gone push subscription is removed")
    func retriesAndGone() async throws {
        try await WebhookReceiverDouble.run { receiver in
            let clock = TestClock(Self.eight - 3600)
            try await PushServiceDouble.run(applicationServerKey: SchedulerHarness.vapid.keyPair.publicKey, now: { clock.now }) { push in
                try await SchedulerHarness.run(start: clock.now, clock: clock) { h in
                    try await h.habit("Read", at: 8)
                    try await h.webhook(receiver)
                    try await h.subscribe(push)
                    receiver.failNext(1, status: 503)
                    push.failNext(1, with: .gone)
                    try await h.pass(at: Self.eight - 60)
                    try await h.pass(at: Self.eight)
                    #expect(try await h.store.pushSubscriptions(owner: h.owner.id).isEmpty)
                    let failed = try #require(try await h.store.deliveries(owner: h.owner.id, limit: 10).first { $0.status == .failed })
                    // random() is 1 in the harness: the full first delay, 30 s.
                    #expect(failed.nextRetryAt == Self.eight + 30)

                    let early = try await h.pass(at: Self.eight + 29)
                    #expect(early.retried == 0)
                    let due = try await h.pass(at: Self.eight + 30)
                    #expect(due.retried == 1)
                    #expect(receiver.requestCount == 2 && receiver.posts.count == 1)
                    let keys = Set(receiver.posts.map { $0.headers["idempotency-key"] })
                    #expect(keys == [failed.id.rawValue.text()])
                    let log = try await h.store.deliveries(owner: h.owner.id, limit: 10)
                    #expect(Set(log.map(\.status)) == [.sent, .gone])
                    #expect(log.first { $0.status == .sent }?.attempts == 2)
                }
            }
        }
    }

    @Test("A firing whose claimant died mid-delivery is taken over after its lease and sent under the same delivery id")
    func takeOver() async throws {
        try await WebhookReceiverDouble.run { receiver in
            try await SchedulerHarness.run(start: Self.eight - 3600) { h in
                try await h.habit("Read", at: 8)
                let hook = try await h.webhook(receiver)
                try await h.pass(at: Self.eight - 60)
                // Another instance claims the firing, sends it (under the id derived from the
                // firing and target), and dies before recording anything.
                let dead = try #require(
                    try await h.store.claimDueFirings(now: Self.eight, limit: 10, claimant: "dead", lease: 60).first)
                let id = DeliveryIdentity.id(firing: dead.firing.id.rawValue, channel: "webhook", target: hook.id.rawValue)

                let held = try await h.pass(at: Self.eight + 30)
                #expect(held.claimed == 0 && receiver.posts.isEmpty)
                let taken = try await h.pass(at: Self.eight + 61)
                #expect(taken.claimed == 1 && taken.delivered == 1)
                #expect(receiver.posts.map { $0.headers["idempotency-key"] } == [id.text()])
                let log = try await h.store.deliveries(owner: h.owner.id, limit: 10)
                #expect(log.map(\.id.rawValue) == [id] && log.map(\.status) == [.sent])
            }
        }
    }

    @Test("Two passes of one instance: a firing whose lease ran out under one is finished once, by the pass that took it over")
    func passesClaimApart() async throws {
        try await WebhookReceiverDouble.run { receiver in
            try await SchedulerHarness.run(start: Self.eight - 3600) { h in
                try await h.habit("Read", at: 8)
                try await h.webhook(receiver)
                try await h.pass(at: Self.eight - 60)
                #expect(h.scheduler.claimant(ofPass: 0) != h.scheduler.claimant(ofPass: 1))

                // Pass 0 claims the firing and is stuck in its send past the lease.
                receiver.holdNext()
                h.clock.set(Self.eight)
                let stuck = Task { try await h.scheduler.runOnce(as: h.scheduler.claimant(ofPass: 0)) }
                let deadline = ContinuousClock.now + .seconds(20)
                while receiver.posts.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
                #expect(receiver.posts.count == 1)
                h.clock.set(Self.eight + 61)
                let takeover = try await h.scheduler.runOnce(as: h.scheduler.claimant(ofPass: 1))
                #expect(takeover.claimed == 1 && takeover.delivered == 1 && takeover.lost == 0)
                receiver.release()
                let late = try await stuck.value
                #expect(late.claimed == 1 && late.lost == 1)

                // Sent twice under one delivery id (the receiver drops the copy), recorded once,
                // and tomorrow's firing queued once.
                let keys = receiver.posts.map { $0.headers["idempotency-key"] }
                #expect(keys.count == 2 && Set(keys).count == 1)
                let log = try await h.store.deliveries(owner: h.owner.id, limit: 10)
                #expect(log.map(\.status) == [.sent])
                #expect(try await h.store.plannedFirings(owner: h.owner.id).map(\.firesAt) == [Self.eight + 86_400])
                for minute in 2...4 { try await h.pass(at: Self.eight + Double(minute * 60)) }
                #expect(receiver.posts.count == 2)
            }
        }
    }

    @Test("Changing a reminder's time re-plans it; disabling it removes its firing")
    func replans() async throws {
        try await SchedulerHarness.run(start: Self.eight - 3600) { h in
            var habit = try await h.habit("Read", at: 8)
            try await h.pass(at: Self.eight - 3000)
            habit.reminders[0].time = try TimeOfDay(hour: 9, minute: 15)
            habit = try await h.store.updateHabit(owner: h.owner.id, habit)
            let pass = try await h.pass(at: Self.eight - 2900)
            #expect(pass.planned == 1)
            #expect(
                try await h.store.plannedFirings(owner: h.owner.id).map(\.firesAt)
                    == [Fixtures.instant("2026-11-24T09:15:00+01:00")])
            habit.reminders[0].isEnabled = false
            _ = try await h.store.updateHabit(owner: h.owner.id, habit)
            try await h.pass(at: Self.eight - 2800)
            #expect(try await h.store.plannedFirings(owner: h.owner.id).isEmpty)
        }
    }

    @Test("Idle, the scheduler makes one pass a poll interval, sends nothing, and stops when cancelled")
    func idle() async throws {
        var configuration = ReminderScheduler.Configuration.forTests
        configuration.pollInterval = .milliseconds(100)
        try await SchedulerHarness.run(start: Self.eight, configuration: configuration) { h in
            try await h.habit("Read", at: 20)
            let started = ContinuousClock.now
            let running = Task { try await h.scheduler.run() }
            // At least three passes, however long a loaded machine takes to run them (a full
            // suite on two cores can hold a test back for tens of seconds).
            while h.recorder.all.filter({ $0 == .passed }).count < 3, ContinuousClock.now - started < .seconds(90) {
                try await Task.sleep(for: .milliseconds(50))
            }
            running.cancel()
            try await running.value
            let elapsed = ContinuousClock.now - started
            let passes = h.recorder.all.filter { $0 == .passed }.count
            // About ten a second: not a busy loop (hundreds), not stuck.
            #expect(passes >= 3, "\(passes) passes in \(elapsed)")
            #expect(Double(passes) <= 15 * max(1, Double(elapsed.components.seconds) + 1), "\(passes) passes in \(elapsed)")
            #expect(h.recorder.all.allSatisfy { $0 == .passed })
            #expect(try await h.store.plannedFirings(owner: h.owner.id).count == 1)
        }
    }

    @Test(
        "DST: a 02:30 reminder fires once on spring-forward and fall-back days, at the documented instant",
        arguments: [
            // New York springs forward 02:00 → 03:00: 02:30 does not exist, it rings at 03:00 EDT.
            ("America/New_York", "2026-03-08", "2026-03-08T03:00:00-04:00"),
            // New York falls back 02:00 EDT → 01:00 EST: 02:30 happens once, in EST.
            ("America/New_York", "2026-11-01", "2026-11-01T02:30:00-05:00"),
            // Berlin springs forward 02:00 → 03:00: rings at 03:00 CEST.
            ("Europe/Berlin", "2026-03-29", "2026-03-29T03:00:00+02:00"),
            // Berlin falls back 03:00 CEST → 02:00 CET: 02:30 happens twice; it rings at the first.
            ("Europe/Berlin", "2026-10-25", "2026-10-25T02:30:00+02:00"),
        ])
    func dst(zone: String, day: String, expected: String) async throws {
        let start = Fixtures.instant("\(day)T00:00:00Z") - 86_400
        try await WebhookReceiverDouble.run { receiver in
            try await SchedulerHarness.run(zone: zone, start: start) { h in
                try await h.habit("Sleep", at: 2, 30)
                try await h.webhook(receiver)
                // Every 5 minutes for three days around the change.
                var instant = start
                while instant < start + 3 * 86_400 {
                    try await h.pass(at: instant)
                    instant += 300
                }
                let payloads = try receiver.posts.map { try JSONDecoder().decode(WebhookPayload.self, from: $0.body) }
                let onDay = payloads.filter { $0.day == Fixtures.day(day) }
                #expect(onDay.count == 1)
                #expect(onDay.first?.firesAt == Fixtures.instant(expected))
                #expect(payloads.count == 3)
                #expect(Set(payloads.map(\.day)).count == 3)
            }
        }
    }
}
