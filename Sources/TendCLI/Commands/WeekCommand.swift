import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendStore
import TendWords

/// `tend week`: every habit across the calendar week.
struct WeekCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "week",
        abstract: "Show the calendar week containing today (or --date): a row per habit, the day scores below.",
        discussion: HelpText.fitted(
            """
            Examples:
              tend week
              tend week --date 2025-01-06 --ascii
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var date: DateOption
    @OptionGroup var grid: GridOptions

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.day(date.date)
        let today = session.today
        let calendar = session.calendar
        let start = calendar.startOfWeek(for: day)
        let end = calendar.endOfWeek(for: day)
        let habits = try await session.recentTrackedHabits(from: start, through: end)
        let scores = DayScore.heatmap(habits, from: start, through: end, today: today, calendar: calendar)
        let rows = habits.map { ($0, $0.cells(for: start...end, today: today, calendar: calendar)) }
        if options.json {
            return try session.printJSON(
                WeekJSON(
                    start: start.iso, end: end.iso,
                    habits: rows.map { WeekJSON.Row(id: $0.0.id.description, name: $0.0.habit.name, days: $0.1.map(CellJSON.init)) },
                    scores: zip(start...end, scores).map { DayScoreJSON(day: $0, score: $1) }))
        }
        let style = Style(context: session.context, options: options, ascii: grid.ascii)
        session.print(style.bold(t("Week {start} – {end}", ["start": start.iso, "end": end.iso])))
        guard !habits.isEmpty else {
            session.print(t("No habits yet. Add one: tend add Read"))
            return
        }
        // Names cut to fit the terminal: a row is the name, its emoji and 7 cells (18 columns).
        // The scores' row heading stands where the emoji and name are, so they make room for it.
        let scoreHeading = t("score", context: "row of day scores")
        let columns = session.context.columns
        let width = Terminal.nameColumn(
            longest: max(5, scoreHeading.displayWidth - 5, habits.map(\.habit.name.displayWidth).max() ?? 0), other: 18, columns: columns,
            minimum: 5)
        let letters = (start...end).map { calendar.getDayLetter(for: $0) }
        session.print("".padded(to: width + 5) + letters.joined(separator: " "))
        for (tracked, cells) in rows {
            let habit = tracked.habit
            session.print(
                "\(habit.emoji.padded(to: 2)) \(style.paint(Terminal.column(habit.name, width: width), habit.color))  "
                    + cells.map { style.cell($0, color: habit.color) }.joined(separator: " "))
        }
        session.print(scoreHeading.padded(to: width + 5) + scores.map { style.tile($0) }.joined(separator: " "))
        for legend in [style.cellLegend, t("score: {legend}", ["legend": style.tileLegend])] {
            for line in Terminal.wrapped(legend, to: columns, indent: 2) { session.print(line) }
        }
    }
}

struct WeekJSON: Encodable {
    struct Row: Encodable {
        var id: String
        var name: String
        var days: [CellJSON]
    }
    var start: String
    var end: String
    var habits: [Row]
    var scores: [DayScoreJSON]
}
