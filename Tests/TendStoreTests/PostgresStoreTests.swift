import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import TendCore
import TendTestSupport
import Testing

@testable import TendPostgres
@testable import TendStore

@Suite("PostgreSQL store passes the store contract")
struct PostgresStoreContractTests {
    @Test(arguments: StoreContract.cases)
    func contract(_ check: StoreContractCase) async throws {
        try await PostgresTestDatabase.withStore { store in try await check.run(on: store) }
    }

    @Test(arguments: AccountContract.cases)
    func accounts(_ check: AccountContractCase) async throws {
        try await PostgresTestDatabase.withStore { store in try await check.run(on: store) }
    }

    @Test(arguments: ReminderContract.cases)
    func reminders(_ check: ReminderContractCase) async throws {
        try await PostgresTestDatabase.withStore { store in try await check.run(on: store) }
    }

    @Test(arguments: SyncContract.cases)
    func sync(_ check: SyncContractCase) async throws {
        try await PostgresTestDatabase.withStore { store in try await check.run(on: store) }
    }
}

@Suite("PostgreSQL store: migrations, several instances, query counts")
struct PostgresStoreTests {
    static let day = Fixtures.day("2025-03-01")

    /// What the Today page reads for `today`: 200 days of statuses, the last week's values.
    static func pageWindow(today: Day, calendar: TendCalendar) -> HistoryWindow {
        HistoryWindow(
            from: today.adding(days: -199), through: today, today: today, calendar: calendar, valuesFrom: today.adding(days: -6))
    }

    @Test("Migrating an up-to-date database again changes nothing")
    func migrationsAreIdempotent() async throws {
        try await PostgresTestDatabase.withDatabase { location in
            let first = try await PostgresStore.connect(location: location, device: "a", maximumConnections: 2, timeout: .seconds(90))
            let alice = try await first.createUser(username: "alice", settings: UserSettings())
            // A second migration run, directly and through a second store, applies nothing.
            #expect(try await PostgresMigrations.migrate(first.client, logger: first.logger) == [])
            await first.close()
            let second = try await PostgresStore.connect(location: location, device: "b", maximumConnections: 2, timeout: .seconds(90))
            #expect(try await second.user(id: alice.id) == alice)
            await second.close()

            let versions = try await PostgresTestDatabase.query(
                ["SELECT version FROM schema_migrations ORDER BY version"], on: location
            ).map { try $0.decode(Int.self) }
            #expect(versions == PostgresMigrations.all.map(\.version))
        }
    }

    @Test("A server's store: migrated on connecting, its client runs as a service, and graceful shutdown closes it")
    func clientRunsAsService() async throws {
        try await PostgresTestDatabase.withDatabase { location in
            // Given a store whose client runs on its own (the CLI's, the tests') and a server's
            let own = try await PostgresStore.connect(location: location, device: "cli", maximumConnections: 1, timeout: .seconds(90))
            #expect(own.services.isEmpty)
            await own.close()
            let store = try await PostgresStore.connect(
                location: location, device: "server", client: .service, maximumConnections: 2, timeout: .seconds(90))
            #expect(store.services.count == 1)

            // When its services run in a ServiceGroup, it serves; then the group is shut down gracefully
            let group = ServiceGroup(configuration: .init(services: store.services, logger: Logger(label: "tend.test")))
            let alice = try await withThrowingTaskGroup(of: User?.self) { tasks in
                tasks.addTask {
                    try await group.run()
                    return nil
                }
                let alice = try await store.createUser(username: "alice", settings: UserSettings())
                #expect(try await store.user(id: alice.id) == alice)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return alice
            }

            // Then the client has stopped (the group returned): the store no longer reaches the database
            let answer = try await withThrowingTaskGroup(of: Bool?.self) { tasks in
                tasks.addTask { (try? await store.user(id: alice.id)) != nil }
                tasks.addTask {
                    try await Task.sleep(for: .seconds(20))
                    return nil
                }
                let first = try await tasks.next()!
                tasks.cancelAll()
                return first
            }
            #expect(answer == false)
        }
    }

