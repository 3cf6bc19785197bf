import Foundation
import TendCore
import TendStore

/// Values as people type them.
enum Parse {
    /// A duration in seconds, read as the web reads it (TendCore's ``DurationText``): `25m`,
    /// `1h30`, `0.5h`, `12.5` (a bare number is minutes), `90s`, `1:30`; at most 24 hours.
    static func duration(_ text: String) throws -> Int {
        do {
            return try DurationText.seconds(text)
        } catch {
            throw CLIError(error.description)
        }
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
