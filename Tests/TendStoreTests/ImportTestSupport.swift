import Foundation
import GRDB
import TendCore
import TendImport
import TendSQLite
import TendStore
import TendTestSupport

/// Fixed "now" for imports: 2025-03-10 12:00 UTC.
let importNow = Date(timeIntervalSince1970: 1_741_608_000)
let importer = TendImporter(now: { importNow })

/// A store with one user, as the import tests start from.
struct ImportWorld {
    let store: SQLiteStore
    let owner: User.ID

    init(username: String = "ana", settings: UserSettings = UserSettings()) async throws {
        store = try SQLiteStore(inMemoryDevice: "memory", now: { importNow })
        owner = try await store.createUser(username: username, settings: settings).id
    }

    func state() async throws -> UserState { try await store.exportState(owner: owner) }

    func operationCount() async throws -> Int {
        try await store.operations(owner: owner, after: 0, limit: Int.max).count
    }

    func habit(named name: String) async throws -> TrackedHabit? {
        try await state().habits.values.first { $0.habit.name == name }
    }

    @discardableResult
    func importing(
        _ data: Data, filename: String? = nil, dryRun: Bool = false, importer: TendImporter = importer
    ) async throws -> ImportReport {
        try await importer.importData(data, filename: filename, into: store, owner: owner, dryRun: dryRun)
    }
}

/// A user with one of everything: kinds, types, schedules, reminders, entries with values, skips
/// and notes, a routine, a dismissed tip and non-default settings.
func richState() -> UserState {
    let created = Fixtures.day("2025-01-01")
    let read = Habit(
        id: Habit.ID(rawValue: UUID(uuidString: "11111111-1111-4111-8111-111111111111")!),
        name: "Read, then \"think\"", emoji: "📚", color: .purple, notes: "Line one\nline two, with a comma",
        kind: .good, type: .count, target: 20, unit: "pages", schedule: .timesPerWeek(3), routineTime: .evening,
        reminders: [
            Reminder(
                id: Reminder.ID(rawValue: UUID(uuidString: "AAAAAAAA-1111-4111-8111-111111111111")!),
                time: try! TimeOfDay(hour: 21, minute: 30), weekdays: [.monday, .friday], message: "Read!")
        ],
        group: "Mind", tags: ["books", "evening"], order: 0, createdOn: created)
    let smoke = Habit(
        id: Habit.ID(rawValue: UUID(uuidString: "22222222-2222-4222-8222-222222222222")!),
        name: "No smoking", emoji: "🚭", color: .red, kind: .bad, type: .checkmark, schedule: .daily, order: 1,
        createdOn: created)
    let walk = Habit(
        id: Habit.ID(rawValue: UUID(uuidString: "33333333-3333-4333-8333-333333333333")!),
        name: "Walk", emoji: "🚶", color: .green, kind: .good, type: .duration, target: 1800,
        schedule: .everyNDays(interval: 2, start: created), routineTime: .morning, isArchived: true, order: 2,
        createdOn: created)
    let stretch = Habit(
        id: Habit.ID(rawValue: UUID(uuidString: "44444444-4444-4444-8444-444444444444")!),
        name: "Stretch", emoji: "🧘", color: .teal, schedule: .weekdays([.monday, .wednesday]), group: "Body", order: 3,
        createdOn: created, startsOn: Fixtures.day("2025-01-06"), endsOn: Fixtures.day("2025-02-28"),
        pauses: [
            HabitPause(start: Fixtures.day("2025-01-20"), end: Fixtures.day("2025-01-26")), HabitPause(start: Fixtures.day("2025-02-20")),
        ],
        versions: [
            HabitVersion(rule: HabitRule(kind: .good, type: .checkmark, target: 1, schedule: .daily), through: Fixtures.day("2025-01-12"))
        ])
    let tracked = [
        TrackedHabit(
            habit: read,
            entries: [
                Entry(day: Fixtures.day("2025-01-02"), value: 25, note: "a good, \"long\" read"),
                Entry(day: Fixtures.day("2025-01-03"), value: 5),
                Entry(day: Fixtures.day("2025-01-04"), isSkipped: true),
            ]),
        TrackedHabit(habit: smoke, entries: [Entry(day: Fixtures.day("2025-01-02"), value: 2)]),
        TrackedHabit(habit: walk, entries: [Entry(day: Fixtures.day("2025-01-03"), value: 2400)]),
        TrackedHabit(
            habit: stretch,
            entries: [
                Entry(day: Fixtures.day("2025-01-06"), value: 1),
                Entry(day: Fixtures.day("2025-01-08"), note: "too tired"),
            ]),
    ]
    let routine = Routine(
        id: Routine.ID(rawValue: UUID(uuidString: "55555555-5555-4555-8555-555555555555")!), name: "Evening",
        start: try! TimeOfDay(hour: 20), weekdays: [.monday, .tuesday], color: .indigo, habitIDs: [read.id, stretch.id])
    var tips = TipState()
    tips.dismiss(.twoMinuteRule)
    tips.record(.routineCreated)
    return UserState(
        settings: UserSettings(timeZone: "Europe/Berlin", dayStartHour: 4, firstWeekday: 2, locale: "de_DE"),
        habits: tracked, routines: [routine], groups: [HabitGroup(name: "Body", emoji: "💪"), HabitGroup(name: "Mind")], tips: tips)
}

