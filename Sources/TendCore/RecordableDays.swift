import Foundation

/// The days a person can record on: from ``floor`` through their today. A check-in on a day that
/// has not come yet would be judged before it happened (and shown as done on Today tomorrow);
/// one mistyped year (1900) would stretch every statistic over a century of missed days.
public enum RecordableDays {
    /// The earliest day Tend records: no habit tracker, nor Loop Habit Tracker's history that
    /// imports bring, reaches further back, and a typo's year (1900, 0025) lands before it.
    public static let floor = Day(uncheckedYear: 2000, month: 1, day: 1)

    /// Why `day` cannot be recorded on when it is `today` for the person, or `nil` when it can.
    public static func refusal(for day: Day, today: Day) -> String? {
        if day > today {
            return "\(day.iso) has not come yet (today is \(today.iso)): only today and earlier days can be recorded"
        }
        if day < floor {
            return "\(day.iso) is before \(floor.iso), the earliest day Tend records"
        }
        return nil
    }
}
