import Foundation
import GRDB
import Synchronization
import TendCore
import TendStore
import TendWords

/// Tend's embedded store: one SQLite file in WAL mode, through GRDB.
///
/// Durability: `PRAGMA synchronous = FULL`. In WAL mode every commit is written to the log and
/// synced before the write returns, so an acknowledged write survives the process being killed
/// and the machine losing power; the cost is one fsync per commit (see docs/performance.md).
/// Foreign keys, NOT NULL, CHECK and `UNIQUE(habit, day)` are enforced by the database itself.
public final class SQLiteStore: TendStore {
    let writer: any DatabaseWriter
    /// Reads that may rebuild an owner's summaries take turns (``OwnerTurns``).
    let summaryTurns = OwnerTurns()
    /// Every write of the store goes through it: concurrent writes share one transaction and one
    /// fsync (see ``SQLiteGroupCommit``).
    let commits: SQLiteGroupCommit
    /// Keeps the write-ahead log short beside the writer while it runs (one of ``services``; a pool
    /// only; otherwise, and until it runs, the writer checkpoints as SQLite does by default).
    let checkpointer: SQLiteCheckpointer?
    /// A connection of its own for the lookups every request makes (its API token), used on the
    /// calling thread; `nil` for a single connection or an in-memory database (see ``lookUp(_:)``).
    private let lookups: DatabaseQueue?
    /// Tokens proven in the last second (see ``TokenCache``).
    let tokens = TokenCache()
    /// `nil` until the first write (so opening the store to read costs no query for it).
    let clock: Mutex<HybridClock?>
    /// The device id asked for; with `uniqueDevice`, the prefix of this database's own.
    private let device: String
    private let uniqueDevice: Bool
    /// The device id stamped on this store's operations, once known (see ``localDevice(_:)``).
    private let resolvedDevice: Mutex<String?>
    let now: @Sendable () -> Date
    /// Where the database lives (`nil` for an in-memory database).
    public let path: String?

    /// How many connections a store opens on its file.
    public enum Connections: Sendable {
        /// A writer and concurrent readers (a server).
        case pool
        /// One connection for everything: cheaper to open, for a short-lived process (the CLI).
        case single
    }

    /// Opens (creating if needed) the database at `path`, refusing one from a newer Tend or one
    /// that is not a Tend database without touching it, then migrates it.
    ///
    /// - Parameters:
    ///   - device: the device id stamped on this store's operations; with `uniqueDevice`, the
    ///     prefix of an id made once for this database (`cli-3f9a1c2b`), so that two databases
    ///     that sync with one account are two devices.
    public init(
        path: String, device: String, uniqueDevice: Bool = false, connections: Connections = .pool,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        var upToDate = false
        // The file holds the server's secrets and users' webhook tokens: 0600, made so before
        // SQLite opens it, because SQLite gives the `-wal` and `-shm` files the main file's mode.
        if FileManager.default.fileExists(atPath: path) {
            for file in [path, path + "-wal", path + "-shm"] { PrivateFiles.tighten(atPath: file) }
            upToDate = try SQLiteStore.checkOpenable(path: path)
        } else {
            let directory = (path as NSString).deletingLastPathComponent
            do {
                try PrivateFiles.createDirectory(atPath: directory)
                try PrivateFiles.createFile(atPath: path, existingIsFine: true)
            } catch let error as PrivateFileError {
                throw StoreError.unreadable(t("cannot create the database: {reason}", ["reason": error.description]))
            }
        }
        let writer: any DatabaseWriter
        switch connections {
        case .pool:
            writer = try DatabasePool(path: path, configuration: SQLiteStore.configuration)
        case .single:
            let queue = try DatabaseQueue(path: path, configuration: SQLiteStore.configuration)
            // WAL (what a pool sets) is a property of the file; set it when it is not yet.
            if try queue.writeWithoutTransaction({ try String.fetchOne($0, sql: "PRAGMA journal_mode") }) != "wal" {
                try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
            }
            writer = queue
        }
        try writer.writeWithoutTransaction { db in
            // DatabasePool sets NORMAL after prepareDatabase runs; FULL is set here, once the
            // database is open, on its writer connection.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Statement journals (a savepoint's, as each of a batch's finishes has) in memory:
            // on a file they spill past 64 KiB and would be most of the reminder scheduler's writes
            // (docs/performance.md, "Reminder minute"). They live only inside a transaction.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // 32 MiB of pages for the writer (SQLite's default is 2 MiB): a batch of the
            // scheduler's writes touches pages all over the queue's indexes, and with the default
            // the writer spilled them to the log mid-transaction and read them back.
            try db.execute(sql: "PRAGMA cache_size = -32768")
        }
        // A database that is already current is not written on opening, so a command that only
        // reads (`tend today`) commits nothing and syncs nothing.
        if !upToDate {
            try SQLiteStore.migrator.migrate(writer)
            try writer.write { db in try SQLiteSummaries.buildUnbuilt(db, now: Date()) }
        }
        self.writer = writer
        if connections == .pool {
            // A server's writes must not stop for a checkpoint: run as one of `services`, this
            // does them beside the writer.
            checkpointer = try SQLiteCheckpointer(path: path, writer: writer, configuration: SQLiteStore.configuration)
        } else {
            checkpointer = nil
        }
        commits = SQLiteGroupCommit(writer: writer, checkpointer: checkpointer)
        if connections == .pool {
            // Not opened read-only: a read-only connection cannot rebuild the write-ahead log's
            // index after a crash, and this one may be the first to need it. Only `lookUp` uses it.
            var configuration = SQLiteStore.configuration
            configuration.label = "Tend lookups"
            lookups = try DatabaseQueue(path: path, configuration: configuration)
        } else {
            lookups = nil
        }
        self.path = path
        self.now = now
        self.device = device
        self.uniqueDevice = uniqueDevice
        resolvedDevice = Mutex(uniqueDevice ? nil : device)
        clock = Mutex(nil)
    }