/// Loads `state` into `world`'s user with plain changes (not through the importer under test).
func seed(_ world: ImportWorld, with state: UserState) async throws {
    var changes: [Change] = [.settingsChanged(settings: state.settings)]
    for tracked in state.orderedHabits {
        changes.append(.habitCreated(habit: tracked.habit))
        changes.append(.entriesImported(habit: tracked.id, entries: tracked.sortedEntries))
    }
    changes += state.routines.routines.map { .routineCreated(routine: $0) }
    changes += state.groups.groups.map { .groupSaved(group: $0) }
    changes += state.tips.dismissed.map { .tipDismissed(tip: $0) }
    changes += Set(state.tips.actedOn.compactMap { id in TipCatalog.all.first { $0.id == id }?.retiredBy })
        .map { .tipEventRecorded(event: $0) }
    try await world.store.applyChanges(owner: world.owner, changes)
}

// MARK: Loop files

/// Builds a Loop Habit Tracker backup database at a schema version, from Loop's published schema.
struct LoopDatabaseBuilder {
    var version: Int
    var statements: [String] = []

    /// Schema 8: no reminder_days, type, target, unit, question or uuid; repetitions without value.
    static func version8() -> LoopDatabaseBuilder {
        LoopDatabaseBuilder(
            version: 8,
            statements: [
                """
                CREATE TABLE Habits (id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER,
                  description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT,
                  position INTEGER, reminder_hour INTEGER, reminder_min INTEGER)
                """,
                "CREATE TABLE Checkmarks (id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES habits(id), timestamp INTEGER, value INTEGER)",
                "CREATE TABLE Repetitions (id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES habits(id), timestamp INTEGER)",
                "CREATE TABLE Streak (id INTEGER PRIMARY KEY AUTOINCREMENT, end INTEGER, habit INTEGER REFERENCES habits(id), length INTEGER, start INTEGER)",
                "CREATE TABLE Score (id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES habits(id), score INTEGER, timestamp INTEGER)",
            ])
    }

    /// Schema 25: every column, repetitions with value and notes.
    static func version25() -> LoopDatabaseBuilder {
        LoopDatabaseBuilder(
            version: 25,
            statements: [
                """
                CREATE TABLE Habits (id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER,
                  description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT,
                  position INTEGER, reminder_hour INTEGER, reminder_min INTEGER,
                  reminder_days INTEGER NOT NULL DEFAULT 127, type INTEGER NOT NULL DEFAULT 0,
                  target_type INTEGER NOT NULL DEFAULT 0, target_value REAL NOT NULL DEFAULT 0,
                  unit TEXT NOT NULL DEFAULT "", question TEXT, uuid TEXT)
                """,
                """
                CREATE TABLE Repetitions (id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER NOT NULL REFERENCES habits(id),
                  timestamp INTEGER NOT NULL, value INTEGER NOT NULL, notes TEXT)
                """,
                "CREATE UNIQUE INDEX idx_repetitions_habit_timestamp ON Repetitions(habit, timestamp)",
                "CREATE TABLE Events (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp INTEGER, message TEXT, server_id INTEGER)",
            ])
    }

    mutating func sql(_ statement: String) { statements.append(statement) }

    /// Loop's timestamp of a day: milliseconds at UTC midnight.
    static func timestamp(_ iso: String) -> Int64 { Int64(Fixtures.day(iso).ordinal) * 86_400_000 }

    func build() throws -> Data {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("loop-fixture-\(UUID().uuidString).db")
        defer { try? FileManager.default.removeItem(at: url) }
        let queue = try DatabaseQueue(path: url.path)
        try queue.writeWithoutTransaction { db in
            for statement in statements { try db.execute(sql: statement) }
            try db.execute(sql: "PRAGMA user_version = \(version)")
        }
        try queue.close()
        return try Data(contentsOf: url)
    }
}

/// Imports `data`, expecting it to be refused: the error it gave, and whether the user's data and
/// op log are exactly as before.
func rejection(
    _ data: Data, in world: ImportWorld, filename: String? = nil, importer: TendImporter = importer
) async throws -> (error: ImportError?, unchanged: Bool) {
    let before = try await world.state()
    let operations = try await world.operationCount()
    var caught: ImportError?
    do {
        try await world.importing(data, filename: filename, importer: importer)
    } catch let error as ImportError {
        caught = error
    }
    let unchanged = try await world.state() == before
    let logUnchanged = try await world.operationCount() == operations
    return (caught, unchanged && logUnchanged)
}
