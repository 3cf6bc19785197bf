import Foundation
import TendCore
import Testing

@testable import TendWeb

/// What the Today page shows for a given state: literal habits and entries, a fixed "now".
@Suite("Today page model")
struct TodayPageTests {
    /// Sunday 2025-06-15, 15:06 UTC: the "day" part of the day (Void.'s 11:00–17:59).
    static let now = Date(timeIntervalSince1970: 1_750_000_000)
    static let sunday = "2025-06-15"

    static let stretch = WebFixtures.habit(1, "Stretch", emoji: "🧘", color: .green, routineTime: .morning)
    static let water = WebFixtures.habit(2, "Water", emoji: "💧", type: .count, target: 8, unit: "glasses", routineTime: .day)
    static let read = WebFixtures.habit(3, "Read", emoji: "📚", color: .purple, type: .duration, target: 1800, routineTime: .evening)
    static let sugar = WebFixtures.habit(4, "No sugar", emoji: "🍬", color: .red, kind: .bad)
    static let gym = WebFixtures.habit(
        5, "Gym", emoji: "🏋️", schedule: .weekdays([.monday, .wednesday]), routineTime: .day)
    static let walk = WebFixtures.habit(6, "Walk", emoji: "🚶", routineTime: .day)
    static var archived: Habit {
        var habit = WebFixtures.habit(7, "Old", emoji: "🗑️")
        habit.isArchived = true
        return habit
    }

    static var habits: [TrackedHabit] {
        [
            WebFixtures.tracked(stretch, [sunday: 1, "2025-06-14": 1]),
            WebFixtures.tracked(water, [sunday: 6]),
            WebFixtures.tracked(read, [sunday: 600]),
            WebFixtures.tracked(sugar),
            WebFixtures.tracked(gym),
            WebFixtures.tracked(walk, skipped: [sunday]),
            WebFixtures.tracked(archived),
        ]
    }

    static func page(
        day: String = sunday, habits: [TrackedHabit] = habits, routines: [Routine] = [], tips: TipState = TipState(),
        settings: UserSettings = UserSettings(), modes: CardModes = CardModes()
    ) -> TodayPage {
        TodayPage(
            input: .init(
                habits: habits, routines: routines, tipState: tips, settings: settings, now: now, day: WebFixtures.day(day),
                modes: modes, csrfToken: "csrf"))
    }

    @Test("Groups follow the routine time of now (day first), then the later parts of the day, then any time")
    func grouping() {
        let page = Self.page()
        #expect(page.groups.map(\.routineTime) == [.day, .evening, .morning, .anytime])
        #expect(page.groups.map(\.title) == ["Day", "Evening", "Morning", "Any time"])
        #expect(page.groups.map(\.isCurrent) == [true, false, false, false])
        #expect(page.groups[0].cards.map(\.name) == ["Water", "Walk"])
    }

    @Test("With routines, Today shows each routine's habits first under its name and start time")
    func routineGroups() throws {
        let morning = Routine(name: "Wake up", start: try TimeOfDay(hour: 6, minute: 30), habitIDs: [Self.water.id, Self.stretch.id])
        let page = Self.page(routines: [morning])
        #expect(page.groups.first?.title == "Wake up · 06:30")
        #expect(page.groups.first?.cards.map(\.name) == ["Water", "Stretch"])
        #expect(page.groups.first?.anchor == "group-routine-\(morning.id)")
        #expect(page.groups.first?.isCurrent == false)
        #expect(page.groups.dropFirst().allSatisfy { !$0.cards.contains { ["Water", "Stretch"].contains($0.name) } })
        #expect(page.groups[1].title == "Day" && page.groups[1].isCurrent)
    }

    @Test("Habits not due that day and archived habits are not shown")
    func notDueHidden() {
        let names = Self.page().groups.flatMap(\.cards).map(\.name)
        #expect(!names.contains("Gym"))
        #expect(!names.contains("Old"))
        let monday = Self.page(day: "2025-06-09").groups.flatMap(\.cards).map(\.name)
        #expect(monday.contains("Gym"))
    }

    @Test("Each card shows its status, value in words and ring progress")
    func cards() throws {
        let cards = Dictionary(uniqueKeysWithValues: Self.page().groups.flatMap(\.cards).map { ($0.name, $0) })
        let water = try #require(cards["Water"])
        #expect(water.status == .pending)
        #expect(water.statusLabel == "To do")
        #expect(water.valueText == "6 / 8 glasses")
        #expect(water.progress == 0.75)
        #expect(water.tapLabel == "Water: 6 / 8 glasses. Tap to add one (glasses)")
        #expect(water.tapAction == "/habits/00000000-0000-0000-0000-000000000002/days/2025-06-15/tap")
        let stretch = try #require(cards["Stretch"])
        #expect(stretch.status == .met)
        #expect(stretch.progress == 1)
        #expect(stretch.statusLabel == "Done")
        #expect(stretch.tapLabel.hasSuffix("Tap to uncheck"))
        let read = try #require(cards["Read"])
        #expect(read.valueText == "10 min / 30 min")
        #expect(abs(read.progress - 1.0 / 3) < 1e-9)
        let walk = try #require(cards["Walk"])
        #expect(walk.status == .skipped)
        #expect(walk.isSkipped)
        #expect(walk.progress == 0)
        let sugar = try #require(cards["No sugar"])
        #expect(sugar.valueText == "Not today")
        #expect(sugar.statusLabel == "Within limit")
        #expect(sugar.tapLabel.hasSuffix("Tap to record a slip"))
    }

