import Foundation
import TendWords

/// A change to one day of one habit, as the intention-named writes express it.
public enum EntryCommand: Hashable, Sendable {
    /// Done: a good habit reaches its target; a bad habit records one more slip.
    case check
    /// Value back to 0 (skip and note stay).
    case uncheck
    /// Adds (or, negative, removes) an amount the person gave, as given: never below 0, and a good
    /// checkmark habit's value stays 0 or 1. Only the one-step ``tap`` stops at the target.
    case increment(Amount)
    /// Sets an exact value (≥ 0; a good checkmark habit's is 0 or 1).
    case set(Amount)
    /// Marks or unmarks a planned rest day.
    case skip(Bool)
    /// Nothing recorded: value 0, no skip (the note stays).
    case reset
    /// Sets or clears the day's note.
    case note(String?)
    /// Void.'s polymorphic tap (TendCore's `TrackedHabit.tap`), worked out on the day as it is
    /// when the write runs: a checkmark toggles; a count goes up by one, a duration by a minute,
    /// recorded as increments, so taps from two devices both count.
    case tap

    /// The change this command makes to `tracked` on `day` (validated), or `nil` when it would
    /// change nothing.
    public func change(for tracked: TrackedHabit, on day: Day) throws(RuleViolation) -> Change? {
        let id = tracked.id
        let current = tracked.completionCount(on: day)
        switch self {
        case .check:
            var after = tracked
            after.check(on: day)
            let value = after.completionCount(on: day)
            return .entrySet(habit: id, day: day, value: value)
        case .uncheck:
            return .entrySet(habit: id, day: day, value: 0)
        case .increment(let amount):
            guard amount.thousandths.magnitude <= EntryCommand.maximumValue.thousandths.magnitude else {  // abs(Int64.min) would trap
                throw RuleViolation(t("an amount is at most {limit}", ["limit": EntryCommand.maximumValue.description]))
            }
            try Self.checkPrecision(amount, of: tracked.habit)
            var value = max(0, current + amount)
            if tracked.habit.type == .checkmark, tracked.habit.kind == .good { value = min(value, 1) }
            guard value <= EntryCommand.maximumValue else {
                throw RuleViolation(t("a value is at most {limit}", ["limit": EntryCommand.maximumValue.description]))
            }
            return .entryIncremented(habit: id, day: day, by: value - current)
        case .set(let value):
            guard value >= 0 else { throw RuleViolation(t("a value cannot be negative ({value})", ["value": value.description])) }
            try Self.checkPrecision(value, of: tracked.habit)
            guard value <= EntryCommand.maximumValue else {
                throw RuleViolation(t("a value is at most {limit}", ["limit": EntryCommand.maximumValue.description]))
            }
            if tracked.habit.type == .checkmark, tracked.habit.kind == .good, value > 1 {
                throw RuleViolation(t("a checkmark habit's value is 0 or 1"))
            }
            return .entrySet(habit: id, day: day, value: value)
        case .skip(let skipped):
            return .entrySkipped(habit: id, day: day, skipped: skipped)
        case .reset:
            return .entryReset(habit: id, day: day)
        case .note(let note):
            if let note, note.count > Entry.maximumNoteLength {
                throw RuleViolation(
                    tPlural("a note is at most {count} character", "a note is at most {count} characters", count: Entry.maximumNoteLength))
            }
            if let note, note.containsNUL { throw RuleViolation(t("a note cannot hold a NUL character")) }
            return .entryNoteSet(habit: id, day: day, note: note)
        case .tap:
            var after = tracked
            after.tap(on: day)
            let value = after.completionCount(on: day)
            return tracked.habit.type == .checkmark
                ? .entrySet(habit: id, day: day, value: value)
                : .entryIncremented(habit: id, day: day, by: value - current)
        }
    }

    /// Decimals are for counts (2.5 km); a checkmark is 0 or 1 and a duration whole seconds.
    static func checkPrecision(_ amount: Amount, of habit: Habit) throws(RuleViolation) {
        guard amount.isWhole || habit.type == .count else {
            throw RuleViolation(
                habit.type == .duration
                    ? t("a duration is a whole number of seconds ({amount})", ["amount": amount.description])
                    : t("a checkmark habit's value is 0 or 1"))
        }
    }

    /// The largest value a day can hold (a count, or seconds: 10 years of them would not fit a day anyway).
    public static let maximumValue: Amount = 1_000_000_000
}
