import Foundation
import TendAPI
import TendCore

/// A value a person typed for a day: a count ("12") or a duration ("45", "45m", "1h30", "1:30",
/// "1 h 30 min", "90s"; a bare number is minutes). Read by the web's "enter a value" forms; what
/// is typed is recorded as typed (no cap at the target), so only input that cannot be a day's
/// value is refused: empty, negative, not a number, or absurd (more than a million, or more than
/// a day's 24 hours).
enum TypedValue {
    /// The largest count a person can type (beyond it, a typo more likely than a day's count).
    static let maximumCount = 1_000_000
    /// A day's time: 24 hours, in seconds.
    static let maximumDuration = 24 * 3600

    /// The value in the habit's unit (a count, or seconds), or why it cannot be one.
    static func parse(_ typed: String, type: HabitType) -> Result<Int, Refusal> {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .failure(.empty(type)) }
        if text.hasPrefix("-") || text.hasPrefix("−") { return .failure(.negative) }
        switch type {
        case .checkmark, .count:
            guard text.allSatisfy(\.isASCIIDigit) else { return .failure(.notANumber(text, type)) }
            guard text.count <= 9, let value = Int(text), value <= maximumCount else { return .failure(.tooLarge(type)) }
            return .success(value)
        case .duration:
            guard let seconds = seconds(text.lowercased()) else { return .failure(.notANumber(text, type)) }
            guard seconds <= Double(maximumDuration) else { return .failure(.tooLarge(type)) }
            return .success(Int(seconds.rounded()))
        }
    }

    /// Why a typed value was refused, in a sentence.
    enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        case empty(HabitType)
        case negative
        case notANumber(String, HabitType)
        case tooLarge(HabitType)

        var description: String {
            switch self {
            case .empty(.duration): "Type a time, e.g. 45 (minutes), 45m, 1h30 or 1:30."
            case .empty: "Type a number, e.g. 3."
            case .negative: "A day's value cannot be negative. To take one away, use −1."
            case .notANumber(let text, .duration): "“\(text)” is not a time: type e.g. 45 (minutes), 45m, 1h30 or 1:30."
            case .notANumber(let text, _): "“\(text)” is not a whole number: type e.g. 3."
            case .tooLarge(.duration): "A day has 24 hours: type at most 24h."
            case .tooLarge:
                "That is more than \(TypedValue.maximumCount.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) in a day: type the day's count."
            }
        }
    }

    /// Seconds of a duration: `h:mm`, or numbers each with a unit (h, m or min, s), where a last
    /// number without one is minutes (after hours or alone) or seconds (after minutes).
    static func seconds(_ text: String) -> Double? {
        let compact = text.filter { !$0.isWhitespace }.replacingOccurrences(of: ",", with: ".")
        let colon = compact.split(separator: ":", omittingEmptySubsequences: false)
        if colon.count == 2 {
            guard let hours = Int(colon[0]), colon[1].count == 2, let minutes = Int(colon[1]), minutes < 60,
                colon[0].allSatisfy(\.isASCIIDigit), colon[1].allSatisfy(\.isASCIIDigit)
            else { return nil }
            return Double(hours * 3600 + minutes * 60)
        }
        var total = 0.0
        var rest = Substring(compact)
        var lastUnit: Double?
        var seen: Set<Double> = []
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCIIDigit || $0 == "." }
            guard !number.isEmpty, let value = Double(number), number.filter({ $0 == "." }).count <= 1 else { return nil }
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
            // Units in order, each once: "1h30m", not "30m1h" or "1h1h".
            if let lastUnit, unit >= lastUnit { return nil }
            guard !seen.contains(unit) else { return nil }
            seen.insert(unit)
            lastUnit = unit
            total += value * unit
        }
        return total
    }

    /// A duration as the value field shows it, in a form ``parse(_:type:)`` reads back: "45m",
    /// "1h30", "2h", "12m30s".
    static func durationText(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        if rest != 0 { return (hours > 0 ? "\(hours)h" : "") + "\(minutes)m\(rest)s" }
        if hours == 0 { return "\(minutes)m" }
        return minutes == 0 ? "\(hours)h" : "\(hours)h\(String(format: "%02d", minutes))"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// What records a day beyond the one-step tap, on a Today card's menu and on the habit page:
/// −1, a typed value (counts and durations) and the day's note, each a form that posts without
/// JavaScript. A refused value or note comes back with the text as typed and its message.
struct DayEntryControls: Sendable, Hashable {
    /// The habit's id, which the controls' element ids carry.
    var id: String
    var day: Day
    /// −1 and the value field; `nil` for checkmark habits (their tap already toggles).
    var value: ValueField?
    var noteAction: String
    var note: String
    var noteError: String?

    struct ValueField: Sendable, Hashable {
        var action: String
        var decrementAction: String
        /// "Take one away (−1)", "Take a minute away (−1 min)".
        var decrementLabel: String
        /// One step more, past the target too (the tap stops at it).
        var incrementAction: String
        /// "Add one more (+1)", "Add a minute more (+1 min)".
        var incrementLabel: String
        /// "How many glasses", "How long".
        var label: String
        var hint: String
        /// As shown (the day's value) or as typed (a refused post).
        var text: String
        var inputMode: String
        var error: String?
    }

    /// Whether a refused form is in these controls (the card's menu opens to show it).
    var hasError: Bool { value?.error != nil || noteError != nil }

    init(habit: Habit, day: Day, value: Int, note: String?) {
        id = habit.id.description
        self.day = day
        noteAction = WebPaths.habitNote(habit.id)
        self.note = note ?? ""
        switch habit.type {
        case .checkmark:
            self.value = nil
        case .count:
            self.value = ValueField(
                action: WebPaths.value(habit.id, day), decrementAction: WebPaths.decrement(habit.id, day),
                decrementLabel: "Take one away (−1)", incrementAction: WebPaths.increment(habit.id, day),
                incrementLabel: "Add one more (+1)",
                label: "How many" + (habit.unit.isEmpty ? "" : " \(habit.unit)"), hint: "A whole number, e.g. 12.",
                text: value == 0 ? "" : String(value), inputMode: "numeric")
        case .duration:
            self.value = ValueField(
                action: WebPaths.value(habit.id, day), decrementAction: WebPaths.decrement(habit.id, day),
                decrementLabel: "Take a minute away (−1 min)", incrementAction: WebPaths.increment(habit.id, day),
                incrementLabel: "Add a minute more (+1 min)",
                label: "How long", hint: "Minutes or hours: 45, 45m, 1h30 or 1:30.",
                text: value == 0 ? "" : TypedValue.durationText(value), inputMode: "text")
        }
    }

    /// The step of −1: a minute for durations, one for the rest (as a tap adds).
    static func step(for habit: Habit) -> Int {
        habit.type == .duration ? 60 : 1
    }
}
