import Foundation
import TendCore
import TendStore

/// Values as people type them.
enum Parse {
    /// A duration: `25m`, `1h30m`, `90s`, `1h`, `1:30` (h:mm) or a plain number of minutes; in seconds.
    static func duration(_ text: String) throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let invalid = CLIError("'\(text)' is not a duration (use 25m, 1h30m or 90s)")
        guard !trimmed.isEmpty else { throw invalid }
        if trimmed.hasPrefix("-") {
            throw CLIError("'\(text)' is not a valid duration (0 or more, such as 25m, 1h30m or 90s)")
        }
        if let minutes = Int(trimmed) {
            guard minutes >= 0, minutes <= 1_000_000 else { throw invalid }
            return minutes * 60
        }
        let clock = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        if clock.count == 2, let hours = Int(clock[0]), let minutes = Int(clock[1]), hours >= 0, (0..<60).contains(minutes) {
            return hours * 3600 + minutes * 60
        }
        var total = 0
        var number = ""
        var seenUnits = Set<Character>()
        for character in trimmed {
            if character.isNumber {
                number.append(character)
            } else if ["h", "m", "s"].contains(character) {
                guard let value = Int(number), !seenUnits.contains(character), number.count <= 7 else { throw invalid }
                seenUnits.insert(character)
                total += value * (character == "h" ? 3600 : character == "m" ? 60 : 1)
                number = ""
            } else if character != " " {
                throw invalid
            }
        }
        guard number.isEmpty, !seenUnits.isEmpty else { throw invalid }
        return total
    }

    /// A whole number ≥ 0 (`what` names it in the error).
    static func count(_ text: String, what: String) throws -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value >= 0 else {
            throw CLIError("'\(text)' is not a valid \(what) (a whole number, 0 or more)")
        }
        return value
    }

    /// A value for `habit`'s type: a duration for duration habits, a number otherwise.
    static func value(_ text: String, for habit: Habit) throws -> Int {
        habit.type == .duration ? try duration(text) : try count(text, what: "value")
    }

    static func schedule(_ text: String, startingOn start: Day) throws -> Schedule {
        let schedule = try Schedule(parsing: text, startingOn: start)
        try schedule.validate()
        return schedule
    }

    /// An enum case from its raw value, with the allowed values in the error.
    static func choice<T: RawRepresentable & CaseIterable>(_ text: String, _ what: String) throws -> T where T.RawValue == String {
        if let value = T(rawValue: text.lowercased()) { return value }
        let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
        throw CLIError("'\(text)' is not a \(what) (one of: \(allowed))")
    }
}

/// How values read in text.
enum Format {
    /// `1h30m`, `25m`, `45s`, `0m`.
    static func duration(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = (seconds % 3600) / 60
        let rest = seconds % 60
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if rest > 0 { text += "\(rest)s" }
        return text.isEmpty ? "0m" : text
    }

    /// A value in the habit's terms: `3 glasses`, `25m`, `done`.
    static func value(_ value: Int, of habit: Habit) -> String {
        switch habit.type {
        case .checkmark: habit.kind == .good ? (value > 0 ? "done" : "not done") : (value == 0 ? "none" : "\(value)×")
        case .count: habit.unit.isEmpty ? "\(value)" : "\(value) \(habit.unit)"
        case .duration: duration(value)
        }
    }

    /// `3/8 glasses`, `12m/20m`, `1/1`; a bad habit reads `≤`.
    static func progress(_ value: Int, of habit: Habit) -> String {
        let limit = habit.kind == .bad ? "≤" : ""
        switch habit.type {
        case .checkmark: return "\(value)/\(limit)\(habit.target)"
        case .count: return "\(value)/\(limit)\(habit.target)" + (habit.unit.isEmpty ? "" : " \(habit.unit)")
        case .duration: return "\(duration(value))/\(limit)\(duration(habit.target))"
        }
    }

    /// Text on one line: each line break (`\n`, `\r\n`, `\r`, U+2028, U+2029) shows as `⏎`
    /// (`\n` in ASCII output) and other control characters as `\u{1B}`, so a note never
    /// breaks a line of output or sends escape sequences to the terminal.
    static func oneLine(_ text: String, unicode: Bool) -> String {
        var result = ""
        for character in text {
            if character.isNewline {
                result += unicode ? "⏎" : "\\n"
            } else if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
                scalar.properties.generalCategory == .control
            {
                result += character == "\t" ? " " : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `1 day`, `3 days`.
    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

    /// A share in the locale's percent style ("50%" in en_US, "50 %" in de_DE), as the web writes it.
    static func percent(_ value: Double?, _ style: PercentText) -> String {
        guard let value else { return "–" }
        return style(value)
    }

    static func target(_ habit: Habit) -> String {
        let prefix = habit.kind == .bad ? "at most " : ""
        switch habit.type {
        case .checkmark: return habit.kind == .good ? "once" : "never"
        case .count: return prefix + "\(habit.target)" + (habit.unit.isEmpty ? "" : " \(habit.unit)")
        case .duration: return prefix + duration(habit.target)
        }
    }
}
