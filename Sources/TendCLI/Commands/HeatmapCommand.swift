import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendStore
import TendWords

/// `tend heatmap`: Void.'s 200 days of day scores.
struct HeatmapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "heatmap",
        abstract: "Show the day scores of the 200 days ending today (or --date), GitHub-style.",
        discussion: HelpText.fitted(
            """
            A tile per day: empty when nothing was due, darker as more due habits were met.

            Examples:
              tend heatmap
              tend heatmap --days 365 --ascii
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var date: DateOption
    @OptionGroup var grid: GridOptions
    @Option(help: "How many days.") var days = 200

    func validate() throws {
        guard (1...3660).contains(days) else { throw ValidationError(t("--days is from 1 to 3660")) }
    }

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.day(date.date)
        let calendar = session.calendar
        let habits = try await session.recentTrackedHabits(from: day.adding(days: 1 - days), through: day)
        let scores = DayScore.heatmap(habits, endingOn: day, days: days, today: session.today, calendar: calendar)
        let start = day.adding(days: 1 - days)
        if options.json {
            return try session.printJSON(zip(start...day, scores).map { DayScoreJSON(day: $0, score: $1) })
        }
        let style = Style(context: session.context, options: options, ascii: grid.ascii)
        let first = calendar.startOfWeek(for: start)
        let lead = first.days(to: start)
        let glyphs = Array(repeating: " ", count: lead) + scores.map { style.tile($0) }
        session.print(style.bold("\(start.iso) – \(day.iso)"))
        Grids.printWeeks(glyphs, from: first, session: session)
        session.print("    " + style.tileLegend)
    }
}
