import Foundation
import TendAPI
import TendCore
import TendWords

/// The habit page (`/habits/{id}`): Geko's week strip, month grid and 53-week year grid, the
/// streaks, the Loop-compatible strength (as `tend stats`) and its last year as a chart,
/// completion rates, totals and the recent notes. Everything is computed by TendCore; this
/// model only puts it in words and numbers.
struct HabitPage: Sendable, Hashable {
    struct Stat: Sendable, Hashable {
        var label: String
        var value: String
    }

    /// The totals chart: the chosen period's bars, and links to the others.
    struct Totals: Sendable, Hashable {
        struct Bar: Sendable, Hashable {
            /// "16 Jun", "Jun 2025", "2025".
            var label: String
            /// The total in words: days done for a checkmark, the sum with its unit or as a time.
            var text: String
            /// The bar's height against the others (days, or the amount).
            var amount: Double
        }

        struct Choice: Sendable, Hashable {
            var period: TotalsPeriod
            var label: String
            var link: String
        }

        var period: TotalsPeriod
        var bars: [Bar]
        var choices: [Choice]
        var summary: String
    }

    /// How many days of one weekday have a value (the frequency chart).
    struct WeekdayCount: Sendable, Hashable {
        /// "Monday".
        var name: String
        /// "Mon", under its bar.
        var shortName: String
        var count: Int
    }

    struct YearCell: Sendable, Hashable {
        var column: Int
        var row: Int
        var cssClass: String
        var label: String
    }

    struct Point: Sendable, Hashable {
        var day: Day
        var value: Double
    }

    struct Note: Sendable, Hashable {
        var day: Day
        var date: String
        var text: String
        var editLink: String
    }

    var id: String
    /// The habit as shown (for the words of a calendar day's tap).
    var habit: Habit
    var name: String
    var emoji: String
    var color: HabitColor
    var isArchived: Bool
    /// A finished habit's result, "Completed 27 of 30 days" (`nil` while it goes on).
    var finished: String?
    /// The habit's pauses and the form that adds one.
    var pauses: PausePanel
    /// A habit that is only measured: its values as a chart and per period (no streak, no strength).
    var measurement: MeasurementPanel?
    /// When its rule changed, oldest first ("Until Mon, 30 Nov 2026: 3 times a week · Build",
    /// then "From Tue, 1 Dec 2026: Every day · Build"); empty for a habit that never changed.
    var ruleChanges: [String]
    /// "Every day · Morning · 8 glasses a day".
    var subtitle: String
    var editLink: String
    var currentStreak: Int
    var bestStreak: Int
    /// 0…100.
    var strengthPercent: Int
    /// Percentages in the user's locale's style.
    var percent: PercentText
    /// Amounts in the user's locale's style ("2,5 km").
    var amounts: AmountStyle
    var stats: [Stat]
    /// Days with a value per weekday, from the user's first weekday.
    var weekdays: [WeekdayCount]
    var totals: Totals
    var week: [TodayPage.Cell]
    var month: [TodayPage.Cell]
    var monthTitle: String
    var previousMonthLink: String
    var nextMonthLink: String?
    var year: [YearCell]
    var yearSummary: String
    /// Weekly strength points over the last year: (day, 0…1).
    var strength: [Point]
    var notes: [Note]
    /// The form that adds, changes or clears the note of a day.
    var noteForm: NoteForm
    /// Today's check-in: the ring (the Today card's tap), −1 and a typed value.
    var checkIn: CheckIn
    /// When the day the check-in is for ends: on `<main data-day-ends>` (as ``TodayPage/dayEnds``).
    var dayEnds: Date?
    /// Said when a check-in from this page's older copy came after its day ended (``StaleDayForm``).
    var stale: StaleDayNotice?

    /// The chosen day's check-in control, as the Today card has it.
    struct CheckIn: Sendable, Hashable {
        /// The day it records on: today, or a day chosen on the calendars (`?day=`).
        var day: Day
        /// "Today", or the chosen day's date.
        var title: String
        var tapAction: String
        var tapLabel: String
        /// 0…1, the ring's fill.
        var progress: Double
        var status: DayStatus
        var statusLabel: String
        var valueText: String
        /// Where the check-in forms come back to: this page, at the chosen day.
        var returnPath: String
        var entry: DayEntryControls
        var resetAction: String
        var skipAction: String
        var isSkipped: Bool
    }

