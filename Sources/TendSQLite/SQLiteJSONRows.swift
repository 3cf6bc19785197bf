import Foundation
import TendStore

/// Rows handed to one SQLite statement as a JSON array of arrays, read back with
/// `json_each(?)` and `value ->> n`: a batch of any size in one statement, where a statement per
/// row cost the scheduler's writer most of its time in calls and bindings (docs/performance.md,
/// "Reminder minute"). A JSON `null` reads as SQL `NULL`.
struct SQLiteJSONRows {
    enum Value {
        case text(String)
        case integer(Int)
        case real(Double)
        case null
    }

    private(set) var json = "["
    private(set) var count = 0

    mutating func append(_ values: Value...) {
        if count > 0 { json.append(",") }
        json.append("[")
        for (index, value) in values.enumerated() {
            if index > 0 { json.append(",") }
            switch value {
            case .text(let text): Self.appendString(text, to: &json)
            case .integer(let number): json.append(String(number))
            case .real(let number):
                // Swift writes the shortest text that reads back as the same double.
                precondition(number.isFinite, "JSON has no infinite or NaN numbers")
                json.append(number.description)
            case .null: json.append("null")
            }
        }
        json.append("]")
        count += 1
    }

    /// The finished array.
    var text: String { json + "]" }

    private static func appendString(_ text: String, to json: inout String) {
        json.append("\"")
        // Ids, names and codes have nothing to escape: appended whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            json.append(text)
            json.append("\"")
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json.append("\\\"")
            case "\\": json.append("\\\\")
            case "\n": json.append("\\n")
            case "\r": json.append("\\r")
            case "\t": json.append("\\t")
            case _ where scalar.value < 0x20:
                json.append("\\u00")
                json.append(String(scalar.value, radix: 16).count == 1 ? "0" : "")
                json.append(String(scalar.value, radix: 16))
            default: json.unicodeScalars.append(scalar)
            }
        }
        json.append("\"")
    }
}

extension SQLiteJSONRows.Value {
    static func optionalText(_ text: String?) -> Self { text.map(Self.text) ?? .null }
    static func optionalInteger(_ number: Int?) -> Self { number.map(Self.integer) ?? .null }
    static func optionalDate(_ date: Date?) -> Self { date.map { .real($0.timeIntervalSince1970) } ?? .null }
}
