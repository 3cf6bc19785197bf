import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendStore

/// `tend month [HABIT]`: a month grid of one habit, or of the day scores.
struct MonthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "month",
        abstract: "Show the month of today (or --date) as a grid: one habit's days, or every habit's day scores.",
        discussion: """
            Examples:
              tend month
              tend month Read --date 2025-02-01 --ascii
            """
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("A habit (name or id); without it, the day scores.", valueName: "habit")) var habit: String?
    @OptionGroup var date: DateOption
    @OptionGroup var grid: GridOptions

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.day(date.date)
        let today = session.today
        let calendar = session.calendar
        let style = Style(context: session.context, options: options, ascii: grid.ascii)
        let first = calendar.startOfWeek(for: day.firstOfMonth)
        let heading = style.bold(MonthCommand.monthName(day)) + "\n" + calendar.orderedWeekdays.map { calendar.getDayLetter(for: $0).padded(to: 2) }.joined(separator: " ")
        if let habit {
            let tracked = try await session.trackedHabit(habit)
            let cells = tracked.monthGrid(containing: day, today: today, calendar: calendar)
            if options.json {
                return try session.printJSON(GridJSON(habit: tracked.id.description, name: tracked.habit.name, cells: cells.map(CellJSON.init)))
            }
            session.print("\(tracked.habit.emoji) \(tracked.habit.name)")
            // Each day: its number and its mark ("12#"), so the grid reads like a calendar.
            session.print(style.bold(MonthCommand.monthName(day)))
            session.print(calendar.orderedWeekdays.map { " " + calendar.getDayLetter(for: $0) + " " }.joined(separator: " ").trimmingTrailingSpaces())
            for week in stride(from: 0, to: cells.count, by: 7) {
                let row = cells[week..<min(week + 7, cells.count)].map { cell in
                    guard cell.isInMonth else { return "   " }
                    let number = cell.day.dayOfMonth < 10 ? " \(cell.day.dayOfMonth)" : "\(cell.day.dayOfMonth)"
                    return number + style.cell(cell, color: tracked.habit.color)
                }
                session.print(row.joined(separator: " ").trimmingTrailingSpaces())
            }
        } else {
            let needed = first.days(to: calendar.endOfWeek(for: day.lastOfMonth)) + 1
            let last = first.adding(days: max(35, needed) - 1)
            let habits = try await session.recentTrackedHabits(from: first, through: last)
            let scores = DayScore.heatmap(habits, from: first, through: last, today: today, calendar: calendar)
            let days = Array(first...last)
            if options.json {
                return try session.printJSON(zip(days, scores).filter { $0.0.month == day.month }.map { DayScoreJSON(day: $0, score: $1) })
            }
            session.print(heading)
            for week in stride(from: 0, to: days.count, by: 7) {
                session.print((week..<week + 7).map { index in
                    days[index].month == day.month ? style.tile(scores[index]) + style.tile(scores[index]) : "  "
                }.joined(separator: " "))
            }
        }
    }

    static func monthName(_ day: Day) -> String {
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        return "\(names[day.month - 1]) \(day.year)"
    }
}

struct GridJSON: Encodable {
    var habit: String
    var name: String
    var cells: [CellJSON]
}
