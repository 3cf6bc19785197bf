import Foundation
import TendWords

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
        // The earliest "today" anywhere: UTC−12 with the day starting at 23:00; the latest: UTC+14.
        if day <= utcDay(now.addingTimeInterval(-35 * 3600)) { return true }
        if day > latestToday(now: now) { return false }
        return nil
    }

    /// The latest day that is someone's today at `now`: UTC+14's.
    public static func latestToday(now: Date) -> Day {
        utcDay(now.addingTimeInterval(14 * 3600))
    }

    /// UTC has no daylight saving: its day is the instant's whole days since 1970.
    private static func utcDay(_ date: Date) -> Day {
        Day(ordinal: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
    }

    /// How many days after today a request may look or plan: a year. Statistics "as of" a day,
    /// a calendar page, a range of entries, the start of an "every N days" schedule.
    public static let lookahead = 366

    /// The days a request may name to look at or plan with, for a person whose today is `today`:
    /// ``floor`` through ``lookahead`` days after today. Every walk over a history starts at the
    /// floor at the earliest (``TrackedHabit/startDay``) and ends here at the latest, so one
    /// habit's statistics cover at most about 27 years (under 10,300 days in 2026).
    public static func viewable(today: Day) -> ClosedRange<Day> {
        floor...today.adding(days: lookahead)
    }

    /// Why a request may not name `day` (what it is called: `what`) when it is `today` for the
    /// person, or `nil` when it may (see ``viewable(today:)``).
    public static func viewingRefusal(for day: Day, today: Day, what: String = "a day") -> String? {
        if day < floor {
            return tooEarly(what, day: day.iso, floor: floor.iso)
        }
        let last = today.adding(days: lookahead)
        if day > last {
            return tooLate(what, day: day.iso, today: today.iso, last: last.iso)
        }
        return nil
    }

    // The subjects Tend's callers name have a sentence each, so a translation can make the words
    // around them agree; any other (a query parameter's name) is put in as it is.

    private static func tooEarly(_ what: String, day: String, floor: String) -> String {
        switch what {
        case "a day": t("a day ({day}) is before {floor}, the earliest day Tend records", ["day": day, "floor": floor])
        case "the schedule's start":
            t("the schedule's start ({day}) is before {floor}, the earliest day Tend records", ["day": day, "floor": floor])
        case "a pause's day": t("a pause's day ({day}) is before {floor}, the earliest day Tend records", ["day": day, "floor": floor])
        case "a start or end date":
            t("a start or end date ({day}) is before {floor}, the earliest day Tend records", ["day": day, "floor": floor])
        case "The date": t("The date ({day}) is before {floor}, the earliest day Tend records", ["day": day, "floor": floor])
        default: t("{what} ({day}) is before {floor}, the earliest day Tend records", ["what": what, "day": day, "floor": floor])
        }
    }

    private static func tooLate(_ what: String, day: String, today: String, last: String) -> String {
        switch what {
        case "a day":
            t(
                "a day ({day}) is more than a year after today ({today}): the latest is {last}",
                ["day": day, "today": today, "last": last])
        case "the schedule's start":
            t(
                "the schedule's start ({day}) is more than a year after today ({today}): the latest is {last}",
                ["day": day, "today": today, "last": last])
        case "a pause's day":
            t(
                "a pause's day ({day}) is more than a year after today ({today}): the latest is {last}",
                ["day": day, "today": today, "last": last])
        case "a start or end date":
            t(
                "a start or end date ({day}) is more than a year after today ({today}): the latest is {last}",
                ["day": day, "today": today, "last": last])
        case "The date":
            t(
                "The date ({day}) is more than a year after today ({today}): the latest is {last}",
                ["day": day, "today": today, "last": last])
        default:
            t(
                "{what} ({day}) is more than a year after today ({today}): the latest is {last}",
                ["what": what, "day": day, "today": today, "last": last])
        }
    }

    /// The days a person whose today is `today` can record on: ``floor`` through today.
    public static func recordable(today: Day) -> ClosedRange<Day> {
        floor...max(today, floor)
    }

    /// Why `day` cannot be recorded on when it is `today` for the person, or `nil` when it can.
    public static func refusal(for day: Day, today: Day) -> String? {
        if day > today {
            return t(
                "{day} has not come yet (today is {today}): only today and earlier days can be recorded",
                ["day": day.iso, "today": today.iso])
        }
        if day < floor {
            return t("{day} is before {floor}, the earliest day Tend records", ["day": day.iso, "floor": floor.iso])
        }
        return nil
    }
}
