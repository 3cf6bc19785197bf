import Foundation
import PostgresNIO
import TendCore
import TendStore
import TendWords

/// Reading rows into domain values, and the checks the writes share.
extension PostgresStore {
    static let userColumns = "id, username, time_zone, day_start_hour, first_weekday, locale, snooze_minutes, kept_zones, language"

    /// The habit columns of `habits h`, in the order ``habit(from:)`` reads them by name.
    static let habitColumns = """
        h.id, h.name, h.emoji, h.color, h.notes, h.kind, h.type, h.target, h.unit, h.schedule::text AS schedule, \
        h.routine_time, h.reminders::text AS reminders, h.is_archived, h.sort_order, h.created_on, h.group_name, h.tags, \
        h.step, h.starts_on, h.ends_on, h.pauses::text AS pauses, h.versions::text AS versions
        """

    static func usernameKey(_ username: String) -> String { username.lowercased() }

    /// The owner's latest op-log position (0 for none), for an owner id expression such as
    /// `u.id`. Not `MAX(seq) … WHERE user_id = x`: PostgreSQL answers that by walking the primary
    /// key (`seq`) backwards past every later op of other owners (11 ms behind 40,000 of them);
    /// ordered by `(user_id, seq)` with no equality on `user_id`, only `ops_by_user` gives the order,
    /// and its first row at or below `(x, max)` is the answer (0.2 ms). Reading an owner's ops
    /// after a position has the same trap forwards (a sync with nothing new walked 40,000 later
    /// ops of others: 10.6 ms), so those reads bound `(user_id, seq)` on both sides too (0.1 ms).
    static func latestSequence(_ owner: String) -> String {
        """
        COALESCE((SELECT l.seq FROM (SELECT user_id, seq FROM ops WHERE (user_id, seq) <= (\(owner), 9223372036854775807) \
        ORDER BY user_id DESC, seq DESC LIMIT 1) l WHERE l.user_id = \(owner)), 0)::bigint
        """
    }

    // MARK: Fetching

    func fetchUser(_ id: User.ID, on c: PostgresConnection) async throws -> User {
        guard let user = try await prepared(PostgresRequestStatements.UserByID(id: id.rawValue), on: c).first else {
            throw StoreError.notFound("user")
        }
        return user
    }

    /// The owner's latest op-log position; `nil` when there is no such owner.
    func fetchLatestSequence(_ owner: User.ID, on c: PostgresConnection) async throws -> Int64? {
        try await prepared(PostgresRequestStatements.LatestSequence(owner: owner.rawValue), on: c).first
    }

    func requireOwner(_ owner: User.ID, on c: PostgresConnection) async throws {
        let rows = try await rows("SELECT 1 FROM users WHERE id = \(owner.rawValue)", on: c)
        guard !rows.isEmpty else { throw StoreError.notFound("user") }
    }

    /// Throws "user not found" or "habit not found" as SQLiteStore does.
    func requireHabit(_ owner: User.ID, _ habit: Habit.ID, on c: PostgresConnection) async throws {
        let rows = try await rows(
            """
            SELECT h.id FROM users u LEFT JOIN habits h ON h.user_id = u.id AND h.id = \(habit.rawValue)
            WHERE u.id = \(owner.rawValue)
            """, on: c)
        guard let row = rows.first else { throw StoreError.notFound("user") }
        guard try row.decode(UUID?.self) != nil else { throw StoreError.notFound("habit") }
    }

    /// Every one of `habits` is the owner's (or "habit not found").
    func requireHabits(_ owner: User.ID, _ habits: [Habit.ID], on c: PostgresConnection) async throws {
        guard !habits.isEmpty else { return }
        let wanted = Set(habits)
        let rows = try await rows(
            """
            SELECT count(*) FROM habits
            WHERE user_id = \(owner.rawValue) AND id = ANY(\(wanted.map(\.rawValue))::uuid[])
            """, on: c)
        guard try rows.first?.decode(Int.self) == wanted.count else { throw StoreError.notFound("habit") }
    }

    func routineExists(_ owner: User.ID, _ routine: Routine.ID, on c: PostgresConnection) async throws -> Bool {
        try await !rows(
            "SELECT 1 FROM routines WHERE user_id = \(owner.rawValue) AND id = \(routine.rawValue)", on: c
        ).isEmpty
    }

    /// The owner's habits in manual order; one query that also says whether the owner exists.
    func fetchHabits(_ owner: User.ID, includeArchived: Bool, on c: PostgresConnection) async throws -> [Habit] {
        let rows = try await rows(
            """
            SELECT u.id AS owner, \(unescaped: Self.habitColumns)
            FROM users u LEFT JOIN habits h ON h.user_id = u.id AND (\(includeArchived) OR NOT h.is_archived)
            WHERE u.id = \(owner.rawValue)
            """, on: c)
        guard !rows.isEmpty else { throw StoreError.notFound("user") }
        // Sorted here, not by SQL: text order would follow the database's collation.
        return try rows.compactMap(Self.habit(from:)).sorted { ($0.order, $0.name, $0.id) < ($1.order, $1.name, $1.id) }
    }

