import Foundation
import GRDB
import GRDBSQLite
import TendCore
import TendStore
import TendWords

/// What every SQLite file an import reads shares (Loop's backup, Rewire's and Tickmate's
/// databases): a read-only private copy with tight limits, tables checked before they are read,
/// and values read by their storage class — each file is treated as hostile.
enum ImportDatabase {
    static let sqliteMagic = Array("SQLite format 3\0".utf8)

    static func isSQLite(_ data: Data) -> Bool { data.starts(with: sqliteMagic) }

    /// The tracker whose tables the file has, or `nil`.
    static func format(of data: Data) -> ImportFormat? {
        guard isSQLite(data) else { return nil }
        return (try? withDatabase(data) { db in try format(db) }) ?? nil
    }

    private static func format(_ db: Database) throws -> ImportFormat? {
        let names = Set(try String.fetchAll(db, sql: "SELECT lower(name) FROM sqlite_master WHERE type = 'table'"))
        if names.isSuperset(of: ["habits", "repetitions"]) { return .loopDatabase }
        if names.isSuperset(of: ["checkins", "unit", "habits"]) { return .rewireDatabase }
        if names.isSuperset(of: ["tracks", "track2groups", "ticks"]) { return .tickmateDatabase }
        return nil
    }

    /// Reads an SQLite file with the reader of the tracker it comes from.
    static func read(_ data: Data, limits: ImportLimits, today: Day) throws(ImportError) -> ImportedData {
        guard isSQLite(data) else { throw .notLoopDatabase(t("it is not an SQLite database")) }
        do {
            return try withDatabase(data) { db in
                switch try format(db) {
                case .rewireDatabase: try RewireDatabaseReader.read(db, limits: limits, today: today)
                case .tickmateDatabase: try TickmateDatabaseReader.read(db, limits: limits, today: today)
                default: try LoopDatabaseReader.read(db, limits: limits, today: today)
                }
            }
        } catch let error as ImportError {
            throw error
        } catch let error as DatabaseError {
            throw .unreadableDatabase(error.message ?? t("SQLite error {code}", ["code": "\(error.resultCode)"]))
        } catch {
            throw .unreadableDatabase(String(describing: error))
        }
    }

    /// Opens a read-only copy of `data` in the importer's private folder (SQLite reads files, not
    /// memory), on a connection whose limits keep a hostile file small, and removes it after.
    static func withDatabase<T>(_ data: Data, _ body: (Database) throws -> T) throws -> T {
        let url = try ImportScratch.newFile(extension: "db")
        guard FileManager.default.createFile(atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw ImportError.unreadableDatabase(t("the server cannot write its copy of the file"))
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
    /// a value, a statement or an expression larger than any tracker writes is an error
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

    /// The columns of `table`, refusing what could run code or allocate while the importer reads:
    /// a virtual table, hidden or generated columns (`PRAGMA table_info` does not even list
    /// them: `x AS (zeroblob(50000000))`) and triggers.
    /// `requiring`: columns the reader cannot do without, refused by name when missing.
    static func columns(
        _ db: Database, _ table: String, requiring required: [String] = [], refusal: (String) -> ImportError
    ) throws -> Set<String> {
        let kind = try String.fetchOne(
            db, sql: "SELECT type FROM pragma_table_list WHERE schema = 'main' AND lower(name) = lower(?)", arguments: [table])
        guard kind == "table" else {
            throw refusal(
                kind.map { t("its {table} table is a {kind} table", ["table": table, "kind": $0]) }
                    ?? t("its {table} table is a missing table", ["table": table]))
        }
        var names: Set<String> = []
        for row in try Row.fetchAll(db, sql: "PRAGMA table_xinfo(\(table))") {
            let name = text(row, "name")?.lowercased() ?? ""
            guard (integer(row, "hidden") ?? 0) == 0 else {
                throw refusal(t("its {table} table has a hidden or generated column “{column}”", ["table": table, "column": name]))
            }
            names.insert(name)
        }
        let triggers =
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND lower(tbl_name) = lower(?)", arguments: [table])
            ?? 0
        guard triggers == 0 else { throw refusal(t("its {table} table has triggers", ["table": table])) }
        for column in required where !names.contains(column) {
            throw refusal(t("its {table} table has no “{column}” column", ["table": table, "column": column]))
        }
        return names
    }

    /// `column`, or NULL under its name when the file's schema version has no such column.
    static func select(_ columns: [String], from available: Set<String>) -> String {
        columns.map { available.contains($0) ? "\"\($0)\"" : "NULL AS \"\($0)\"" }.joined(separator: ", ")
    }

    static func clampedInt(_ value: Int64) -> Int { Int(max(min(value, 1 << 40), -(1 << 40))) }

    static func value(_ row: Row, _ column: String) -> DatabaseValue {
        let value: DatabaseValue = row[column]
        return value
    }

    // Columns are read by their storage class: a hostile file may put text where Loop has numbers.

    static func integer(_ row: Row, _ column: String) -> Int64? {
        guard row.hasColumn(column) else { return nil }
        switch value(row, column).storage {
        case .int64(let value): return value
        case .double(let value) where value.isFinite && abs(value) < 9e18: return Int64(value)
        case .string(let text): return Int64(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    static func real(_ row: Row, _ column: String) -> Double? {
        guard row.hasColumn(column) else { return nil }
        switch value(row, column).storage {
        case .int64(let value): return Double(value)
        case .double(let value): return value
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    static func text(_ row: Row, _ column: String) -> String? {
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
