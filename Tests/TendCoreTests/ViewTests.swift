import Foundation
import TendCore
import TendTestSupport
import Testing

/// Locale × zone pairs for the calendar views: every fixture locale in a few zones (the views work
/// on civil days, so the zone must make no difference).
let viewCalendarArguments: [(String, String)] = Fixtures.localeIdentifiers.flatMap { locale in
    ["UTC", "America/New_York", "Pacific/Apia"].map { (locale, $0) }
}

@Suite("Views: week strip, calendar week, month grid, year grid")
struct ViewGridTests {
    static let today = Fixtures.day("2025-03-12")  // a Wednesday

    /// A daily count habit (target 4) with a value on some days, created long ago.
    static func history() -> TrackedHabit {
        let habit = Fixtures.habit("Water", type: .count, target: 4, createdOn: "2024-01-01")
        var tracked = TrackedHabit(habit: habit)
        var day = Fixtures.day("2024-01-01")
        while day <= today {
            if day.ordinal % 3 != 0 { tracked.setValue(Amount(day.ordinal % 5), on: day) }
            day = day.next
        }
        return tracked
    }

    // MARK: Week strip

    @Test("The week strip is the 7 consecutive days ending on the day asked for", arguments: viewCalendarArguments)
    func weekStrip(locale: String, zone: String) {
        let calendar = Fixtures.calendar(zone, locale: locale)
        let habit = Self.history()
        let cells = habit.weekStrip(endingOn: Self.today, today: Self.today, calendar: calendar)
        #expect(cells.map(\.day) == Array(Self.today.adding(days: -6)...Self.today))
        // Each cell carries the day's value, progress and localized letter
        for cell in cells {
            #expect(cell.value == habit.completionCount(on: cell.day))
            #expect(cell.progress == habit.completionProgress(on: cell.day))
            #expect(cell.letter == calendar.getDayLetter(for: cell.day))
            #expect(cell.isInMonth)
            #expect(!cell.isFuture)
        }
    }

    @Test("A week strip ending after today marks the later days as future")
    func weekStripFuture() {
        let cells = Self.history().weekStrip(
            endingOn: Self.today.adding(days: 2), today: Self.today, calendar: Fixtures.calendar())
        #expect(cells.map(\.isFuture) == [false, false, false, false, false, true, true])
    }

    // MARK: Calendar week

    @Test("The calendar week runs in the locale's order and contains the day", arguments: viewCalendarArguments)
    func calendarWeek(locale: String, zone: String) {
        let calendar = Fixtures.calendar(zone, locale: locale)
        for offset in 0..<7 {
            // Given each day of a week
            let day = Self.today.adding(days: offset)
            // When its calendar week is built
            let cells = Self.history().calendarWeek(containing: day, today: Self.today, calendar: calendar)
            // Then it has 7 consecutive days in the locale's weekday order, one of them the day
            #expect(cells.count == 7)
            #expect(cells.map(\.day.weekday) == calendar.orderedWeekdays)
            #expect(cells.first?.day.weekday.rawValue == calendar.firstWeekday)
            #expect(cells.map(\.day) == Array(cells[0].day...cells[0].day.adding(days: 6)))
            #expect(cells.contains { $0.day == day })
            #expect(cells.map(\.letter) == calendar.orderedWeekdays.map { calendar.getDayLetter(for: $0) })
        }
    }

    @Test("Weeks start on Sunday in en_US and on Monday in de_DE and fr_FR")
    func knownFirstWeekdays() {
        let wednesday = Self.today
        let us = Self.history().calendarWeek(containing: wednesday, today: wednesday, calendar: Fixtures.calendar(locale: "en_US"))
        let de = Self.history().calendarWeek(containing: wednesday, today: wednesday, calendar: Fixtures.calendar(locale: "de_DE"))
        let fr = Self.history().calendarWeek(containing: wednesday, today: wednesday, calendar: Fixtures.calendar(locale: "fr_FR"))
        #expect(us.first?.day == Fixtures.day("2025-03-09"))
        #expect(de.first?.day == Fixtures.day("2025-03-10"))
        #expect(fr.map(\.letter) == ["L", "M", "M", "J", "V", "S", "D"])
    }

    // MARK: Month grid

    /// Whole weeks from the week of the 1st to the week of the last day, counted the slow way.
    static func weeksNeeded(for month: Day, calendar: TendCalendar) -> Int {
        var rows = 1
        var day = month.firstOfMonth
        while day < month.lastOfMonth {
            day = day.next
            if day.weekday.rawValue == calendar.firstWeekday { rows += 1 }
        }
        return rows
    }

