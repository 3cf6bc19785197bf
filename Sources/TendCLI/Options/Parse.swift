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

    /// An amount ≥ 0 with up to three decimals, in `locale` ("2,5" or "2.5" in de_DE; see
    /// ``AmountText``); `what` names it in the error.
    static func amount(_ text: String, what: String, locale: Locale) throws -> Amount {
        do {
            return try AmountText.amount(text, locale: locale)
        } catch {
            switch error {
            case .empty, .negative, .notANumber:
                throw CLIError("'\(text)' is not a valid \(what) (a number, 0 or more, with up to three decimals)")
            // Said as it is: the two readings, or the digits too many.
            case .ambiguous, .grouped, .tooPrecise, .tooLarge: throw CLIError("\(what): \(error.description)")
            }
        }
    }

    /// A value for `habit`'s type: a duration for duration habits, an amount for counts (up to
    /// three decimals, in `locale`), a whole number for checkmarks.
    static func value(_ text: String, for habit: Habit, locale: Locale) throws -> Amount {
        switch habit.type {
        case .duration: Amount(try duration(text))
        case .count: try amount(text, what: "value", locale: locale)
        case .checkmark: Amount(try count(text, what: "value"))
        }
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
