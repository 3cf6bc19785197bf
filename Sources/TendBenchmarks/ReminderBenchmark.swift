import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import TendCore
import TendDelivery
import TendPostgres
import TendReminders
import TendSQLite
import TendStore

/// `TendBenchmarks reminders-sqlite|reminders-postgres [users]`: 10,000 users × 3 reminders due
/// in the same minute, delivered by the scheduler to a webhook receiver on loopback
/// (``BareWebhookReceiver``; `TEND_BENCH_RECEIVER=hummingbird` for a Hummingbird router). Reports
/// the time from the minute's start to the last delivery and the p99 lateness (docs/performance.md).
enum ReminderBenchmark {
    /// 2026-11-25 09:00 UTC: every reminder's instant.
    static let minute = Date(timeIntervalSince1970: 1_795_597_200)
    static let remindersPerUser = 3

    static func run(_ mode: String, users: Int) async throws {
        switch mode {
        case "reminders-sqlite":
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tend-reminder-bench-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try SQLiteStore(path: directory.appendingPathComponent("tend.sqlite").path, device: "bench")
            // As in `tend serve`: the checkpointer copies the log beside the writer.
            let services = store.services.map { service in Task { try await service.run() } }
            defer { services.forEach { $0.cancel() } }
            try await measure(store, name: "SQLite", users: users)
        case "reminders-postgres":
            guard let url = ProcessInfo.processInfo.environment["TEND_TEST_POSTGRES_URL"] else {
                FileHandle.standardError.write(Data("reminders-postgres needs TEND_TEST_POSTGRES_URL (scripts/with-postgres)\n".utf8))
                exit(64)
            }
            let store = try await PostgresStore.connect(url: url, device: "bench", maximumConnections: 20)
            try await measure(store, name: "PostgreSQL", users: users)
            await store.close()
        default:
            fatalError("unknown mode \(mode)")
        }
    }

    /// The virtual clock: fixed while the data is made, then the minute's start plus real time elapsed.
    final class Clock: Sendable {
        private let state = Mutex<(fixed: Date?, start: ContinuousClock.Instant)>((nil, .now))
        func fix(_ date: Date) { state.withLock { $0.fixed = date } }
        func run(from date: Date) { state.withLock { $0 = (nil, .now) } }
        var now: Date {
            state.withLock { state in
                if let fixed = state.fixed { return fixed }
                let elapsed = ContinuousClock.now - state.start
                return ReminderBenchmark.minute + Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
        }
    }

    /// Arrival times of the webhook's posts, as lateness after the minute.
    final class Receiver: Sendable {
        let arrivals = Mutex<[Double]>([])
    }

    final class Counter: Sendable {
        let count = Mutex(0)
    }