    @Test(
        "Month grids cover whole weeks from the week of the 1st, 35 cells or 42 when six rows are needed",
        arguments: viewCalendarArguments)
    func monthGridRules(locale: String, zone: String) {
        let calendar = Fixtures.calendar(zone, locale: locale)
        let habit = Self.history()
        var month = Fixtures.day("2024-01-15")
        var sawSixRows = false
        for _ in 0..<36 {
            // Given a day in the middle of a month
            let cells = habit.monthGrid(containing: month, today: Self.today, calendar: calendar)
            let rows = Self.weeksNeeded(for: month, calendar: calendar)
            sawSixRows = sawSixRows || rows == 6

            // Then the grid has 35 cells, or 42 when the month spans six weeks
            #expect(cells.count == (rows == 6 ? 42 : 35), "\(month) in \(locale)")
            // It starts on the locale's first weekday, in the week of the 1st, with consecutive days
            #expect(cells.first?.day.weekday.rawValue == calendar.firstWeekday)
            #expect(cells.first?.day == calendar.startOfWeek(for: month.firstOfMonth))
            #expect(zip(cells, cells.dropFirst()).allSatisfy { $0.day.next == $1.day })
            // Every day of the month is in it exactly once, flagged in-month; no other cell is
            let inMonth = cells.filter(\.isInMonth).map(\.day)
            #expect(inMonth == Array(month.firstOfMonth...month.lastOfMonth))
            #expect(cells.allSatisfy { $0.isInMonth == ($0.day.month == month.month && $0.day.year == month.year) })
            // And cells after today are future
            #expect(cells.allSatisfy { $0.isFuture == ($0.day > Self.today) })
            month = month.adding(months: 1)
        }
        #expect(sawSixRows, "three years always include a six-row month")
    }

    @Test(
        "A 31-day month starting on the locale's last weekday needs six rows: 42 cells",
        arguments: [("en_US", "2025-03-01", Weekday.saturday), ("de_DE", "2024-12-01", Weekday.sunday)])
    func sixRowMonth(locale: String, first: String, lastWeekday: Weekday) {
        // Given a 31-day month whose 1st falls on the locale's last weekday
        let calendar = Fixtures.calendar(locale: locale)
        let firstDay = Fixtures.day(first)
        #expect(firstDay.daysInMonth == 31)
        #expect(firstDay.weekday == lastWeekday)
        #expect(calendar.orderedWeekdays.last == lastWeekday)

        // When its grid is built
        let cells = Self.history().monthGrid(containing: firstDay.adding(days: 10), today: Self.today, calendar: calendar)

        // Then it has 6 rows: 6 leading days of the previous month, the 1st last in row one, 31 days, 5 trailing
        #expect(cells.count == 42)
        #expect(cells[6].day == firstDay)
        #expect(cells.filter { $0.isInMonth }.count == 31)
        #expect(cells.prefix(6).allSatisfy { !$0.isInMonth })
        #expect(cells.suffix(5).allSatisfy { !$0.isInMonth })
    }

    @Test("February 2026 in en_US starts on Sunday and needs exactly 4 rows, yet the grid keeps 35 cells")
    func februaryTwentySix() {
        let calendar = Fixtures.calendar(locale: "en_US")
        let first = Fixtures.day("2026-02-01")
        #expect(first.weekday == .sunday)
        let cells = Self.history().monthGrid(containing: first, today: Self.today, calendar: calendar)
        #expect(cells.count == 35)
        #expect(cells.first?.day == first)
        #expect(cells.prefix(28).allSatisfy { $0.isInMonth })
        #expect(cells.suffix(7).allSatisfy { !$0.isInMonth && $0.day.month == 3 })
        #expect(cells.last?.day == Fixtures.day("2026-03-07"))
        #expect(cells.allSatisfy { $0.isFuture })
    }

    @Test("The month grid of March 2025 in en_US shows the habit's values, 0 where nothing was recorded")
    func monthGridValues() {
        let habit = Self.history()
        let cells = habit.monthGrid(containing: Self.today, today: Self.today, calendar: Fixtures.calendar())
        for cell in cells {
            #expect(cell.value == habit.completionCount(on: cell.day))
            #expect(cell.progress == habit.completionProgress(on: cell.day))
        }
    }

    // MARK: Year grid

