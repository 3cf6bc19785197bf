import Foundation

extension Schedule {
    /// Checks the days the schedule names — the start of "every N days" — against the days a
    /// request may name (``RecordableDays/viewable(today:)``): a start in year 1 or 9999 means
    /// nothing to a person and is refused like any other day out of range.
    public func validateDays(today: Day) throws(HabitValidationError) {
        guard case .everyNDays(_, let start) = self else { return }
        if let refusal = RecordableDays.viewingRefusal(for: start, today: today, what: "the schedule's start") {
            throw .schedule(refusal)
        }
    }
}
