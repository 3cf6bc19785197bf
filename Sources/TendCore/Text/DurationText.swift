import Foundation
import TendWords

/// A length of time as people type it and read it: one reader for every place a duration is
/// typed (the CLI's values and targets, the web's value field and habit editor), so that what
/// one accepts the other does too, and the words a duration is shown in.
///
/// Typed: `45` (a bare number is minutes), `12.5`, `45m`, `25 min`, `1h30`, `1h30m`, `0.5h`,
/// `1 h 30 min`, `90s`, `12m30` (seconds after minutes), `1:30` (h:mm); units in order, each
/// once; a decimal comma reads as a point. At most a day (24 h): no day holds more, and a longer
/// value is a typo more likely than a day's time.
public enum DurationText {
    /// The most a typed duration may be: 24 hours, in seconds.
    public static let maximum = 86_400

    /// The seconds `text` stands for (rounded to a whole second), or why it stands for none.
    public static func seconds(_ text: String) throws(Refusal) -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        if trimmed.hasPrefix("-") || trimmed.hasPrefix("−") { throw .negative(trimmed) }
        guard let seconds = reading(trimmed.lowercased()) else { throw .notADuration(trimmed) }
        guard seconds <= Double(maximum) else { throw .tooLong(trimmed) }
        return Int(seconds.rounded())
    }

    /// Why a typed duration was refused, as a sentence a person can act on.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        case empty
        case negative(String)
        case notADuration(String)
        case tooLong(String)

        public var description: String {
            switch self {
            case .empty: t("Type a time, e.g. 45 (minutes), 45m, 1h30 or 1:30.")
            case .negative(let text): t("“{text}” is negative: a time is 0 or more, e.g. 45m, 1h30 or 90s.", ["text": text])
            case .notADuration(let text): t("“{text}” is not a time: type e.g. 45 (minutes), 45m, 1h30, 0.5h or 1:30.", ["text": text])
            case .tooLong(let text): t("A day has 24 hours: type at most 24h (not “{text}”).", ["text": text])
            }
        }
    }

    /// Seconds of lowercased text: `h:mm`, or numbers each with a unit (h, m or min, s), where a
    /// last number without one is minutes (alone or after hours) or seconds (after minutes).
    private static func reading(_ text: String) -> Double? {
        let compact = text.filter { !$0.isWhitespace }.replacingOccurrences(of: ",", with: ".")
        let colon = compact.split(separator: ":", omittingEmptySubsequences: false)
        if colon.count == 2 {
            guard colon[0].allSatisfy(\.isASCIIDigit), colon[1].count == 2, colon[1].allSatisfy(\.isASCIIDigit),
                let hours = Double(colon[0]), let minutes = Double(colon[1]), minutes < 60
            else { return nil }
            return hours * 3600 + minutes * 60
        }
        var total = 0.0
        var rest = Substring(compact)
        var lastUnit: Double?
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCIIDigit || $0 == "." }
            guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, let value = Double(number) else { return nil }
            rest = rest.dropFirst(number.count)
            let word = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(word.count)
            let unit: Double
            switch word {
            case "h", "hr", "hrs", "hour", "hours": unit = 3600
            case "m", "min", "mins", "minute", "minutes": unit = 60
            case "s", "sec", "secs", "second", "seconds": unit = 1
            case "":
                guard rest.isEmpty else { return nil }
                switch lastUnit {
                case nil, 3600: unit = 60
                case 60: unit = 1
                default: return nil
                }
            default: return nil
            }
            // Units from the largest down, each once: "1h30m", not "30m1h" or "1h1h".
            if let lastUnit, unit >= lastUnit { return nil }
            lastUnit = unit
            total += value * unit
        }
        return total
    }

    /// A duration in words, to the second: "0 min", "45 s", "12 min", "12 min 30 s", "1 h",
    /// "1 h 5 min", "1 h 0 min 30 s".
    public static func words(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        let (h, m, s) = (String(hours), String(minutes), String(rest))
        // One message per shape, so a language may order and join the units its own way.
        switch (hours > 0, minutes > 0 || (hours > 0 && rest > 0), rest > 0) {
        case (true, true, true):
            return t("{hours} h {minutes} min {seconds} s", context: "duration", ["hours": h, "minutes": m, "seconds": s])
        case (true, true, false): return t("{hours} h {minutes} min", context: "duration", ["hours": h, "minutes": m])
        case (true, false, _): return t("{hours} h", context: "duration", ["hours": h])
        case (false, true, true): return t("{minutes} min {seconds} s", context: "duration", ["minutes": m, "seconds": s])
        case (false, true, false): return t("{minutes} min", context: "duration", ["minutes": m])
        case (false, false, true): return t("{seconds} s", context: "duration", ["seconds": s])
        case (false, false, false): return t("{minutes} min", context: "duration", ["minutes": "0"])
        }
    }

    /// A duration as the terminal shows it, in a form ``seconds(_:)`` reads back: "1h30m",
    /// "25m", "45s", "12m30s", "0m".
    public static func short(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if rest > 0 { text += "\(rest)s" }
        return text.isEmpty ? "0m" : text
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
