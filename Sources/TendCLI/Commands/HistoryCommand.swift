import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

/// `tend history HABIT`: one habit day by day.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show one habit's days, newest first, ending today (or --date).",
        discussion: HelpText.fitted(
            """
            Examples:
              tend history Read
              tend history Water --days 14 --json
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var reference: HabitArgument
    @OptionGroup var date: DateOption
    @OptionGroup var grid: GridOptions
    @Option(help: "How many days.") var days = 30

    func validate() throws {
        guard (1...3660).contains(days) else { throw ValidationError(t("--days is from 1 to 3660")) }
    }

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.day(date.date)
        let tracked = try await session.trackedHabit(reference.habit)
        let habit = tracked.habit
        let today = session.today
        let calendar = session.calendar
        let range = day.adding(days: 1 - days)...day
        if options.json {
            return try session.printJSON(
                HistoryJSON(
                    habit: HabitJSON(habit), days: range.reversed().map { DayJSON(tracked, day: $0, today: today, calendar: calendar) }))
        }
        let style = Style(context: session.context, options: options, ascii: grid.ascii)
        session.print("\(habit.emoji) \(style.bold(style.paint(habit.name, habit.color)))")
        let statuses = tracked.statuses(from: range.lowerBound, through: range.upperBound, today: today, calendar: calendar)
        for (day, status) in zip(range, statuses).reversed() {
            let value = tracked.completionCount(on: day)
            let progress = tracked.completionProgress(on: day)
            var line = "\(day.iso) \(calendar.getDayLetter(for: day))  \(style.mark(status, progress: progress)) "
            switch status {
            case .notDue:
                if value > 0 {
                    line += habit.type == .checkmark && habit.kind == .good ? t("done") : Format.progress(value, of: habit, session.amounts)
                } else {
                    line += style.dim(t("not due"))
                }
            case .skipped: line += t("skipped")
            case .paused: line += style.dim(t("paused"))
            case .satisfied: line += value > 0 ? Format.progress(value, of: habit, session.amounts) : style.dim(t("period done"))
            default:
                line +=
                    habit.type == .checkmark && habit.kind == .good
                    ? (value > 0 ? t("done") : Self.statusWord(status)) : Format.progress(value, of: habit, session.amounts)
            }
            if let note = tracked.note(on: day), !note.isEmpty { line += "  — \(Format.oneLine(note, unicode: style.unicode))" }
            session.print(line)
        }
    }

    /// A day's status in a word: "met", "missed", "pending".
    static func statusWord(_ status: DayStatus) -> String {
        switch status {
        case .notDue: t("not due")
        case .met: t("met")
        case .skipped: t("skipped")
        case .satisfied: t("period done")
        case .pending: t("pending")
        case .paused: t("paused")
        case .missed: t("missed")
        }
    }
}

struct HistoryJSON: Encodable {
    var habit: HabitJSON
    var days: [DayJSON]
}
