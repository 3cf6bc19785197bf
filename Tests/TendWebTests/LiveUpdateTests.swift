import Foundation
import Synchronization
import TendCore
import TendHTTP
import TendPostgres
import TendSQLite
import TendStore
import TendTestSupport
import Testing

@testable import TendWeb

/// Live updates: a change reaches the user's open pages within a second, from this instance or
/// any other on the same database, and never another user's.
@Suite("Live updates")
struct LiveUpdateTests {
    /// The first value of `stream` within `timeout`, or nil.
    static func next(_ stream: AsyncStream<Int64>, within timeout: Duration) async -> Int64? {
        await withTaskGroup(of: Int64?.self) { group in
            group.addTask {
                var iterator = stream.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    static func users(_ store: any TendStore) async throws -> (User, User) {
        (
            try await store.createUser(username: "ana", settings: UserSettings()),
            try await store.createUser(username: "ben", settings: UserSettings())
        )
    }

    @Test("A change on this instance arrives at once (woken, not polled); another user's never")
    func localChange() async throws {
        let store = try SQLiteStore(inMemoryDevice: "memory")
        let (ana, ben) = try await Self.users(store)
        let changes = ChangeNotifier()
        // A poll interval far beyond the test: only the wake-up can deliver in time.
        let live = LiveUpdates(store: store, changes: changes, pollInterval: .seconds(60))
        let anaStream = try await live.subscribe(ana.id)
        let benStream = try await live.subscribe(ben.id)
        try await Task.sleep(for: .milliseconds(50))
        _ = try await store.createHabit(owner: ana.id, Habit(name: "Read", createdOn: try Day(iso: "2025-06-01")))
        changes.changed(ana.id)
        // Far sooner than the next poll: it was the wake-up.
        let sequence = await Self.next(anaStream, within: .seconds(30))
        #expect(sequence == (try await store.latestOperationSequence(owner: ana.id)))
        #expect(await Self.next(benStream, within: .milliseconds(300)) == nil)
    }

    /// Polled every 400 ms, a change arrives within a second on an idle machine; the tests allow
    /// more, as a loaded test machine may be slow (timing is not what they pin).
    @Test("A change made elsewhere (another instance, the CLI's sync) is polled from the op log")
    func polledChange() async throws {
        let store = try SQLiteStore(inMemoryDevice: "memory")
        let (ana, ben) = try await Self.users(store)
        let live = LiveUpdates(store: store, changes: ChangeNotifier())
        let anaStream = try await live.subscribe(ana.id)
        let benStream = try await live.subscribe(ben.id)
        try await Task.sleep(for: .milliseconds(50))
        // A CLI's operations merged by sync (another instance's request, say).
        let pushed = ChangeOperation(
            device: "cli-0a1b2c3d", timestamp: HybridTimestamp(milliseconds: 1_750_000_000_000, counter: 0, device: "cli-0a1b2c3d"),
            change: .habitCreated(habit: Habit(name: "Read", createdOn: try Day(iso: "2025-06-01"))))
        _ = try await store.receive(owner: ana.id, [pushed], from: "cli-0a1b2c3d")
        #expect(await Self.next(anaStream, within: .seconds(30)) != nil)
        #expect(await Self.next(benStream, within: .milliseconds(600)) == nil)
    }

    @Test("A watcher polls on its interval: a change costs one poll, idle time one per interval, never a loop")
    func pollsAreCounted() async throws {
        let store = try SQLiteStore(inMemoryDevice: "memory")
        let (ana, _) = try await Self.users(store)
        let changes = ChangeNotifier()
        let live = LiveUpdates(store: store, changes: changes, pollInterval: .milliseconds(200))
        let stream = try await live.subscribe(ana.id)
        _ = try await store.createHabit(owner: ana.id, Habit(name: "Read", createdOn: try Day(iso: "2025-06-01")))
        changes.changed(ana.id)
        #expect(await Self.next(stream, within: .seconds(30)) != nil)
        // The wake-up's poll is done; now 1 s of quiet allows 5 polls (the old wake signal, left
        // pending by its cancelled timer, polled in a tight loop from here on). Fewer is fine: a
        // loaded test machine may run the timer late (polledChange shows polls happen).
        let before = live.polls
        try await Task.sleep(for: .seconds(1))
        let idle = live.polls - before
        #expect(idle <= 8, "\(idle) polls in 1 s at 200 ms")
        // A burst of 100 wake-ups is coalesced into a few polls (a poll that finishes while the
        // burst is still arriving starts another, so a busy machine sees a few more than one; a
        // loop or a poll per wake-up would be dozens).
        let beforeBurst = live.polls
        for _ in 0..<100 { changes.changed(ana.id) }
        try await Task.sleep(for: .milliseconds(100))
        let burst = live.polls - beforeBurst
        #expect(burst <= 10, "\(burst) polls for 100 wake-ups")
        _ = consume stream
    }

    @Test("One poll reads every watched user's position: 30 users cost one read an interval, and each hears of their own change")
    func sharedPoll() async throws {
        let store = try SQLiteStore(inMemoryDevice: "memory")
        var users: [User] = []
        for index in 0..<30 { users.append(try await store.createUser(username: "user\(index)", settings: UserSettings())) }
        let live = LiveUpdates(store: store, changes: ChangeNotifier(), pollInterval: .milliseconds(100))
        var streams: [AsyncStream<Int64>] = []
        for user in users { streams.append(try await live.subscribe(user.id)) }
        // A poll per user would be 300 in 1 s; fewer than 10 is fine (a loaded test machine runs
        // the timer late; the changes below are heard only through the shared poll).
        let before = live.polls
        try await Task.sleep(for: .seconds(1))
        let idle = live.polls - before
        #expect(idle <= 14, "\(idle) polls in 1 s at 100 ms for 30 users")
        // Changes made elsewhere (no wake-up on this instance) for every other user.
        for user in users.enumerated() where user.offset.isMultiple(of: 2) {
            _ = try await store.createHabit(owner: user.element.id, Habit(name: "Read", createdOn: try Day(iso: "2025-06-01")))
        }
        for (index, user) in users.enumerated() {
            let heard = await Self.next(streams[index], within: index.isMultiple(of: 2) ? .seconds(30) : .milliseconds(50))
            #expect(heard == (index.isMultiple(of: 2) ? try await store.latestOperationSequence(owner: user.id) : nil), "user \(index)")
        }
        streams.removeAll()
        try await Task.sleep(for: .milliseconds(300))
        #expect(live.watchedUsers == 0)
        // With nobody watched the shared poll stops.
        let stopped = live.polls
        try await Task.sleep(for: .milliseconds(400))
        #expect(live.polls == stopped)
    }

    @Test("Every open page of the user hears of the change; the watcher stops with the last page")
    func severalPages() async throws {
        let store = try SQLiteStore(inMemoryDevice: "memory")
        let (ana, _) = try await Self.users(store)
        let changes = ChangeNotifier()
        let live = LiveUpdates(store: store, changes: changes, pollInterval: .milliseconds(100))
        var first: AsyncStream<Int64>? = try await live.subscribe(ana.id)
        let second = try await live.subscribe(ana.id)
        #expect(live.watchedUsers == 1)
        _ = try await store.createHabit(owner: ana.id, Habit(name: "Read", createdOn: try Day(iso: "2025-06-01")))
        changes.changed(ana.id)
        #expect(await Self.next(first!, within: .seconds(30)) != nil)
        #expect(await Self.next(second, within: .seconds(30)) != nil)
        first = nil
        _ = consume second
        try await Task.sleep(for: .milliseconds(200))
        #expect(live.watchedUsers == 0)
        #expect(changes.subscriberCount == 0)
    }

    @Test("Two server instances on one PostgreSQL database: a change through one reaches the other's pages")
    func acrossInstances() async throws {
        try await PostgresTestDatabase.withDatabase { location in
            let first = try await PostgresStore.connect(location: location, device: "web-a", maximumConnections: 2, timeout: .seconds(90))
            let second = try await PostgresStore.connect(location: location, device: "web-b", maximumConnections: 2, timeout: .seconds(90))
            do {
                let (ana, ben) = try await Self.users(first)
                let live = LiveUpdates(store: second, changes: ChangeNotifier())
                let anaStream = try await live.subscribe(ana.id)
                let benStream = try await live.subscribe(ben.id)
                try await Task.sleep(for: .milliseconds(50))
                _ = try await first.createHabit(owner: ana.id, Habit(name: "Read", createdOn: try Day(iso: "2025-06-01")))
                let sequence = await Self.next(anaStream, within: .seconds(30))
                #expect(sequence != nil)
                #expect(sequence == (try await second.latestOperationSequence(owner: ana.id)))
                #expect(await Self.next(benStream, within: .milliseconds(600)) == nil)
            } catch {
                await first.close()
                await second.close()
                throw error
            }
            await first.close()
            await second.close()
        }
    }
}