    @Test("A quota habit reads its count in the period (\"1 of 3 this week\"), not a bare \"Checked\"")
    func quotaProgress() throws {
        // Sunday-first en_US weeks: Sun 15 June starts the week; de_DE's week began Mon 9 June.
        let weekly = WebFixtures.habit(8, "Swim", schedule: .timesPerWeek(3))
        let monthly = WebFixtures.habit(9, "Pages", type: .count, target: 20, unit: "pages", schedule: .timesPerMonth(10))
        let habits = [
            WebFixtures.tracked(weekly, [Self.sunday: 1, "2025-06-10": 1]),
            WebFixtures.tracked(monthly, [Self.sunday: 5, "2025-06-02": 20, "2025-06-03": 25]),
        ]
        let us = Dictionary(
            uniqueKeysWithValues: Self.page(habits: habits, settings: UserSettings(locale: "en_US")).groups.flatMap(\.cards).map {
                ($0.name, $0)
            })
        #expect(try #require(us["Swim"]).valueText == "1 of 3 this week")
        #expect(try #require(us["Pages"]).valueText == "2 of 10 this month · 5 / 20 pages")
        let de = Self.page(habits: habits, settings: UserSettings(firstWeekday: 2, locale: "de_DE")).groups.flatMap(\.cards)
        #expect(de.first { $0.name == "Swim" }?.valueText == "2 of 3 this week")
    }

    @Test("A bad habit over its limit is a failure today: Over limit (count) or Slipped (checkmark), missed")
    func overLimit() throws {
        let coffee = WebFixtures.habit(10, "Coffee", kind: .bad, type: .count, target: 2, unit: "cups")
        let smoking = WebFixtures.habit(11, "Smoking", kind: .bad)
        let page = Self.page(habits: [WebFixtures.tracked(coffee, [Self.sunday: 3]), WebFixtures.tracked(smoking, [Self.sunday: 1])])
        let cards = Dictionary(uniqueKeysWithValues: page.groups.flatMap(\.cards).map { ($0.name, $0) })
        #expect(try #require(cards["Coffee"]).status == .missed)
        #expect(try #require(cards["Coffee"]).statusLabel == "Over limit")
        #expect(try #require(cards["Smoking"]).statusLabel == "Slipped")
        #expect(page.score.percent == 0 && page.score.met == 0 && page.score.due == 2)
    }

    @Test("The day score counts met due habits over due habits; skipped and not-due days are left out")
    func score() {
        let page = Self.page()
        // Due: Stretch and No sugar (met: nothing slipped), Water and Read (to do); Walk is skipped.
        #expect(page.score.met == 2)
        #expect(page.score.due == 4)
        #expect(page.score.percent == 50)
        #expect(page.score.text == "2 of 4 due habits done.")
        let empty = Self.page(habits: [])
        #expect(empty.score.percent == nil)
        #expect(empty.score.text == "Nothing is due today.")
        #expect(empty.hasNoHabits)
    }

    @Test("Day navigation: back a day always, forward only up to today, and a way back to today")
    func navigation() {
        let today = Self.page().navigation
        #expect(today.title == "Today")
        #expect(today.subtitle == "Sunday, 15 June 2025")
        #expect(today.previous == "/?date=2025-06-14")
        #expect(today.next == nil)
        #expect(today.today == nil)
        let yesterday = Self.page(day: "2025-06-14").navigation
        #expect(yesterday.title == "Yesterday")
        #expect(yesterday.next == "/")
        #expect(yesterday.today == "/")
        let earlier = Self.page(day: "2025-06-10").navigation
        #expect(earlier.title == "Tuesday, 10 June")
        #expect(earlier.previous == "/?date=2025-06-09")
        #expect(earlier.next == "/?date=2025-06-11")
        #expect(Self.page(day: "2025-06-10").returnPath == "/?date=2025-06-10")
    }

    @Test("A past day's cards act on that day, and an unmet past day is missed")
    func pastDay() throws {
        let page = Self.page(day: "2025-06-14")
        let water = try #require(page.groups.flatMap(\.cards).first { $0.name == "Water" })
        #expect(water.status == .missed)
        #expect(water.tapAction.hasSuffix("/days/2025-06-14/tap"))
        #expect(water.modeLinks.map(\.link).allSatisfy { $0.hasSuffix("?date=2025-06-14") })
    }