    /// Every entry of the owner's habits (archived ones only when asked), by habit: one query.
    func fetchEntries(_ owner: User.ID, includeArchived: Bool, on c: PostgresConnection) async throws -> [Habit.ID: [Entry]] {
        try Self.entriesByHabit(
            await rows(
                """
                SELECT e.habit_id, \(unescaped: Self.packedEntries)
                FROM entries e JOIN habits h ON h.user_id = e.user_id AND h.id = e.habit_id
                WHERE e.user_id = \(owner.rawValue) AND (\(includeArchived) OR NOT h.is_archived)
                GROUP BY e.habit_id
                """, on: c))
    }

    /// The entries of each habit from its first day through `through`, by habit: one range of the
    /// entries' key per habit. Per habit, because one condition for all of them (`day >= first OR
    /// created_on > first`) cannot bound the key's day, and PostgreSQL then reads every entry of
    /// the owner.
    func fetchEntries(
        _ owner: User.ID, from firsts: [(habit: Habit.ID, day: Day)], through: Day, on c: PostgresConnection
    ) async throws -> [Habit.ID: [Entry]] {
        try await fetchEntriesAndRevision(owner, from: firsts, through: through, on: c).entries
    }

    /// ``fetchEntries(_:from:through:on:)`` with the owner's revision in the same statement (a
    /// read without a transaction checks that nothing of the owner's changed since its first one).
    func fetchEntriesAndRevision(
        _ owner: User.ID, from firsts: [(habit: Habit.ID, day: Day)], through: Day, on c: PostgresConnection
    ) async throws -> (entries: [Habit.ID: [Entry]], revision: Int64) {
        // A function of migration 15, which keeps its plan (this read was planned on every call).
        let rows = try await rows(
            """
            SELECT * FROM tend_entries_from(
                \(owner.rawValue), \(firsts.map(\.habit.rawValue))::uuid[], \(firsts.map { Int32(clamping: $0.day.ordinal) })::integer[],
                \(Int32(clamping: through.ordinal))::integer)
            """, on: c)
        guard let first = rows.first else { throw StoreError.notFound("user") }
        return (try Self.entriesByHabit(rows), try first.makeRandomAccess()["revision"].decode(Int64.self))
    }

    /// A habit's entries in one row (grouped by habit): day (int4), value (int8) and skipped (int2)
    /// of each, packed big-endian in day order into one `bytea`, and the notes apart (few days
    /// have one). Decoding a row per entry through PostgresNIO's generic cells cost ~2 µs each:
    /// most of a cold Today page's read, whose window holds a couple of thousand entries.
    /// Migration 15's `tend_entries_from` packs them the same way: a change here is a new
    /// migration replacing that function.
    static let packedEntries = """
        string_agg(int4send(e.day) || int8send(e.value) || int2send(e.is_skipped::int::int2), ''::bytea ORDER BY e.day) AS entries_packed,
        array_agg(e.day ORDER BY e.day) FILTER (WHERE e.note IS NOT NULL) AS entry_note_days,
        array_agg(e.note ORDER BY e.day) FILTER (WHERE e.note IS NOT NULL) AS entry_notes
        """

    /// The bytes of one packed entry (``packedEntries``).
    static let packedEntrySize = 14

    private static func entriesByHabit(_ rows: [PostgresRow]) throws -> [Habit.ID: [Entry]] {
        var entries: [Habit.ID: [Entry]] = [:]
        entries.reserveCapacity(rows.count)
        for row in rows {
            // Null on the one row of an owner with none of the habits' entries (a LATERAL join).
            guard let id = try row.makeRandomAccess()["habit_id"].decode(UUID?.self) else { continue }
            let habit = Habit.ID(rawValue: id)
            entries[habit] = try unpackedEntries(row, habit: habit)
        }
        return entries
    }

    /// The entries of a row with the columns of ``packedEntries`` (none where they are null).
    static func unpackedEntries(_ row: PostgresRow, habit: Habit.ID) throws -> [Entry] {
        let cells = row.makeRandomAccess()
        guard var packed = try cells["entries_packed"].decode(ByteBuffer?.self) else { return [] }
        var notes: [Int: String] = [:]
        if let days = try cells["entry_note_days"].decode([Int]?.self), let texts = try cells["entry_notes"].decode([String]?.self) {
            notes = Dictionary(zip(days, texts)) { first, _ in first }
        }
        var list: [Entry] = []
        list.reserveCapacity(packed.readableBytes / packedEntrySize)
        while let day = packed.readInteger(as: Int32.self) {
            guard let value = packed.readInteger(as: Int64.self), let skipped = packed.readInteger(as: Int16.self) else {
                throw StoreError.unreadable("packed entries of habit \(habit) end mid-entry")
            }
            let ordinal = Int(day)
            list.append(Entry(day: Day(ordinal: ordinal), value: Amount(thousandths: value), isSkipped: skipped != 0, note: notes[ordinal]))
        }
        return list
    }

