import Foundation
import TendCore

package enum StoredJSON {
    package static let schedules = DecodedJSONCache<Schedule>()
    package static let reminders = DecodedJSONCache<[Reminder]>()

    /// A habit's tags as stored (`[]` for most habits, read without a decoder).
    package static func tags(_ text: String) throws -> [String] {
        guard text != "[]" else { return [] }
        return try JSONDecoder().decode([String].self, from: Data(text.utf8))
    }

    /// A habit's earlier rules as stored (`[]` for most habits, read without a decoder).
    package static func versions(_ text: String) throws -> [HabitVersion] {
        guard text != "[]" else { return [] }
        return try JSONDecoder().decode([HabitVersion].self, from: Data(text.utf8))
    }

    /// A habit's pauses as stored (`[]` for most habits, read without a decoder).
    package static func pauses(_ text: String) throws -> [HabitPause] {
        guard text != "[]" else { return [] }
        return try JSONDecoder().decode([HabitPause].self, from: Data(text.utf8))
    }

    /// An owner's described groups as stored.
    package static func groups(_ text: String) throws -> GroupList {
        guard text != "[]" else { return GroupList() }
        return GroupList(try JSONDecoder().decode([HabitGroup].self, from: Data(text.utf8)))
    }

    /// A sign-in under way as stored.
    package static func attempt(_ text: String) throws -> SignInAttempt {
        try JSONDecoder().decode(SignInAttempt.self, from: Data(text.utf8))
    }

    /// JSON as both SQL stores keep it: sorted keys (equal values are stored alike), slashes
    /// unescaped.
    package static func text(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