    /// The days a tap on the calendars records on (``RecordableDays``): from 2000 through today,
    /// before the habit's creation too (a back-filled day), never after today.
    var recordable: ClosedRange<Day>
    /// The shown month (`YYYY-MM`), which a calendar tap comes back to.
    var monthKey: String

    /// The note form as shown or as posted: the day (`YYYY-MM-DD`), the text, and why a post was
    /// refused.
    struct NoteForm: Sendable, Hashable {
        var day: String
        var text: String
        /// The last day that can be chosen (today).
        var latest: String
        var error: String?
    }

    static let recentNotes = 10
    static let strengthDays = 365

    /// `day`: the day the check-in panel records on (today by default; from ``RecordableDays/floor``
    /// through today); `month`: any day of the month the grid shows (the day's month by default;
    /// not after today's); `noteDay`: the day whose note the note form shows (the day by default).
    /// `totals`: the period the totals chart sums by.
    init(
        tracked: TrackedHabit, today: Day, day: Day? = nil, month: Day? = nil, noteDay: Day? = nil, totals: TotalsPeriod = .week,
        calendar: TendCalendar
    ) {
        let habit = tracked.habit
        self.habit = habit
        id = habit.id.description
        name = habit.name
        emoji = habit.emoji
        color = habit.color
        isArchived = habit.isArchived
        editLink = WebPaths.editHabit(habit.id)
        let amounts = AmountStyle(locale: calendar.locale.identifier)
        self.amounts = amounts
        subtitle = [
            // A measurement is never due: its schedule says nothing.
            habit.isMeasurement ? nil : Self.scheduleText(habit.schedule), TodayPage.title(of: habit.routineTime),
            Self.targetText(habit, amounts: amounts),
            Self.datesText(habit, today: today),
        ].compactMap { $0 }.joined(
            separator: " · ")

        pauses = PausePanel(habit, today: today)
        measurement =
            habit.isMeasurement ? MeasurementPanel(tracked, today: today, period: totals, calendar: calendar, amounts: amounts) : nil
        ruleChanges =
            habit.versions.isEmpty
            ? []
            : habit.ruleSegments.map { segment in
                let words = [Self.scheduleText(segment.habit.schedule), Self.targetText(segment.habit, amounts: amounts)]
                    .joined(separator: " · ")
                if let through = segment.through { return t("Until {date}: {rule}", ["date": PausePanel.date(through), "rule": words]) }
                return t("From {date}: {rule}", ["date": PausePanel.date(segment.from!), "rule": words])
            }
        let statistics = tracked.statistics(asOf: today, calendar: calendar)
        // The English says "days" whatever the count ("Completed 1 of 1 days"), as it always has.
        let metDays: KeyValuePairs<String, String> = ["met": String(statistics.totalDaysMet)]
        if !habit.isFinished(today: today) {
            finished = nil
        } else if habit.kind == .bad {
            finished = tPlural(
                "Within the limit on {met} of {count} days", "Within the limit on {met} of {count} days",
                count: statistics.totalDaysJudged, metDays)
        } else {
            finished = tPlural(
                "Completed {met} of {count} days", "Completed {met} of {count} days", count: statistics.totalDaysJudged, metDays)
        }
        currentStreak = statistics.currentStreak
        bestStreak = statistics.bestStreak
        strengthPercent = Int((statistics.score * 100).rounded())
        let percent = PercentText(locale: calendar.locale.identifier)
        self.percent = percent
        func rate(_ value: Double?) -> String { value.map { percent($0) } ?? "–" }
        stats = [
            Stat(label: t("Last 7 days"), value: rate(statistics.completionRate7)),
            Stat(label: t("Last 30 days"), value: rate(statistics.completionRate30)),
            Stat(label: t("Last 365 days"), value: rate(statistics.completionRate365)),
            Stat(label: habit.kind == .bad ? t("Days within limit") : t("Days done"), value: String(statistics.totalDaysMet)),
            Stat(label: t("Days recorded"), value: String(statistics.totalCheckIns)),
            Stat(label: t("Total"), value: Self.totalText(habit, statistics.totalValue, amounts: amounts)),
            Stat(label: t("Days skipped"), value: String(statistics.skippedDays)),
        ]
        self.totals = Self.totals(tracked, per: totals, today: today, calendar: calendar, amounts: amounts)
        weekdays = (0..<7).map { offset in
            let weekday = (calendar.firstWeekday - 1 + offset) % 7
            return WeekdayCount(
                name: TodayPage.weekdayName(weekday + 1), shortName: DayText.shortWeekday(Weekday(rawValue: weekday + 1) ?? .sunday),
                count: statistics.weekdayCounts[weekday])
        }

        recordable = RecordableDays.recordable(today: today)
        let chosen = min(max(day ?? today, recordable.lowerBound), recordable.upperBound)
        week = tracked.weekStrip(endingOn: today, today: today, calendar: calendar).map {
            TodayPage.cell(tracked, $0, shown: chosen, amounts: amounts)
        }
        let shownMonth = min(month ?? chosen, today).firstOfMonth
        self.month = tracked.monthGrid(containing: shownMonth, today: today, calendar: calendar).map {
            TodayPage.cell(tracked, $0, shown: chosen, amounts: amounts)
        }
        monthTitle = TodayPage.monthTitle(shownMonth)
        monthKey = Self.monthKey(shownMonth)
        let base = WebPaths.habit(habit.id)
        previousMonthLink = "\(base)?month=\(Self.monthKey(shownMonth.adding(days: -1)))#month"
        let next = shownMonth.lastOfMonth.adding(days: 1)
        nextMonthLink = next <= today ? "\(base)?month=\(Self.monthKey(next))#month" : nil

        let yearCells = tracked.yearGrid(endingWith: today, today: today, calendar: calendar)
        year = yearCells.enumerated().map { index, cell in
            let partial = cell.value > 0 && cell.status != .met && habit.kind == .good
            var cssClass = "yc yc-\(cell.status.rawValue)"
            if partial { cssClass += " yc-partial" }
            if cell.isFuture { cssClass = "yc yc-future" }
            // English lowercases the status after the colon ("…: done"); another language's
            // status stays as its catalog writes it (a German noun keeps its capital).
            let status = TodayPage.statusLabel(cell.status, habit: habit)
            return YearCell(
                column: index / 7, row: index % 7, cssClass: cssClass,
                label: t(
                    "{date}: {status}",
                    ["date": TodayPage.longDate(cell.day), "status": TodayPage.inSentence(status)]))
        }
        let met = yearCells.count { !$0.isFuture && ($0.status == .met || $0.status == .satisfied) }
        yearSummary = tPlural(
            "The last 53 weeks: {count} day done or within the target.", "The last 53 weeks: {count} days done or within the target.",
            count: met)

        let first = today.adding(days: 1 - Self.strengthDays)
        let series = tracked.strengthSeries(from: first, through: today)
        var points: [Point] = []
        for offset in stride(from: series.count - 1, through: 0, by: -7) {
            points.append(Point(day: first.adding(days: offset), value: series[offset]))
        }
        strength = points.reversed()

        notes = tracked.sortedEntries.reversed().compactMap { entry -> Note? in
            guard let note = entry.note?.trimmingCharacters(in: .whitespacesAndNewlines), !note.isEmpty else { return nil }
            return Note(
                day: entry.day, date: TodayPage.longDate(entry.day), text: note,
                editLink: WebPaths.habit(habit.id) + "?note=\(entry.day.iso)#note-form")
        }.prefix(Self.recentNotes).map { $0 }
        let status = tracked.status(on: chosen, today: today, calendar: calendar)
        let value = tracked.completionCount(on: chosen)
        checkIn = CheckIn(
            day: chosen, title: chosen == today ? t("Today") : TodayPage.longDate(chosen),
            tapAction: WebPaths.tap(habit.id, chosen), tapLabel: TodayPage.tapLabel(habit, value: value, status: status, amounts: amounts),
            progress: status == .skipped ? 0 : tracked.completionProgress(on: chosen), status: status,
            statusLabel: TodayPage.statusLabel(status, habit: habit),
            valueText: TodayPage.cardValueText(
                habit, value: value, period: tracked.periodProgress(on: chosen, calendar: calendar), amounts: amounts),
            returnPath: day == nil ? base : Self.dayLink(habit.id, day: chosen, month: shownMonth),
            entry: DayEntryControls(habit: habit, day: chosen, value: value, note: tracked.note(on: chosen), amounts: amounts),
            resetAction: WebPaths.reset(habit.id, chosen), skipAction: WebPaths.skip(habit.id, chosen),
            isSkipped: tracked.isSkipped(on: chosen))
        let noteDay = min(noteDay ?? chosen, today)
        noteForm = NoteForm(
            day: noteDay.iso, text: tracked.sortedEntries.first { $0.day == noteDay }?.note ?? "", latest: today.iso)
    }

