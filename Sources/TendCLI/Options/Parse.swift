import Foundation
import TendCore
import TendStore
import TendWords

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

    /// What a number typed is, as the refusals name it: a day's value, or an option's (`--step`).
    enum Subject {
        case value
        case option(String)
    }

    /// A whole number ≥ 0 (`what` names it in the error).
    static func count(_ text: String, what: Subject) throws -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value >= 0 else {
            switch what {
            case .value: throw CLIError(t("'{text}' is not a valid value (a whole number, 0 or more)", ["text": text]))
            case .option(let option):
                throw CLIError(t("'{text}' is not a valid {option} (a whole number, 0 or more)", ["text": text, "option": option]))
            }
        }
        return value
    }

    /// An amount ≥ 0 with up to three decimals, in `locale` ("2,5" or "2.5" in de_DE; see
    /// ``AmountText``); `what` names it in the error.
    static func amount(_ text: String, what: Subject, locale: Locale) throws -> Amount {
        do {
            return try AmountText.amount(text, locale: locale)
        } catch {
            switch (error, what) {
            case (.empty, .value), (.negative, .value), (.notANumber, .value):
                throw CLIError(t("'{text}' is not a valid value (a number, 0 or more, with up to three decimals)", ["text": text]))
            case (.empty, .option(let option)), (.negative, .option(let option)), (.notANumber, .option(let option)):
                throw CLIError(
                    t(
                        "'{text}' is not a valid {option} (a number, 0 or more, with up to three decimals)",
                        ["text": text, "option": option]))
            // Said as it is: the two readings, or the digits too many.
            case (_, .value): throw CLIError(t("value: {error}", ["error": error.description]))
            case (_, .option(let option)): throw CLIError("\(option): \(error.description)")
            }
        }
    }

    /// A value for `habit`'s type: a duration for duration habits, an amount for counts (up to
    /// three decimals, in `locale`), a whole number for checkmarks.
    static func value(_ text: String, for habit: Habit, locale: Locale) throws -> Amount {
        switch habit.type {
        case .duration: Amount(try duration(text))
        case .count: try amount(text, what: .value, locale: locale)
        case .checkmark: Amount(try count(text, what: .value))
        }
    }

    static func schedule(_ text: String, startingOn start: Day) throws -> Schedule {
        let schedule = try Schedule(parsing: text, startingOn: start)
        try schedule.validate()
        return schedule
    }

    /// What ``choice(_:_:)`` reads, as its refusal names it.
    enum Choice {
        case color, kind, type, routineTime
    }

    /// An enum case from its raw value, with the allowed values in the error.
    static func choice<T: RawRepresentable & CaseIterable>(_ text: String, _ what: Choice) throws -> T where T.RawValue == String {
        if let value = T(rawValue: text.lowercased()) { return value }
        let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
        switch what {
        case .color: throw CLIError(t("'{text}' is not a color (one of: {allowed})", ["text": text, "allowed": allowed]))
        case .kind: throw CLIError(t("'{text}' is not a kind (one of: {allowed})", ["text": text, "allowed": allowed]))
        case .type: throw CLIError(t("'{text}' is not a type (one of: {allowed})", ["text": text, "allowed": allowed]))
        case .routineTime: throw CLIError(t("'{text}' is not a routine time (one of: {allowed})", ["text": text, "allowed": allowed]))
        }
    }
}
