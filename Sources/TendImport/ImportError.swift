import Foundation
import TendStore

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
            "this file is not one Tend can import (\(detail)): expected a Tend JSON or CSV export, "
                + "a Loop Habit Tracker backup (.db) or a Loop CSV export (.zip), or an export of Beaver Habit Tracker, "
                + "HabitBull, harsh, Rewire or Tickmate"
        case .tooLarge(let what, let limit):
            "\(what) is too large: the import accepts at most \(ImportError.bytes(limit))"
        case .tooMany(let what, let limit):
            "the file holds more than \(limit) \(what), more than one import accepts"
        case .invalidJSON(let reason):
            "the JSON file cannot be read: \(reason)"
        case .unsupportedFormat(let format):
            "the JSON file is a “\(format)” file, not a Tend export (\"format\": \"tend\")"
        case .unsupportedVersion(let version):
            "the Tend export has version \(version); this Tend reads version \(TendJSONFormat.version) only"
        case .invalidCSV(let line, let reason):
            "the CSV file cannot be read at line \(line): \(reason)"
        case .notLoopDatabase(let reason):
            "this database is not a Loop Habit Tracker backup: \(reason)"
        case .unsupportedLoopVersion(let version):
            "this Loop Habit Tracker backup has schema version \(version); Tend reads versions "
                + "\(LoopDatabaseReader.supportedVersions.lowerBound) to \(LoopDatabaseReader.supportedVersions.upperBound)"
        case .unreadableDatabase(let reason):
            "the database cannot be read: \(reason)"
        case .invalidZip(let reason):
            "the ZIP file cannot be read: \(reason)"
        case .unsafePath(let path):
            "the ZIP file contains an unsafe path “\(path)” (it points outside the archive), so it is not imported"
        case .invalidData(let reason):
            "the file cannot be imported: \(reason)"
        }
    }

    static func bytes(_ count: Int) -> String {
        count >= 1 << 20 ? "\(count >> 20) MiB" : count >= 1 << 10 ? "\(count >> 10) KiB" : "\(count) bytes"
    }
}
