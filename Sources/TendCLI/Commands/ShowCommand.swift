import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend show HABIT`.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a habit's attributes, its week and its statistics.",
        discussion: HelpText.fitted("Example:\n  tend show Read")
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var reference: HabitArgument
    @OptionGroup var date: DateOption

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.day(date.date)
        let tracked = try await session.trackedHabit(reference.habit)
        let habit = tracked.habit
        if options.json { return try session.printJSON(HabitJSON(habit)) }
        let style = session.style
        session.print("\(habit.emoji) \(style.bold(style.paint(habit.name, habit.color)))\(habit.isArchived ? " (archived)" : "")")
        session.print("  id            \(habit.id)")
        session.print("  kind          \(habit.kind.rawValue) \(habit.type.rawValue)")
        session.print("  target        \(Format.target(habit, session.amounts)) a day")
        session.print("  schedule      \(habit.schedule.description)")
        session.print("  routine time  \(habit.routineTime.rawValue)")
        session.print("  color         \(habit.color.rawValue)")
        if !habit.reminders.isEmpty {
            session.print("  reminders     " + habit.reminders.map(\.time.description).joined(separator: ", "))
        }
        session.print("  created       \(habit.createdOn.iso)")
        if !habit.notes.isEmpty { session.print("  notes         \(Format.oneLine(habit.notes, unicode: style.unicode))") }
        let cells = tracked.weekStrip(endingOn: day, today: session.today, calendar: session.calendar)
        session.print(
            "  last 7 days   " + cells.map { style.cell($0, color: habit.color) }.joined(separator: " ")
                + "  (" + cells.map(\.letter).joined() + ")")
        let stats = tracked.statistics(asOf: day, calendar: session.calendar)
        session.print(
            "  strength      \(Format.percent(stats.score, session.percent))   streak \(stats.currentStreak) (best \(stats.bestStreak))   30 days \(Format.percent(stats.completionRate30, session.percent))"
        )
    }
}
