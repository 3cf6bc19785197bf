import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

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
        let archived = habit.isArchived ? " " + t("(archived)") : ""
        session.print("\(habit.emoji) \(style.bold(style.paint(habit.name, habit.color)))\(archived)")
        let cells = tracked.weekStrip(endingOn: day, today: session.today, calendar: session.calendar)
        let stats = tracked.statistics(asOf: day, calendar: session.calendar)
        var rows: [(label: String, value: String)] = [
            (t("id", context: "habit attribute"), "\(habit.id)"),
            (t("kind", context: "habit attribute"), "\(habit.kind.rawValue) \(habit.type.rawValue)"),
            (t("target", context: "habit attribute"), t("{target} a day", ["target": Format.target(habit, session.amounts)])),
            (t("schedule", context: "habit attribute"), habit.schedule.description),
            (t("routine time", context: "habit attribute"), habit.routineTime.rawValue),
            (t("color", context: "habit attribute"), habit.color.rawValue),
        ]
        if !habit.reminders.isEmpty {
            rows.append((t("reminders", context: "habit attribute"), habit.reminders.map(\.time.description).joined(separator: ", ")))
        }
        rows.append((t("created", context: "habit attribute"), habit.createdOn.iso))
        if !habit.notes.isEmpty {
            rows.append((t("notes", context: "habit attribute"), Format.oneLine(habit.notes, unicode: style.unicode)))
        }
        rows.append(
            (
                t("last 7 days", context: "habit attribute"),
                cells.map { style.cell($0, color: habit.color) }.joined(separator: " ") + "  (" + cells.map(\.letter).joined() + ")"
            ))
        rows.append(
            (
                t("strength", context: "habit attribute"),
                t(
                    "{strength}   streak {streak} (best {best})   30 days {rate}",
                    [
                        "strength": Format.percent(stats.score, session.percent), "streak": "\(stats.currentStreak)",
                        "best": "\(stats.bestStreak)", "rate": Format.percent(stats.completionRate30, session.percent),
                    ])
            ))
        // The labels' column: the widest label in the current language, and two spaces.
        let width = (rows.map(\.label.displayWidth).max() ?? 0) + 2
        for row in rows { session.print("  " + row.label.padded(to: width) + row.value) }
    }
}