    /// What a tap on a calendar's day at `value` does, in words (as the Today card's ring says).
    func tapAction(value: Amount) -> String { TodayPage.tapAction(habit, value: value, amounts: amounts) }

    /// The habit page with `day` chosen and `month` shown: where a calendar's tap comes back to.
    static func dayLink(_ id: Habit.ID, day: Day, month: Day) -> String {
        "\(WebPaths.habit(id))?day=\(day.iso)&month=\(monthKey(month))"
    }

    static func monthKey(_ day: Day) -> String { String(day.iso.prefix(7)) }

    static func scheduleText(_ schedule: Schedule) -> String {
        switch schedule {
        case .daily: return t("Every day")
        case .weekdays(let days):
            return days.sorted().map { DayText.shortWeekday($0) }.joined(separator: ", ")
        case .daysOfMonth(let days):
            return tPlural(
                "On day {days} of the month", "On days {days} of the month", count: days.count,
                ["days": days.sorted().map(String.init).joined(separator: ", ")])
        case .everyNDays(let interval, _):
            return interval == 1 ? t("Every day") : tPlural("Every {count} day", "Every {count} days", count: interval)
        case .timesPerWeek(let n): return tPlural("{count} × a week", "{count} × a week", count: n)
        case .timesPerMonth(let n): return tPlural("{count} × a month", "{count} × a month", count: n)
        case .timesInDays(let times, let days):
            // The English says "days" for one day too ("2 × in 1 days"), as it always has.
            return tPlural("{times} × in {count} days", "{times} × in {count} days", count: days, ["times": String(times)])
        }
    }

