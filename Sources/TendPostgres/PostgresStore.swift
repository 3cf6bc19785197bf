import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization
import TendCore
import TendStore
import TendWords

/// The ``TendStore`` for many users and many server instances: one PostgreSQL database.
///
/// Behaves exactly as ``SQLiteStore`` (one contract suite holds both). Every write is one transaction that starts by locking the
/// owner's row, so one owner's writes (from any instance) run one after another and their op-log
/// positions follow commit order — a sync cursor never skips an operation that commits late.
/// Create it with ``connect(url:device:client:maximumConnections:timeout:logger:now:)``; ``close()`` it when done, or, for
/// a server, run its ``services`` in the server's `ServiceGroup`.
public final class PostgresStore: TendStore {
    /// The database, with its password hidden in `description`.
    public let location: PostgresLocation
    /// The device id stamped on this store's operations.
    public let device: String
    let client: PostgresClient
    let logger: Logger
    /// The task running `client` when the store runs it itself (``ClientLifetime/ownTask``).
    private let runTask: Task<Void, Never>?
    let clock: Mutex<HybridClock>
    let now: @Sendable () -> Date
    /// Tokens proven in the last second (see ``TokenCache``); another instance's revocation reaches this one within it.
    let tokens = TokenCache()
    /// Reads that may rebuild an owner's summaries take turns (``OwnerTurns``).
    let summaryTurns = OwnerTurns()
    private let statements = Atomic<Int>(0)
    private let transactions = Atomic<Int>(0)
    /// Check-ins waiting for their owner's next batch; an owner is present while a batch of
    /// theirs runs (PostgresStore+CheckIns.swift).
    let checkIns = Mutex<[User.ID: [PostgresCheckIn]]>([:])

    private init(
        location: PostgresLocation, device: String, client: PostgresClient, runTask: Task<Void, Never>?, logger: Logger,
        now: @escaping @Sendable () -> Date
    ) {
        self.location = location
        self.device = device
        self.client = client
        self.runTask = runTask
        self.logger = logger
        self.clock = Mutex(HybridClock(device: device))
        self.now = now
    }

    /// Who runs the store's PostgreSQL client (its connection pool).
    public enum ClientLifetime: Sendable {
        /// The store, in a task of its own, from `connect` until ``close()``: the CLI, tests, benchmarks.
        case ownTask
        /// The caller, by running ``services`` in its `ServiceGroup`, whose graceful shutdown closes the
        /// connections once the server has stopped (`tend serve`).
        case service
    }

