import Foundation
import TendAPI
import TendCore
import TendWords

/// A value a person typed for a day: a count ("12", "2,5" in de_DE — read by TendCore's
/// ``AmountText`` in the person's locale) or a duration (read by ``DurationText``, as the CLI
/// reads it: "45", "12.5", "45m", "1h30", "0.5h", "1:30"; a bare number is minutes). Read by the
/// web's "enter a value" forms; what is typed is recorded as typed (no cap at the target), so only
/// input that cannot be a day's value is refused: empty, negative, not a number, more than three
/// decimals, or absurd (more than a million, or more than a day's 24 hours).
enum TypedValue {
    /// The largest count a person can type (beyond it, a typo more likely than a day's count).
    static let maximumCount: Amount = 1_000_000

    /// The value in the habit's unit (an amount, or seconds), or why it cannot be one.
    static func parse(_ typed: String, type: HabitType, locale: String) -> Result<Amount, Refusal> {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .failure(type == .duration ? .duration(.empty) : .empty(type)) }
        if text.hasPrefix("-") || text.hasPrefix("−") { return .failure(.negative) }
        switch type {
        case .checkmark, .count:
            let value: Amount
            do {
                value = try AmountText.amount(text, locale: Locale(identifier: locale))
            } catch .tooLarge {
                return .failure(.tooLarge(type))
            } catch {
                return .failure(.amount(error))
            }
            guard value <= maximumCount else { return .failure(.tooLarge(type)) }
            if type == .checkmark, !value.isWhole { return .failure(.amount(.notANumber(text))) }
            return .success(value)
        case .duration:
            do {
                return .success(Amount(try DurationText.seconds(text)))
            } catch {
                return .failure(.duration(error))
            }
        }
    }

    /// Why a typed value was refused, in a sentence.
    enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        case empty(HabitType)
        case negative
        case amount(AmountText.Refusal)
        case tooLarge(HabitType)
        case duration(DurationText.Refusal)

        var description: String {
            switch self {
            case .empty: t("Type a number, e.g. 3.")
            case .negative: t("A day's value cannot be negative. To take one away, use −1.")
            case .amount(let refusal): refusal.description.prefix(1).uppercased() + refusal.description.dropFirst() + "."
            case .duration(let refusal): refusal.description
            case .tooLarge:
                t(
                    "That is more than {maximum} in a day: type the day's count.",
                    ["maximum": TypedValue.maximumCount.whole.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))])
            }
        }
    }

    /// A duration as the value field shows it, in a form ``parse(_:type:)`` reads back: "45m",
    /// "1h30", "2h", "12m30s".
    static func durationText(_ amount: Amount) -> String {
        let seconds = amount.whole
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

    init(habit: Habit, day: Day, value: Amount, note: String?, amounts: AmountStyle) {
        id = habit.id.description
        self.day = day
        noteAction = WebPaths.habitNote(habit.id)
        self.note = note ?? ""
        switch habit.type {
        case .checkmark:
            self.value = nil
        case .count:
            let step = amounts(habit.step)
            let unit = habit.unit
            let decrementLabel: String
            let incrementLabel: String
            if habit.step == 1 {
                decrementLabel = t("Take one away (−1)")
                incrementLabel = t("Add one more (+1)")
            } else if unit.isEmpty {
                decrementLabel = t("Take {step} away (−{step})", ["step": step])
                incrementLabel = t("Add {step} more (+{step})", ["step": step])
            } else {
                decrementLabel = t("Take {step} {unit} away (−{step})", ["step": step, "unit": unit])
                incrementLabel = t("Add {step} {unit} more (+{step})", ["step": step, "unit": unit])
            }
            let label =
                habit.isMeasurement
                ? (unit.isEmpty ? t("Value") : t("Value ({unit})", ["unit": unit]))
                : (unit.isEmpty ? t("How many") : t("How many {unit}", ["unit": unit]))
            self.value = ValueField(
                action: WebPaths.value(habit.id, day), decrementAction: WebPaths.decrement(habit.id, day), decrementLabel: decrementLabel,
                incrementAction: WebPaths.increment(habit.id, day), incrementLabel: incrementLabel, label: label,
                hint: t("A number, e.g. 12 or {example}.", ["example": amounts(2.5)]),
                text: value == 0 ? "" : amounts(value), inputMode: "decimal")
        case .duration:
            self.value = ValueField(
                action: WebPaths.value(habit.id, day), decrementAction: WebPaths.decrement(habit.id, day),
                decrementLabel: t("Take a minute away (−1 min)"), incrementAction: WebPaths.increment(habit.id, day),
                incrementLabel: t("Add a minute more (+1 min)"),
                label: t("How long"), hint: t("Minutes or hours: 45, 45m, 1h30 or 1:30."),
                text: value == 0 ? "" : TypedValue.durationText(value), inputMode: "text")
        }
    }

    /// The step of −1 and +1: a minute for durations, the habit's step for counts (one unless
    /// chosen, as a tap adds), one for checkmarks.
    static func step(for habit: Habit) -> Amount {
        switch habit.type {
        case .duration: 60
        case .count: habit.step
        case .checkmark: 1
        }
    }
}