    /// The habit, its row locked until the transaction ends, with the entry of `day` when given.
    func fetchHabitForUpdate(
        _ owner: User.ID, _ id: Habit.ID, day: Day?, on c: PostgresConnection
    ) async throws -> TrackedHabit {
        let rows = try await rows(
            """
            SELECT \(unescaped: Self.habitColumns), e.value AS entry_value, e.is_skipped AS entry_skipped,
                   e.note AS entry_note
            FROM habits h
            LEFT JOIN entries e ON e.user_id = h.user_id AND e.habit_id = h.id AND e.day = \(day?.ordinal ?? Int.min)
            WHERE h.user_id = \(owner.rawValue) AND h.id = \(id.rawValue)
            FOR UPDATE OF h
            """, on: c)
        guard let row = rows.first, let habit = try Self.habit(from: row) else { throw StoreError.notFound("habit") }
        let cells = row.makeRandomAccess()
        guard let day, let value = try cells["entry_value"].decode(Int64?.self) else { return TrackedHabit(habit: habit) }
        let entry = Entry(
            day: day, value: Amount(thousandths: value), isSkipped: try cells["entry_skipped"].decode(Bool.self),
            note: try cells["entry_note"].decode(String?.self))
        return TrackedHabit(habit: habit, entries: [entry])
    }

    /// The owner's routines with their habits in order; "user not found" when there is no such
    /// owner. One statement (the owner's row joined), so a read of them alone needs no transaction.
    func fetchRoutines(_ owner: User.ID, on c: PostgresConnection) async throws -> RoutineList {
        let rows = try await rows(
            """
            SELECT r.id, r.name, r.start, r.weekdays::text, r.color, r.sort_order,
                   coalesce((SELECT array_agg(rh.habit_id ORDER BY rh.position) FROM routine_habits rh
                             WHERE rh.user_id = r.user_id AND rh.routine_id = r.id), '{}') AS habit_ids
            FROM users u LEFT JOIN routines r ON r.user_id = u.id WHERE u.id = \(owner.rawValue)
            """, on: c)
        guard !rows.isEmpty else { throw StoreError.notFound("user") }
        let routines = try rows.compactMap { row -> Routine? in
            let (id, name, start, weekdays, color, order, habits) = try row.decode(
                (UUID?, String?, String?, String?, String?, Int?, [UUID]).self)
            guard let id, let name, let start, let weekdays, let color, let order else { return nil }
            let startTime: TimeOfDay
            do {
                startTime = try TimeOfDay(parsing: start)
            } catch {
                throw StoreError.unreadable("routine \(id) has a damaged start time '\(start)'")
            }
            return Routine(
                id: Routine.ID(rawValue: id), name: name, start: startTime,
                weekdays: Set(try Self.decodeJSON([Weekday].self, weekdays)), color: try Self.enumValue(color),
                habitIDs: habits.map(Habit.ID.init(rawValue:)), order: order)
        }
        return RoutineList(routines)
    }

    /// The groups the owner described, in order.
    func fetchGroups(_ owner: User.ID, on c: PostgresConnection) async throws -> GroupList {
        guard let row = try await rows("SELECT habit_groups FROM users WHERE id = \(owner.rawValue)", on: c).first else {
            throw StoreError.notFound("user")
        }
        return try StoredJSON.groups(row.decode(String.self))
    }

    /// The owner's tips; "user not found" when there is no such owner (one statement, as
    /// ``fetchRoutines(_:on:)``).
    func fetchTips(_ owner: User.ID, on c: PostgresConnection) async throws -> TipState {
        let rows = try await rows(
            "SELECT t.tip, t.state FROM users u LEFT JOIN tips t ON t.user_id = u.id WHERE u.id = \(owner.rawValue)", on: c)
        guard !rows.isEmpty else { throw StoreError.notFound("user") }
        var tips = TipState()
        for row in rows {
            let (tip, state) = try row.decode((String?, String?).self)
            guard let tip, let state else { continue }
            // Tips this version does not know (from a newer Tend) are left out, as TipState decoding does.
            guard let id = Tip.ID(rawValue: tip) else { continue }
            if state == "dismissed" { tips.dismissed.insert(id) } else { tips.actedOn.insert(id) }
        }
        return tips
    }

