import Foundation

/// A UUID that names one kind of thing (`Habit.ID`, `Routine.ID` …): ids of different kinds
/// cannot be mixed up. Encoded as the bare UUID string; described in lower case.
public struct TypedID<Owner>: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: UUID

    public init(rawValue: UUID) { self.rawValue = rawValue }

    /// A new, random id.
    public init() { rawValue = UUID() }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UUID.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue.text(uppercase: true))  // as UUID's own encoding writes it
    }

    public var description: String { rawValue.text() }

    /// The order of the ids' texts (hex digits sort as their values, so byte order is text order).
    public static func < (lhs: TypedID, rhs: TypedID) -> Bool {
        withUnsafeBytes(of: lhs.rawValue.uuid) { l in
            withUnsafeBytes(of: rhs.rawValue.uuid) { r in l.lexicographicallyPrecedes(r) }
        }
    }
}

extension UUID {
    /// The 36-character text form (`8-4-4-4-12` hex digits), lower case unless asked otherwise.
    ///
    /// The same text as `uuidString` (upper case) or `uuidString.lowercased()`, made directly:
    /// on Linux `uuidString` formats with `snprintf`, and ids are written into every query's
    /// arguments and every JSON answer — sorting 50 habit ids by their text was a tenth of a
    /// `/today` request.
    public func text(uppercase: Bool = false) -> String {
        let letterBase: UInt8 = uppercase ? 55 : 87  // 10 + 55 = "A", 10 + 87 = "a"
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var index = 0
                for (position, byte) in bytes.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        out[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    let high = byte >> 4
                    let low = byte & 0x0F
                    out[index] = high < 10 ? UInt8(ascii: "0") + high : letterBase + high
                    out[index + 1] = low < 10 ? UInt8(ascii: "0") + low : letterBase + low
                    index += 2
                }
                return index
            }
        }
    }
}
