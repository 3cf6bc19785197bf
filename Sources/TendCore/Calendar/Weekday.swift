import Foundation
import TendWords

/// A day of the week, numbered as `Calendar` numbers them (Sunday = 1 … Saturday = 7).
public enum Weekday: Int, CaseIterable, Hashable, Comparable, Sendable {
    case sunday = 1
    case monday, tuesday, wednesday, thursday, friday, saturday

    /// Stable three-letter English code used in JSON, CSV and the CLI (`mon`, `tue` …).
    public var code: String {
        switch self {
        case .sunday: "sun"
        case .monday: "mon"
        case .tuesday: "tue"
        case .wednesday: "wed"
        case .thursday: "thu"
        case .friday: "fri"
        case .saturday: "sat"
        }
    }

    /// Accepts the code, the English name or a prefix of it of at least two letters
    /// (`mo`, `mon`, `monday`), case-insensitively.
    public init?(code: String) {
        let text = code.lowercased()
        let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        guard text.count >= 2, let index = names.firstIndex(where: { $0.hasPrefix(text) }) else {
            return nil
        }
        self.init(rawValue: index + 1)
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Weekday: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let weekday = Weekday(code: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: t("'{text}' is not a weekday (mon … sun)", ["text": text]))
        }
        self = weekday
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