    /// Connects to the database at `url` (`postgres://user:password@host:port/database`, optionally
    /// `?host=/socket/dir` or `?sslmode=…`), migrating it to this version's schema.
    ///
    /// Throws ``StoreError/newerSchema(_:)`` (leaving the database untouched) when a newer Tend has
    /// migrated it further.
    ///
    /// Throws ``PostgresUnavailable`` when the server cannot be reached within `timeout`.
    public static func connect(
        url: String, device: String, client lifetime: ClientLifetime = .ownTask, maximumConnections: Int = 10,
        timeout: Duration = .seconds(15), logger: Logger = Logger(label: "tend.postgres"), now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> PostgresStore {
        try await connect(
            location: PostgresLocation(url: url), device: device, client: lifetime, maximumConnections: maximumConnections,
            timeout: timeout, logger: logger, now: now)
    }

    /// Connects to `location`, migrating it; see ``connect(url:device:client:maximumConnections:timeout:logger:now:)``.
    public static func connect(
        location: PostgresLocation, device: String, client lifetime: ClientLifetime = .ownTask, maximumConnections: Int = 10,
        timeout: Duration = .seconds(15), logger: Logger = Logger(label: "tend.postgres"), now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> PostgresStore {
        let client = PostgresClient(
            configuration: location.clientConfiguration(maximumConnections: maximumConnections, keepingOpen: lifetime == .service),
            backgroundLogger: logger)
        switch lifetime {
        case .ownTask:
            let store = PostgresStore(
                location: location, device: device, client: client, runTask: Task { await client.run() }, logger: logger, now: now)
            do {
                let applied = try await migrate(client, location: location, timeout: timeout, logger: logger)
                // Migration 8 made empty summaries: build them from the histories.
                if applied.contains(8) { try await store.rebuildSummaries(now: now()) }
            } catch {
                await store.close()
                throw error
            }
            return store
        case .service:
            // A client runs only once, and this one must wait for the caller's ServiceGroup: migrate
            // (and fail now, before a server starts) through a short-lived client of one connection.
            let migrating = try await connect(
                location: location, device: device, client: .ownTask, maximumConnections: 1, timeout: timeout, logger: logger, now: now)
            await migrating.close()
            return PostgresStore(location: location, device: device, client: client, runTask: nil, logger: logger, now: now)
        }
    }

    /// Migrates through `client`; the pool retries an unreachable server for a long time, so this
    /// gives up after `timeout`.
    private static func migrate(
        _ client: PostgresClient, location: PostgresLocation, timeout: Duration, logger: Logger
    ) async throws -> [Int] {
        try await withThrowingTaskGroup(of: [Int].self) { group in
            group.addTask { try await PostgresMigrations.migrate(client, logger: logger) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw PostgresUnavailable(location: location, timeout: timeout)
            }
            let applied = try await group.next() ?? []
            group.cancelAll()
            return applied
        }
    }

    /// The background work the caller runs in its `ServiceGroup`: the client of a store connected
    /// with ``ClientLifetime/service``; none for ``ClientLifetime/ownTask``, whose client runs until ``close()``.
    public var services: [any Service] { runTask == nil ? [client] : [] }

    /// Closes every connection of a store that runs its own client; the store cannot be used
    /// afterwards. (A ``ClientLifetime/service`` store's connections close with its ServiceGroup.)
    public func close() async {
        guard let runTask else { return }
        runTask.cancel()
        await runTask.value
    }

    /// How many SQL statements this store has sent (transaction control aside): lets tests pin
    /// how many queries a read takes.
    public var statementCount: Int { statements.load(ordering: .relaxed) }

    /// How many explicit transactions (BEGIN … COMMIT, two round trips of their own) this store
    /// has run: with ``statementCount``, what a call costs in round trips.
    public var transactionCount: Int { transactions.load(ordering: .relaxed) }

    // MARK: Users

    public func createUser(username: String, settings: UserSettings) async throws -> User {
        let user = try User.new(username: username, settings: settings)
        do {
            try await write { c in try await self.insert(user, on: c) }
        } catch StoreError.conflict {
            throw AccountRules.usernameTaken(username)
        }
        return user
    }

    /// Inserts a new user's row: how ``createUser(username:settings:)`` and a sign-up make a user.
    /// (Two concurrent inserts of one name: the second fails the unique index, a conflict too.)
    func insert(_ user: User, on c: PostgresConnection) async throws {
        let key = Self.usernameKey(user.username)
        let existing = try await rows("SELECT 1 FROM users WHERE username_key = \(key)", on: c)
        guard existing.isEmpty else { throw AccountRules.usernameTaken(user.username) }
        let settings = user.settings
        try await run(
            """
            INSERT INTO users (
                id, username, username_key, time_zone, day_start_hour, first_weekday, locale, snooze_minutes, kept_zones,
                language)
            VALUES (\(user.id.rawValue), \(user.username), \(key), \(settings.timeZone),
                    \(settings.dayStartHour), \(settings.firstWeekday), \(settings.locale), \(settings.snoozeMinutes),
                    \(settings.keptZonesText), \(settings.language))
            """, on: c)
    }

    public func user(id: User.ID) async throws -> User {
        try await statement { c in try await self.fetchUser(id, on: c) }
    }

    public func user(named username: String) async throws -> User? {
        try await statement { c in
            let rows = try await self.rows(
                "SELECT \(unescaped: Self.userColumns) FROM users WHERE username_key = \(Self.usernameKey(username))",
                on: c)
            return try rows.first.map(Self.user(from:))
        }
    }

    public func updateSettings(owner: User.ID, _ settings: UserSettings) async throws -> User {
        try StoreError.enforcing { try HabitRules.validate(settings) }
        return try await write { c in
            try await self.lockOwner(owner, on: c)
            let patch = SettingsPatch(from: try await self.fetchUser(owner, on: c).settings, to: settings)
            if !patch.isEmpty { try await self.commit([.settingsUpdated(patch: patch)], owner: owner, on: c) }
            return try await self.fetchUser(owner, on: c)
        }
    }

    public func deleteUser(owner: User.ID) async throws {
        defer { tokens.forgetAll() }
        try await write { c in
            let deleted = try await self.rows("DELETE FROM users WHERE id = \(owner.rawValue) RETURNING id", on: c)
            guard !deleted.isEmpty else { throw StoreError.notFound("user") }
        }
    }

    // MARK: Reading

    public func habits(owner: User.ID, includeArchived: Bool) async throws -> [Habit] {
        try await read { c in try await self.fetchHabits(owner, includeArchived: includeArchived, on: c) }
    }

    public func habit(owner: User.ID, id: Habit.ID) async throws -> Habit {
        // One statement: no transaction (BEGIN and COMMIT were two of its three round trips).
        try await statement { c in
            let rows = try await self.rows(
                """
                SELECT u.id AS owner, \(unescaped: Self.habitColumns)
                FROM users u LEFT JOIN habits h ON h.user_id = u.id AND h.id = \(id.rawValue)
                WHERE u.id = \(owner.rawValue)
                """, on: c)
            guard let row = rows.first else { throw StoreError.notFound("user") }
            guard let habit = try Self.habit(from: row) else { throw StoreError.notFound("habit") }
            return habit
        }
    }

    /// Two queries whatever the number of habits: the habits (with the owner's existence), then
    /// all their entries.
    public func trackedHabits(owner: User.ID, includeArchived: Bool) async throws -> [TrackedHabit] {
        try await read { c in try await self.fetchTrackedHabits(owner, includeArchived: includeArchived, on: c) }
    }

    /// Habits with all their entries, in the caller's transaction (two queries, one without habits).
    func fetchTrackedHabits(_ owner: User.ID, includeArchived: Bool, on c: PostgresConnection) async throws -> [TrackedHabit] {
        let habits = try await fetchHabits(owner, includeArchived: includeArchived, on: c)
        guard !habits.isEmpty else { return [] }
        let entries = try await fetchEntries(owner, includeArchived: includeArchived, on: c)
        return habits.map { TrackedHabit(habit: $0, entries: entries[$0.id] ?? []) }
    }

    /// With the window's calendar, each habit's summary and the entries after it (PostgresStore+Summaries.swift).
    public func trackedHabits(owner: User.ID, includeArchived: Bool, window: HistoryWindow) async throws -> [TrackedHabit] {
        if window.calendar != nil {
            return try await trackedHabitsWithSummaries(owner: owner, includeArchived: includeArchived, window: window)
        }
        return try await read { c in
            let habits = try await self.fetchHabits(owner, includeArchived: includeArchived, on: c)
            if habits.isEmpty { try await self.requireOwner(owner, on: c) }
            guard !habits.isEmpty else { return [] }
            // The window's days for every habit; all of a habit's entries if it was created after
            // they start (its first entry starts its history).
            let days = window.entryDays(for: habits)
            let entries = try await self.fetchEntries(
                owner, from: habits.map { ($0.id, $0.createdOn > days.from ? .minimum : days.from) }, through: days.through, on: c)
            return habits.map { TrackedHabit(habit: $0, entries: entries[$0.id] ?? []) }
        }
    }

    public func trackedHabits(owner: User.ID, ids: Set<Habit.ID>, window: HistoryWindow) async throws -> [TrackedHabit] {
        guard window.calendar != nil else {
            return try await trackedHabitsReadingAll(owner: owner, ids: ids, window: window)
        }
        return try await trackedHabitsWithSummaries(owner: owner, includeArchived: false, window: window, ids: ids)
    }

    public func entries(owner: User.ID, habit: Habit.ID, from: Day, through: Day) async throws -> [Entry] {
        // One statement, the entries packed (a habit's statistics read its whole history: a row
        // per entry was most of the answer's cost), the owner and the habit checked in it.
        try await statement { c in
            let rows = try await self.rows(
                """
                SELECT h.id AS habit_id, p.*
                FROM users u LEFT JOIN habits h ON h.user_id = u.id AND h.id = \(habit.rawValue)
                LEFT JOIN LATERAL (
                    SELECT \(unescaped: Self.packedEntries) FROM entries e
                    WHERE e.user_id = h.user_id AND e.habit_id = h.id AND e.day BETWEEN \(from.ordinal) AND \(through.ordinal)
                ) p ON true
                WHERE u.id = \(owner.rawValue)
                """, on: c)
            guard let row = rows.first else { throw StoreError.notFound("user") }
            guard try row.makeRandomAccess()["habit_id"].decode(UUID?.self) != nil else { throw StoreError.notFound("habit") }
            return try Self.unpackedEntries(row, habit: habit)
        }
    }

    public func describedGroups(owner: User.ID) async throws -> GroupList {
        try await read { c in try await self.fetchGroups(owner, on: c) }
    }

    // One statement each, no transaction: every page after a change reads both.
    public func routines(owner: User.ID) async throws -> [Routine] {
        try await statement { c in try await self.fetchRoutines(owner, on: c).routines }
    }

    public func tipState(owner: User.ID) async throws -> TipState {
        try await statement { c in try await self.fetchTips(owner, on: c) }
    }

    public func exportState(owner: User.ID) async throws -> UserState {
        try await read { c in
            let user = try await self.fetchUser(owner, on: c)
            let habits = try await self.fetchHabits(owner, includeArchived: true, on: c)
            let entries = try await self.fetchEntries(owner, includeArchived: true, on: c)
            let routines = try await self.fetchRoutines(owner, on: c)
            let tips = try await self.fetchTips(owner, on: c)
            let groups = try await self.fetchGroups(owner, on: c)
            return UserState(
                settings: user.settings, habits: habits.map { TrackedHabit(habit: $0, entries: entries[$0.id] ?? []) },
                routines: routines.routines, groups: groups.groups, tips: tips)
        }
    }

    public func operations(owner: User.ID, after: Int64, limit: Int) async throws -> [LoggedOperation] {
        // One statement (one snapshot, no transaction's round trips): every page after a change
        // asks for the operations after its held position (HeldHabits). An owner with none may
        // not exist: asked then.
        let found = try await statement { c in
            let rows = try await self.rows(
                """
                SELECT seq, id, device, hlc, change::text FROM ops
                WHERE (user_id, seq) > (\(owner.rawValue), \(after)) AND (user_id, seq) <= (\(owner.rawValue), \(Int64.max))
                ORDER BY user_id, seq LIMIT \(max(0, limit))
                """, on: c)
            return try rows.map { row in
                let (sequence, id, device, hlc, change) = try row.decode((Int64, UUID, String, String, String).self)
                guard let timestamp = HybridTimestamp(hlc) else {
                    throw StoreError.unreadable("operation \(id) has a damaged timestamp '\(hlc)'")
                }
                let operation = ChangeOperation(
                    id: id, device: device, timestamp: timestamp, change: try Self.decodeJSON(Change.self, change))
                return LoggedOperation(sequence: sequence, operation: operation)
            }
        }
        if found.isEmpty { try await statement { c in try await self.requireOwner(owner, on: c) } }
        return found
    }

    /// One statement for all of them (an owner that does not exist gets 0).
    public func latestOperationSequences(owners: [User.ID]) async throws -> [User.ID: Int64] {
        guard !owners.isEmpty else { return [:] }
        return try await statement { c in
            let rows = try await self.rows(
                """
                SELECT o.id, \(unescaped: Self.latestSequence("o.id")) FROM unnest(\(owners.map(\.rawValue))::uuid[]) AS o(id)
                """, on: c)
            var latest: [User.ID: Int64] = [:]
            for row in rows {
                let (id, sequence) = try row.decode((UUID, Int64).self)
                latest[User.ID(rawValue: id)] = sequence
            }
            return latest
        }
    }

    /// One statement (every page and cached answer asks it first): no row means no such owner.
    public func latestOperationSequence(owner: User.ID) async throws -> Int64 {
        try await statement { c in
            guard let latest = try await self.fetchLatestSequence(owner, on: c) else { throw StoreError.notFound("user") }
            return latest
        }
    }

    // MARK: Writing

    public func createHabit(owner: User.ID, _ habit: Habit) async throws -> Habit {
        try await write(nameOf: habit) { c in
            try await self.lockOwner(owner, on: c)
            try StoreError.enforcing { try HabitRules.validate(habit) }
            let existing = try await self.rows(
                "SELECT 1 FROM habits WHERE user_id = \(owner.rawValue) AND id = \(habit.id.rawValue)", on: c)
            guard existing.isEmpty else { throw StoreError.conflict(t("a habit with this id already exists")) }
            try await self.checkNameFree(habit, owner: owner, on: c)
            try await self.commit([.habitCreated(habit: habit)], owner: owner, on: c)
            return habit
        }
    }

    public func updateHabit(owner: User.ID, _ habit: Habit) async throws -> Habit {
        try await write(nameOf: habit) { c in
            try await self.lockOwner(owner, on: c)
            let old = try await self.fetchHabitForUpdate(owner, habit.id, day: nil, on: c).habit
            var new = habit
            new.createdOn = old.createdOn
            try StoreError.enforcing { try HabitRules.validate(new) }
            try await self.checkNameFree(new, owner: owner, on: c)
            let patch = HabitPatch(from: old, to: new)
            if !patch.isEmpty { try await self.commit([.habitUpdated(id: habit.id, patch: patch)], owner: owner, on: c) }
            return new
        }
    }

    public func deleteHabit(owner: User.ID, id: Habit.ID) async throws {
        try await write { c in
            try await self.lockOwner(owner, on: c)
            try await self.requireHabit(owner, id, on: c)
            try await self.commit([.habitDeleted(id: id)], owner: owner, on: c)
        }
    }

    public func reorderHabits(owner: User.ID, _ ids: [Habit.ID]) async throws {
        try await write { c in
            try await self.lockOwner(owner, on: c)
            let current = try await self.fetchHabits(owner, includeArchived: true, on: c).map(\.id)
            try await self.commit(
                [.habitsReordered(ids: try OrderRules.reordered(ids, current: current, what: "habit"))], owner: owner, on: c)
        }
    }

    /// Check-ins are grouped per owner: the ones that arrive while one of the owner's batches runs
    /// share the next transaction (see PostgresStore+CheckIns.swift).
    public func perform(
        owner: User.ID, habit: Habit.ID, day: Day, _ commands: [EntryCommand], operation: UUID?
    ) async throws -> Entry {
        try await withCheckedThrowingContinuation { continuation in
            enqueue(
                PostgresCheckIn(habit: habit, day: day, commands: commands, operation: operation, continuation: continuation),
                owner: owner)
        }
    }

    public func createRoutine(owner: User.ID, _ routine: Routine) async throws -> Routine {
        try await write { c in
            try await self.lockOwner(owner, on: c)
            try StoreError.enforcing { try HabitRules.validate(routine) }
            guard try await self.routineExists(owner, routine.id, on: c) == false else {
                throw StoreError.conflict(t("a routine with this id already exists"))
            }
            try await self.requireHabits(owner, routine.habitIDs, on: c)
            try await self.commit([.routineCreated(routine: routine)], owner: owner, on: c)
            return try await self.fetchRoutines(owner, on: c)[routine.id]!
        }
    }

    public func updateRoutine(owner: User.ID, _ routine: Routine) async throws -> Routine {
        try await write { c in
            try await self.lockOwner(owner, on: c)
            try StoreError.enforcing { try HabitRules.validate(routine) }
            guard let old = try await self.fetchRoutines(owner, on: c)[routine.id] else { throw StoreError.notFound("routine") }
            try await self.requireHabits(owner, routine.habitIDs, on: c)
            let patch = RoutinePatch(from: old, to: routine)
            guard !patch.isEmpty else { return old }
            try await self.commit([.routinePatched(id: routine.id, patch: patch)], owner: owner, on: c)
            return try await self.fetchRoutines(owner, on: c)[routine.id]!
        }
    }

    public func deleteRoutine(owner: User.ID, id: Routine.ID) async throws {
        try await write { c in
            try await self.lockOwner(owner, on: c)
            guard try await self.routineExists(owner, id, on: c) else { throw StoreError.notFound("routine") }
            try await self.commit([.routineDeleted(id: id)], owner: owner, on: c)
        }
    }

    public func reorderRoutines(owner: User.ID, _ ids: [Routine.ID]) async throws {
        try await write { c in
            try await self.lockOwner(owner, on: c)
            let rows = try await self.rows("SELECT id FROM routines WHERE user_id = \(owner.rawValue)", on: c)
            let current = try rows.map { Routine.ID(rawValue: try $0.decode(UUID.self)) }
            // Routines not named keep their `order` values (the change lists only the named).
            _ = try OrderRules.reordered(ids, current: current, what: "routine")
            try await self.commit([.routinesReordered(ids: ids)], owner: owner, on: c)
        }
    }

    public func moveHabit(owner: User.ID, habit: Habit.ID, toRoutine routine: Routine.ID?, at index: Int?) async throws {
        try await write { c in
            try await self.lockOwner(owner, on: c)
            try await self.requireHabit(owner, habit, on: c)
            if let routine {
                // The same move on the list as it stands says whether it can be made.
                var list = try await self.fetchRoutines(owner, on: c)
                do throws(RoutineError) {
                    try list.move(habit: habit, to: routine, at: index)
                } catch .unknownRoutine {
                    throw StoreError.notFound("routine")
                } catch {
                    throw StoreError.invalid(error.description)
                }
            }
            try await self.commit([.routineHabitMoved(habit: habit, routine: routine, index: index)], owner: owner, on: c)
        }
    }

    public func dismissTip(owner: User.ID, _ tip: Tip.ID) async throws {
        try await write { c in
            try await self.lockOwner(owner, on: c)
            try await self.commit([.tipDismissed(tip: tip)], owner: owner, on: c)
        }
    }

    public func recordTipEvent(owner: User.ID, _ event: TipEvent) async throws {
        try await write { c in
            try await self.lockOwner(owner, on: c)
            try await self.commit([.tipEventRecorded(event: event)], owner: owner, on: c)
        }
    }

    public func applyChanges(owner: User.ID, _ changes: [Change]) async throws {
        try StoreError.enforcing { try HabitRules.validate(changes) }
        try await write { c in
            try await self.lockOwner(owner, on: c)
            try await self.commit(changes, owner: owner, on: c)
        }
    }

    // MARK: Transactions

    /// Runs `body` in one transaction; errors come out as ``StoreError`` where they have a meaning
    /// (a unique violation is a conflict; `nameOf` names the habit whose name collided).
    func write<Result: Sendable>(
        nameOf habit: Habit? = nil, _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        transactions.add(1, ordering: .relaxed)
        do {
            return try await client.withTransaction(logger: logger) { connection in
                try await body(connection)
            }
        } catch {
            let mapped = Self.storeError(error)
            if let habit, case StoreError.conflict = mapped, Self.isNameConflict(error) {
                throw StoreError.habitNameTaken(habit.name)
            }
            throw mapped
        }
    }

    /// Runs `body` in a read-only transaction on one snapshot, so several queries see the same data.
    func read<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        transactions.add(1, ordering: .relaxed)
        do {
            // The isolation level in the BEGIN itself: one round trip fewer than BEGIN and SET
            // TRANSACTION, on every read.
            return try await client.withConnection { connection in
                try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
                let result: Result
                do {
                    result = try await body(connection)
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
                try await connection.query("COMMIT", logger: logger)
                return result
            }
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Runs `body`, which sends a single statement, on a pooled connection without a
    /// transaction around it: one statement reads one snapshot anyway, and `BEGIN`, the
    /// isolation level and `COMMIT` would be three more round trips.
    func statement<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        do {
            return try await client.withConnection { connection in try await body(connection) }
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Sends one statement and collects its rows.
    @discardableResult
    func rows(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [PostgresRow] {
        statements.add(1, ordering: .relaxed)
        return try await connection.query(query, logger: logger).collect()
    }

    /// Sends one prepared statement (parsed and planned once per connection) and collects its rows.
    func prepared<Statement: PostgresPreparedStatement>(
        _ statement: Statement, on connection: PostgresConnection
    ) async throws -> [Statement.Row] {
        statements.add(1, ordering: .relaxed)
        var rows: [Statement.Row] = []
        for try await row in try await connection.execute(statement, logger: logger) { rows.append(row) }
        return rows
    }

    func run(_ query: PostgresQuery, on connection: PostgresConnection) async throws {
        try await rows(query, on: connection)
    }

    /// Gathers the planner's statistics of every table now, as autovacuum does in a running
    /// server once enough rows have changed. For benchmarks, whose tables are seconds old when
    /// measured: without statistics the planner reads `users` whole for a lookup of 60 ids
    /// (docs/performance.md, "Reminder minute").
    package func analyze() async throws {
        try await statement { c in try await self.run("ANALYZE", on: c) }
    }

    /// Locks the owner's row for this transaction, serialising the owner's writes (so op-log
    /// positions follow commit order), bumps the owner's revision (which a check-in written
    /// without the lock compares, PostgresStore+CheckIns.swift), and takes the owner's latest
    /// operation timestamp into the clock, so the log's timestamps keep increasing whichever
    /// instance wrote last.
    ///
    /// Two statements: a query that waits for a row lock still reads the snapshot taken when it
    /// started, so the latest timestamp is read by a second statement, which sees what the lock's
    /// previous holder (perhaps another instance) committed.
    func lockOwner(_ owner: User.ID, on c: PostgresConnection) async throws {
        guard try await bumpRevision(owner, on: c) else { throw StoreError.notFound("user") }
        let rows = try await self.rows(
            "SELECT hlc FROM ops WHERE user_id = \(owner.rawValue) ORDER BY hlc DESC LIMIT 1", on: c)
        if let text = try rows.first?.decode(String.self), let last = HybridTimestamp(text) {
            let now = now()
            clock.withLock { $0.receive(last, now: now) }
        }
    }

    /// Takes the owner's row lock for this transaction and bumps the owner's revision; `false`
    /// when there is no such owner.
    func bumpRevision(_ owner: User.ID, on c: PostgresConnection) async throws -> Bool {
        try await !rows("UPDATE users SET revision = revision + 1 WHERE id = \(owner.rawValue) RETURNING 1", on: c).isEmpty
    }

    /// Applies `changes` in order and logs each; returns the day's entry after the last change
    /// when it is an entry change of one day (`nil`: nothing stored for the day).
    @discardableResult
    func commit(_ changes: [Change], owner: User.ID, on c: PostgresConnection) async throws -> Entry? {
        guard !changes.isEmpty else { return nil }
        var entry: Entry?
        for change in changes { entry = try await apply(change, owner: owner, on: c) }
        // In the change's own transaction, under the owner's lock (see planReminders).
        if changes.contains(where: ReminderRules.needsPlanning) { try await markForPlanning(owner, on: c) }
        let now = now()
        let ticks = clock.withLock { clock in changes.map { _ in clock.tick(now: now) } }
        let ids = ticks.map { UUID.timeOrdered(milliseconds: $0.milliseconds) }
        try await log(
            zip(ids, zip(ticks, changes)).map { ChangeOperation(id: $0, device: device, timestamp: $1.0, change: $1.1) },
            owner: owner, on: c)
        return entry
    }

    /// Appends operations to the log in their order, each filed under its habit and day.
    func log(_ operations: [ChangeOperation], owner: User.ID, origin: String? = nil, on c: PostgresConnection) async throws {
        let texts = try operations.map { try OpLogJSON.text($0.change) }
        try await run(
            """
            INSERT INTO ops (user_id, id, device, hlc, change, habit_id, day, origin)
            SELECT \(owner.rawValue), o.id, o.device, o.hlc, o.change::jsonb, NULLIF(o.habit_id, '')::uuid,
                   NULLIF(o.day, '')::integer, \(origin)::text
            FROM unnest(\(operations.map(\.id))::uuid[], \(operations.map(\.device))::text[],
                        \(operations.map(\.timestamp.description))::text[], \(texts)::text[],
                        \(operations.map { $0.change.habitID?.description ?? "" })::text[],
                        \(operations.map { $0.change.entryDay.map { String($0.ordinal) } ?? "" })::text[])
                 WITH ORDINALITY AS o(id, device, hlc, change, habit_id, day, n)
            ORDER BY o.n
            """, on: c)
    }
}

/// The PostgreSQL server could not be reached (or did not answer) in time.
public struct PostgresUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: PostgresLocation
    public var timeout: Duration

    public var description: String {
        t(
            "could not reach the PostgreSQL database at {location} within {timeout} (is the server running?)",
            ["location": location.description, "timeout": "\(timeout)"])
    }
}