    /// A private in-memory database (tests, previews).
    public init(inMemoryDevice device: String = "memory", now: @escaping @Sendable () -> Date = { Date() }) throws {
        let queue = try DatabaseQueue(configuration: SQLiteStore.configuration)
        try SQLiteStore.migrator.migrate(queue)
        writer = queue
        checkpointer = nil
        commits = SQLiteGroupCommit(writer: queue)
        lookups = nil
        path = nil
        self.now = now
        self.device = device
        uniqueDevice = false
        resolvedDevice = Mutex(device)
        clock = Mutex(HybridClock(device: device))
    }

    static let migrator = SQLiteSchema.migrator

    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        configuration.label = "Tend"
        return configuration
    }

    /// Refuses a file that is not a Tend database, or one written by a newer Tend, without
    /// changing a byte of it (it is opened read-only). Returns whether its schema is current.
    @discardableResult
    static func checkOpenable(path: String) throws -> Bool {
        func open(readonly: Bool) throws -> DatabaseQueue {
            var configuration = Configuration()
            configuration.readonly = readonly
            // Another process (the server, a second `tend`) may be writing or checkpointing: wait
            // for it as the store's own connections do, instead of failing with "database is locked".
            configuration.busyMode = .timeout(10)
            return try DatabaseQueue(path: path, configuration: configuration)
        }
        let queue: DatabaseQueue
        do {
            do {
                queue = try open(readonly: true)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY && isSQLiteFile(path) {
                // A database whose last writer died (SIGKILL, power loss) keeps its write-ahead
                // log, and the first connection after that must rebuild the log's index — a write
                // to the `-shm` file that a read-only connection may not make. Replaying the
                // committed transactions of its own log changes nothing the database holds, so
                // the check goes on read-write: it still only reads.
                queue = try open(readonly: false)
            }
        } catch {
            throw StoreError.unreadable(t("{path} cannot be opened as a database: {reason}", ["path": path, "reason": "\(error)"]))
        }
        let upToDate = try queue.read { db -> Bool in
            let tables: Set<String>
            do {
                tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            } catch {
                throw StoreError.unreadable(t("{path} is not a SQLite database", ["path": path]))
            }
            if tables.isEmpty { return false }
            guard tables.contains("grdb_migrations") && tables.contains("habits") else {
                throw StoreError.unreadable(t("{path} is a SQLite database, but not Tend's; it was left untouched", ["path": path]))
            }
            if try migrator.hasBeenSuperseded(db) {
                let known = Set(migrator.migrations)
                let newer = try migrator.appliedIdentifiers(db).subtracting(known).sorted()
                throw StoreError.newerSchema(
                    t(
                        "{path} was written by a newer version of Tend (schema {schema}); upgrade Tend to open it. The file was left untouched.",
                        ["path": path, "schema": newer.joined(separator: ", ")]))
            }
            return try migrator.hasCompletedMigrations(db)
        }
        try queue.close()
        return upToDate
    }

    /// Whether the file starts with SQLite's header (so opening it read-write touches no other kind of file).
    private static func isSQLiteFile(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data(utf8: "SQLite format 3\0")
    }

    /// The device id this store stamps, inside a write (the first one of a database with a
    /// unique device id makes it).
    func localDevice(_ db: Database) throws -> String {
        if let known = resolvedDevice.withLock({ $0 }) { return known }
        let id: String
        if let stored = try String.fetchOne(db, sql: "SELECT value FROM sync_meta WHERE key = 'device'") {
            id = stored
        } else {
            var random = SystemRandomNumberGenerator()
            id = device + "-" + String(format: "%08x", UInt32.random(in: 0...UInt32.max, using: &random))
            try db.execute(sql: "INSERT INTO sync_meta (key, value) VALUES ('device', ?)", arguments: [id])
        }
        resolvedDevice.withLock { $0 = id }
        return id
    }

    /// The next operation's timestamp for `owner`, inside a write: later than every operation the
    /// owner's log holds, whichever device or process made it (one indexed lookup), so the change
    /// applied now is also the last in the log's order — the fold's order (``OperationSet``).
    func nextTimestamp(_ db: Database, owner: User.ID) throws -> HybridTimestamp {
        let latest = try String.fetchOne(
            db.cachedStatement(sql: "SELECT MAX(hlc) FROM ops WHERE user_id = ?"), arguments: [owner.description]
        ).flatMap(HybridTimestamp.init)
        let device = try localDevice(db)
        let now = now()
        return clock.withLock { clock in
            if clock == nil { clock = HybridClock(device: device) }
            if let latest { clock!.receive(latest, now: now) }
            return clock!.tick(now: now)
        }
    }

    /// The current `PRAGMA synchronous` of the writer (2 = FULL), for tests and diagnostics.
    public func synchronousSetting() throws -> Int {
        try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    // MARK: Users

    public func createUser(username: String, settings: UserSettings) async throws -> User {
        let user = try User.new(username: username, settings: settings)
        try await write { db in try SQLiteStore.insert(user, db: db) }
        return user
    }

    /// Inserts a new user's row: how ``createUser(username:settings:)`` and a sign-up make a user.
    static func insert(_ user: User, db: Database) throws {
        do {
            try db.execute(
                sql: """
                    INSERT INTO users (
                        id, username, username_key, time_zone, day_start_hour, first_weekday, locale, snooze_minutes, kept_zones,
                        language)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    user.id.description, user.username, user.username.lowercased(), user.settings.timeZone,
                    user.settings.dayStartHour, user.settings.firstWeekday, user.settings.locale, user.settings.snoozeMinutes,
                    user.settings.keptZonesText, user.settings.language,
                ])
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw AccountRules.usernameTaken(user.username)
        }
    }

    public func user(id: User.ID) async throws -> User {
        guard let user = try await writer.read({ db in try SQLiteRows.user(db, id: id.description) }) else {
            throw StoreError.notFound("user")
        }
        return user
    }

    public func user(named username: String) async throws -> User? {
        try await writer.read { db in
            guard
                let id = try String.fetchOne(
                    db, sql: "SELECT id FROM users WHERE username_key = ?", arguments: [username.lowercased()])
            else { return nil }
            return try SQLiteRows.user(db, id: id)
        }
    }

    public func updateSettings(owner: User.ID, _ settings: UserSettings) async throws -> User {
        try StoreError.enforcing { try HabitRules.validate(settings) }
        try await write(owner) { db, log in
            guard let current = try SQLiteRows.user(db, id: owner.description)?.settings else { throw StoreError.notFound("user") }
            let patch = SettingsPatch(from: current, to: settings)
            if !patch.isEmpty { try log(.settingsUpdated(patch: patch)) }
        }
        return try await user(id: owner)
    }

    public func deleteUser(owner: User.ID) async throws {
        defer { tokens.forgetAll() }
        try await write { db in
            try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [owner.description])
            guard db.changesCount == 1 else { throw StoreError.notFound("user") }
        }
    }

    // MARK: Reading

    public func habits(owner: User.ID, includeArchived: Bool) async throws -> [Habit] {
        try await read(owner) { db in try SQLiteRows.habits(db, owner: owner, includeArchived: includeArchived) }
    }

    public func habit(owner: User.ID, id: Habit.ID) async throws -> Habit {
        try await read(owner) { db in try SQLiteRows.habit(db, owner: owner, id: id) }
    }

    /// Two queries (habits, then their entries); the owner is checked only when no habit is found.
    public func trackedHabits(owner: User.ID, includeArchived: Bool) async throws -> [TrackedHabit] {
        try await writer.read { db in
            let tracked = try SQLiteRows.trackedHabits(db, owner: owner, includeArchived: includeArchived)
            if tracked.isEmpty, try SQLiteRows.user(db, id: owner.description) == nil {
                throw StoreError.notFound("user")
            }
            return tracked
        }
    }

    /// With the window's calendar, each habit's summary and the entries after it (SQLiteSummaries);
    /// summaries the read brought up to date are stored after it, if their habits are unchanged.
    public func trackedHabits(owner: User.ID, includeArchived: Bool, window: HistoryWindow) async throws -> [TrackedHabit] {
        guard window.calendar != nil else {
            return try await read(owner) { db in
                try SQLiteRows.trackedHabits(db, owner: owner, includeArchived: includeArchived, window: window)
            }
        }
        return try await summarized(owner: owner, includeArchived: includeArchived, window: window, ids: nil)
    }

    public func trackedHabits(owner: User.ID, ids: Set<Habit.ID>, window: HistoryWindow) async throws -> [TrackedHabit] {
        guard window.calendar != nil else {
            return try await trackedHabitsReadingAll(owner: owner, ids: ids, window: window)
        }
        return try await summarized(owner: owner, includeArchived: false, window: window, ids: ids)
    }

    private func summarized(
        owner: User.ID, includeArchived: Bool, window: HistoryWindow, ids: Set<Habit.ID>?
    ) async throws -> [TrackedHabit] {
        try await summaryTurns.withTurn(owner) {
            let body = { @Sendable (db: Database) in
                try SQLiteSummaries.trackedHabits(db, owner: owner, includeArchived: includeArchived, window: window, ids: ids)
            }
            // The habits a few operations touched (HeldHabits): a few indexed reads, as a lookup.
            let (habits, refreshes) = try await ids.map { $0.count <= 4 } == true ? lookUpSnapshot(owner, body) : read(owner, body)
            // A read of a few habits (HeldHabits, after a check-in) hands its refreshed summaries on
            // without storing them: the write would cost more than the read, and the next read of
            // all the habits (a new day, another window) stores them.
            if !refreshes.isEmpty, ids == nil {
                try await writer.write { db in try SQLiteSummaries.store(db, owner: owner, refreshes) }
            }
            return habits
        }
    }

    /// The habits whose stored summary disagrees with their entries, as of `now` (`tend doctor`).
    public func summaryMismatches(now: Date = Date()) async throws -> [SummaryMismatch] {
        try await writer.read { db in try SQLiteSummaries.mismatches(db, now: now) }
    }

    /// Builds every habit's summary anew from its whole history, as of `now`.
    public func rebuildSummaries(now: Date = Date()) async throws {
        try await writer.write { db in try SQLiteSummaries.rebuildAll(db, now: now) }
    }

    public func entries(owner: User.ID, habit: Habit.ID, from: Day, through: Day) async throws -> [Entry] {
        try await read(owner) { db in
            _ = try SQLiteRows.habit(db, owner: owner, id: habit)
            return try SQLiteRows.entries(db, owner: owner, habit: habit, from: from, through: through)
        }
    }

    public func routines(owner: User.ID) async throws -> [Routine] {
        try await read(owner) { db in try SQLiteRows.routines(db, owner: owner) }
    }

    public func describedGroups(owner: User.ID) async throws -> GroupList {
        try await read(owner) { db in try SQLiteRows.groups(db, owner: owner) }
    }

    public func tipState(owner: User.ID) async throws -> TipState {
        try await read(owner) { db in try SQLiteRows.tipState(db, owner: owner) }
    }

    public func exportState(owner: User.ID) async throws -> UserState {
        try await read(owner) { db in try SQLiteRows.state(db, owner: owner) }
    }

    public func operations(owner: User.ID, after: Int64, limit: Int) async throws -> [LoggedOperation] {
        let body = { @Sendable (db: Database) in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT seq, id, device, hlc, change FROM ops WHERE user_id = ? AND seq > ? ORDER BY seq LIMIT ?"),
                arguments: [owner.description, after, max(0, limit)]
            ).map(SQLiteRows.loggedOperation)
        }
        // A few operations after a held position (HeldHabits, on every page after a change): a
        // lookup. Pages of sync are read as before.
        guard limit <= HeldHabits.replayLimit + 1 else { return try await read(owner, body) }
        return try await lookUpSnapshot(owner, body)
    }

    /// A lookup (one statement on the calling thread): the web app's Today cache and its event
    /// stream ask it on every request and poll.
    public func latestOperationSequence(owner: User.ID) async throws -> Int64 {
        let id = owner.description
        let (known, sequence) = try await lookUp { db -> (Bool, Int64) in
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT (SELECT 1 FROM users WHERE id = ?1), (SELECT MAX(seq) FROM ops WHERE user_id = ?1)"),
                arguments: [id])
            return ((row?[0] as Int?) != nil, (row?[1] as Int64?) ?? 0)
        }
        guard known else { throw StoreError.notFound("user") }
        return sequence
    }

    // MARK: Writing

    public func createHabit(owner: User.ID, _ habit: Habit) async throws -> Habit {
        try StoreError.enforcing { try HabitRules.validate(habit) }
        try await write(owner) { db, log in
            if try SQLiteRows.habitExists(db, owner: owner, id: habit.id) {
                throw StoreError.conflict(t("a habit with this id already exists"))
            }
            try SQLiteRows.checkNameFree(db, owner: owner, habit: habit)
            try log(.habitCreated(habit: habit))
        }
        return habit
    }

    public func updateHabit(owner: User.ID, _ habit: Habit) async throws -> Habit {
        try await write(owner) { db, log in
            let old = try SQLiteRows.habit(db, owner: owner, id: habit.id)
            var new = habit
            new.createdOn = old.createdOn
            try StoreError.enforcing { try HabitRules.validate(new) }
            try SQLiteRows.checkNameFree(db, owner: owner, habit: new)
            let patch = HabitPatch(from: old, to: new)
            if !patch.isEmpty { try log(.habitUpdated(id: habit.id, patch: patch)) }
            return new
        }
    }

    public func deleteHabit(owner: User.ID, id: Habit.ID) async throws {
        try await write(owner) { db, log in
            _ = try SQLiteRows.habit(db, owner: owner, id: id)
            try log(.habitDeleted(id: id))
        }
    }

    public func reorderHabits(owner: User.ID, _ ids: [Habit.ID]) async throws {
        try await write(owner) { db, log in
            let current = try SQLiteRows.habits(db, owner: owner, includeArchived: true).map(\.id)
            try log(.habitsReordered(ids: try OrderRules.reordered(ids, current: current, what: "habit")))
        }
    }

    /// The hot path of check-ins: reads the habit and the day's entry, writes the new entry and
    /// its op-log row — four statements, in a savepoint of a transaction shared with the other
    /// writes waiting at the time (group commit).
    public func perform(
        owner: User.ID, habit: Habit.ID, day: Day, _ commands: [EntryCommand], operation: UUID?
    ) async throws -> Entry {
        try await commits.write { [self] db in
            guard let stored = try SQLiteRows.habitIfPresent(db, owner: owner, id: habit) else {
                guard try SQLiteRows.user(db, id: owner.description) != nil else { throw StoreError.notFound("user") }
                throw StoreError.notFound("habit")
            }
            let before =
                try SQLiteRows.entries(db, owner: owner, habit: habit, from: day, through: day).first
                ?? Entry(day: day)
            if let operation,
                let holder = try String.fetchOne(
                    db.cachedStatement(sql: "SELECT user_id FROM ops WHERE id = ?"), arguments: [operation.text()])
            {
                guard holder == owner.description else {
                    throw StoreError.conflict(t("operation {operation} belongs to another account", ["operation": operation.text()]))
                }
                return before
            }
            // Every command is worked out before anything is written.
            var after = before
            var changes: [Change] = []
            for command in commands {
                guard
                    let change = try StoreError.enforcing({
                        try command.change(for: TrackedHabit(habit: stored, entries: [after]), on: day)
                    })
                else {
                    continue
                }
                after = after.applying(change)
                changes.append(change)
            }
            guard !changes.isEmpty else { return before }
            try SQLiteApply.store(after, owner: owner, habit: habit, db: db)
            for (index, change) in changes.enumerated() {
                try SQLiteApply.log(
                    change, owner: owner, timestamp: try self.nextTimestamp(db, owner: owner), id: index == 0 ? operation : nil, db: db)
            }
            return after
        }
    }

    public func createRoutine(owner: User.ID, _ routine: Routine) async throws -> Routine {
        try StoreError.enforcing { try HabitRules.validate(routine) }
        return try await write(owner) { db, log in
            let routines = try SQLiteRows.routines(db, owner: owner)
            guard !routines.contains(where: { $0.id == routine.id }) else {
                throw StoreError.conflict(t("a routine with this id already exists"))
            }
            try SQLiteRows.checkHabitsExist(db, owner: owner, routine.habitIDs)
            try log(.routineCreated(routine: routine))
            return try SQLiteRows.routines(db, owner: owner).first { $0.id == routine.id }!
        }
    }

    public func updateRoutine(owner: User.ID, _ routine: Routine) async throws -> Routine {
        try StoreError.enforcing { try HabitRules.validate(routine) }
        return try await write(owner) { db, log in
            guard let old = try SQLiteRows.routines(db, owner: owner).first(where: { $0.id == routine.id }) else {
                throw StoreError.notFound("routine")
            }
            try SQLiteRows.checkHabitsExist(db, owner: owner, routine.habitIDs)
            let patch = RoutinePatch(from: old, to: routine)
            guard !patch.isEmpty else { return old }
            try log(.routinePatched(id: routine.id, patch: patch))
            return try SQLiteRows.routines(db, owner: owner).first { $0.id == routine.id }!
        }
    }

    public func deleteRoutine(owner: User.ID, id: Routine.ID) async throws {
        try await write(owner) { db, log in
            guard try SQLiteRows.routines(db, owner: owner).contains(where: { $0.id == id }) else {
                throw StoreError.notFound("routine")
            }
            try log(.routineDeleted(id: id))
        }
    }

    public func reorderRoutines(owner: User.ID, _ ids: [Routine.ID]) async throws {
        try await write(owner) { db, log in
            // Routines not named keep their `order` values (the change lists only the named).
            _ = try OrderRules.reordered(ids, current: try SQLiteRows.routines(db, owner: owner).map(\.id), what: "routine")
            try log(.routinesReordered(ids: ids))
        }
    }

    public func moveHabit(owner: User.ID, habit: Habit.ID, toRoutine routine: Routine.ID?, at index: Int?) async throws {
        try await write(owner) { db, log in
            _ = try SQLiteRows.habit(db, owner: owner, id: habit)
            if let routine {
                var list = RoutineList(try SQLiteRows.routines(db, owner: owner))
                do {
                    try list.move(habit: habit, to: routine, at: index)
                } catch RoutineError.unknownRoutine {
                    throw StoreError.notFound("routine")
                } catch {
                    throw StoreError.invalid(String(describing: error))
                }
            }
            try log(.routineHabitMoved(habit: habit, routine: routine, index: index))
        }
    }

    public func dismissTip(owner: User.ID, _ tip: Tip.ID) async throws {
        try await write(owner) { _, log in try log(.tipDismissed(tip: tip)) }
    }

    public func recordTipEvent(owner: User.ID, _ event: TipEvent) async throws {
        try await write(owner) { _, log in try log(.tipEventRecorded(event: event)) }
    }

    public func applyChanges(owner: User.ID, _ changes: [Change]) async throws {
        try StoreError.enforcing { try HabitRules.validate(changes) }
        try await write(owner) { _, log in
            for change in changes { try log(change) }
        }
    }

    // MARK: Backup and restore

    /// Copies the live database to `destination` with SQLite's online backup API: safe while
    /// other connections (a running server) read and write.
    public func backup(to destination: String) throws {
        if FileManager.default.fileExists(atPath: destination) {
            throw StoreError.conflict(t("{path} already exists; choose a new file for the backup", ["path": destination]))
        }
        // A backup holds what the database holds: 0600 before SQLite writes a byte of it.
        do {
            try PrivateFiles.createFile(atPath: destination)
        } catch let error as PrivateFileError {
            throw StoreError.conflict(t("cannot write the backup: {reason}", ["reason": error.description]))
        }
        let target = try DatabaseQueue(path: destination)
        try writer.backup(to: target)
        try target.close()
    }

    /// Replaces this database's content with a backup's, after verifying the backup (readable,
    /// `integrity_check` ok, a Tend database no newer than this version). Nothing changes when
    /// verification fails.
    public func restore(from source: String) throws {
        guard FileManager.default.fileExists(atPath: source) else { throw StoreError.notFound("backup file \(source)") }
        try SQLiteStore.verifyBackup(path: source)
        var configuration = Configuration()
        configuration.readonly = true
        let backup = try DatabaseQueue(path: source, configuration: configuration)
        try backup.backup(to: writer)
        try backup.close()
        try SQLiteStore.migrator.migrate(writer)
        try writer.write { db in try SQLiteSummaries.buildUnbuilt(db, now: Date()) }
        // The log now ends where the backup's did, and later positions will name other operations
        // than the ones devices were given: a new identity makes their cursors unknown, so they
        // pull from the start and push everything again (docs/sync.md).
        try writer.write { db in
            try db.execute(sql: "UPDATE sync_meta SET value = ? WHERE key = 'log'", arguments: [UUID().text()])
        }
    }

    /// Checks that a file is a sound Tend database this version can open.
    public static func verifyBackup(path: String) throws {
        try checkOpenable(path: path)
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        let result = try queue.read { db in
            guard try db.tableExists("habits") else {
                throw StoreError.unreadable(t("{path} is not a Tend database", ["path": path]))
            }
            return try String.fetchAll(db, sql: "PRAGMA integrity_check")
        }
        guard result == ["ok"] else {
            throw StoreError.unreadable(
                t("{path} is damaged: {problems}", ["path": path, "problems": result.prefix(3).joined(separator: "; ")]))
        }
    }

    /// Runs `PRAGMA integrity_check`.
    public func integrityCheck() throws -> [String] {
        try writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    // MARK: Transactions

    /// One write (a savepoint of a group-committed transaction); `log` applies a change to the
    /// tables and appends it to the op log.
    private func write<T: Sendable>(
        _ owner: User.ID, _ body: @escaping @Sendable (Database, (Change) throws -> Void) throws -> T
    ) async throws -> T {
        try await commits.write { [self] db in
            guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM users WHERE id = ?"), arguments: [owner.description]) != nil
            else { throw StoreError.notFound("user") }
            return try body(db) { change in
                try SQLiteApply.apply(change, owner: owner, db: db)
                let timestamp = try self.nextTimestamp(db, owner: owner)
                try SQLiteApply.log(change, owner: owner, timestamp: timestamp, db: db)
            }
        }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await commits.write(body)
    }

    /// A short read for a hot path (one statement, an indexed lookup), made on the calling thread on the store's
    /// own lookup connection: handing it to a reader's queue and waking the caller again costs
    /// more than the query. That connection serves nothing else and is only ever used this way,
    /// so waiting for it is waiting for another lookup, never for work that needs the
    /// cooperative thread pool this caller may be blocking (a pool reader could be held by an
    /// async read waiting for one: a deadlock). Without that connection, an ordinary async read.
    func lookUp<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        guard let lookups else { return try await writer.read(body) }
        return try Self.readNow(lookups, body)
    }

    /// GRDB's synchronous access (from async code its async overload would be chosen), without a
    /// transaction: a lookup is one statement, which SQLite reads from one snapshot anyway.
    private static func readNow<T>(_ queue: DatabaseQueue, _ body: (Database) throws -> T) throws -> T {
        try queue.unsafeRead(body)
    }

    /// A few indexed reads of `owner`'s on the lookup connection (``lookUp(_:)``), in one
    /// transaction so that they read one snapshot.
    private func lookUpSnapshot<T: Sendable>(_ owner: User.ID, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await lookUp { db in
            let read = {
                guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM users WHERE id = ?"), arguments: [owner.description]) != nil
                else { throw StoreError.notFound("user") }
                return try body(db)
            }
            // Without a lookup connection, `lookUp` is an ordinary read, already a transaction.
            guard !db.isInsideTransaction else { return try read() }
            var result: T?
            try db.inTransaction(.deferred) {
                result = try read()
                return .commit
            }
            return result!
        }
    }

    private func read<T: Sendable>(_ owner: User.ID, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.read { db in
            guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM users WHERE id = ?"), arguments: [owner.description]) != nil
            else { throw StoreError.notFound("user") }
            return try body(db)
        }
    }
}
