import Foundation
import TendCore

/// Reads a habit's `reminders` column without `JSONDecoder` when it holds only what the stores
/// write (``StoredJSON/text(_:)``, and PostgreSQL's `jsonb` text of it: the same keys in another
/// order, with spaces); anything else — an escape in a message, an unknown key, a `null` — falls
/// back to the decoder, so the result is always the decoder's.
///
/// Why: the reminder scheduler reads every due owner's habits, and each habit's reminders carry
/// their own ids, so the decoded-text cache misses; `JSONDecoder` was the largest part of that
/// read (docs/performance.md, "Reminder minute").
package enum StoredReminders {
    package static func decode(_ text: String) throws -> [Reminder] {
        if text == "[]" { return [] }
        var text = text
        if let reminders = text.withUTF8({ bytes in
            var reader = Reader(bytes: bytes)
            return reader.reminders()
        }) {
            return reminders
        }
        return try StoredJSON.reminders.value(text) { text in
            do {
                return try JSONDecoder().decode([Reminder].self, from: Data(text.utf8))
            } catch {
                throw StoreError.unreadable("stored reminders are damaged: \(error)")
            }
        }
    }

    /// A strict scanner for the one layout the stores write; `nil` as soon as anything differs.
    package struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func reminders() -> [Reminder]? {
            skipSpaces()
            guard take("[") else { return nil }
            skipSpaces()
            if take("]") { return atEnd() ? [] : nil }
            var result: [Reminder] = []
            while true {
                guard let reminder = reminder() else { return nil }
                result.append(reminder)
                skipSpaces()
                if take(",") {
                    skipSpaces()
                    continue
                }
                guard take("]"), atEnd() else { return nil }
                return result
            }
        }

        /// An object of the reminder's keys in any order — the stores write them sorted without
        /// spaces (SQLite), PostgreSQL's `jsonb` gives them back shortest key first with a space
        /// after each `:` and `,` — each key at most once, `id`, `isEnabled`, `time` and
        /// `weekdays` present; a `null`, an unknown key or anything else is left to the decoder.
        mutating func reminder() -> Reminder? {
            guard take("{") else { return nil }
            var id: UUID?
            var isEnabled: Bool?
            var time: TimeOfDay?
            var weekdays: Set<Weekday>?
            var message: String?
            var repeatEveryMinutes: Int?
            var repeatLimit: Int?
            var seen: [String] = []
            skipSpaces()
            if !take("}") {
                while true {
                    guard let key = string() else { return nil }
                    skipSpaces()
                    guard take(":") else { return nil }
                    skipSpaces()
                    guard !seen.contains(key) else { return nil }
                    seen.append(key)
                    switch key {
                    case "id":
                        guard let text = string(), let uuid = UUID(text: text) else { return nil }
                        id = uuid
                    case "isEnabled":
                        guard let value = bool() else { return nil }
                        isEnabled = value
                    case "time":
                        guard let text = string(), let value = try? TimeOfDay(parsing: text) else { return nil }
                        time = value
                    case "weekdays":
                        guard let value = weekdayList() else { return nil }
                        weekdays = value
                    case "message":
                        guard let text = string() else { return nil }
                        message = text
                    case "repeatEveryMinutes":
                        guard let number = integer() else { return nil }
                        repeatEveryMinutes = number
                    case "repeatLimit":
                        guard let number = integer() else { return nil }
                        repeatLimit = number
                    default:
                        return nil
                    }
                    skipSpaces()
                    if take(",") {
                        skipSpaces()
                        continue
                    }
                    guard take("}") else { return nil }
                    break
                }
            }
            guard let id, let isEnabled, let time, let weekdays else { return nil }
            return Reminder(
                id: Reminder.ID(rawValue: id), time: time, weekdays: weekdays, message: message, isEnabled: isEnabled,
                repeatEveryMinutes: repeatEveryMinutes, repeatLimit: repeatLimit)
        }

        /// `["mon",…]`: each day's three-letter code.
        mutating func weekdayList() -> Set<Weekday>? {
            guard take("[") else { return nil }
            var weekdays = Set<Weekday>()
            skipSpaces()
            if take("]") { return weekdays }
            while true {
                guard let code = string(), let weekday = Weekday(code: code), weekday.code == code else { return nil }
                weekdays.insert(weekday)
                skipSpaces()
                if take(",") {
                    skipSpaces()
                    continue
                }
                guard take("]") else { return nil }
                return weekdays
            }
        }

        /// JSON's whitespace.
        mutating func skipSpaces() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        func atEnd() -> Bool {
            var rest = self
            rest.skipSpaces()
            return rest.index == bytes.count
        }

        /// Consumes `literal` if the bytes continue with it.
        mutating func take(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            let pointer = literal.utf8Start
            for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
            index += count
            return true
        }

        /// A string without escapes or control characters (anything else is left to the decoder).
        mutating func string() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            var end = start
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                end += 1
            }
            guard end < bytes.count else { return nil }
            index = end + 1
            return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        mutating func bool() -> Bool? {
            if take("true") { return true }
            if take("false") { return false }
            return nil
        }

        /// A plain non-negative decimal of at most 9 digits, no leading zero (the stored ranges are far smaller).
        mutating func integer() -> Int? {
            var value = 0
            var digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), digits < 10 {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            guard (1...9).contains(digits), digits == 1 || bytes[index - digits] != UInt8(ascii: "0") else { return nil }
            return value
        }
    }
}
