import ArgumentParser
import TendCore
import TendStore
import TendWords

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
        let state: String
        if tracked.isSkipped(on: day) {
            state = t("skipped")
        } else if habit.type == .checkmark, habit.kind == .good {
            state = value > 0 ? t("done") : t("not done")
        } else {
            state = Format.progress(value, of: habit, session.amounts)
        }
        // "today: done", "yesterday (2026-03-09): 3/8 glasses", "2026-03-01: skipped".
        let when: String
        if day == today {
            when = t("today: {status}", ["status": state])
        } else if day == today.previous {
            when = t("yesterday ({date}): {status}", ["date": day.iso, "status": state])
        } else {
            when = t("{date}: {status}", ["date": day.iso, "status": state])
        }
        var line = "\(style.mark(status, progress: progress)) \(habit.emoji) \(style.paint(habit.name, habit.color)) \(when)"
        if let note = tracked.note(on: day), !note.isEmpty { line += " — \(Format.oneLine(note, unicode: style.unicode))" }
        session.print(line)
        if status == .met {
            let streak = tracked.streaks(asOf: max(day, today), calendar: session.calendar).current
            if streak > 1 { session.print("  " + tPlural("streak: {count} day", "streak: {count} days", count: streak)) }
        }
    }
}