    func checkNameFree(_ habit: Habit, owner: User.ID, on c: PostgresConnection) async throws {
        let rows = try await rows(
            """
            SELECT 1 FROM habits
            WHERE user_id = \(owner.rawValue) AND name_key = \(HabitRules.nameKey(habit.name)) AND id <> \(habit.id.rawValue)
            """, on: c)
        guard rows.isEmpty else { throw StoreError.habitNameTaken(habit.name) }
    }

    // MARK: Decoding

    static func user(from row: PostgresRow) throws -> User {
        let (id, username, zone, dayStart, firstWeekday, locale, snooze, kept, language) = try row.decode(
            (UUID, String, String, Int, Int?, String, Int, String, String?).self)
        return User(
            id: User.ID(rawValue: id), username: username,
            settings: UserSettings(
                timeZone: zone, dayStartHour: dayStart, firstWeekday: firstWeekday, locale: locale, snoozeMinutes: snooze,
                keptZones: UserSettings.keptZones(text: kept), language: language))
    }

    /// The habit of a row holding ``habitColumns`` (`nil` when an outer join found none).
    static func habit(from row: PostgresRow) throws -> Habit? {
        let cells = row.makeRandomAccess()
        guard let id = try cells["id"].decode(UUID?.self) else { return nil }
        return Habit(
            id: Habit.ID(rawValue: id),
            name: try cells["name"].decode(String.self),
            emoji: try cells["emoji"].decode(String.self),
            color: try enumValue(cells["color"].decode(String.self)),
            notes: try cells["notes"].decode(String.self),
            kind: try enumValue(cells["kind"].decode(String.self)),
            type: try enumValue(cells["type"].decode(String.self)),
            target: Amount(thousandths: try cells["target"].decode(Int64.self)),
            unit: try cells["unit"].decode(String.self),
            step: Amount(thousandths: try cells["step"].decode(Int64.self)),
            schedule: try StoredJSON.schedules.value(cells["schedule"].decode(String.self)) { try decodeJSON(Schedule.self, $0) },
            routineTime: try enumValue(cells["routine_time"].decode(String.self)),
            reminders: try StoredReminders.decode(cells["reminders"].decode(String.self)),
            isArchived: try cells["is_archived"].decode(Bool.self),
            group: try cells["group_name"].decode(String.self),
            tags: try StoredJSON.tags(cells["tags"].decode(String.self)),
            order: try cells["sort_order"].decode(Int.self),
            createdOn: Day(ordinal: try cells["created_on"].decode(Int.self)),
            startsOn: try cells["starts_on"].decode(Int?.self).map(Day.init(ordinal:)),
            endsOn: try cells["ends_on"].decode(Int?.self).map(Day.init(ordinal:)),
            pauses: try StoredJSON.pauses(cells["pauses"].decode(String.self)),
            versions: try StoredJSON.versions(cells["versions"].decode(String.self)))
    }

    static func enumValue<Value: RawRepresentable<String>>(_ text: String) throws -> Value {
        guard let value = Value(rawValue: text) else {
            throw StoreError.unreadable("'\(text)' is not a \(Value.self) this version of Tend knows")
        }
        return value
    }

    /// JSON as stored (``StoredJSON/text(_:)``).
    static func json(_ value: some Encodable) throws -> String {
        try StoredJSON.text(value)
    }

    static func decodeJSON<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(utf8: text))
        } catch {
            throw StoreError.unreadable("stored \(Value.self) is damaged: \(error)")
        }
    }

    // MARK: Errors

    /// The ``StoreError`` a database error means, when it has one; other errors pass through.
    static func storeError(_ error: any Error) -> any Error {
        if let transaction = error as? PostgresTransactionError {
            if let inner = transaction.closureError ?? transaction.commitError ?? transaction.beginError {
                return storeError(inner)
            }
            return error
        }
        guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] else { return error }
        let constraint = error.serverInfo?[.constraintName] ?? ""
        switch state {
        case "23505":  // unique_violation
            if constraint.contains("username") { return StoreError.conflict(t("that username is taken")) }
            if constraint.contains("name_key") { return StoreError.conflict(t("a habit with this name already exists")) }
            return StoreError.conflict(t("this collides with existing data ({constraint})", ["constraint": constraint]))
        case "23503":  // foreign_key_violation
            return StoreError.notFound("what this refers to")
        case "23502", "23514", "22003", "22P02", "22001":  // not null, check, out of range, bad text, too long
            return StoreError.invalid(error.serverInfo?[.message] ?? t("the database refused the value"))
        default:
            return error
        }
    }

    static func isNameConflict(_ error: any Error) -> Bool {
        var error = error
        if let transaction = error as? PostgresTransactionError, let inner = transaction.closureError ?? transaction.commitError {
            error = inner
        }
        guard let error = error as? PSQLError else { return false }
        return error.serverInfo?[.sqlState] == "23505" && (error.serverInfo?[.constraintName] ?? "").contains("name_key")
    }
}