    @Test("Several instances starting at once migrate one database once")
    func concurrentMigrations() async throws {
        try await PostgresTestDatabase.withDatabase { location in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<4 {
                    group.addTask {
                        let store = try await PostgresStore.connect(
                            location: location, device: "instance-\(index)", maximumConnections: 1, timeout: .seconds(90))
                        await store.close()
                    }
                }
                try await group.waitForAll()
            }
            let count = try await PostgresTestDatabase.query(["SELECT count(*) FROM schema_migrations"], on: location)
            #expect(try count.first?.decode(Int.self) == PostgresMigrations.all.count)
        }
    }

    @Test("A database from a newer Tend is refused and left untouched")
    func newerSchemaIsRefused() async throws {
        try await PostgresTestDatabase.withDatabase { location in
            let newer = PostgresMigrations.latestVersion + 1
            try await PostgresTestDatabase.execute(
                "CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
                "INSERT INTO schema_migrations (version, name) VALUES (\(newer), 'from the future')",
                on: location)

            await #expect(throws: StoreError.self) {
                _ = try await PostgresStore.connect(location: location, device: "old", maximumConnections: 1, timeout: .seconds(90))
            }
            do {
                _ = try await PostgresStore.connect(location: location, device: "old", maximumConnections: 1, timeout: .seconds(90))
            } catch let error as StoreError {
                guard case .newerSchema(let message) = error else {
                    Issue.record("expected newerSchema, got \(error)")
                    return
                }
                #expect(message.contains("\(newer)"))
            }

            let tables = try await PostgresTestDatabase.query(
                ["SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1"],
                on: location
            ).map { try $0.decode(String.self) }
            #expect(tables == ["schema_migrations"])
            let versions = try await PostgresTestDatabase.query(["SELECT version FROM schema_migrations"], on: location)
                .map { try $0.decode(Int.self) }
            #expect(versions == [newer])
        }
    }

    @Test("Two instances on one database see each other's writes, and concurrent increments all count")
    func twoInstances() async throws {
        try await PostgresAccountTests.withTwoInstances { a, b in try await Self.incrementFromBoth(a, b) }
    }

    static func incrementFromBoth(_ a: PostgresStore, _ b: PostgresStore) async throws {
        // Given a user and a count habit created through instance A
        let alice = try await a.createUser(username: "alice", settings: UserSettings())
        let water = try await a.createHabit(
            owner: alice.id, Habit(name: "Water", type: .count, target: 1000, createdOn: Self.day))
        // Then instance B sees them
        #expect(try await b.user(named: "Alice") == alice)
        #expect(try await b.habit(owner: alice.id, id: water.id) == water)

        // When both increment the same day 50 times each, all at once
        try await withThrowingTaskGroup(of: Void.self) { group in
            for store in [a, b] {
                for _ in 0..<50 {
                    group.addTask { _ = try await store.increment(owner: alice.id, habit: water.id, day: Self.day) }
                }
            }
            try await group.waitForAll()
        }

        // Then every increment counts, seen from either instance
        #expect(
            try await a.entries(owner: alice.id, habit: water.id, from: Self.day, through: Self.day) == [
                Entry(day: Self.day, value: 100)
            ])
        let tracked = try await b.trackedHabits(owner: alice.id, includeArchived: false)
        #expect(tracked.first?.completionCount(on: Self.day) == 100)

        // And the op log holds one operation per write, in commit order by both position and clock
        let log = try await b.operations(owner: alice.id, after: 0, limit: 1000)
        #expect(log.count == 101)
        #expect(zip(log, log.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
        #expect(zip(log, log.dropFirst()).allSatisfy { $0.operation.timestamp < $1.operation.timestamp })
        #expect(Set(log.map(\.operation.device)) == ["server-a", "server-b"])
        #expect(UserState.replaying(log.map(\.operation.change)) == (try await a.exportState(owner: alice.id)))
    }

    @Test("Loading the dashboard takes two queries whatever the number of habits")
    func dashboardQueryCount() async throws {
        try await PostgresTestDatabase.withStore { store in
            let alice = try await store.createUser(username: "alice", settings: UserSettings())
            for habitCount in [1, 12] {
                let existing = try await store.habits(owner: alice.id, includeArchived: true).count
                for index in existing..<habitCount {
                    let habit = try await store.createHabit(
                        owner: alice.id, Habit(name: "H\(index)", type: .count, target: 5, order: index, createdOn: Self.day))
                    for offset in 0..<3 {
                        _ = try await store.setValue(owner: alice.id, habit: habit.id, day: Self.day.adding(days: offset), 2)
                    }
                }
                let before = store.statementCount
                let tracked = try await store.trackedHabits(owner: alice.id, includeArchived: false)
                #expect(store.statementCount - before == 2)
                #expect(tracked.count == habitCount)
                #expect(tracked.allSatisfy { $0.entries.count == 3 })
            }
        }
    }

    @Test(
        "A windowed read with current summaries is one statement; earlier entries (no summary yet, an \"X in Y days\" window) one more; no transaction; both equal the full history"
    )
    func windowedReadRoundTrips() async throws {
        try await PostgresTestDatabase.withStore { store in
            let settings = UserSettings(timeZone: "Europe/Berlin", locale: "de_DE")
            let calendar = settings.calendar
            let alice = try await store.createUser(username: "alice", settings: settings)
            let today = Self.day.adding(days: 120)
            var habits: [Habit] = []
            for (index, schedule) in [Schedule.daily, .timesPerWeek(3), .timesPerMonth(10)].enumerated() {
                habits.append(
                    try await store.createHabit(
                        owner: alice.id, Habit(name: "H\(index)", schedule: schedule, order: index, createdOn: Self.day)))
            }
            for (index, habit) in habits.enumerated() {
                let entries = stride(from: 0, through: 120, by: index + 2).map {
                    Entry(day: Self.day.adding(days: $0), value: 1, note: $0 % 10 == 0 ? "note \($0)" : nil)
                }
                try await store.applyChanges(owner: alice.id, [.entriesImported(habit: habit.id, entries: entries)])
            }
            let window = Self.pageWindow(today: today, calendar: calendar)
            func read() async throws -> (habits: [TrackedHabit], statements: Int, transactions: Int) {
                let (statements, transactions) = (store.statementCount, store.transactionCount)
                let habits = try await store.trackedHabits(owner: alice.id, includeArchived: false, window: window)
                return (habits, store.statementCount - statements, store.transactionCount - transactions)
            }
            func expectFullHistory(_ tracked: [TrackedHabit]) async throws {
                let full = try await store.trackedHabits(owner: alice.id, includeArchived: false)
                #expect(tracked.map(\.id) == full.map(\.id))
                for (windowed, whole) in zip(tracked, full) {
                    #expect(
                        windowed.statuses(from: window.from, through: today, today: today, calendar: calendar)
                            == whole.statuses(from: window.from, through: today, today: today, calendar: calendar))
                    #expect(
                        windowed.entries.filter { $0.key >= window.valuesFrom! } == whole.entries.filter { $0.key >= window.valuesFrom! })
                }
            }
            // The first read finds no summaries of these days: a second statement reads the whole
            // history, and the summaries built from it are stored (the one transaction).
            let first = try await read()
            #expect(first.transactions == 1)
            try await expectFullHistory(first.habits)
            let current = try await read()
            #expect(current.statements == 1 && current.transactions == 0)
            try await expectFullHistory(current.habits)

            // An "X in Y days" habit needs its whole window of entries before the summary's end: a
            // second statement reads them.
            let rollingHabit = try await store.createHabit(
                owner: alice.id, Habit(name: "H3", schedule: .timesInDays(times: 2, days: 40), order: 3, createdOn: Self.day))
            try await store.applyChanges(
                owner: alice.id,
                [
                    .entriesImported(
                        habit: rollingHabit.id,
                        entries: stride(from: 60, through: 120, by: 3).map { Entry(day: Self.day.adding(days: $0), value: 1) })
                ])
            _ = try await read()
            let rolling = try await read()
            #expect(rolling.statements == 2 && rolling.transactions == 0)
            try await expectFullHistory(rolling.habits)
        }
    }

    @Test("The operations after a held position and the habit they touched are one statement, no transaction")
    func operationsAfterRoundTrips() async throws {
        try await PostgresTestDatabase.withStore { store in
            let settings = UserSettings(timeZone: "Europe/Berlin", locale: "de_DE")
            let alice = try await store.createUser(username: "alice", settings: settings)
            let today = Self.day.adding(days: 120)
            var habits: [Habit] = []
            for index in 0..<3 {
                let habit = try await store.createHabit(owner: alice.id, Habit(name: "H\(index)", order: index, createdOn: Self.day))
                try await store.applyChanges(
                    owner: alice.id,
                    [
                        .entriesImported(
                            habit: habit.id,
                            entries: stride(from: 0, through: 120, by: 2).map { Entry(day: Self.day.adding(days: $0), value: 1) })
                    ])
                habits.append(habit)
            }
            let window = Self.pageWindow(today: today, calendar: settings.calendar)
            _ = try await store.trackedHabits(owner: alice.id, includeArchived: false, window: window)
            let position = try await store.latestOperationSequence(owner: alice.id)
            _ = try await store.perform(owner: alice.id, habit: habits[1].id, day: today, [.increment(1)])
            let (statements, transactions) = (store.statementCount, store.transactionCount)
            let read = try await store.operationsAfter(owner: alice.id, after: position, limit: 32, window: window)
            #expect(store.statementCount - statements == 1 && store.transactionCount == transactions)
            #expect(read.operations.count == 1 && read.habits.map(\.id) == [habits[1].id])
            let again = try await store.trackedHabits(owner: alice.id, ids: [habits[1].id], window: window)
            #expect(read.habits.first?.sortedEntries == again.first?.sortedEntries)
            #expect(read.habits.first?.summary == again.first?.summary)

            // A page after a change, as the route reads it: the position comes with what changed
            // after the held snapshot, and bringing the snapshot forward reads nothing more.
            let held = HeldHabits()
            let windowFor = { (_: TipState) in window }
            _ = try await held.read(store, owner: alice.id, position: try await held.position(store, owner: alice.id), window: windowFor)
            _ = try await store.perform(owner: alice.id, habit: habits[2].id, day: today, [.increment(1)])
            let beforePage = store.statementCount
            let pagePosition = try await held.position(store, owner: alice.id)
            let (snapshot, outcome) = try await held.read(store, owner: alice.id, position: pagePosition, window: windowFor)
            #expect(store.statementCount - beforePage == 1)
            #expect(outcome == .replayed(habits: 1, routines: false, tips: false))
            #expect(snapshot.sequence == (try await store.latestOperationSequence(owner: alice.id)))
            #expect(snapshot.habits.first { $0.id == habits[2].id }?.entries[today]?.value == 1)
        }
    }

    @Test("A Today page read whole is three statements (tips, the summarized habits, the routines), no transaction")
    func fullPageReadRoundTrips() async throws {
        try await PostgresTestDatabase.withStore { store in
            let settings = UserSettings(timeZone: "Europe/Berlin", locale: "de_DE")
            let alice = try await store.createUser(username: "alice", settings: settings)
            let today = Self.day.adding(days: 30)
            let habit = try await store.createHabit(owner: alice.id, Habit(name: "Read", createdOn: Self.day))
            _ = try await store.setValue(owner: alice.id, habit: habit.id, day: today, 1)
            _ = try await store.createRoutine(
                owner: alice.id, Routine(name: "Morning", start: try TimeOfDay(hour: 7), habitIDs: [habit.id]))
            let window = Self.pageWindow(today: today, calendar: settings.calendar)
            // The first read builds the habit's summary; the page's read finds it current.
            _ = try await store.trackedHabits(owner: alice.id, includeArchived: false, window: window)
            let held = HeldHabits()
            let position = try await held.position(store, owner: alice.id)
            let (statements, transactions) = (store.statementCount, store.transactionCount)
            let (snapshot, outcome) = try await held.read(store, owner: alice.id, position: position, window: { _ in window })
            #expect(outcome == .full)
            #expect(store.statementCount - statements == 3 && store.transactionCount == transactions)
            #expect(snapshot.routines.map(\.habitIDs) == [[habit.id]])
            #expect(snapshot.habits.first?.entries[today]?.value == 1)
        }
    }

    @Test("A server's pool keeps its connections open (so a released one schedules no idle timer); elsewhere idle ones close")
    func poolSettings() throws {
        let location = try PostgresLocation(url: "postgres://postgres@localhost/tend")
        let server = location.clientConfiguration(maximumConnections: 10, keepingOpen: true).options
        #expect(server.minimumConnections == 10 && server.maximumConnections == 10)
        #expect(server.keepAliveBehavior == nil)
        let other = location.clientConfiguration(maximumConnections: 10).options
        #expect(other.minimumConnections == 0 && other.connectionIdleTimeout == .seconds(20))
        #expect(other.keepAliveBehavior == nil)
    }

    @Test("A windowed read of two statements never shows half of a write: a moved revision between them reads again in a transaction")
    func windowedReadIsOneSnapshot() async throws {
        try await PostgresTestDatabase.withStore { store in
            let settings = UserSettings(timeZone: "Europe/Berlin", locale: "de_DE")
            let alice = try await store.createUser(username: "alice", settings: settings)
            let today = Self.day.adding(days: 120)
            // The daily habit's today comes with the first statement; the "2 in 60 days" habit's
            // day 44 days back only with the second.
            let daily = try await store.createHabit(owner: alice.id, Habit(name: "Daily", type: .count, target: 500, createdOn: Self.day))
            let rolling = try await store.createHabit(
                owner: alice.id,
                Habit(name: "Rolling", type: .count, target: 500, schedule: .timesInDays(times: 2, days: 60), order: 1, createdOn: Self.day)
            )
            let back = today.adding(days: -44)
            let window = Self.pageWindow(today: today, calendar: settings.calendar)
            let rounds = 150
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // Both days change together, in one transaction each round.
                    for value in 1...rounds {
                        try await store.applyChanges(
                            owner: alice.id,
                            [
                                .entrySet(habit: daily.id, day: today, value: Amount(value)),
                                .entrySet(habit: rolling.id, day: back, value: Amount(value)),
                            ])
                    }
                }
                group.addTask {
                    var seen = Set<Int>()
                    while seen.count < 20 && !seen.contains(rounds) {
                        let habits = try await store.trackedHabits(owner: alice.id, includeArchived: false, window: window)
                        let first = habits.first { $0.id == daily.id }?.entries[today]?.value ?? 0
                        let second = habits.first { $0.id == rolling.id }?.entries[back]?.value ?? 0
                        #expect(first == second, "a read saw \(first) on one day and \(second) on the other")
                        seen.insert(first.whole)
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    @Test("A check-in is two round trips: a read and a write that holds only while nothing else was written, no BEGIN, no COMMIT")
    func checkInRoundTrips() async throws {
        try await PostgresTestDatabase.withStore { store in
            let alice = try await store.createUser(username: "alice", settings: UserSettings())
            let water = try await store.createHabit(owner: alice.id, Habit(name: "Water", type: .count, target: 8, createdOn: Self.day))
            func cost(_ body: () async throws -> Void) async rethrows -> (statements: Int, transactions: Int) {
                let statements = store.statementCount
                let transactions = store.transactionCount
                try await body()
                return (store.statementCount - statements, store.transactionCount - transactions)
            }

            var entry = Entry(day: Self.day)
            let first = try await cost { entry = try await store.increment(owner: alice.id, habit: water.id, day: Self.day) }
            #expect(first == (2, 0) && entry.value == 1)
            let operation = UUID()
            let tapped = try await cost {
                entry = try await store.tap(owner: alice.id, habit: water.id, day: Self.day, operation: operation)
            }
            #expect(tapped == (2, 0) && entry.value == 2)
            // The same request again: the read finds its operation in the log, nothing is written.
            let again = try await cost {
                entry = try await store.tap(owner: alice.id, habit: water.id, day: Self.day, operation: operation)
            }
            #expect(again == (1, 0) && entry.value == 2)

            // A write of another kind in between moves the owner's revision: the next check-in
            // reads it and still takes two statements.
            _ = try await store.setNote(owner: alice.id, habit: water.id, day: Self.day, "half at lunch")
            let after = try await cost { entry = try await store.increment(owner: alice.id, habit: water.id, day: Self.day) }
            #expect(after == (2, 0) && entry == Entry(day: Self.day, value: 3, note: "half at lunch"))
            let log = try await store.operations(owner: alice.id, after: 0, limit: 100)
            #expect(log.count == 5)
            #expect(zip(log, log.dropFirst()).allSatisfy { $0.operation.timestamp < $1.operation.timestamp })
        }
    }

    @Test("A check-in's statements keep generic plans, and one made while the op log was a page still uses its index once the log grows")
    func checkInPlansKept() async throws {
        try await PostgresTestDatabase.withStore { store in
            let alice = try await store.createUser(username: "alice", settings: UserSettings())
            let bob = try await store.createUser(username: "bob", settings: UserSettings())
            let water = try await store.createHabit(owner: alice.id, Habit(name: "Water", type: .count, target: 8, createdOn: Self.day))
            _ = try await store.increment(owner: alice.id, habit: water.id, day: Self.day)
            let settings = try await PostgresTestDatabase.query(
                [
                    """
                    SELECT array_to_string(proconfig, ' ') FROM pg_proc
                    WHERE proname IN ('tend_check_in_read', 'tend_check_in_write', 'tend_entries_from') ORDER BY proname
                    """
                ], on: store.location
            ).map { try $0.decode(String.self) }
            // The earlier-entries read's function (migration 15) is declared as the check-in's.
            #expect(settings == Array(repeating: "plan_cache_mode=force_generic_plan enable_seqscan=off", count: 3))

            // On one connection (a plan is kept per connection): the read's plan is made while
            // the op log is a page (as on a new instance), then Bob's 50,000 ops arrive without
            // an ANALYZE, and the kept plan still finds Alice's latest op by its index.
            let read = """
                SELECT * FROM tend_check_in_read(
                    '\(alice.id.rawValue.uuidString)', ARRAY['\(water.id.rawValue.uuidString)']::uuid[],
                    ARRAY[\(Self.day.ordinal)]::bigint[], ARRAY[gen_random_uuid()])
                """
            let padding = String(repeating: "x", count: 200)
            let (rows, fetched) = try await store.statement { c in
                try await store.run("ANALYZE ops", on: c)
                try await store.run(PostgresQuery(unsafeSQL: read), on: c)
                try await store.run(
                    """
                    INSERT INTO ops (user_id, id, device, hlc, change)
                    SELECT \(bob.id.rawValue), gen_random_uuid(), 'test', lpad(n::text, 24, '0'), jsonb_build_object('padding', \(padding))
                    FROM generate_series(1, 50000) n
                    """, on: c)
                // The op log's heap blocks the read fetched: the backend's counts not yet reported
                // before and after it, in one transaction (they are reported between transactions;
                // a plan made again meanwhile reads catalogs, not these).
                let count = PostgresQuery(unsafeSQL: "SELECT pg_stat_get_xact_blocks_fetched('ops'::regclass)")
                try await store.run("BEGIN", on: c)
                let before = try await store.rows(count, on: c).first?.decode(Int.self) ?? 0
                let rows = try await store.rows(PostgresQuery(unsafeSQL: read), on: c).count
                let after = try await store.rows(count, on: c).first?.decode(Int.self) ?? 0
                try await store.run("COMMIT", on: c)
                return (rows, after - before)
            }
            // Index lookups fetch a block or two of the op log; without the setting the kept plan
            // scans it twice (4,168 blocks).
            #expect(rows == 1)
            #expect(fetched >= 1 && fetched < 20, "\(fetched) blocks of the op log fetched")
        }
    }

    @Test("What every request asks first (the op log's position, the user) is one statement each, no transaction")
    func perRequestReads() async throws {
        try await PostgresTestDatabase.withStore { store in
            let alice = try await store.createUser(username: "alice", settings: UserSettings())
            _ = try await store.createHabit(owner: alice.id, Habit(name: "Water", type: .count, target: 8, createdOn: Self.day))
            let statements = store.statementCount
            let transactions = store.transactionCount
            let sequence = try await store.latestOperationSequence(owner: alice.id)
            #expect(try await store.user(id: alice.id) == alice)
            #expect(try await store.user(named: "ALICE") == alice)
            #expect(store.statementCount - statements == 3 && store.transactionCount == transactions)
            #expect(sequence > 0)
            let bob = try await store.createUser(username: "bob", settings: UserSettings())
            #expect(try await store.latestOperationSequence(owner: bob.id) == 0)
            await #expect(throws: StoreError.notFound("user")) { try await store.latestOperationSequence(owner: User.ID()) }
            await #expect(throws: StoreError.notFound("user")) { try await store.user(id: User.ID()) }
        }
    }

    @Test("An owner's latest op-log position is read off the owner's index, not found by walking back past others' ops")
    func latestSequenceUsesOwnersIndex() async throws {
        try await PostgresTestDatabase.withStore { store in
            let alice = try await store.createUser(username: "alice", settings: UserSettings())
            let bob = try await store.createUser(username: "bob", settings: UserSettings())
            _ = try await store.createHabit(owner: alice.id, Habit(name: "Water", createdOn: Self.day))
            let aliceLatest = try await store.latestOperationSequence(owner: alice.id)
            // Bob's 20,000 later ops come after Alice's last one.
            _ = try await PostgresTestDatabase.query(
                [
                    """
                    INSERT INTO ops (user_id, id, device, hlc, change)
                    SELECT '\(bob.id.rawValue.uuidString)', gen_random_uuid(), 'test', lpad(n::text, 24, '0'), '{}'
                    FROM generate_series(1, 20000) n
                    """,
                    "ANALYZE ops",
                ], on: store.location)
            #expect(try await store.latestOperationSequence(owner: alice.id) == aliceLatest)
            #expect(try await store.latestOperationSequence(owner: bob.id) == aliceLatest + 20_000)
            let plan = try await PostgresTestDatabase.query(
                [
                    """
                    EXPLAIN (ANALYZE, FORMAT TEXT) SELECT \(PostgresStore.latestSequence("u.id")) FROM users u
                    WHERE u.id = '\(alice.id.rawValue.uuidString)'
                    """
                ], on: store.location
            ).map { try $0.decode(String.self) }.joined(separator: "\n")
            #expect(plan.contains("ops_by_user") && !plan.contains("ops_pkey"), "\(plan)")

            // A sync pull with nothing new for Alice: read off her part of the index, not by
            // walking forward past Bob's 20,000.
            let pull = try await store.operations(owner: alice.id, after: aliceLatest, notFrom: "phone", limit: 500)
            #expect(pull.operations.isEmpty && pull.last == aliceLatest && !pull.more)
            let query = PostgresStore.pageQuery(owner: alice.id, after: aliceLatest, notFrom: "phone", limit: 500, maximumBytes: 1 << 20)
            let pullPlan = try await store.statement { c in
                try await store.rows(PostgresQuery(unsafeSQL: "EXPLAIN (ANALYZE, FORMAT TEXT) " + query.sql, binds: query.binds), on: c)
            }.map { try $0.decode(String.self) }.joined(separator: "\n")
            #expect(pullPlan.contains("ops_by_user") && !pullPlan.contains("ops_pkey"), "\(pullPlan)")
        }
    }

    @Test("Check-ins from two instances while the owner's habit is edited: every one counts, the log keeps commit order")
    func checkInsRaceOtherWrites() async throws {
        try await PostgresAccountTests.withTwoInstances { a, b in
            let alice = try await a.createUser(username: "alice", settings: UserSettings())
            let water = try await a.createHabit(
                owner: alice.id, Habit(name: "Water", type: .count, target: 1000, createdOn: Self.day))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for store in [a, b] {
                    for offset in 0..<40 {
                        group.addTask {
                            _ = try await store.increment(owner: alice.id, habit: water.id, day: Self.day.adding(days: -(offset % 4)))
                        }
                    }
                }
                group.addTask {
                    for index in 0..<10 {
                        var habit = try await b.habit(owner: alice.id, id: water.id)
                        habit.name = "Water \(index)"
                        _ = try await b.updateHabit(owner: alice.id, habit)
                    }
                }
                try await group.waitForAll()
            }
            let entries = try await a.entries(owner: alice.id, habit: water.id, from: Self.day.adding(days: -3), through: Self.day)
            #expect(entries.map(\.value) == [20, 20, 20, 20])
            #expect(try await a.habit(owner: alice.id, id: water.id).name == "Water 9")
            let log = try await b.operations(owner: alice.id, after: 0, limit: 1000)
            #expect(log.count == 1 + 80 + 10)
            #expect(zip(log, log.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
            #expect(zip(log, log.dropFirst()).allSatisfy { $0.operation.timestamp < $1.operation.timestamp })
            #expect(UserState.replaying(log.map(\.operation.change)) == (try await a.exportState(owner: alice.id)))
        }
    }

    @Test("A name collision the database catches (an import) is a conflict, and nothing of it lands")
    func uniqueViolationIsConflict() async throws {
        try await PostgresTestDatabase.withStore { store in
            let alice = try await store.createUser(username: "alice", settings: UserSettings())
            _ = try await store.createHabit(owner: alice.id, Habit(name: "Read", createdOn: Self.day))
            let other = Habit(name: "Walk", createdOn: Self.day)
            let clash = Habit(name: "READ", createdOn: Self.day)
            do {
                try await store.applyChanges(owner: alice.id, [.habitCreated(habit: other), .habitCreated(habit: clash)])
                Issue.record("expected a conflict")
            } catch let error as StoreError {
                guard case .conflict = error else {
                    Issue.record("expected a conflict, got \(error)")
                    return
                }
            }
            #expect(try await store.habits(owner: alice.id, includeArchived: true).map(\.name) == ["Read"])
            #expect(try await store.operations(owner: alice.id, after: 0, limit: 10).count == 1)
        }
    }

    @Test("Entries without a foreign key: none is written for a habit that is not there, and they go with their habit and user")
    func entriesFollowTheirHabits() async throws {
        try await PostgresTestDatabase.withDatabase { location in
            let store = try await PostgresStore.connect(location: location, device: "a", maximumConnections: 2, timeout: .seconds(90))
            let alice = try await store.createUser(username: "alice", settings: UserSettings())
            let read = try await store.createHabit(owner: alice.id, Habit(name: "Read", createdOn: Self.day))
            let walk = try await store.createHabit(owner: alice.id, Habit(name: "Walk", createdOn: Self.day))
            func days(_ range: Range<Int>, value: Amount) -> [Entry] {
                range.map { Entry(day: Self.day.adding(days: -$0), value: value) }
            }
            // A large import into a habit without entries takes the plain insert; one into a
            // habit that holds some replaces the days it names and keeps the others.
            try await store.applyChanges(owner: alice.id, [.entriesImported(habit: read.id, entries: days(0..<100, value: 1))])
            try await store.applyChanges(
                owner: alice.id,
                [.entriesImported(habit: read.id, entries: days(50..<150, value: 2) + [Entry(day: Self.day)])])
            let stored = try await store.entries(
                owner: alice.id, habit: read.id, from: Self.day.adding(days: -200), through: Self.day)
            #expect(stored.count == 149)
            #expect(stored.filter { $0.value == 1 }.count == 49)
            #expect(stored.filter { $0.value == 2 }.count == 100)
            try await store.applyChanges(owner: alice.id, [.entriesImported(habit: walk.id, entries: days(0..<80, value: 3))])

            func count(_ condition: String) async throws -> Int {
                try await PostgresTestDatabase.query(["SELECT count(*) FROM entries WHERE \(condition)"], on: location)
                    .first!.decode(Int.self)
            }
            // No entry names a habit that is not there (or is another user's): every write checks
            // under the owner's lock, large imports and single check-ins alike.
            let bob = try await store.createUser(username: "bob", settings: UserSettings())
            for (user, habit) in [(alice.id, Habit.ID()), (bob.id, read.id)] {
                try await store.applyChanges(
                    owner: user,
                    [.entriesImported(habit: habit, entries: days(0..<100, value: 4)), .entrySet(habit: habit, day: Self.day, value: 2)])
                await #expect(throws: StoreError.self) { _ = try await store.check(owner: user, habit: habit, day: Self.day) }
            }
            #expect(try await count("user_id <> '\(alice.id.rawValue)' OR value = 4") == 0)
            #expect(try await count("user_id = '\(alice.id.rawValue)'") == 229)

            try await store.deleteHabit(owner: alice.id, id: read.id)
            #expect(try await count("habit_id = '\(read.id.rawValue)'") == 0)
            #expect(try await count("habit_id = '\(walk.id.rawValue)'") == 80)
            try await store.deleteUser(owner: alice.id)
            #expect(try await count("true") == 0)
            await store.close()
        }
    }

    @Test("Another user's id in an import is not theirs to touch")
    func importIsOwnerScoped() async throws {
        try await PostgresTestDatabase.withStore { store in
            let alice = try await store.createUser(username: "alice", settings: UserSettings())
            let bob = try await store.createUser(username: "bob", settings: UserSettings())
            let habit = try await store.createHabit(owner: alice.id, Habit(name: "Read", createdOn: Self.day))
            try await store.applyChanges(
                owner: bob.id,
                [
                    .entrySet(habit: habit.id, day: Self.day, value: 1), .habitDeleted(id: habit.id),
                    .routineHabitMoved(habit: habit.id, routine: nil, index: nil),
                ])
            #expect(try await store.habit(owner: alice.id, id: habit.id) == habit)
            #expect(try await store.entries(owner: alice.id, habit: habit.id, from: Self.day, through: Self.day).isEmpty)
        }
    }

    @Test("An unreachable server fails to connect instead of hanging")
    func unreachableServer() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: PostgresUnavailable.self) {
            let store = try await PostgresStore.connect(
                url: "postgres://postgres@127.0.0.1:1/tend", device: "x", timeout: .seconds(2),
                logger: Logger(label: "unreachable", factory: { _ in SwiftLogNoOpLogHandler() }))
            await store.close()
        }
        // Without the timeout the pool retries for over a minute; with it the failure comes
        // after about 2 s (up to ~10 s on a loaded machine while the pool shuts down). The bound
        // only has to tell "fails" from "hangs".
        #expect(clock.now - start < .seconds(40))
    }

    @Test("Connects through a Unix socket directory given as ?host=")
    func unixSocket() async throws {
        let server = try PostgresTestDatabase.serverLocation()
        guard let directory = ProcessInfo.processInfo.environment["TEND_TEST_POSTGRES_SOCKET_DIR"] else {
            Issue.record("TEND_TEST_POSTGRES_SOCKET_DIR is not set: run the tests through scripts/test")
            return
        }
        let url = "postgres://\(server.username)@/\(server.database)?host=\(directory)&port=\(server.port)"
        // A generous bound: at the start of a full run dozens of suites open PostgreSQL
        // connections at once on two cores, and 15 s was seen to pass before this one got a turn.
        let store = try await PostgresStore.connect(url: url, device: "socket", maximumConnections: 1, timeout: .seconds(90))
        await #expect(throws: StoreError.notFound("user")) { _ = try await store.user(id: User.ID()) }
        await store.close()
    }
}

