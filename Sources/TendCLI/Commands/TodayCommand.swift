import ArgumentParser
import Foundation
import TendAPI
import TendCore
import TendStore

/// `tend today`: what is due, grouped by routine time, with progress and the day score.
struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Show the habits due today (or on --date), grouped by routine time, with the day score.",
        discussion: """
            The current part of the day comes first (morning 05–11, day 11–18, evening 18–05).

            Examples:
              tend today
              tend today --date yesterday --json
            """
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var date: DateOption
    @OptionGroup var grid: GridOptions

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.day(date.date)
        let habits = try await session.recentTrackedHabits(from: day, through: day)
        let current = RoutineTime.current(at: session.now, in: session.calendar)
        let plan = TodayPlan(habits: habits, day: day, today: session.today, current: current, calendar: session.calendar)
        if options.json { return try session.printJSON(TodayJSON(plan)) }
        let style = Style(context: session.context, options: options, ascii: grid.ascii)
        let title = day == session.today ? "Today, \(day.iso)" : "\(day.iso)"
        session.print(style.bold(title) + "  " + scoreText(plan.score, style: style))
        if habits.isEmpty {
            session.print("No habits yet. Add one: tend add Read")
            await Tips.showOne(session, habits: habits)
            return
        }
        if plan.groups.isEmpty {
            session.print("Nothing due.")
            return
        }
        let width = plan.groups.flatMap(\.items).map(\.habit.name.count).max() ?? 0
        for group in plan.groups {
            session.print()
            let heading = group.routineTime.rawValue.capitalized + (group.routineTime == current && day == session.today ? " (now)" : "")
            session.print(style.bold(heading))
            for item in group.items {
                let habit = item.habit
                let mark = style.mark(item.status, progress: item.progress)
                let name = style.paint(habit.name.padded(to: width), habit.color)
                var detail: String
                if item.status == .skipped {
                    detail = "skipped"
                } else if habit.type == .checkmark, habit.kind == .good {
                    detail = item.value > 0 ? "done" : ""
                } else {
                    detail = style.bar(item.progress) + " " + Format.progress(item.value, of: habit)
                }
                session.print("  \(mark) \(habit.emoji) \(name)  \(detail)".trimmingTrailingSpaces())
            }
        }
        await Tips.showOne(session, habits: habits)
    }

    func scoreText(_ score: Double?, style: Style) -> String {
        guard let score else { return "nothing due" }
        return "score \(style.ring(score)) \(Format.percent(score))"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
