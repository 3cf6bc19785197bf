import Foundation
import TendCore
import TendTestSupport
import Testing

/// Day statuses: which days are due, met, missed, pending, satisfied or skipped.
/// January 2025 starts on a Wednesday; Jan 6 and Jan 13 are Mondays, Jan 5 and Jan 12 Sundays.
@Suite("Statuses of fixed and quota schedules")
struct StatusTests {
    let utc = Fixtures.calendar()

    // MARK: Fixed schedules

    @Test("A Mon/Wed/Fri habit is due on its weekdays: met, missed in the past, pending today and later")
    func weekdays() {
        // Given a Mon/Wed/Fri habit created Wed Jan 1, checked Jan 1 and Fri Jan 3
        let habit = Fixtures.habit(schedule: .weekdays([.monday, .wednesday, .friday]))
        let tracked = Fixtures.tracked(habit, checked: ["2025-01-01", "2025-01-03"])
        // When statuses Mon Dec 30 … Fri Jan 10 are judged on Wed Jan 8
        let statuses = ScoringSupport.statuses(tracked, "2024-12-30", "2025-01-10", today: "2025-01-08")
        // Then days before the start are not due, Mon Jan 6 is missed, today and Fri Jan 10 pending
        #expect(
            statuses == [
                .notDue, .notDue,  // Dec 30, 31: before the habit
                .met, .notDue, .met, .notDue, .notDue,  // Wed 1 … Sun 5
                .missed, .notDue, .pending, .notDue, .pending,  // Mon 6 … Fri 10
            ])
    }

    @Test(
        "Days of the month beyond a month's length fall on its last day",
        arguments: [
            (31, "2025-01-01", "2025-06-30", ["2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30", "2025-05-31", "2025-06-30"]),
            (30, "2024-01-01", "2024-04-30", ["2024-01-30", "2024-02-29", "2024-03-30", "2024-04-30"]),
            (29, "2025-01-01", "2025-03-31", ["2025-01-29", "2025-02-28", "2025-03-29"]),
        ])
    func daysOfMonth(dayOfMonth: Int, from: String, through: String, due: [String]) {
        // Given a habit due on one day of the month, never checked
        let habit = Fixtures.habit(schedule: .daysOfMonth([dayOfMonth]), createdOn: from)
        let tracked = TrackedHabit(habit: habit)
        // When the months are judged long after
        let statuses = ScoringSupport.statuses(tracked, from, through, today: "2026-01-01")
        // Then exactly the expected days are due (and missed)
        let days = ScoringSupport.isoDays(from, through)
        let dueDays = zip(days, statuses).filter { $0.1 != .notDue }
        #expect(dueDays.map(\.0) == due)
        #expect(dueDays.allSatisfy { $0.1 == .missed })
    }

    @Test("Days 15 and 31 in February are two distinct due days: the 15th and the 28th")
    func daysOfMonthFebruary() {
        let tracked = Fixtures.tracked(
            Fixtures.habit(schedule: .daysOfMonth([15, 31])), checked: ["2025-02-28"])
        let statuses = ScoringSupport.statuses(tracked, "2025-02-01", "2025-03-01", today: "2025-03-01")
        let days = ScoringSupport.isoDays("2025-02-01", "2025-03-01")
        let due = Dictionary(uniqueKeysWithValues: zip(days, statuses).filter { $0.1 != .notDue })
        #expect(due == ["2025-02-15": .missed, "2025-02-28": .met])
    }

    @Test("Every 3 days is due from its start day on, and only then")
    func everyNDays() {
        // Given every 3 days from Thu Jan 2 (habit created Jan 1), checked Jan 5
        let habit = Fixtures.habit(schedule: .everyNDays(interval: 3, start: Fixtures.day("2025-01-02")))
        let tracked = Fixtures.tracked(habit, checked: ["2025-01-05"])
        // When Jan 1 … Jan 11 are judged on Jan 11
        let statuses = ScoringSupport.statuses(tracked, "2025-01-01", "2025-01-11", today: "2025-01-11")
        // Then Jan 2, 5, 8, 11 are due; Jan 11 is today and still pending
        #expect(
            statuses == [
                .notDue, .missed, .notDue, .notDue, .met, .notDue, .notDue, .missed, .notDue, .notDue, .pending,
            ])
    }

    @Test(
        "Days before the history begins are not due; a backfilled entry moves the beginning, and the unrecorded days between it and the creation stay unknown"
    )
    func beforeTheStart() {
        // Given a daily habit created Jan 10
        let plain = TrackedHabit(habit: Fixtures.habit(createdOn: "2025-01-10"))
        // When Jan 5 … 12 are judged on Jan 12
        #expect(
            ScoringSupport.statuses(plain, "2025-01-05", "2025-01-12", today: "2025-01-12")
                == [.notDue, .notDue, .notDue, .notDue, .notDue, .missed, .missed, .pending])
        // And with a check backfilled on Jan 7, the history begins on Jan 7; Jan 8 and 9, before
        // the creation and unrecorded, are unknown (not missed), as Loop shows them
        let backfilled = Fixtures.tracked(plain.habit, checked: ["2025-01-07"])
        #expect(
            ScoringSupport.statuses(backfilled, "2025-01-05", "2025-01-12", today: "2025-01-12")
                == [.notDue, .notDue, .met, .notDue, .notDue, .missed, .missed, .pending])
    }

    @Test(
        "A back-filled day before the creation leaves the completion rate and streaks to the days recorded, in every zone and locale",
        arguments: Fixtures.calendars)
    func backfillKeepsTheRate(calendar: TendCalendar) {
        // Given a daily habit created Nov 28 and checked on Nov 20 only (`tend check --date 2026-11-20`)
        let tracked = Fixtures.tracked(Fixtures.habit(createdOn: "2026-11-28"), checked: ["2026-11-20"])
        // When its statistics are read on Nov 28
        let stats = tracked.statistics(asOf: Fixtures.day("2026-11-28"), calendar: calendar)
        // Then Nov 21…27 did not count as missed: 1 of 1 judged days met, a streak of one
        #expect(stats.completionRate7 == nil)
        #expect(stats.completionRate30 == 1)
        #expect(stats.bestStreak == 1)
        // And a day before the creation that was recorded short of its target is missed all the same
        var counted = TrackedHabit(habit: Fixtures.habit(type: .count, target: 8, createdOn: "2026-11-28"))
        counted.setValue(3, on: Fixtures.day("2026-11-25"))
        #expect(
            ScoringSupport.statuses(counted, "2026-11-24", "2026-11-28", today: "2026-11-28", calendar: calendar)
                == [.notDue, .missed, .notDue, .notDue, .pending])
        // And "3 per week" asks nothing of the unrecorded days before its creation
        let weekly = Fixtures.tracked(Fixtures.habit(schedule: .timesPerWeek(3), createdOn: "2026-11-28"), checked: ["2026-11-16"])
        let statuses = ScoringSupport.statuses(weekly, "2026-11-16", "2026-11-27", today: "2026-11-28", calendar: calendar)
        #expect(statuses.first == .met)
        #expect(!statuses.contains(.missed))
    }

    @Test("A skipped due day is skipped, not missed; a checked future day is already met")
    func skippedAndFuture() {
        let tracked = ScoringSupport.tracked(
            Fixtures.habit(), values: ["2025-01-04": 1], skipped: ["2025-01-02"])
        let statuses = ScoringSupport.statuses(tracked, "2025-01-01", "2025-01-05", today: "2025-01-03")
        #expect(statuses == [.missed, .skipped, .pending, .met, .pending])
    }

    @Test("A bad habit is met at or under its limit, missed over it, and a future day is pending")
    func badHabit() {
        // Given a daily bad count habit, limit 3, with 2, 3 and 4 on Jan 1–3 and nothing on Jan 4
        let tracked = ScoringSupport.tracked(
            Fixtures.habit(kind: .bad, type: .count, target: 3),
            values: ["2025-01-01": 2, "2025-01-02": 3, "2025-01-03": 4])
        // When Jan 1 … 5 are judged on Jan 4
        let statuses = ScoringSupport.statuses(tracked, "2025-01-01", "2025-01-05", today: "2025-01-04")
        // Then: under, at, over the limit; today clean so far; tomorrow has not happened
        #expect(statuses == [.met, .met, .missed, .met, .pending])
    }

    @Test(
        "A bad habit over its limit today is missed at once, whatever its schedule (the rest of the day cannot undo it)",
        arguments: [Schedule.daily, .weekdays([.saturday]), .timesPerWeek(3), .timesPerMonth(10), .timesInDays(times: 2, days: 7)])
    func badHabitOverLimitToday(_ schedule: Schedule) {
        // Given a bad count habit, limit 2, with 3 today (Sat Jan 4) and 1 the day before
        let count = ScoringSupport.tracked(
            Fixtures.habit(kind: .bad, type: .count, target: 2, schedule: schedule),
            values: ["2025-01-03": 1, "2025-01-04": 3])
        // Then today is missed, not pending, and the day score counts it as a failure
        #expect(count.status(on: Fixtures.day("2025-01-04"), today: Fixtures.day("2025-01-04"), calendar: utc) == .missed)
        #expect(
            DayScore.calculateTodayScore([count], on: Fixtures.day("2025-01-04"), today: Fixtures.day("2025-01-04"), calendar: utc) == 0)
        // And a slip of a bad checkmark habit (limit 0) likewise
        let slip = ScoringSupport.tracked(Fixtures.habit(kind: .bad, target: 0, schedule: schedule), values: ["2025-01-04": 1])
        #expect(slip.status(on: Fixtures.day("2025-01-04"), today: Fixtures.day("2025-01-04"), calendar: utc) == .missed)
    }

    @Test("status(on:) agrees with the range form")
    func singleDay() {
        let habit = Fixtures.habit(schedule: .timesPerWeek(2), createdOn: "2024-12-01")
        let tracked = Fixtures.tracked(habit, checked: ["2025-01-05", "2025-01-07"])
        let calendar = Fixtures.calendar(locale: "de_DE")
        let range = ScoringSupport.statuses(tracked, "2024-12-30", "2025-01-19", today: "2025-01-08", calendar: calendar)
        for (offset, status) in range.enumerated() {
            let day = Fixtures.day("2024-12-30").adding(days: offset)
            #expect(tracked.status(on: day, today: Fixtures.day("2025-01-08"), calendar: calendar) == status, "\(day)")
        }
    }

    // MARK: Quota schedules

    @Test("Two per week follows the locale's week: Sunday-first en_US and Monday-first de_DE differ")
    func perWeekLocales() {
        // Given 2 per week, created long before, checked Sun Jan 5 and Tue Jan 7; today Wed Jan 8
        let habit = Fixtures.habit(schedule: .timesPerWeek(2), createdOn: "2024-12-01")
        let tracked = Fixtures.tracked(habit, checked: ["2025-01-05", "2025-01-07"])
        let us = ScoringSupport.statuses(
            tracked, "2025-01-05", "2025-01-12", today: "2025-01-08", calendar: Fixtures.calendar(locale: "en_US"))
        let de = ScoringSupport.statuses(
            tracked, "2025-01-05", "2025-01-12", today: "2025-01-08", calendar: Fixtures.calendar(locale: "de_DE"))
        // Then in en_US (week Sun 5 … Sat 11) both checks share a week: the count is met on Tuesday,
        // Monday before it is pending (not a failure) and the rest of the week satisfied;
        // Sun 12 opens a new week
        #expect(us == [.met, .pending, .met, .satisfied, .satisfied, .satisfied, .satisfied, .pending])
        // And in de_DE (week Mon 6 … Sun 12) Sunday 5 belongs to the week before: one check so
        // far, so the week is still due
        #expect(de == [.met, .pending, .met, .pending, .pending, .pending, .pending, .pending])
    }

    @Test("A week that ended short of its count is missed on its unmet days")
    func weekEndedShort() {
        // Given 2 per week (de_DE), checked only Sun Jan 5 in the week Mon Dec 30 … Sun Jan 5
        let habit = Fixtures.habit(schedule: .timesPerWeek(2), createdOn: "2024-12-01")
        let tracked = Fixtures.tracked(habit, checked: ["2025-01-05"])
        let statuses = ScoringSupport.statuses(
            tracked, "2024-12-30", "2025-01-05", today: "2025-01-08", calendar: Fixtures.calendar(locale: "de_DE"))
        #expect(statuses == [.missed, .missed, .missed, .missed, .missed, .missed, .met])
    }

    @Test("A week still short of its count with days left is pending; one that can no longer make it is missed")
    func weekInProgress() {
        // Given 3 per week (de_DE, week Mon Jan 6 … Sun Jan 12), checked only Mon Jan 6
        let habit = Fixtures.habit(schedule: .timesPerWeek(3), createdOn: "2024-12-01")
        let tracked = Fixtures.tracked(habit, checked: ["2025-01-06"])
        let calendar = Fixtures.calendar(locale: "de_DE")
        // When judged on Fri Jan 10, three days (Fri, Sat, Sun) are left for two more checks
        #expect(
            ScoringSupport.statuses(tracked, "2025-01-06", "2025-01-12", today: "2025-01-10", calendar: calendar)
                == [.met, .pending, .pending, .pending, .pending, .pending, .pending])
        // When judged on Sat Jan 11 with a check on Fri Jan 10, one more on Sat or Sun still makes it
        let oneShort = Fixtures.tracked(habit, checked: ["2025-01-06", "2025-01-10"])
        #expect(
            ScoringSupport.statuses(oneShort, "2025-01-06", "2025-01-12", today: "2025-01-11", calendar: calendar)
                == [.met, .pending, .pending, .pending, .met, .pending, .pending])
        // When judged on Sun Jan 12, one day is left for two checks: the week has failed
        #expect(
            ScoringSupport.statuses(tracked, "2025-01-06", "2025-01-12", today: "2025-01-12", calendar: calendar)
                == [.met, .missed, .missed, .missed, .missed, .missed, .missed])
    }

    @Test("Three per month is due until met, then satisfied; a month that ended short is missed")
    func perMonth() {
        // Given 3 per month created Jan 1, checked Jan 20, Feb 3, Feb 10 and Feb 14; today Feb 20
        let habit = Fixtures.habit(schedule: .timesPerMonth(3))
        let tracked = Fixtures.tracked(habit, checked: ["2025-01-20", "2025-02-03", "2025-02-10", "2025-02-14"])
        let statuses = ScoringSupport.statuses(tracked, "2025-01-01", "2025-02-28", today: "2025-02-20")
        let january = Array(statuses[0..<31])
        let february = Array(statuses[31...])
        // Then January (one check of three) is missed except the 20th
        #expect(january.enumerated().allSatisfy { $0.element == ($0.offset == 19 ? .met : .missed) })
        // And February is pending until its third check on the 14th, satisfied after
        let expectedFebruary: [DayStatus] = (1...28).map { day in
            switch day {
            case 3, 10, 14: .met
            case ..<14: .pending
            default: .satisfied
            }
        }
        #expect(february == expectedFebruary)
    }

    @Test(
        "A first week joined part-way asks for a prorated count, rounded up",
        arguments: [
            // de_DE: Thu Jan 9 … Sun Jan 12 is 4 of 7 days → ⌈3·4/7⌉ = 2 checks; met by Sat 11
            ("de_DE", [DayStatus.met, .pending, .met, .satisfied, .pending]),
            // en_US: Thu Jan 9 … Sat Jan 11 is 3 of 7 days → ⌈3·3/7⌉ = 2 checks, met on Sat 11;
            // Sun 12 opens a full week (3 checks) that can still be met
            ("en_US", [.met, .pending, .met, .pending, .pending]),
        ])
    func proratedFirstWeek(locale: String, expected: [DayStatus]) {
        // Given 3 per week created Thu Jan 9, checked Jan 9 and Sat Jan 11; today Mon Jan 13
        let habit = Fixtures.habit(schedule: .timesPerWeek(3), createdOn: "2025-01-09")
        let tracked = Fixtures.tracked(habit, checked: ["2025-01-09", "2025-01-11"])
        let statuses = ScoringSupport.statuses(
            tracked, "2025-01-06", "2025-01-13", today: "2025-01-13", calendar: Fixtures.calendar(locale: locale))
        // Then days before the creation are not due and the short first week is met with two checks
        #expect(Array(statuses[0..<3]) == [.notDue, .notDue, .notDue])
        #expect(Array(statuses[3...]) == expected)
    }

    @Test("A first month joined part-way asks for a prorated count", arguments: [(4, DayStatus.satisfied), (3, .missed)])
    func proratedFirstMonth(checks: Int, lastDays: DayStatus) {
        // Given 10 per month created Apr 21 (10 of April's 30 days → ⌈10·10/30⌉ = 4 checks)
        let habit = Fixtures.habit(schedule: .timesPerMonth(10), createdOn: "2025-04-21")
        let checked = ["2025-04-22", "2025-04-24", "2025-04-26", "2025-04-28"].prefix(checks)
        let tracked = Fixtures.tracked(habit, checked: Array(checked))
        // When Apr 29 and 30 are judged on May 1
        let statuses = ScoringSupport.statuses(tracked, "2025-04-29", "2025-04-30", today: "2025-05-01")
        // Then four checks satisfy the month; three leave it short, so its open days are missed
        #expect(statuses == [lastDays, lastDays])
    }

    @Test("A monthly count larger than the month asks for every day of it, not the impossible")
    func perMonthCappedAtMonthLength() {
        // Given 31 per month created long before February 2025, checked on every day of February
        let habit = Fixtures.habit(schedule: .timesPerMonth(31), createdOn: "2024-12-01")
        let february = ScoringSupport.isoDays("2025-02-01", "2025-02-28")
        let tracked = Fixtures.tracked(habit, checked: february)
        // When February is judged in March
        let statuses = ScoringSupport.statuses(tracked, "2025-02-01", "2025-02-28", today: "2025-03-10")
        // Then all 28 days are met and the month counts as done: the streak runs through it
        #expect(statuses.allSatisfy { $0 == .met })
        let streaks = tracked.streaks(asOf: Fixtures.day("2025-02-28"), calendar: utc)
        #expect(streaks.current == 28)
        // And a February with one day unchecked ends short: its open day is missed
        var short = tracked
        short.resetCompletion(on: Fixtures.day("2025-02-10"))
        let shortStatuses = ScoringSupport.statuses(short, "2025-02-10", "2025-02-10", today: "2025-03-10")
        #expect(shortStatuses == [.missed])
    }

    @Test("Two in five days looks at a rolling window of the last five days")
    func timesInDays() {
        // Given 2 in 5 days created Jan 1, checked Jan 1, 3 and 9; today Jan 12
        let habit = Fixtures.habit(schedule: .timesInDays(times: 2, days: 5))
        let tracked = Fixtures.tracked(habit, checked: ["2025-01-01", "2025-01-03", "2025-01-09"])
        let statuses = ScoringSupport.statuses(tracked, "2025-01-01", "2025-01-12", today: "2025-01-12")
        // Then, for each unmet day, count the checks in the four days before it:
        // Jan 2: window reaches before the history → pending; Jan 4 (1, 3) and Jan 5 (1, 3): satisfied;
        // Jan 6–8, 10, 11: at most one check in the window → missed;
        // Jan 12 (today): one check in Jan 8–11, one more today would make two → pending
        #expect(
            statuses == [
                .met, .pending, .met, .satisfied, .satisfied, .missed, .missed, .missed, .met, .missed, .missed, .pending,
            ])
    }

    @Test("Three in five days: today is missed once even a check today cannot reach the count")
    func timesInDaysTodayHopeless() {
        // Given 3 in 5 days checked on Jan 1…3 and Jan 7; today Jan 10 (Jan 6–9 hold one check)
        let habit = Fixtures.habit(schedule: .timesInDays(times: 3, days: 5))
        let tracked = Fixtures.tracked(habit, checked: ["2025-01-01", "2025-01-02", "2025-01-03", "2025-01-07"])
        let statuses = ScoringSupport.statuses(tracked, "2025-01-04", "2025-01-10", today: "2025-01-10")
        // Then Jan 4 and 5 are satisfied by Jan 1–3; Jan 6 (Jan 2, 3 only) and later are missed
        #expect(statuses == [.satisfied, .satisfied, .missed, .met, .missed, .missed, .missed])
    }
}
