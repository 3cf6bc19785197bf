import Foundation
import TendStore
import TendWords

/// Why a file could not be imported. Every case leaves the user's data untouched.
public enum ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The content is none of the formats Tend reads.
    case unrecognizedFormat(String)
    /// The file (or a part of a ZIP) is larger than the import accepts.
    case tooLarge(what: String, limit: Int)
    /// The file holds more habits or entries than one import accepts.
    case tooMany(what: String, limit: Int)
    /// JSON that is truncated, mistyped or not Tend's.
    case invalidJSON(String)
    /// A Tend JSON export of another format or a newer version.
    case unsupportedFormat(String)
    case unsupportedVersion(Int)
    /// A CSV file that breaks RFC 4180 or Tend's layout, with the line where it happened.
    case invalidCSV(line: Int, reason: String)
    /// An SQLite file that is not Loop Habit Tracker's backup.
    case notLoopDatabase(String)
    case unsupportedLoopVersion(Int)
    /// A damaged or unreadable database.
    case unreadableDatabase(String)
    /// A damaged ZIP, or one without Loop's `Habits.csv`.
    case invalidZip(String)
    /// A ZIP entry whose name would leave the archive's folder (`../`, `/etc/…`).
    case unsafePath(String)
    /// Data that cannot be brought into Tend even after adjusting.
    case invalidData(String)

    public var description: String {
        switch self {
        case .unrecognizedFormat(let detail):
            t(
                "this file is not one Tend can import ({detail}): expected a Tend JSON or CSV export, a Loop Habit Tracker backup (.db) or a Loop CSV export (.zip), or an export of Beaver Habit Tracker, HabitBull, harsh, Rewire or Tickmate",
                ["detail": detail])
        case .tooLarge(let what, let limit):
            Self.tooLarge(what, size: ImportError.bytes(limit))
        case .tooMany(let what, let limit):
            Self.tooMany(what, limit: limit)
        case .invalidJSON(let reason):
            t("the JSON file cannot be read: {reason}", ["reason": reason])
        case .unsupportedFormat(let format):
            t("the JSON file is a “{format}” file, not a Tend export (\"format\": \"tend\")", ["format": format])
        case .unsupportedVersion(let version):
            t(
                "the Tend export has version {version}; this Tend reads version {supported} only",
                ["version": String(version), "supported": String(TendJSONFormat.version)])
        case .invalidCSV(let line, let reason):
            t("the CSV file cannot be read at line {line}: {reason}", ["line": String(line), "reason": reason])
        case .notLoopDatabase(let reason):
            t("this database is not a Loop Habit Tracker backup: {reason}", ["reason": reason])
        case .unsupportedLoopVersion(let version):
            t(
                "this Loop Habit Tracker backup has schema version {version}; Tend reads versions {lowest} to {highest}",
                [
                    "version": String(version), "lowest": String(LoopDatabaseReader.supportedVersions.lowerBound),
                    "highest": String(LoopDatabaseReader.supportedVersions.upperBound),
                ])
        case .unreadableDatabase(let reason):
            t("the database cannot be read: {reason}", ["reason": reason])
        case .invalidZip(let reason):
            t("the ZIP file cannot be read: {reason}", ["reason": reason])
        case .unsafePath(let path):
            t("the ZIP file contains an unsafe path “{path}” (it points outside the archive), so it is not imported", ["path": path])
        case .invalidData(let reason):
            t("the file cannot be imported: {reason}", ["reason": reason])
        }
    }

    // `what` names the part in English, as the readers say it (a value tests compare); each part
    // they name is a sentence of its own, so a translation can make the words agree.

    private static func tooLarge(_ what: String, size: String) -> String {
        switch what {
        case "the file": return t("the file is too large: the import accepts at most {size}", ["size": size])
        case "the ZIP's content": return t("the ZIP's content is too large: the import accepts at most {size}", ["size": size])
        case "the text in the file (names and notes)":
            return t("the text in the file (names and notes) is too large: the import accepts at most {size}", ["size": size])
        default: break
        }
        if what.hasPrefix("“"), what.hasSuffix("” in the ZIP") {
            let path = String(what.dropFirst().dropLast("” in the ZIP".count))
            return t("“{path}” in the ZIP is too large: the import accepts at most {size}", ["path": path, "size": size])
        }
        if what.hasPrefix("“"), what.hasSuffix("”") {
            return t(
                "“{file}” is too large: the import accepts at most {size}", ["file": String(what.dropFirst().dropLast()), "size": size])
        }
        return t("{what} is too large: the import accepts at most {size}", ["what": what, "size": size])
    }

    private static func tooMany(_ what: String, limit: Int) -> String {
        switch what {
        case "habits":
            return tPlural(
                "the file holds more than {count} habit, more than one import accepts",
                "the file holds more than {count} habits, more than one import accepts", count: limit)
        case "entries":
            return tPlural(
                "the file holds more than {count} entry, more than one import accepts",
                "the file holds more than {count} entries, more than one import accepts", count: limit)
        case "JSON values":
            return tPlural(
                "the file holds more than {count} JSON value, more than one import accepts",
                "the file holds more than {count} JSON values, more than one import accepts", count: limit)
        case "files in the ZIP":
            return tPlural(
                "the file holds more than {count} file in the ZIP, more than one import accepts",
                "the file holds more than {count} files in the ZIP, more than one import accepts", count: limit)
        default: break
        }
        if what.hasPrefix("lines in ") {
            return tPlural(
                "the file holds more than {count} line in {file}, more than one import accepts",
                "the file holds more than {count} lines in {file}, more than one import accepts", count: limit,
                ["file": String(what.dropFirst("lines in ".count))])
        }
        return t("the file holds more than {count} {what}, more than one import accepts", ["count": String(limit), "what": what])
    }

    static func bytes(_ count: Int) -> String {
        count >= 1 << 20
            ? t("{count} MiB", ["count": String(count >> 20)])
            : count >= 1 << 10 ? t("{count} KiB", ["count": String(count >> 10)]) : tPlural("{count} byte", "{count} bytes", count: count)
    }
}
