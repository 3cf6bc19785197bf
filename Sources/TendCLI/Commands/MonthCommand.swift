import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendStore
import TendWords

/// `tend month [HABIT]`: a month grid of one habit, or of the day scores.
struct MonthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "month",
        abstract: "Show the month of today (or --date) as a grid: one habit's days, or every habit's day scores.",
        discussion: HelpText.fitted(
            """
            Examples:
              tend month
              tend month Read --date 2025-02 --ascii
            """)
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("A habit (name or id); without it, the day scores.", valueName: "habit")) var habit: String?
    @OptionGroup var date: PeriodDateOption
    @OptionGroup var grid: GridOptions

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.periodDay(date.date)
        let today = session.today
        let calendar = session.calendar
        let style = Style(context: session.context, options: options, ascii: grid.ascii)
        if let habit {
            let tracked = try await session.trackedHabit(habit)
            let cells = tracked.monthGrid(containing: day, today: today, calendar: calendar)
            if options.json {
                return try session.printJSON(
                    GridJSON(habit: tracked.id.description, name: tracked.habit.name, cells: cells.map(CellJSON.init)))
            }
            session.print("\(tracked.habit.emoji) \(tracked.habit.name)")
            MonthCommand.printGrid(of: day, days: cells.map(\.day), session: session, style: style) { index in
                style.cell(cells[index], color: tracked.habit.color)
            }
        } else {
            let first = calendar.startOfWeek(for: day.firstOfMonth)
            let needed = first.days(to: calendar.endOfWeek(for: day.lastOfMonth)) + 1
            let last = first.adding(days: max(35, needed) - 1)
            let habits = try await session.recentTrackedHabits(from: first, through: last)
            let scores = DayScore.heatmap(habits, from: first, through: last, today: today, calendar: calendar)
            let days = Array(first...last)
            if options.json {
                return try session.printJSON(zip(days, scores).filter { $0.0.month == day.month }.map { DayScoreJSON(day: $0, score: $1) })
            }
            guard !habits.isEmpty else {
                session.print(style.bold(MonthCommand.monthName(day)))
                session.print(t("No habits yet. Add one: tend add Read"))
                return
            }
            session.print(t("Day scores"))
            MonthCommand.printGrid(of: day, days: days, session: session, style: style) { index in
                days[index] > today ? " " : style.tile(scores[index])
            }
            session.print(style.tileLegend)
        }
    }

    /// The month of `day` as a calendar: the month's name, the weekday letters, then each day of
    /// the month as its number and its glyph ("12#"), a row per week of `days` (whole weeks).
    static func printGrid(of day: Day, days: [Day], session: Session, style: Style, glyph: (Int) -> String) {
        let calendar = session.calendar
        session.print(style.bold(monthName(day)))
        session.print(
            calendar.orderedWeekdays.map { " " + calendar.getDayLetter(for: $0).padded(to: 2) }.joined(separator: " ")
                .trimmingTrailingSpaces())
        for week in stride(from: 0, to: days.count, by: 7) {
            let row = (week..<min(week + 7, days.count)).map { index in
                let date = days[index]
                guard date.month == day.month else { return "   " }
                let number = date.dayOfMonth < 10 ? " \(date.dayOfMonth)" : "\(date.dayOfMonth)"
                return number + glyph(index)
            }
            session.print(row.joined(separator: " ").trimmingTrailingSpaces())
        }
    }

    /// "June 2025", in the current words' language (``DayText``).
    static func monthName(_ day: Day) -> String { DayText.text(day, .monthYear) }
}

struct GridJSON: Encodable {
    var habit: String
    var name: String
    var cells: [CellJSON]
}
