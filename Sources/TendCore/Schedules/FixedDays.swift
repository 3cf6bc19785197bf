import Foundation

/// Walks the days of a fixed schedule one by one, answering "is this day scheduled?" with
/// integer arithmetic (the same answers as ``Schedule/isScheduled(on:)``, without its per-day
/// set lookups and date conversions): the hot loop of every history computation.
struct FixedDays {
    private enum Rule {
        case always
        case weekdays(mask: UInt8)
        /// `mask` bit n: day n of the month; `largest`: the largest listed day, which makes the
        /// last day of any shorter month scheduled.
        case daysOfMonth(mask: UInt32, largest: Int)
        case every(interval: Int, start: Int)
    }

    private let rule: Rule
    private var ordinal: Int
    private var weekday: Int  // 0 = Sunday
    private var dayOfMonth: Int
    private var monthLength: Int
    private var year: Int
    private var month: Int

    init(_ schedule: Schedule, from day: Day) {
        switch schedule {
        case .weekdays(let days):
            rule = .weekdays(mask: days.reduce(0) { $0 | UInt8(1 << ($1.rawValue - 1)) })
        case .daysOfMonth(let days):
            rule = .daysOfMonth(mask: days.reduce(0) { $0 | UInt32(1 << $1) }, largest: days.max() ?? 0)
        case .everyNDays(let interval, let start):
            rule = .every(interval: interval, start: start.ordinal)
        case .daily, .timesPerWeek, .timesPerMonth, .timesInDays:
            rule = .always
        }
        ordinal = day.ordinal
        weekday = day.weekday.rawValue - 1
        (year, month, dayOfMonth) = day.components
        monthLength = Day.daysInMonth(year: year, month: month)
    }

    /// Whether the current day is scheduled; then moves to the next day.
    @inline(__always)
    mutating func next() -> Bool {
        let scheduled: Bool
        switch rule {
        case .always:
            scheduled = true
        case .weekdays(let mask):
            scheduled = mask & UInt8(1 << weekday) != 0
        case .daysOfMonth(let mask, let largest):
            scheduled = mask & UInt32(1 << dayOfMonth) != 0 || (dayOfMonth == monthLength && largest > monthLength)
        case .every(let interval, let start):
            scheduled = ordinal >= start && (ordinal - start) % interval == 0
        }
        ordinal += 1
        weekday = weekday == 6 ? 0 : weekday + 1
        if dayOfMonth == monthLength {
            dayOfMonth = 1
            if month == 12 {
                month = 1
                year += 1
            } else {
                month += 1
            }
            monthLength = Day.daysInMonth(year: year, month: month)
        } else {
            dayOfMonth += 1
        }
        return scheduled
    }
}
