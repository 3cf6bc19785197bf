import Foundation

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
    public var description: String {
        let millis = String(milliseconds)
        let count = String(counter, radix: 16)
        return String(repeating: "0", count: max(0, 16 - millis.count)) + millis + "-"
            + String(repeating: "0", count: max(0, 4 - count.count)) + count + "-" + device
    }

    public init?(_ text: String) {
        let parts = text.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 16, parts[1].count >= 4, !parts[2].isEmpty,
            let milliseconds = Int64(parts[0]), let counter = Int(parts[1], radix: 16)
        else { return nil }
        self.init(milliseconds: milliseconds, counter: counter, device: String(parts[2]))
    }
}

extension HybridTimestamp: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let timestamp = HybridTimestamp(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a clock timestamp")
        }
        self = timestamp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
