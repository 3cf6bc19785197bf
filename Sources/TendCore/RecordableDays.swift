import Foundation

/// The days a person can record on: from ``floor`` through their today. A check-in on a day that
/// has not come yet would be judged before it happened (and shown as done on Today tomorrow);
/// one mistyped year (1900) would stretch every statistic over a century of missed days.
public enum RecordableDays {
    /// The earliest day Tend records: no habit tracker, nor Loop Habit Tracker's history that
    /// imports bring, reaches further back, and a typo's year (1900, 0025) lands before it.
    public static let floor = Day(uncheckedYear: 2000, month: 1, day: 1)

    /// Whether `day` can be recorded on at `now` whatever the person's zone and day start: `true`
    /// or `false` when every zone (UTC−12…UTC+14) and day start (0…23) agree, `nil` when it
    /// depends on them (the days around today). Lets a server skip reading the person's settings
    /// for the many check-ins on past days.
    public static func certainly(_ day: Day, now: Date) -> Bool? {
        if day < floor { return false }
        // UTC has no daylight saving: its day is the instant's whole days since 1970.
        func utcDay(_ date: Date) -> Day { Day(ordinal: Int((date.timeIntervalSince1970 / 86_400).rounded(.down))) }
        // The earliest "today" anywhere: UTC−12 with the day starting at 23:00; the latest: UTC+14.
        if day <= utcDay(now.addingTimeInterval(-35 * 3600)) { return true }
        if day > utcDay(now.addingTimeInterval(14 * 3600)) { return false }
        return nil
    }

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
