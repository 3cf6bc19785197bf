import Foundation
import TendWords

/// A hybrid logical clock timestamp: wall-clock milliseconds, a counter for events within the
/// same millisecond (or when the wall clock lags), and the device that made it. Totally ordered.
public struct HybridTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var milliseconds: Int64
    public var counter: Int
    public var device: String

    public init(milliseconds: Int64, counter: Int, device: String) {
        self.milliseconds = milliseconds
        self.counter = counter
        self.device = device
    }

    public static func < (lhs: HybridTimestamp, rhs: HybridTimestamp) -> Bool {
        (lhs.milliseconds, lhs.counter, lhs.device) < (rhs.milliseconds, rhs.counter, rhs.device)
    }

    /// `0001732233600000-0000-device`: fixed-width numbers, so text order is clock order.
    ///
    /// Written and read byte by byte: a first sync formats and parses one per operation, and
    /// `split` and `String(repeating:)` would be a sizeable part of the device's work there.
    public var description: String {
        guard milliseconds >= 0, counter >= 0 else {
            let millis = String(milliseconds)
            let count = String(counter, radix: 16)
            return String(repeating: "0", count: max(0, 16 - millis.count)) + millis + "-"
                + String(repeating: "0", count: max(0, 4 - count.count)) + count + "-" + device
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(40 + device.utf8.count)
        Self.appendDigits(UInt64(milliseconds), radix: 10, width: 16, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Self.appendDigits(UInt64(counter), radix: 16, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        bytes.append(contentsOf: device.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendDigits(_ value: UInt64, radix: UInt64, width: Int, to bytes: inout [UInt8]) {
        var digits: [UInt8] = []
        var rest = value
        repeat {
            let digit = UInt8(rest % radix)
            digits.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            rest /= radix
        } while rest > 0
        if digits.count < width { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count)) }
        bytes.append(contentsOf: digits.reversed())
    }

    /// Reads ``description``'s form: 16 decimal digits, at least 4 hex digits, a device name.
    public init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ Self.parse($0) }) else { return nil }
        self = parsed
    }

    private static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> HybridTimestamp? {
        guard utf8.count >= 23, utf8[16] == UInt8(ascii: "-") else { return nil }
        var milliseconds: Int64 = 0
        for index in 0..<16 {
            let byte = utf8[index]
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            milliseconds = milliseconds * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        var index = 17
        var counter = 0
        while index < utf8.count, utf8[index] != UInt8(ascii: "-") {
            let byte = utf8[index]
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            // More digits than a counter can hold is no timestamp.
            guard index - 17 < 15 else { return nil }
            counter = counter * 16 + digit
            index += 1
        }
        guard index - 17 >= 4, index + 1 < utf8.count else { return nil }
        let device = String(decoding: UnsafeBufferPointer(rebasing: utf8[(index + 1)...]), as: UTF8.self)
        return HybridTimestamp(milliseconds: milliseconds, counter: counter, device: device)
    }
}

extension HybridTimestamp: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let timestamp = HybridTimestamp(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: t("'{text}' is not a clock timestamp", ["text": text]))
        }
        self = timestamp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
