import Foundation
import TendCore

/// `PUT /api/v1/habits/{id}/days/{day}`: any of a value, a skip mark and a note (at least one).
public struct DayUpdate: Codable, Hashable, Sendable {
    /// Up to three decimals for a count (2.5); a checkmark's is 0 or 1, a duration's whole seconds.
    public var value: Amount?
    public var skip: Bool?
    /// `""` clears the note (so does JSON `null` given with another field).
    public var note: String?

    public init(value: Amount? = nil, skip: Bool? = nil, note: String? = nil) {
        self.value = value
        self.skip = skip
        self.note = note
    }
}

extension DayUpdate {
    /// The body almost every check-in sends, `{"value": n}` (JSON blanks allowed, `n` a plain
    /// non-negative integer of at most 10 digits), read without JSONDecoder; `nil` for any other
    /// body (a decimal too), which then goes through JSONDecoder as usual. Same result either way.
    public static func valueOnly(_ bytes: [UInt8]) -> DayUpdate? {
        var rest = bytes[...]
        func skipBlanks() {
            rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }
        func take(_ text: StaticString) -> Bool {
            let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
            guard rest.starts(with: expected) else { return false }
            rest = rest.dropFirst(expected.count)
            return true
        }
        skipBlanks()
        guard take("{") else { return nil }
        skipBlanks()
        guard take("\"value\"") else { return nil }
        skipBlanks()
        guard take(":") else { return nil }
        skipBlanks()
        let digits = rest.prefix { (0x30...0x39).contains($0) }
        guard (1...10).contains(digits.count), digits.first != 0x30 || digits.count == 1 else { return nil }
        rest = rest.dropFirst(digits.count)
        skipBlanks()
        guard take("}") else { return nil }
        skipBlanks()
        guard rest.isEmpty else { return nil }
        let value = Amount(digits.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        // Beyond the largest amount: JSONDecoder's refusal says why.
        guard value <= Amount.maximum else { return nil }
        return DayUpdate(value: value)
    }
}

/// `POST /api/v1/habits/{id}/days/{day}/increment` (`by` may be negative and, for a count, have
/// up to three decimals; default 1).
public struct IncrementRequest: Codable, Hashable, Sendable {
    public var by: Amount?

    public init(by: Amount? = nil) { self.by = by }
}
