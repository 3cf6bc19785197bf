import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend skip`.
struct SkipCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip",
        abstract: "Mark a planned rest day (keeps a streak; --undo removes the mark).",
        discussion: HelpText.fitted(
            """
            Only a day the habit is due can be skipped: a day its schedule leaves free (a Tuesday \
            for mon,wed,fri) is refused, since there is nothing to rest from. --undo works on any day.

            Examples:
              tend skip Running
              tend skip Running --date fri
              tend skip Running --date yesterday --undo
            """)
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: TrackingTarget
    @Flag(help: "Remove the skip mark.") var undo = false

    /// The schedule is checked on the day: a skip mark on a day the schedule leaves free would
    /// read "skipped" here and "not due" everywhere else.
    func run() async throws {
        try await Tracking.perform(options, target) { habit, day, session in
            if !undo, !habit.schedule.isScheduled(on: day) {
                throw CLIError(
                    "\(habit.name) is not due on \(day.iso) (\(SkipCommand.scheduleText(habit.schedule, session.calendar))); nothing to skip"
                )
            }
            return .skip(!undo)
        }
    }

    /// `Mon, Wed, Fri` (in the week's order) for weekdays; the schedule's text otherwise.
    static func scheduleText(_ schedule: Schedule, _ calendar: TendCalendar) -> String {
        guard case .weekdays(let days) = schedule else { return schedule.description }
        return calendar.orderedWeekdays.filter(days.contains).map(\.code.capitalized).joined(separator: ", ")
    }
}
