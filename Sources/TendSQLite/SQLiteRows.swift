import Foundation
import GRDB
import TendCore
import TendStore

/// Reading Tend's values out of SQLite rows. Hot paths (entries) decode by column index.
enum SQLiteRows {
    static let habitColumns = """
        id, name, emoji, color, notes, kind, type, target, unit, schedule, routine_time, reminders, \
        is_archived, sort_order, created_on, group_name, tags, step, starts_on, ends_on, pauses, versions, measure
        """

    /// A kind as the `kind` column holds it, and the `measure` flag beside it (v18).
    static func storedKind(_ kind: HabitKind) -> (kind: String, measure: Bool) {
        kind == .measure ? (HabitKind.good.rawValue, true) : (kind.rawValue, false)
    }

    static func user(_ db: Database, id: String) throws -> User? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT id, username, time_zone, day_start_hour, first_weekday, locale, snooze_minutes, kept_zones,
                            language
                        FROM users WHERE id = ?
                        """),
                arguments: [id])
        else { return nil }
        return User(
            id: User.ID(rawValue: try uuid(row[0])), username: row[1],
            settings: UserSettings(
                timeZone: row[2], dayStartHour: row[3], firstWeekday: row[4], locale: row[5], snoozeMinutes: row[6],
                keptZones: UserSettings.keptZones(text: row[7]), language: row[8]))
    }

    static func uuid(_ text: String) throws -> UUID {
        guard let uuid = UUID(text: text) else { throw StoreError.unreadable("bad id '\(text)' in the database") }
        return uuid
    }

    static func habit(_ row: Row) throws -> Habit { try habit(row, offset: 0) }

    /// A habit from ``habitColumns`` starting at column `offset`.
    static func habit(_ row: Row, offset: Int) throws -> Habit {
        func decode<T: Decodable & Sendable>(_ cache: DecodedJSONCache<T>, _ index: Int) throws -> T {
            try cache.value(row[index]) { text in try JSONDecoder().decode(T.self, from: Data(utf8: text)) }
        }
        func enumeration<T: RawRepresentable<String>>(_ type: T.Type, _ index: Int) throws -> T {
            guard let value = T(rawValue: row[index]) else {
                throw StoreError.unreadable("unexpected value '\(row[index] as String)' in the database")
            }
            return value
        }
        return Habit(
            id: Habit.ID(rawValue: try uuid(row[offset + 0])), name: row[offset + 1], emoji: row[offset + 2],
            color: try enumeration(HabitColor.self, offset + 3), notes: row[offset + 4],
            kind: row[offset + 22] ? .measure : try enumeration(HabitKind.self, offset + 5),
            type: try enumeration(HabitType.self, offset + 6), target: Amount(thousandths: row[offset + 7]),
            unit: row[offset + 8], step: Amount(thousandths: row[offset + 17]),
            schedule: try decode(StoredJSON.schedules, offset + 9), routineTime: try enumeration(RoutineTime.self, offset + 10),
            reminders: try StoredReminders.decode(row[offset + 11]), isArchived: row[offset + 12],
            group: row[offset + 15], tags: try StoredJSON.tags(row[offset + 16]), order: row[offset + 13],
            createdOn: Day(ordinal: row[offset + 14]),
            startsOn: (row[offset + 18] as Int?).map(Day.init(ordinal:)), endsOn: (row[offset + 19] as Int?).map(Day.init(ordinal:)),
            pauses: try StoredJSON.pauses(row[offset + 20]), versions: try StoredJSON.versions(row[offset + 21]))
    }

    static func habits(_ db: Database, owner: User.ID, includeArchived: Bool) throws -> [Habit] {
        // Cached: compiling a statement (and GRDB's authorizer) cost more than running it here.
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(habitColumns) FROM habits
                    WHERE user_id = ? AND (? OR is_archived = 0)
                    ORDER BY sort_order, name, id
                    """),
            arguments: [owner.description, includeArchived]
        ).map(habit)
    }

    static func habit(_ db: Database, owner: User.ID, id: Habit.ID) throws -> Habit {
        guard let habit = try habitIfPresent(db, owner: owner, id: id) else { throw StoreError.notFound("habit") }
        return habit
    }

    static func habitIfPresent(_ db: Database, owner: User.ID, id: Habit.ID) throws -> Habit? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(habitColumns) FROM habits WHERE user_id = ? AND id = ?"),
            arguments: [owner.description, id.description]
        ).map(habit)
    }

    static func habitExists(_ db: Database, owner: User.ID, id: Habit.ID) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM habits WHERE user_id = ? AND id = ?"), arguments: [owner.description, id.description])
            != nil
    }

    static func checkNameFree(_ db: Database, owner: User.ID, habit: Habit) throws {
        let taken = try Bool.fetchOne(
            db, sql: "SELECT 1 FROM habits WHERE user_id = ? AND name_key = ? AND id <> ?",
            arguments: [owner.description, HabitRules.nameKey(habit.name), habit.id.description])
        if taken != nil { throw StoreError.habitNameTaken(habit.name) }
    }

    static func checkHabitsExist(_ db: Database, owner: User.ID, _ ids: [Habit.ID]) throws {
        for id in ids where try !habitExists(db, owner: owner, id: id) {
            throw StoreError.notFound("habit")
        }
    }

    /// All habits with all their entries: two queries, whatever the number of habits.
    ///
    /// The entries query names each habit by its position among the user's habit ids (in the
    /// ids' text order, which Swift's `<` on those ASCII strings reproduces), so no id string
    /// is decoded per entry: the hot path of loading years of history.
    /// Habits with their entries; with a window, only the entries its days depend on.
    static func trackedHabits(
        _ db: Database, owner: User.ID, includeArchived: Bool, window: HistoryWindow? = nil
    ) throws -> [TrackedHabit] {
        let habits = try habits(db, owner: owner, includeArchived: includeArchived)
        let days = window?.entryDays(for: habits) ?? (.minimum, .maximum)
        let byText = habits.map(\.id).sorted()  // TypedID's order is its text's
        var entries = [[Entry]](repeating: [], count: byText.count)
        let cursor = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                        WITH numbered AS (
                        SELECT id, row_number() OVER (ORDER BY id) - 1 AS position,
                               CASE WHEN created_on > ? THEN ? ELSE ? END AS first_day
                        FROM habits
                        WHERE user_id = ? AND (? OR is_archived = 0)
                    )
                    SELECT n.position, e.day, e.value, e.is_skipped, e.note
                    FROM numbered n CROSS JOIN entries e
                        ON e.user_id = ? AND e.habit_id = n.id AND e.day BETWEEN n.first_day AND ?
                    """),
            // Each habit's entries are one range of the primary key (user, habit, day): habits
            // first (CROSS JOIN keeps that order), so a window reads only its days. No ORDER BY:
            // a TrackedHabit does not depend on the entries' order, and sorting costs.
            arguments: [
                days.from.ordinal, Day.minimum.ordinal, days.from.ordinal, owner.description, includeArchived,
                owner.description, days.through.ordinal,
            ])
        while let row = try cursor.next() {
            let position: Int = row[0]
            guard position < entries.count else { continue }
            entries[position].append(
                Entry(day: Day(ordinal: row[1]), value: Amount(thousandths: row[2]), isSkipped: row[3], note: row[4]))
        }
        let byHabit = Dictionary(uniqueKeysWithValues: zip(byText, entries))
        return habits.map { TrackedHabit(habit: $0, entries: byHabit[$0.id] ?? []) }
    }

    static func entries(_ db: Database, owner: User.ID, habit: Habit.ID, from: Day, through: Day) throws -> [Entry] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT day, value, is_skipped, note FROM entries
                    WHERE user_id = ? AND habit_id = ? AND day BETWEEN ? AND ?
                    ORDER BY day
                    """),
            arguments: [owner.description, habit.description, from.ordinal, through.ordinal]
        ).map { Entry(day: Day(ordinal: $0[0]), value: Amount(thousandths: $0[1]), isSkipped: $0[2], note: $0[3]) }
    }

    static func routines(_ db: Database, owner: User.ID) throws -> [Routine] {
        var members: [String: [Habit.ID]] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT routine_id, habit_id FROM routine_habits WHERE user_id = ? ORDER BY routine_id, position",
            arguments: [owner.description])
        {
            members[row[0], default: []].append(Habit.ID(rawValue: try uuid(row[1])))
        }
        let decoder = JSONDecoder()
        return try Row.fetchAll(
            db, sql: "SELECT id, name, start, weekdays, color, sort_order FROM routines WHERE user_id = ? ORDER BY sort_order",
            arguments: [owner.description]
        ).map { row in
            let id: String = row[0]
            guard let color = HabitColor(rawValue: row[4]) else {
                throw StoreError.unreadable("unexpected color '\(row[4] as String)' in the database")
            }
            return Routine(
                id: Routine.ID(rawValue: try uuid(id)), name: row[1], start: try TimeOfDay(parsing: row[2]),
                weekdays: Set(try decoder.decode([Weekday].self, from: Data(utf8: row[3] as String))), color: color,
                habitIDs: members[id] ?? [], order: row[5])
        }
    }

    static func tipState(_ db: Database, owner: User.ID) throws -> TipState {
        var state = TipState()
        for row in try Row.fetchAll(db, sql: "SELECT tip, state FROM tips WHERE user_id = ?", arguments: [owner.description]) {
            guard let tip = Tip.ID(rawValue: row[0]) else { continue }
            if (row[1] as String) == "dismissed" { state.dismissed.insert(tip) } else { state.actedOn.insert(tip) }
        }
        return state
    }

    static func state(_ db: Database, owner: User.ID) throws -> UserState {
        guard let user = try user(db, id: owner.description) else { throw StoreError.notFound("user") }
        return UserState(
            settings: user.settings, habits: try trackedHabits(db, owner: owner, includeArchived: true),
            routines: try routines(db, owner: owner), groups: try groups(db, owner: owner).groups, tips: try tipState(db, owner: owner))
    }

    /// The groups the owner described, in order.
    static func groups(_ db: Database, owner: User.ID) throws -> GroupList {
        let text = try String.fetchOne(db, sql: "SELECT habit_groups FROM users WHERE id = ?", arguments: [owner.description])
        return try StoredJSON.groups(text ?? "[]")
    }

    static func loggedOperation(_ row: Row) throws -> LoggedOperation {
        guard let timestamp = HybridTimestamp(row[3]) else {
            throw StoreError.unreadable("bad clock timestamp in the op log")
        }
        let change = try Change.decode(json: Array((row[4] as String).utf8))
        return LoggedOperation(
            sequence: row[0],
            operation: ChangeOperation(id: try uuid(row[1]), device: row[2], timestamp: timestamp, change: change))
    }
}
