import Foundation
import TendCore
import TendStore
import TendWords

/// Tend's own export: one user's complete data, lossless.
///
/// `{"format":"tend","version":1,"settings":{…},"habits":[{…habit…,"entries":[…]}],"routines":[…],"tips":{…}}`
/// — the fields after `version` are exactly ``UserState``'s encoding.
public enum TendJSONFormat {
    public static let formatName = "tend"
    public static let version = 1

    /// The export of `state`: keys sorted, habits in manual order and entries by day, so equal
    /// states give equal bytes.
    public static func encode(_ state: UserState) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Envelope(state: state))
    }

    /// Whether `data` looks like a Tend export (a JSON object whose `format` is `tend`).
    static func matches(_ data: Data) -> Bool {
        guard data.first(where: { !isWhitespace($0) }) == UInt8(ascii: "{") else { return false }
        guard valueCount(data, upTo: ImportLimits.standard.maximumJSONValues) <= ImportLimits.standard.maximumJSONValues else {
            return false
        }
        return (try? JSONDecoder().decode(Header.self, from: data))?.format == formatName
    }

    /// About how many values (objects, arrays, keys, scalars) `data` holds: one more than its
    /// `{`, `[`, `,` and `:` outside strings; stops counting past `limit`. One pass, no allocation.
    static func valueCount(_ data: Data, upTo limit: Int) -> Int {
        data.withUnsafeBytes { bytes -> Int in
            var count = 1
            var strings = JSONStringState()
            for byte in bytes where strings.isOutsideStrings(byte) {
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ":"):
                    count += 1
                    if count > limit { return count }
                default: break
                }
            }
            return count
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// Reads an export, keeping every habit of the file (two habits with one id included: the
    /// planner renumbers the second).
    static func decode(_ data: Data, limits: ImportLimits) throws(ImportError) -> ImportedData {
        // Foundation's decoder first indexes every value of the file (~48 bytes each: gigabytes for
        // a hundred megabytes of numbers), so the values are counted before it runs.
        guard valueCount(data, upTo: limits.maximumJSONValues) <= limits.maximumJSONValues else {
            throw .tooMany(what: "JSON values", limit: limits.maximumJSONValues)
        }
        let decoder = JSONDecoder()
        let header: Header
        do {
            header = try decoder.decode(Header.self, from: data)
        } catch {
            throw .invalidJSON(describe(error))
        }
        guard let format = header.format else {
            throw .invalidJSON(t("it has no \"format\" field, so it is not a Tend export"))
        }
        guard format == formatName else { throw .unsupportedFormat(format) }
        guard let version = header.version else { throw .invalidJSON(t("it has no \"version\" field")) }
        guard version == TendJSONFormat.version else { throw .unsupportedVersion(version) }
        let file: File
        do {
            file = try decoder.decode(File.self, from: data)
        } catch {
            throw .invalidJSON(describe(error))
        }
        let habits = file.habits ?? []
        try limits.checkCounts(habits: habits.count, entries: habits.reduce(0) { $0 + $1.entries.count })
        return ImportedData(
            format: .tendJSON,
            habits: habits.map { ImportedHabit(habit: $0.habit, entries: $0.entries) },
            routines: file.routines ?? [],
            groups: file.groups ?? [],
            settings: file.settings,
            tips: file.tips)
    }

    /// A decoding error in words, with where in the file it happened (`habits[2].entries[5].value`).
    static func describe(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? t("the top level", context: "JSON path") : text
        }
        guard let error = error as? DecodingError else { return t("it is not valid JSON") }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return t("it is not valid JSON (it may be cut off or damaged)")
            }
            return t("{path}: {reason}", context: "JSON path", ["path": path(context.codingPath), "reason": context.debugDescription])
        case .keyNotFound(let key, let context):
            return t("{path} is missing", context: "JSON path", ["path": path(context.codingPath + [key])])
        case .typeMismatch(let type, let context):
            return t("{path} should be {type}", context: "JSON path", ["path": path(context.codingPath), "type": describe(type)])
        case .valueNotFound(let type, let context):
            return t("{path} should be {type}, not null", context: "JSON path", ["path": path(context.codingPath), "type": describe(type)])
        @unknown default:
            return t("it is not valid JSON")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        let name = String(describing: type)
        return switch name {
        case "String": t("text", context: "JSON type")
        case "Int", "Double", "Int64", "Amount": t("a number", context: "JSON type")
        case "Bool": t("true or false", context: "JSON type")
        case _ where name.hasPrefix("Array<") || name.hasPrefix("["): t("a list", context: "JSON type")
        default: t("an object", context: "JSON type")
        }
    }

    private struct Envelope: Encodable {
        var state: UserState

        private enum CodingKeys: String, CodingKey { case format, version }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(TendJSONFormat.formatName, forKey: .format)
            try container.encode(TendJSONFormat.version, forKey: .version)
            try state.encode(to: encoder)
        }
    }

    private struct Header: Decodable {
        var format: String?
        var version: Int?
    }

    private struct File: Decodable {
        var settings: UserSettings?
        var habits: [ExportedHabit]?
        var routines: [Routine]?
        var groups: [HabitGroup]?
        var tips: TipState?
    }

    /// A habit's fields and, beside them, its entries.
    private struct ExportedHabit: Decodable {
        var habit: Habit
        var entries: [Entry]

        private enum CodingKeys: String, CodingKey { case entries }

        init(from decoder: any Decoder) throws {
            habit = try Habit(from: decoder)
            entries = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent([Entry].self, forKey: .entries) ?? []
        }
    }
}