    @Test("The heatmap has 200 days ending on the shown day, in week columns and weekday rows of the user's week")
    func heatmap() throws {
        let map = Self.page().heatmap
        #expect(map.cells.count == 200)
        #expect(map.cells.first?.day == WebFixtures.day("2024-11-28"))
        let last = try #require(map.cells.last)
        #expect(last.day == WebFixtures.day("2025-06-15"))
        #expect(last.isShown)
        #expect(map.cells.filter(\.isShown).count == 1)
        // en_US weeks start on Sunday: 2024-11-28 is a Thursday (row 4); 2025-06-15 a Sunday (row 0).
        #expect(map.cells.first?.row == 4)
        #expect(map.cells.first?.column == 0)
        #expect(last.row == 0)
        #expect(last.column == 29)
        #expect(map.columns == 30)
        #expect(map.rowLetters == ["S", "M", "T", "W", "T", "F", "S"])
        #expect(abs((last.score ?? -1) - 0.5) < 1e-9)
        // Before the habits existed nothing was due.
        #expect(map.cells.first?.score == nil)
        // Saturday: Stretch met; Water, Read, Walk missed; No sugar met (a bad habit under its limit).
        let saturday = try #require(map.cells.first { $0.day == WebFixtures.day("2025-06-14") })
        #expect(abs((saturday.score ?? -1) - 2.0 / 5) < 1e-9)

        let german = Self.page(settings: UserSettings(locale: "de_DE")).heatmap
        #expect(german.cells.last?.row == 6)
        #expect(german.rowLetters.first == "M")
    }

    @Test("Tips: eligible ones not dismissed, at most two, in catalog order")
    func tips() {
        #expect(Self.page().tips.map(\.id) == ["manageHabit", "buildRoutine"])
        var state = TipState()
        state.dismiss(.manageHabit)
        #expect(Self.page(tips: state).tips.map(\.id) == ["buildRoutine", "habitStacking"])
        #expect(Self.page(habits: []).tips.map(\.id) == ["addFirstHabit"])
        let allRetired = TipState(dismissed: Set(Tip.ID.allCases))
        #expect(Self.page(tips: allRetired).tips.isEmpty)
    }

    @Test("The page reads the heatmap's 200 days and the month's weeks, and 400 days only while tips may show")
    func window() {
        let today = WebFixtures.day(Self.sunday)
        let calendar = UserSettings().calendar
        let withTips = TodayPage.window(day: today, today: today, calendar: calendar)
        #expect(withTips.from == today.adding(days: -400))
        #expect(withTips.through == WebFixtures.day("2025-07-05"))
        let retired = TodayPage.window(day: today, today: today, calendar: calendar, tips: TipState(dismissed: Set(Tip.ID.allCases)))
        #expect(retired.from == today.adding(days: -199))
    }

    @Test("A card in weekly mode shows the 7 days ending on the shown day; monthly, the month's whole weeks")
    func cardModes() throws {
        var modes = CardModes()
        modes[WebFixtures.id(1)] = .weekly
        modes[WebFixtures.id(2)] = .monthly
        let cards = Self.page(modes: modes).groups.flatMap(\.cards)
        let stretch = try #require(cards.first { $0.name == "Stretch" })
        #expect(stretch.mode == .weekly)
        #expect(stretch.week.map(\.number) == [9, 10, 11, 12, 13, 14, 15])
        #expect(stretch.week.suffix(2).map(\.status) == [.met, .met])
        #expect(stretch.week.last?.isShown == true)
        #expect(stretch.month.isEmpty)
        let water = try #require(cards.first { $0.name == "Water" })
        #expect(water.month.count == 35)
        #expect(water.month.first?.day == WebFixtures.day("2025-06-01"))
        #expect(water.monthTitle == "June 2025")
        #expect(water.month.first { $0.day == WebFixtures.day(Self.sunday) }?.isPartial == true)
        let read = try #require(cards.first { $0.name == "Read" })
        #expect(read.mode == .daily)
        #expect(read.week.isEmpty && read.month.isEmpty)
    }

    @Test("Card modes survive their cookie; daily is the default and not stored; junk is ignored")
    func modeCookie() {
        var modes = CardModes()
        modes[WebFixtures.id(1)] = .weekly
        modes[WebFixtures.id(2)] = .monthly
        modes[WebFixtures.id(3)] = .daily
        #expect(modes.cookieValue == "00000000-0000-0000-0000-000000000001:w|00000000-0000-0000-0000-000000000002:m")
        #expect(CardModes(cookie: modes.cookieValue) == modes)
        #expect(CardModes(cookie: "junk|x:y|00000000-0000-0000-0000-000000000001:q") == CardModes())
        #expect(CardModes(cookie: nil)[WebFixtures.id(1)] == .daily)
    }

    @Test("Durations read as people say them")
    func durations() {
        #expect(TodayPage.duration(45) == "45 s")
        #expect(TodayPage.duration(600) == "10 min")
        #expect(TodayPage.duration(3600) == "1 h")
        #expect(TodayPage.duration(3900) == "1 h 5 min")
        // 12.5 minutes typed: not "12 min".
        #expect(TodayPage.duration(750) == "12 min 30 s")
        #expect(TodayPage.duration(3630) == "1 h 0 min 30 s")
    }
}
