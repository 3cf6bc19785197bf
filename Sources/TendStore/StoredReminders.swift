import Foundation
import TendCore

/// Reads a habit's `reminders` column without `JSONDecoder` when it is exactly what the stores
/// write (``StoredJSON/text(_:)``: an array of objects with sorted keys, no spaces); anything else
/// — an escape in a message, an unknown key, another layout — falls back to the decoder, so the
/// result is always the decoder's.
///
/// Why: the reminder scheduler reads every due owner's habits, and each habit's reminders carry
/// their own ids, so the decoded-text cache misses; `JSONDecoder` was the largest part of that
/// read (docs/performance.md, "Reminders").
enum StoredReminders {
    static func decode(_ text: String) throws -> [Reminder] {
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
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func reminders() -> [Reminder]? {
            guard take("[") else { return nil }
            if take("]") { return index == bytes.count ? [] : nil }
            var result: [Reminder] = []
            while true {
                guard let reminder = reminder() else { return nil }
                result.append(reminder)
                if take(",") { continue }
                guard take("]"), index == bytes.count else { return nil }
                return result
            }
        }

        /// `{"id":…,"isEnabled":…,["message":…,]["repeatEveryMinutes":…,]["repeatLimit":…,]"time":…,"weekdays":[…]}`
        mutating func reminder() -> Reminder? {
            guard take("{\"id\":"), let idText = string(), let uuid = UUID(text: idText) else { return nil }
            guard take(",\"isEnabled\":"), let isEnabled = bool() else { return nil }
            var message: String?
            var repeatEveryMinutes: Int?
            var repeatLimit: Int?
            if take(",\"message\":") {
                guard let text = string() else { return nil }
                message = text
            }
            if take(",\"repeatEveryMinutes\":") {
                guard let number = integer() else { return nil }
                repeatEveryMinutes = number
            }
            if take(",\"repeatLimit\":") {
                guard let number = integer() else { return nil }
                repeatLimit = number
            }
            guard take(",\"time\":"), let timeText = string(), let time = try? TimeOfDay(parsing: timeText) else { return nil }
            guard take(",\"weekdays\":[") else { return nil }
            var weekdays = Set<Weekday>()
            if !take("]") {
                while true {
                    guard let code = string(), let weekday = Weekday(code: code), weekday.code == code else { return nil }
                    weekdays.insert(weekday)
                    if take(",") { continue }
                    guard take("]") else { return nil }
                    break
                }
            }
            guard take("}") else { return nil }
            return Reminder(
                id: Reminder.ID(rawValue: uuid), time: time, weekdays: weekdays, message: message, isEnabled: isEnabled,
                repeatEveryMinutes: repeatEveryMinutes, repeatLimit: repeatLimit)
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
