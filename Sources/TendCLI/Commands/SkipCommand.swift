import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend skip`.
struct SkipCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip",
        abstract: "Mark a planned rest day (keeps a streak; --undo removes the mark).",
        discussion: """
            Only a day the habit is due can be skipped: a day its schedule leaves free (a Tuesday \
            for mon,wed,fri) is refused, since there is nothing to rest from. --undo works on any day.

            Examples:
              tend skip Running
              tend skip Running --date yesterday --undo
            """
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: TrackingTarget
    @Flag(help: "Remove the skip mark.") var undo = false

    /// ``Tracking/perform(_:_:_:)``'s steps, with the schedule checked on the day: a skip mark
    /// on a day the schedule leaves free would read "skipped" here and "not due" everywhere else.
    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.day(target.date.date)
        if let refusal = RecordableDays.refusal(for: day, today: session.today) { throw CLIError(refusal) }
        let habit = try await session.habit(target.reference.habit)
        if !undo, !habit.schedule.isScheduled(on: day) {
            throw CLIError(
                "\(habit.name) is not due on \(day.iso) (\(SkipCommand.scheduleText(habit.schedule, session.calendar))); nothing to skip")
        }
        _ = try await session.store.perform(owner: session.owner, habit: habit.id, day: day, .skip(!undo))
        if !undo { await Tips.record(session, .daySkipped) }
        try await Tracking.report(session, habit: habit.id, day: day)
    }

    /// `Mon, Wed, Fri` (in the week's order) for weekdays; the schedule's text otherwise.
    static func scheduleText(_ schedule: Schedule, _ calendar: TendCalendar) -> String {
        guard case .weekdays(let days) = schedule else { return schedule.description }
        return calendar.orderedWeekdays.filter(days.contains).map(\.code.capitalized).joined(separator: ", ")
    }
}
