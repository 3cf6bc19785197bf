import Foundation
import TendCore

/// How one reminder of a habit recurs, as an RFC 5545 RRULE: the days its reminder rings and
/// its habit is due, so the feed shows what the scheduler will deliver.
///
/// Fixed-day schedules map exactly: every day (DAILY), weekdays (WEEKLY;BYDAY), every N days
/// (DAILY;INTERVAL=N from a due day) and days of the month (MONTHLY;BYMONTHDAY, with Tend's "a
/// day the month lacks means its last day" written as BYMONTHDAY=-1 for the 31st and as a
/// February-only rule for the 29th and 30th). A reminder's own weekdays narrow any of them with
/// BYDAY, which RFC 5545 applies as a filter there. Quota schedules (N times a week or a month, X
/// in Y days) have no fixed days: the habit is due on any day until its count is met, so their
/// reminder shows on every day it rings; the calendar cannot know when the count is met.
public struct ReminderRecurrence: Hashable, Sendable {
    /// Which months a rule covers: one reminder may need a separate rule for February.
    public enum Months: Hashable, Sendable {
        case all
        case allButFebruary
        case february
    }

    /// The RRULE value, e.g. `FREQ=WEEKLY;BYDAY=MO,WE,FR`.
    public let rule: String
    public let months: Months
    private let schedule: Schedule
    private let reminder: Reminder

    /// The rules of one reminder: none when its weekdays and the schedule's never meet, two for
    /// a days-of-month schedule with the 29th or 30th, one otherwise.
    public static func recurrences(of reminder: Reminder, schedule: Schedule) -> [ReminderRecurrence] {
        func make(_ rule: String, _ months: Months = .all) -> ReminderRecurrence {
            ReminderRecurrence(rule: rule, months: months, schedule: schedule, reminder: reminder)
        }
        let ringDays = reminder.weekdays
        let byDay = ringDays.isEmpty ? "" : ";BYDAY=" + Self.codes(ringDays)
        switch schedule {
        case .daily, .timesPerWeek, .timesPerMonth, .timesInDays:
            return [make(ringDays.isEmpty ? "FREQ=DAILY" : "FREQ=WEEKLY" + byDay)]
        case .weekdays(let scheduled):
            let days = ringDays.isEmpty ? scheduled : scheduled.intersection(ringDays)
            if days.isEmpty { return [] }
            return [make(days.count == 7 ? "FREQ=DAILY" : "FREQ=WEEKLY;BYDAY=" + Self.codes(days))]
        case .everyNDays(let interval, _):
            return [make((interval == 1 ? "FREQ=DAILY" : "FREQ=DAILY;INTERVAL=\(interval)") + byDay)]
        case .daysOfMonth(let days):
            let plain = days.filter { $0 <= 28 }.sorted().map(String.init)
            let lastDay = days.contains(31) ? ["-1"] : []
            let lateDays = days.filter { $0 == 29 || $0 == 30 }.sorted().map(String.init)
            if lateDays.isEmpty {
                return [make("FREQ=MONTHLY;BYMONTHDAY=" + (plain + lastDay).joined(separator: ",") + byDay)]
            }
            // February lacks the 29th (most years) and the 30th: there they mean its last day.
            let otherMonths = "1,3,4,5,6,7,8,9,10,11,12"
            return [
                make(
                    "FREQ=MONTHLY;BYMONTH=\(otherMonths);BYMONTHDAY=" + (plain + lateDays + lastDay).joined(separator: ",") + byDay,
                    .allButFebruary),
                make("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=" + (plain + ["-1"]).joined(separator: ",") + byDay, .february),
            ]
        }
    }

    /// Whether the rule yields `day`, by TendCore's own rules (ring days, due days, months).
    public func includes(_ day: Day) -> Bool {
        switch months {
        case .all: break
        case .allButFebruary: if day.month == 2 { return false }
        case .february: if day.month != 2 { return false }
        }
        return reminder.fires(on: day) && (schedule.isQuota || schedule.isScheduled(on: day))
    }

    /// The first day from `day` on that the rule yields: the event's DTSTART, which RFC 5545
    /// counts as an occurrence whatever the rule says, so it must be one. Nil if none within
    /// eight years (a rule that never meets its filter).
    public func firstDay(onOrAfter day: Day) -> Day? {
        (0..<(8 * 366)).lazy.map { day.adding(days: $0) }.first(where: includes)
    }

    /// RFC 5545 weekday codes, Monday first.
    static func codes(_ days: Set<Weekday>) -> String {
        let order: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
        return order.filter(days.contains).map(code).joined(separator: ",")
    }

    static func code(_ day: Weekday) -> String {
        switch day {
        case .sunday: "SU"
        case .monday: "MO"
        case .tuesday: "TU"
        case .wednesday: "WE"
        case .thursday: "TH"
        case .friday: "FR"
        case .saturday: "SA"
        }
    }
}