    @Test(
        "The year grid has 53 weeks of 7 days in the locale's order, ending with the day's week",
        arguments: viewCalendarArguments)
    func yearGrid(locale: String, zone: String) {
        let calendar = Fixtures.calendar(zone, locale: locale)
        for end in [Self.today, Fixtures.day("2024-12-31"), Fixtures.day("2025-01-01")] {
            let cells = Self.history().yearGrid(endingWith: end, today: Self.today, calendar: calendar)
            #expect(cells.count == 371)
            #expect(cells.count / 7 == 53)
            #expect(cells.first?.day.weekday.rawValue == calendar.firstWeekday)
            #expect(cells.last?.day == calendar.endOfWeek(for: end))
            #expect(cells.contains { $0.day == end })
            #expect(zip(cells, cells.dropFirst()).allSatisfy { $0.day.next == $1.day })
            // Column by column, each week starts on the first weekday
            for column in 0..<53 {
                #expect(cells[column * 7].day.weekday == calendar.orderedWeekdays[0])
            }
            #expect(cells.allSatisfy { $0.isFuture == ($0.day > Self.today) })
            #expect(cells.allSatisfy { $0.isInMonth })
        }
    }

    @Test("In the year grid ending today, exactly the rest of this week is future")
    func yearGridFuture() {
        // Today is a Wednesday; in en_US the week ends on Saturday, so 3 days are future
        let cells = Self.history().yearGrid(endingWith: Self.today, today: Self.today, calendar: Fixtures.calendar())
        #expect(cells.filter { $0.isFuture }.map(\.day) == Array(Self.today.next...Fixtures.day("2025-03-15")))
        #expect(cells.first?.day == Fixtures.day("2024-03-10"))
    }
}

@Suite("Today's plan")
struct ViewTodayPlanTests {
    static let day = Fixtures.day("2025-03-12")  // a Wednesday; en_US week Sun 9 … Sat 15
    static let calendar = Fixtures.calendar("UTC", locale: "en_US")

    static func habits() -> [TrackedHabit] {
        func habit(
            _ name: String, _ time: RoutineTime, order: Int, schedule: Schedule = .daily, archived: Bool = false
        ) -> Habit {
            var habit = Fixtures.habit(name, schedule: schedule, routineTime: time, order: order)
            habit.isArchived = archived
            return habit
        }
        var skipped = TrackedHabit(habit: habit("Stretch", .evening, order: 0))
        skipped.setSkipped(true, on: day)
        return [
            Fixtures.tracked(habit("Read", .morning, order: 2), checked: ["2025-03-12"]),
            Fixtures.tracked(habit("Meditate", .morning, order: 1), checked: []),
            Fixtures.tracked(habit("Journal", .morning, order: 1), checked: []),
            Fixtures.tracked(habit("Walk", .day, order: 0), checked: []),
            Fixtures.tracked(habit("Floss", .evening, order: 5), checked: []),
            skipped,
            Fixtures.tracked(habit("Water", .anytime, order: 0), checked: []),
            // Not shown: archived, satisfied for the week, not scheduled on Wednesdays
            Fixtures.tracked(habit("Old", .morning, order: 0, archived: true), checked: []),
            Fixtures.tracked(habit("Swim", .day, order: 0, schedule: .timesPerWeek(1)), checked: ["2025-03-10"]),
            Fixtures.tracked(habit("Yoga", .evening, order: 0, schedule: .weekdays([.monday])), checked: []),
        ]
    }

    func names(_ plan: TodayPlan) -> [[String]] { plan.groups.map { $0.items.map(\.habit.name) } }

    @Test("Groups start with the current routine time, then the later parts of the day, anytime last")
    func groupOrder() {
        // Given habits in every part of the day, seen at midday
        let plan = TodayPlan(habits: Self.habits(), day: Self.day, today: Self.day, current: .day, calendar: Self.calendar)
        // Then the day group comes first, then evening, then morning, then anytime
        #expect(plan.groups.map(\.routineTime) == [.day, .evening, .morning, .anytime])
        #expect(plan.day == Self.day)
        #expect(plan.current == .day)
    }

    @Test(
        "The display order cycles from the current routine time and always ends with anytime",
        arguments: [
            (RoutineTime.morning, [RoutineTime.morning, .day, .evening, .anytime]),
            (.day, [.day, .evening, .morning, .anytime]),
            (.evening, [.evening, .morning, .day, .anytime]),
            (.anytime, [.morning, .day, .evening, .anytime]),
        ])
    func displayOrder(current: RoutineTime, expected: [RoutineTime]) {
        #expect(RoutineTime.displayOrder(startingWith: current) == expected)
        let plan = TodayPlan(habits: Self.habits(), day: Self.day, today: Self.day, current: current, calendar: Self.calendar)
        #expect(plan.groups.map(\.routineTime) == expected)
    }