    static func measure(_ store: any TendStore & ReminderStore, name: String, users: Int) async throws {
        let receiver = Receiver()
        let clock = Clock()
        clock.fix(minute - 1800)
        let record: @Sendable () -> Void = {
            let lateness = clock.now.timeIntervalSince(minute)
            receiver.arrivals.withLock { $0.append(lateness) }
        }
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        let port: Int
        let stop: @Sendable () -> Void
        if ProcessInfo.processInfo.environment["TEND_BENCH_RECEIVER"] == "hummingbird" {
            let router = Router()
            router.post("/hook/{user}") { _, _ -> HTTPResponse.Status in
                record()
                return .ok
            }
            let bound = Mutex(0)
            let ready = AsyncStream<Void>.makeStream()
            let server = Task { [logger] in
                try await Application(
                    router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                    onServerRunning: { channel in
                        bound.withLock { $0 = channel.localAddress?.port ?? 0 }
                        ready.continuation.yield()
                    }, logger: logger
                ).runService()
            }
            for await _ in ready.stream { break }
            port = bound.withLock { $0 }
            stop = { server.cancel() }
        } else {
            let channel = try await BareWebhookReceiver.start(arrived: record)
            port = channel.localAddress?.port ?? 0
            stop = { channel.close(promise: nil) }
        }
        let base = "http://127.0.0.1:\(port)"

        // The data: users in UTC, each with three habits reminded at 09:00 and a webhook.
        let setupStart = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for chunk in stride(from: 0, to: users, by: max(1, users / 16)) {
                group.addTask {
                    for u in chunk..<min(users, chunk + max(1, users / 16)) {
                        let user = try await store.createUser(username: "u\(u)", settings: UserSettings(timeZone: "UTC"))
                        _ = try await store.addWebhook(
                            owner: user.id,
                            url: ProcessInfo.processInfo.environment["TEND_BENCH_REFUSE"] != nil
                                ? "ftp://refused.example/" : "\(base)/hook/\(u)", format: .json, accessToken: nil, now: minute - 3600)
                        for h in 0..<remindersPerUser {
                            _ = try await store.createHabit(
                                owner: user.id,
                                Habit(
                                    name: "Habit \(h)", reminders: [Reminder(time: try TimeOfDay(hour: 9))],
                                    createdOn: Day(ordinal: 20_000)))
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let deliverer = ReminderDeliverer(
            push: WebPushSender(
                client: .reminders, vapid: VAPIDSigner(keyPair: VAPIDKeyPair(), subject: try VAPIDSubject("mailto:bench@tend.example.com")),
                policy: DeliveryTargetPolicy(allowPrivateTargets: true), logger: logger),
            webhook: WebhookSender(client: .reminders, policy: DeliveryTargetPolicy(allowPrivateTargets: true), logger: logger),
            actionSecret: ActionTokenSecret(), publicURL: URL(string: "https://tend.example.com")!,
            dayPath: { _, day in "/?date=\(day.iso)" })
        let scheduler = ReminderScheduler(store: store, deliverer: deliverer, claimant: "bench", now: { clock.now }, logger: logger)
        // Planning happens before the minute, as it would in a running server.
        while try await scheduler.runOnce().planned > 0 {}
        // A running server's tables have the statistics autovacuum gathers; these are minutes old.
        if let postgres = store as? PostgresStore { try await postgres.analyze() }
        let setup = ContinuousClock.now - setupStart
        let total = users * remindersPerUser

        FileHandle.standardError.write(Data("set up in \(setup); delivering\n".utf8))
        clock.run(from: minute)
        let started = ContinuousClock.now
        // As `ReminderScheduler.run()` does: several passes at once.
        let passes = Counter()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<ReminderScheduler.Configuration().passesAtOnce {
                group.addTask {
                    while receiver.arrivals.withLock({ $0.count }) < total {
                        guard let pass = try? await scheduler.runOnce(as: scheduler.claimant(ofPass: index)) else { break }
                        passes.count.withLock { $0 += 1 }
                        if pass.claimed == 0 {
                            if ProcessInfo.processInfo.environment["TEND_BENCH_REFUSE"] != nil {
                                print("refused mode: all claimed and finished after \(ContinuousClock.now - started)")
                                break
                            }
                            try? await Task.sleep(for: .milliseconds(20))
                        }
                        if ContinuousClock.now - started > .seconds(600) { break }
                    }
                }
            }
        }
        let arrivals = receiver.arrivals.withLock { $0 }.sorted()
        stop()
        guard let last = arrivals.last else {
            print("\(name): nothing delivered")
            return
        }
        let p50 = arrivals[arrivals.count / 2]
        let p99 = arrivals[min(arrivals.count - 1, Int(Double(arrivals.count) * 0.99))]
        print(
            "\(name): \(users) users × \(remindersPerUser) reminders due at one minute: \(arrivals.count)/\(total) delivered; "
                + String(
                    format: "last at %.2f s, lateness p50 %.2f s, p99 %.2f s; %d passes; setup %@", last, p50, p99,
                    passes.count.withLock { $0 }, "\(setup)")
        )
    }
}
