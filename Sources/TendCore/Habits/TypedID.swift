import Foundation
import TendWords

/// A UUID that names one kind of thing (`Habit.ID`, `Routine.ID` …): ids of different kinds
/// cannot be mixed up. Encoded and described as the bare UUID string in lower case; read in either case.
public struct TypedID<Owner>: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: UUID

    public init(rawValue: UUID) { self.rawValue = rawValue }

    /// A new, random id.
    public init() { rawValue = UUID() }

    /// A new id whose text sorts by `date` (to the millisecond) before its random part: UUID
    /// version 7's layout (RFC 9562), 48 bits of Unix milliseconds, the version and variant, then
    /// 74 random bits. For rows written in time order (a minute's reminder firings, their
    /// deliveries), so that an index on the id grows at its end instead of on a random page.
    public init(ordered date: Date) {
        let milliseconds = UInt64(max(0, min(date.timeIntervalSince1970 * 1000, Double(UInt64(1) << 48 - 1))))
        var bytes = UUID().uuid
        withUnsafeMutableBytes(of: &bytes) { out in
            for index in 0..<6 { out[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - UInt64(index)))) }
            out[6] = 0x70 | (out[6] & 0x0F)
            out[8] = 0x80 | (out[8] & 0x3F)
        }
        rawValue = UUID(uuid: bytes)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let uuid = UUID(text: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: t("Attempted to decode UUID from invalid UUID string."))
        }
        rawValue = uuid
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        // Lower case, as paths, the CLI and every other answer write ids (UUID's own encoding is
        // upper case); both cases decode.
        try container.encode(rawValue.text())
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
    /// arguments and every JSON answer — sorting 50 habit ids by their text alone would weigh on
    /// every `/today` request.
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

    /// Reads the 36-character `8-4-4-4-12` hex form in either case, as `UUID(uuidString:)` does
    /// but strictly (on Linux that one reads each byte with `sscanf`'s `%2hhx`, slowly, and lets a
    /// sign or a blank stand for a digit). Every id read from a database row, a path or JSON goes
    /// through here.
    public init?(text: some StringProtocol) {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed =
            text.utf8.withContiguousStorageIfAvailable { UUID.parse($0, into: &bytes) }
            ?? UUID.parse(Array(text.utf8), into: &bytes)
        guard parsed else { return nil }
        self.init(uuid: bytes)
    }

    /// ``init(text:)`` from the text's UTF-8 bytes (an id read by ``JSONScanner``).
    public init?(utf8: some Collection<UInt8>) {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        guard UUID.parse(utf8, into: &bytes) else { return nil }
        self.init(uuid: bytes)
    }

    private static func parse(_ utf8: some Collection<UInt8>, into bytes: inout uuid_t) -> Bool {
        guard utf8.count == 36 else { return false }
        func digit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        return withUnsafeMutableBytes(of: &bytes) { out in
            var position = 0
            var high: UInt8?
            for (index, byte) in utf8.enumerated() {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard byte == UInt8(ascii: "-") else { return false }
                    continue
                }
                guard let value = digit(byte) else { return false }
                if let first = high {
                    out[position] = first << 4 | value
                    position += 1
                    high = nil
                } else {
                    high = value
                }
            }
            return position == 16
        }
    }
}