    @Test("Archived, satisfied and unscheduled habits are left out; skipped ones are shown as skipped")
    func whatIsShown() {
        let plan = TodayPlan(habits: Self.habits(), day: Self.day, today: Self.day, current: .morning, calendar: Self.calendar)
        let shown = Set(plan.groups.flatMap { $0.items.map(\.habit.name) })
        #expect(shown == ["Read", "Meditate", "Journal", "Walk", "Floss", "Stretch", "Water"])
        let stretch = plan.groups.flatMap(\.items).first { $0.habit.name == "Stretch" }
        #expect(stretch?.status == .skipped)
        let read = plan.groups.flatMap(\.items).first { $0.habit.name == "Read" }
        #expect(read?.status == .met)
        #expect(read?.value == 1)
        #expect(read?.progress == 1)
        let walk = plan.groups.flatMap(\.items).first { $0.habit.name == "Walk" }
        #expect(walk?.status == .pending)
    }

    @Test("Inside a group habits follow the manual order, ties broken by name")
    func manualOrder() {
        let plan = TodayPlan(habits: Self.habits(), day: Self.day, today: Self.day, current: .morning, calendar: Self.calendar)
        #expect(
            names(plan) == [["Journal", "Meditate", "Read"], ["Walk"], ["Stretch", "Floss"], ["Water"]])
    }

    @Test("The score is met due habits over due habits; skipped, satisfied and archived habits do not count")
    func score() throws {
        // Due: Read (met), Meditate, Journal, Walk, Floss, Water → 1 of 6
        let plan = TodayPlan(habits: Self.habits(), day: Self.day, today: Self.day, current: .morning, calendar: Self.calendar)
        let score = try #require(plan.score)
        #expect(abs(score - 1.0 / 6.0) < 1e-12)
    }

    @Test("With nothing due the plan is empty and has no score")
    func emptyPlan() {
        let yoga = Fixtures.tracked(Fixtures.habit("Yoga", schedule: .weekdays([.monday])), checked: [])
        let plan = TodayPlan(habits: [yoga], day: Self.day, today: Self.day, current: .morning, calendar: Self.calendar)
        #expect(plan.groups.isEmpty)
        #expect(plan.score == nil)
    }

    @Test("A past day's unmet habits are shown as missed")
    func pastDayShowsMissed() {
        let plan = TodayPlan(
            habits: Self.habits(), day: Self.day.previous, today: Self.day, current: .morning, calendar: Self.calendar)
        let statuses = Dictionary(uniqueKeysWithValues: plan.groups.flatMap(\.items).map { ($0.habit.name, $0.status) })
        #expect(statuses["Walk"] == .missed)
        #expect(statuses["Read"] == .missed)
        #expect(plan.score == 0)
    }

    @Test(
        "With routines, their habits come first, a group per routine in start-time order and the routine's own order; the rest by routine time"
    )
    func routinesFirst() throws {
        let habits = Self.habits()
        func id(_ name: String) -> Habit.ID { habits.first { $0.habit.name == name }!.id }
        // Given an evening routine (Walk, then Water) and a morning one (Read, then a habit not due today),
        // listed evening first
        let evening = Routine(name: "Evening", start: try TimeOfDay(hour: 19, minute: 0), habitIDs: [id("Walk"), id("Water")], order: 0)
        let morning = Routine(name: "Morning", start: try TimeOfDay(hour: 6, minute: 30), habitIDs: [id("Read"), id("Yoga")], order: 1)
        let plan = TodayPlan(
            habits: habits, day: Self.day, today: Self.day, current: .day, calendar: Self.calendar, routines: [evening, morning])
        // Then Morning (06:30) comes before Evening (19:00), each in its own order, then the rest
        // by routine time from now, and no habit twice
        #expect(plan.groups.map(\.routine?.name) == ["Morning", "Evening", nil, nil])
        #expect(Array(names(plan).prefix(2)) == [["Read"], ["Walk", "Water"]])
        #expect(names(plan).dropFirst(2).allSatisfy { !$0.contains("Read") && !$0.contains("Walk") && !$0.contains("Water") })
        #expect(Set(names(plan).joined()) == ["Read", "Meditate", "Journal", "Walk", "Floss", "Stretch", "Water"])
        #expect(plan.groups.flatMap(\.items).count == 7)
        // And a routine with nothing due is not shown; with no routines, nothing changes
        let idle = Routine(name: "Idle", start: try TimeOfDay(hour: 5, minute: 0), habitIDs: [id("Yoga")])
        #expect(
            TodayPlan(habits: habits, day: Self.day, today: Self.day, current: .day, calendar: Self.calendar, routines: [idle]).groups
                == TodayPlan(habits: habits, day: Self.day, today: Self.day, current: .day, calendar: Self.calendar).groups)
    }
}
