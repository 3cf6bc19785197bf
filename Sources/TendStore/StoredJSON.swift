import Foundation
import TendCore

enum StoredJSON {
    static let schedules = DecodedJSONCache<Schedule>()
    static let reminders = DecodedJSONCache<[Reminder]>()

    /// JSON as both SQL stores keep it: sorted keys (equal values are stored alike), slashes
    /// unescaped.
    static func text(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
