import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

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
                    t(
                        "{habit} is not due on {date} ({schedule}); nothing to skip",
                        ["habit": habit.name, "date": day.iso, "schedule": SkipCommand.scheduleText(habit.schedule, session.calendar)]))
            }
            return .skip(!undo)
        }
    }

    /// `Mon, Wed, Fri` (in the week's order, in the current words' language) for weekdays; the
    /// schedule's text otherwise.
    static func scheduleText(_ schedule: Schedule, _ calendar: TendCalendar) -> String {
        guard case .weekdays(let days) = schedule else { return schedule.description }
        return calendar.orderedWeekdays.filter(days.contains).map { DayText.shortWeekday($0) }.joined(separator: ", ")
    }
}
