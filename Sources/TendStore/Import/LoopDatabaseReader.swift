import Foundation
import GRDB
import GRDBSQLite
import TendCore

/// Reads Loop Habit Tracker's SQLite backup: the `Habits` and `Repetitions` tables of schema
/// versions 8 to 25 (older files lack `type`, `uuid`, `question`, the target columns and
/// `Repetitions.value`/`notes`; absent columns take Loop's defaults).
enum LoopDatabaseReader {
    static let supportedVersions = 8...25
    static let sqliteMagic = Array("SQLite format 3\0".utf8)

    static func isSQLite(_ data: Data) -> Bool { data.starts(with: sqliteMagic) }

    /// Whether `data` is an SQLite file with Loop's two tables.
    static func matches(_ data: Data) -> Bool {
        guard isSQLite(data) else { return false }
        return (try? withDatabase(data) { db in try hasLoopTables(db) }) ?? false
    }

    static func read(_ data: Data, limits: ImportLimits, today: Day) throws(ImportError) -> ImportedData {
        guard isSQLite(data) else { throw .notLoopDatabase("it is not an SQLite database") }
        do {
            return try withDatabase(data) { db in try read(db, limits: limits, today: today) }
        } catch let error as ImportError {
            throw error
        } catch let error as DatabaseError {
            throw .unreadableDatabase(error.message ?? "SQLite error \(error.resultCode)")
        } catch {
            throw .unreadableDatabase(String(describing: error))
        }
    }

