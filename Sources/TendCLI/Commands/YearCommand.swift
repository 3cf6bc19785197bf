import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendStore

/// `tend year [HABIT]`: Geko's 53-week grid.
struct YearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "year",
        abstract: "Show 53 weeks ending with the week of today (or --date): one habit's days, or the day scores.",
        discussion: HelpText.fitted(
            """
            Columns are weeks, rows are weekdays in your week's order.

            Examples:
              tend year Read
              tend year --ascii
              tend year --date 2025
            """)
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("A habit (name or id); without it, the day scores.", valueName: "habit")) var habit: String?
    @OptionGroup var date: PeriodDateOption
    @OptionGroup var grid: GridOptions

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.periodDay(date.date, years: true)
        let today = session.today
        let calendar = session.calendar
        let style = Style(context: session.context, options: options, ascii: grid.ascii)
        let last = calendar.endOfWeek(for: day)
        let first = last.adding(days: -(53 * 7 - 1))
        let glyphs: [String]
        if let habit {
            let tracked = try await session.trackedHabit(habit)
            let cells = tracked.yearGrid(endingWith: day, today: today, calendar: calendar)
            if options.json {
                return try session.printJSON(
                    GridJSON(habit: tracked.id.description, name: tracked.habit.name, cells: cells.map(CellJSON.init)))
            }
            session.print("\(tracked.habit.emoji) \(tracked.habit.name)")
            glyphs = cells.map { style.cell($0, color: tracked.habit.color) }
        } else {
            let habits = try await session.recentTrackedHabits(from: first, through: last)
            let scores = DayScore.heatmap(habits, from: first, through: last, today: today, calendar: calendar)
            if options.json {
                return try session.printJSON(zip(first...last, scores).map { DayScoreJSON(day: $0, score: $1) })
            }
            glyphs = scores.map { style.tile($0) }
        }
        Grids.printWeeks(glyphs, from: first, session: session)
    }
}

/// Week-column grids (year, heatmap).
enum Grids {
    /// Prints glyphs of consecutive days starting at `first` (a week start) as rows of weekdays,
    /// a column per week, with month initials above.
    static func printWeeks(_ glyphs: [String], from first: Day, session: Session) {
        let calendar = session.calendar
        let weeks = (glyphs.count + 6) / 7
        var header = ""
        var lastMonth = 0
        for week in 0..<weeks {
            let day = first.adding(days: week * 7)
            if day.month != lastMonth, header.isEmpty || header.displayWidth < week {
                let name = String(DayText.monthName(day.month).prefix(3))
                header += String(repeating: " ", count: max(0, week - header.displayWidth)) + name
                lastMonth = day.month
            }
        }
        session.print("    " + header)
        for row in 0..<7 {
            var line = calendar.getDayLetter(for: first.adding(days: row)).padded(to: 4)
            for week in 0..<weeks {
                let index = week * 7 + row
                line += index < glyphs.count ? glyphs[index] : " "
            }
            session.print(line.trimmingTrailingSpaces())
        }
    }
}
