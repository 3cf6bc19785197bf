import ArgumentParser
import TendCore
import TendStore

enum Tracking {
    /// Performs `command` on the habit and day named, then prints the day as it now stands.
    static func perform(
        _ options: GlobalOptions, _ target: TrackingTarget,
        _ makeCommand: (Habit) throws -> EntryCommand
    ) async throws {
        try await perform(options, target) { habit, _, _ in try makeCommand(habit) }
    }

    /// The same, for a command that depends on the day too (`skip` checks the schedule).
    static func perform(
        _ options: GlobalOptions, _ target: TrackingTarget,
        _ makeCommand: (Habit, Day, Session) throws -> EntryCommand
    ) async throws {
        let session = try await Session.open(options)
        let day = try session.day(target.date.date)
        if let refusal = RecordableDays.refusal(for: day, today: session.today) { throw CLIError(refusal) }
        let habit = try await session.habit(target.reference.habit)
        let command = try makeCommand(habit, day, session)
        _ = try await session.store.recordDay(owner: session.owner, habit: habit.id, day: day, [command])
        try await report(session, habit: habit.id, day: day)
    }

    static func report(_ session: Session, habit id: Habit.ID, day: Day) async throws {
        let tracked = try await session.trackedHabit(id: id)
        let today = session.today
        if session.options.json {
            return try session.printJSON(DayJSON(tracked, day: day, today: today, calendar: session.calendar))
        }
        if session.options.quiet { return }
        let style = session.style
        let habit = tracked.habit
        let status = tracked.status(on: day, today: today, calendar: session.calendar)
        let progress = tracked.completionProgress(on: day)
        let value = tracked.completionCount(on: day)
        let when = day == today ? "today" : day == today.previous ? "yesterday (\(day.iso))" : day.iso
        var line = "\(style.mark(status, progress: progress)) \(habit.emoji) \(style.paint(habit.name, habit.color)) \(when): "
        if tracked.isSkipped(on: day) {
            line += "skipped"
        } else if habit.type == .checkmark, habit.kind == .good {
            line += value > 0 ? "done" : "not done"
        } else {
            line += Format.progress(value, of: habit, session.amounts)
        }
        if let note = tracked.note(on: day), !note.isEmpty { line += " — \(Format.oneLine(note, unicode: style.unicode))" }
        session.print(line)
        if status == .met {
            let streak = tracked.streaks(asOf: max(day, today), calendar: session.calendar).current
            if streak > 1 { session.print("  streak: \(streak) days") }
        }
    }
}
