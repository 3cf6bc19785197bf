import Foundation
import TendCore
import TendStore
import TendWords

/// How values read in text.
enum Format {
    /// `1h30m`, `25m`, `45s`, `12m30s`, `0m` (``DurationText/short(_:)``).
    static func duration(_ seconds: Int) -> String { DurationText.short(seconds) }

    /// A duration held as an amount of seconds.
    static func duration(_ seconds: Amount) -> String { DurationText.short(seconds.whole) }

    /// A value in the habit's terms, amounts in the user's locale: `3 glasses`, `2,5 l`, `25m`,
    /// `done`.
    static func value(_ value: Amount, of habit: Habit, _ amounts: AmountStyle) -> String {
        switch habit.type {
        case .checkmark:
            habit.kind == .good
                ? (value > 0 ? t("done") : t("not done")) : (value == 0 ? t("none", context: "slips") : "\(amounts(value))×")
        case .count: habit.unit.isEmpty ? amounts(value) : "\(amounts(value)) \(habit.unit)"
        case .duration: duration(value)
        }
    }

    /// `3/8 glasses`, `1,25/2,5 l`, `12m/20m`, `1/1`; a bad habit reads `≤`.
    static func progress(_ value: Amount, of habit: Habit, _ amounts: AmountStyle) -> String {
        let limit = habit.kind == .bad ? "≤" : ""
        switch habit.type {
        case .checkmark: return "\(amounts(value))/\(limit)\(amounts(habit.target))"
        case .count: return "\(amounts(value))/\(limit)\(amounts(habit.target))" + (habit.unit.isEmpty ? "" : " \(habit.unit)")
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
    static func days(_ count: Int) -> String { tPlural("{count} day", "{count} days", count: count) }

    /// A share in the locale's percent style ("50%" in en_US, "50 %" in de_DE), as the web writes it.
    static func percent(_ value: Double?, _ style: PercentText) -> String {
        guard let value else { return "–" }
        return style(value)
    }

    static func target(_ habit: Habit, _ amounts: AmountStyle) -> String {
        if habit.isMeasurement {
            return habit.unit.isEmpty ? t("measured, no target") : t("measured in {unit}, no target", ["unit": habit.unit])
        }
        let amount: String
        switch habit.type {
        case .checkmark: return habit.kind == .good ? t("once", context: "target") : t("never", context: "target")
        case .count: amount = amounts(habit.target) + (habit.unit.isEmpty ? "" : " \(habit.unit)")
        case .duration: amount = duration(habit.target)
        }
        return habit.kind == .bad ? t("at most {amount}", ["amount": amount]) : amount
    }

    /// A habit's start and end dates as a list shows them: `starts 2026-12-14`, `ends 2027-01-12`,
    /// `2026-12-14 to 2027-01-12`, `finished 2027-01-12`; `nil` without dates.
    static func dates(_ habit: Habit, today: Day) -> String? {
        switch (habit.startsOn, habit.endsOn) {
        case (nil, nil): return nil
        case (_, let end?) where end < today: return t("finished {date}", ["date": end.iso])
        case (let start?, let end?) where start > today: return t("{start} to {end}", ["start": start.iso, "end": end.iso])
        case (let start?, _) where start > today: return t("starts {date}", ["date": start.iso])
        case (_, let end?): return t("ends {date}", ["date": end.iso])
        case (_?, nil): return nil
        }
    }
}