@Suite("PostgreSQL connection URLs")
struct PostgresLocationTests {
    @Test("A full URL gives user, password, host, port and database")
    func fullURL() throws {
        let location = try PostgresLocation(url: "postgres://tend:s%40cret@db.example:6543/habits?sslmode=require")
        #expect(location.username == "tend")
        #expect(location.password == "s@cret")
        #expect(location.host == "db.example")
        #expect(location.port == 6543)
        #expect(location.database == "habits")
        #expect(location.sslMode == .require)
        #expect(location.socketDirectory == nil)
        #expect(!location.description.contains("s@cret"))
    }

    @Test("Defaults: port 5432, the database named after the user")
    func defaults() throws {
        let location = try PostgresLocation(url: "postgresql://alice@localhost")
        #expect(location.port == 5432)
        #expect(location.database == "alice")
        #expect(location.password == nil)
    }

    @Test("?host=/dir names a socket directory")
    func socketDirectory() throws {
        let location = try PostgresLocation(url: "postgres://postgres@/tend?host=/run/postgresql")
        #expect(location.socketDirectory == "/run/postgresql")
        #expect(location.database == "tend")
        #expect(location.clientConfiguration(maximumConnections: 1).unixSocketPath == "/run/postgresql/.s.PGSQL.5432")
    }

    @Test("Other URLs are refused", arguments: ["mysql://root@localhost/tend", "not a url", "postgres://u@h:0/db"])
    func refused(_ url: String) {
        #expect(throws: StoreError.self) { try PostgresLocation(url: url) }
    }
}
