import Foundation
import Synchronization
import TendWords

/// A wall-clock time of day, `HH:mm` (00:00 … 23:59).
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    public init(hour: Int, minute: Int = 0) throws(TimeOfDayError) {
        guard (0...23).contains(hour), (0...59).contains(minute) else {
            throw .invalid(String(format: "%02d:%02d", hour, minute))
        }
        self.init(uncheckedHour: hour, minute: minute)
    }

    /// Parses `H:mm` or `HH:mm` (24-hour clock).
    public init(parsing text: String) throws(TimeOfDayError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else {
            throw .invalid(text)
        }
        do {
            try self.init(hour: hour, minute: minute)
        } catch {
            throw .invalid(text)
        }
    }

    init(uncheckedHour hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    public var minutesSinceMidnight: Int { hour * 60 + minute }
    public var description: String { String(format: "%02d:%02d", hour, minute) }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }
}

extension TimeOfDay: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try TimeOfDay(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

public enum TimeOfDayError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalid(String)

    public var description: String {
        switch self {
        case .invalid(let text): t("'{text}' is not a time of day: expected HH:mm, 00:00 to 23:59", ["text": text])
        }
    }
}
