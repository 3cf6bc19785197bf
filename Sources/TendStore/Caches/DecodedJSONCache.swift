import Foundation
import Synchronization
import TendCore

/// Decoded JSON column values by their text. Habits' schedules and reminders are stored as JSON,
/// and decoding them was most of the cost of reading a habit on the check-in path; the texts
/// repeat (a handful of schedules per user), and a text always decodes to the same value, so a
/// cache keyed by the text is always right.
package final class DecodedJSONCache<Value: Decodable & Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])
    /// Beyond this many texts the cache starts again (a bound, not an eviction policy).
    private let limit: Int

    package init(limit: Int = 1024) {
        self.limit = limit
    }

    package func value(_ text: String, decoder decode: (String) throws -> Value) throws -> Value {
        if let value = values.withLock({ $0[text] }) { return value }
        let value = try decode(text)
        values.withLock { values in
            if values.count >= limit { values.removeAll(keepingCapacity: true) }
            values[text] = value
        }
        return value
    }
}