    /// "Starts 14 Dec 2026", "14 Dec 2026 to 12 Jan 2027", "Ends 12 Jan 2027", "Finished 12 Jan 2027";
    /// `nil` for a habit without dates (or whose start has passed and has no end).
    static func datesText(_ habit: Habit, today: Day) -> String? {
        func date(_ day: Day) -> String { DayText.text(day, .dayMonthYear) }
        switch (habit.startsOn, habit.endsOn) {
        case (_, let end?) where end < today: return t("Finished {date}", ["date": date(end)])
        case (let start?, let end?) where start > today:
            return t("{start} to {end}", context: "dates", ["start": date(start), "end": date(end)])
        case (let start?, _) where start > today: return t("Starts {date}", ["date": date(start)])
        case (_, let end?): return t("Ends {date}", ["date": date(end)])
        case (_, nil): return nil
        }
    }

    static func targetText(_ habit: Habit, amounts: AmountStyle) -> String {
        switch (habit.kind, habit.type) {
        case (.measure, _): return habit.unit.isEmpty ? t("Measured") : t("Measured in {unit}", ["unit": habit.unit])
        case (.good, .checkmark): return t("Build", context: "habit kind")
        case (.bad, .checkmark): return t("Quit", context: "habit kind")
        case (.good, .count):
            let amount = amounts(habit.target)
            return habit.unit.isEmpty
                ? t("{amount} a day", ["amount": amount]) : t("{amount} {unit} a day", ["amount": amount, "unit": habit.unit])
        case (.bad, .count):
            let amount = amounts(habit.target)
            return habit.unit.isEmpty
                ? t("At most {amount} a day", ["amount": amount])
                : t("At most {amount} {unit} a day", ["amount": amount, "unit": habit.unit])
        case (.good, .duration): return t("{amount} a day", ["amount": TodayPage.duration(habit.target)])
        case (.bad, .duration): return t("At most {amount} a day", ["amount": TodayPage.duration(habit.target)])
        }
    }

