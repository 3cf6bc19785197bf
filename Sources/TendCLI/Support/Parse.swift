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
