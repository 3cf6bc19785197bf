import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore

/// `tend routine start ROUTINE`: the routine done in order, one habit after the other (the web's
/// walk-through, from ``RoutineRun``). Each step reads one answer from standard input: done (the
/// habit reaches its target), skip (a planned rest day), later (it comes back at the end), quit.
struct RoutineStartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Do a routine now: its habits one after the other, each done, skipped or left for later.",
        discussion: HelpText.fitted(
            """
            Asks about each habit of the routine that is due and not yet done, in the routine's \
            order: y (done), s (skip today), l (later), q (quit). An empty answer is done. \
            Answers can come from a pipe, one per line.

            Examples:
              tend routine start Morning
              printf 'y\\ns\\n' | tend routine start Morning --date yesterday
            """))

    @OptionGroup var options: GlobalOptions
    @OptionGroup var reference: RoutineArgument

    static func weekdays(_ day: Day) -> String {
        ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"][day.weekday.rawValue - 1]
    }
    @OptionGroup var date: DateOption

    func run() async throws {
        let session = try await Session.open(options)
        let day = try session.day(date.date)
        if let refusal = RecordableDays.refusal(for: day, today: session.today) { throw CLIError(refusal) }
        let routines = try await session.store.routines(owner: session.owner)
        let routine = try Routines.find(reference.routine, in: routines)
        func load() async throws -> RoutineRun {
            RoutineRun(
                routine: routine, habits: try await session.recentTrackedHabits(from: day, through: day), day: day,
                today: session.today, calendar: session.calendar, routines: routines)
        }
        var run = try await load()
        let style = session.style
        let when = day == session.today ? "today" : day.iso
        guard run.runsToday else {
            session.print(
                "\(routine.name) does not run on \(Self.weekdays(day)) (\(when)): it runs \(Routines.weekdaysText(routine.weekdays)).")
            return
        }
        guard !run.steps.isEmpty else {
            session.print("\(routine.name) has no habits due \(when). Add one: tend routine add \"\(routine.name)\" HABIT")
            return
        }
        session.print(style.bold("\(routine.name) (\(routine.start))") + " · \(when) · \(run.doneCount) of \(run.steps.count) done")
        var index = run.next(from: 0)
        var later: Set<Habit.ID> = []
        while let current = index {
            let step = run.steps[current]
            // A habit left for later once more, with nothing else left: the walk ends.
            if later.contains(step.habit.id),
                run.steps.indices.allSatisfy({ run.steps[$0].isDone || later.contains(run.steps[$0].habit.id) })
            {
                break
            }
            let position = "[\(current + 1)/\(run.steps.count)]"
            let value = step.habit.type == .checkmark ? "" : "  " + Format.progress(step.value, of: step.habit, session.amounts)
            session.context.output.writeOut(
                "\(position) \(step.habit.emoji) \(style.paint(step.habit.name, step.habit.color))\(value) — done? [Y/s/l/q] ")
            guard let line = session.context.readLine() else {
                session.print()
                break
            }
            let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
            switch answer {
            case "", "y", "yes", "d", "done":
                _ = try await session.store.perform(owner: session.owner, habit: step.habit.id, day: day, .check)
            case "s", "skip":
                _ = try await session.store.perform(owner: session.owner, habit: step.habit.id, day: day, .skip(true))
            case "l", "later", "n", "next":
                later.insert(step.habit.id)
            case "q", "quit":
                index = nil
                continue
            default:
                session.context.printError("'\(line)' is not an answer: y (done), s (skip today), l (later) or q (quit)")
                continue
            }
            run = try await load()
            index = run.next(from: current + 1)
        }
        run = try await load()
        let done = run.doneCount
        session.print(
            done == run.steps.count
                ? "\(routine.name) done: \(done) of \(run.steps.count)."
                : "\(routine.name): \(done) of \(run.steps.count) done; `tend routine start \"\(routine.name)\"` goes on where this stopped."
        )
    }
}