    /// How many periods the totals chart shows.
    static func periodsShown(_ period: TotalsPeriod) -> Int {
        switch period {
        case .week, .month: 12
        case .year: 5
        }
    }

    static func totals(
        _ tracked: TrackedHabit, per period: TotalsPeriod, today: Day, calendar: TendCalendar, amounts: AmountStyle
    ) -> Totals {
        let habit = tracked.habit
        let totals = tracked.totals(per: period, count: periodsShown(period), today: today, calendar: calendar)
        let bars = totals.map { total in
            let label =
                switch period {
                case .week: TodayPage.shortDate(total.start)
                case .month: DayText.text(total.start, .shortMonthYear)
                case .year: String(total.start.year)
                }
            // A checkmark's total is its days done; a count's or a time's, what was recorded.
            let text =
                habit.type == .checkmark
                ? tPlural("{count} day", "{count} days", count: total.daysMet) : totalText(habit, total.value, amounts: amounts)
            return Totals.Bar(label: label, text: text, amount: habit.type == .checkmark ? Double(total.daysMet) : total.value.double)
        }
        let choices = TotalsPeriod.allCases.map {
            Totals.Choice(period: $0, label: choiceLabel($0), link: WebPaths.habit(habit.id) + "?totals=\($0.rawValue)#totals")
        }
        let summary = totalsSummary(
            days: habit.type == .checkmark, period: period, count: bars.count,
            totals: bars.map { "\($0.label) \($0.text)" }.joined(separator: ", "))
        return Totals(period: period, bars: bars, choices: choices, summary: summary)
    }

    /// The totals chart's link to sum by `period`.
    static func choiceLabel(_ period: TotalsPeriod) -> String {
        switch period {
        case .week: t("Weeks")
        case .month: t("Months")
        case .year: t("Years")
        }
    }

    /// "Days done by week, the last 12: 16 Jun 3 days, …." (a checkmark's days done, else the
    /// recorded total), for screen readers. The English forms are the same for every count.
    static func totalsSummary(days: Bool, period: TotalsPeriod, count: Int, totals: String) -> String {
        switch (days, period) {
        case (true, .week):
            tPlural(
                "Days done by week, the last {count}: {totals}.", "Days done by week, the last {count}: {totals}.", count: count,
                ["totals": totals])
        case (true, .month):
            tPlural(
                "Days done by month, the last {count}: {totals}.", "Days done by month, the last {count}: {totals}.", count: count,
                ["totals": totals])
        case (true, .year):
            tPlural(
                "Days done by year, the last {count}: {totals}.", "Days done by year, the last {count}: {totals}.", count: count,
                ["totals": totals])
        case (false, .week):
            tPlural(
                "Total by week, the last {count}: {totals}.", "Total by week, the last {count}: {totals}.", count: count,
                ["totals": totals])
        case (false, .month):
            tPlural(
                "Total by month, the last {count}: {totals}.", "Total by month, the last {count}: {totals}.", count: count,
                ["totals": totals])
        case (false, .year):
            tPlural(
                "Total by year, the last {count}: {totals}.", "Total by year, the last {count}: {totals}.", count: count,
                ["totals": totals])
        }
    }

    static func totalText(_ habit: Habit, _ total: Amount, amounts: AmountStyle) -> String {
        switch habit.type {
        case .checkmark: amounts(total)
        case .count: "\(amounts(total))\(habit.unit.isEmpty ? "" : " " + habit.unit)"
        case .duration: TodayPage.duration(total)
        }
    }
}