    /// Opens a read-only copy of `data` in the importer's private folder (SQLite reads files, not
    /// memory), on a connection whose limits keep a hostile file small, and removes it after.
    private static func withDatabase<T>(_ data: Data, _ body: (Database) throws -> T) throws -> T {
        let url = try ImportScratch.newFile(extension: "db")
        guard FileManager.default.createFile(atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw ImportError.unreadableDatabase("the server cannot write its copy of the file")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        // A file saved in WAL mode opens read-only only without its -wal file: mark the copy as a
        // rollback-journal database, which it is once the WAL is gone (patched on disk: changing
        // the bytes in memory would copy the whole upload).
        if data.count > 19, data[data.startIndex + 18] == 2 || data[data.startIndex + 19] == 2 {
            let handle = try FileHandle(forWritingTo: url)
            try handle.seek(toOffset: 18)
            try handle.write(contentsOf: [1, 1] as [UInt8])
            try handle.close()
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.prepareDatabase { db in
            // A hostile file's views or triggers must not run functions with side effects.
            try db.execute(sql: "PRAGMA trusted_schema = OFF")
            applyLimits(db)
        }
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read(body)
    }

    /// SQLite's own limits on this connection, far below its defaults (1 GB strings, 2000 columns):
    /// a value, a statement or an expression larger than Loop ever writes is an error
    /// (SQLITE_TOOBIG), not an allocation.
    static let connectionLimits: [(Int32, Int32)] = [
        (SQLITE_LIMIT_LENGTH, 1 << 20),
        (SQLITE_LIMIT_SQL_LENGTH, 100_000),
        (SQLITE_LIMIT_COLUMN, 100),
        (SQLITE_LIMIT_EXPR_DEPTH, 50),
        (SQLITE_LIMIT_COMPOUND_SELECT, 5),
        (SQLITE_LIMIT_VDBE_OP, 25_000),
        (SQLITE_LIMIT_FUNCTION_ARG, 8),
        (SQLITE_LIMIT_ATTACHED, 0),
        (SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 100),
        (SQLITE_LIMIT_VARIABLE_NUMBER, 100),
        (SQLITE_LIMIT_TRIGGER_DEPTH, 1),
    ]

    private static func applyLimits(_ db: Database) {
        for (limit, value) in connectionLimits { sqlite3_limit(db.sqliteConnection, limit, value) }
    }

    private static func hasLoopTables(_ db: Database) throws -> Bool {
        let names = try String.fetchAll(db, sql: "SELECT lower(name) FROM sqlite_master WHERE type = 'table'")
        return names.contains("habits") && names.contains("repetitions")
    }

    /// The columns of `table`, refusing what could run code or allocate while the importer reads:
    /// a virtual table, hidden or generated columns (`PRAGMA table_info` does not even list
    /// them: `x AS (zeroblob(50000000))`) and triggers.
    private static func columns(_ db: Database, _ table: String) throws -> Set<String> {
        let kind = try String.fetchOne(
            db, sql: "SELECT type FROM pragma_table_list WHERE schema = 'main' AND lower(name) = lower(?)", arguments: [table])
        guard kind == "table" else { throw ImportError.notLoopDatabase("its \(table) table is a \(kind ?? "missing") table") }
        var names: Set<String> = []
        for row in try Row.fetchAll(db, sql: "PRAGMA table_xinfo(\(table))") {
            let name = text(row, "name")?.lowercased() ?? ""
            guard (integer(row, "hidden") ?? 0) == 0 else {
                throw ImportError.notLoopDatabase("its \(table) table has a hidden or generated column “\(name)”")
            }
            names.insert(name)
        }
        let triggers =
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND lower(tbl_name) = lower(?)", arguments: [table])
            ?? 0
        guard triggers == 0 else { throw ImportError.notLoopDatabase("its \(table) table has triggers") }
        return names
    }

    /// `column`, or NULL under its name when the file's schema version has no such column.
    private static func select(_ columns: [String], from available: Set<String>) -> String {
        columns.map { available.contains($0) ? "\"\($0)\"" : "NULL AS \"\($0)\"" }.joined(separator: ", ")
    }

    static let habitColumnNames = [
        "id", "name", "question", "description", "freq_num", "freq_den", "color", "position", "archived", "type",
        "target_type", "target_value", "unit", "reminder_hour", "reminder_min", "reminder_days", "uuid",
    ]

    private static func read(_ db: Database, limits: ImportLimits, today: Day) throws -> ImportedData {
        guard try hasLoopTables(db) else {
            throw ImportError.notLoopDatabase("it has no Habits and Repetitions tables")
        }
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard supportedVersions.contains(version) else { throw ImportError.unsupportedLoopVersion(version) }
        let habitColumns = try columns(db, "Habits")
        let repetitionColumns = try columns(db, "Repetitions")
        for column in ["id", "name"] where !habitColumns.contains(column) {
            throw ImportError.notLoopDatabase("its Habits table has no “\(column)” column")
        }
        for column in ["habit", "timestamp"] where !repetitionColumns.contains(column) {
            throw ImportError.notLoopDatabase("its Repetitions table has no “\(column)” column")
        }
        let habitCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM Habits") ?? 0
        let repetitionCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM Repetitions") ?? 0
        try limits.checkCounts(habits: habitCount, entries: repetitionCount)

        var adjustments: [String] = []
        var skipped: [String] = []
        var skippedEntries = 0
        var repetitions: [Int64: [LoopRepetition]] = [:]
        var badTimestamps = 0
        var textBudget = TextBudget(limit: limits.maximumTextBytes)
        let cursor = try Row.fetchCursor(
            db,
            sql:
                "SELECT \(select(["habit", "timestamp", "value", "notes"], from: repetitionColumns)) FROM Repetitions ORDER BY habit, timestamp"
        )
        while let row = try cursor.next() {
            guard let habit = integer(row, "habit"), let timestamp = integer(row, "timestamp"),
                let day = LoopMapping.day(milliseconds: timestamp)
            else {
                badTimestamps += 1
                continue
            }
            // Before schema 16 a repetition was a check and had no value.
            let value: Int64
            if !repetitionColumns.contains("value") {
                value = LoopMapping.yesManual
            } else if let stored = integer(row, "value") {
                value = stored
            } else {
                badTimestamps += 1
                continue
            }
            let notes = try textBudget.take(text(row, "notes") ?? "")
            repetitions[habit, default: []].append(LoopRepetition(day: day, value: value, notes: notes))
        }
        if badTimestamps > 0 {
            skipped.append("\(badTimestamps) repetitions without a habit, or with an impossible date or value, are not imported")
            skippedEntries += badTimestamps
        }

        var habits: [ImportedHabit] = []
        let known = repetitions.keys
        var matched: Set<Int64> = []
        let habitRows = try Row.fetchCursor(
            db, sql: "SELECT \(select(habitColumnNames, from: habitColumns)) FROM Habits ORDER BY position, id")
        while let row = try habitRows.next() {
            let rowID = integer(row, "id") ?? 0
            let name = try textBudget.take(text(row, "name") ?? "")
            var record = LoopHabitRecord(name: name)
            record.question = try textBudget.take(text(row, "question") ?? "")
            record.description = try textBudget.take(text(row, "description") ?? "")
            record.frequencyNumerator = clampedInt(integer(row, "freq_num") ?? 1)
            record.frequencyDenominator = clampedInt(integer(row, "freq_den") ?? 1)
            if let color = integer(row, "color") {
                record.colorIndex = LoopMapping.modernPaletteIndex(clampedInt(color), schemaVersion: version)
            }
            record.position = clampedInt(integer(row, "position") ?? 0)
            record.isArchived = (integer(row, "archived") ?? 0) != 0
            record.type = clampedInt(integer(row, "type") ?? 0)
            record.targetType = clampedInt(integer(row, "target_type") ?? 0)
            record.targetValue = real(row, "target_value") ?? 0
            record.unit = try textBudget.take(text(row, "unit") ?? "")
            record.reminderHour = integer(row, "reminder_hour").map(clampedInt)
            record.reminderMinute = integer(row, "reminder_min").map(clampedInt)
            record.reminderDays = clampedInt(integer(row, "reminder_days") ?? 127)
            let id = LoopMapping.habitID(uuid: text(row, "uuid"), fallbackKey: "loop-db|\(rowID)|\(name)")
            matched.insert(rowID)
            let (habit, notes, left, leftCount) = LoopMapping.habit(record, id: id, repetitions: repetitions[rowID] ?? [], today: today)
            adjustments += notes
            skipped += left
            skippedEntries += leftCount
            habits.append(habit)
        }
        let orphans = known.filter { !matched.contains($0) }.reduce(0) { $0 + (repetitions[$1]?.count ?? 0) }
        if orphans > 0 {
            skipped.append("\(orphans) repetitions of habits the file does not have are not imported")
            skippedEntries += orphans
        }
        return ImportedData(
            format: .loopDatabase, habits: habits, adjustments: adjustments, skipped: skipped, skippedEntries: skippedEntries)
    }

    private static func clampedInt(_ value: Int64) -> Int { Int(max(min(value, 1 << 40), -(1 << 40))) }

    private static func value(_ row: Row, _ column: String) -> DatabaseValue {
        let value: DatabaseValue = row[column]
        return value
    }

    // Columns are read by their storage class: a hostile file may put text where Loop has numbers.

    private static func integer(_ row: Row, _ column: String) -> Int64? {
        guard row.hasColumn(column) else { return nil }
        switch value(row, column).storage {
        case .int64(let value): return value
        case .double(let value) where value.isFinite && abs(value) < 9e18: return Int64(value)
        case .string(let text): return Int64(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    private static func real(_ row: Row, _ column: String) -> Double? {
        guard row.hasColumn(column) else { return nil }
        switch value(row, column).storage {
        case .int64(let value): return Double(value)
        case .double(let value): return value
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    private static func text(_ row: Row, _ column: String) -> String? {
        guard row.hasColumn(column) else { return nil }
        switch value(row, column).storage {
        case .string(let text): return text
        case .int64(let value): return String(value)
        case .double(let value): return String(value)
        case .blob(let data): return String(data: data, encoding: .utf8)
        case .null: return nil
        }
    }
}
