import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

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
        let isToday = day == session.today
        guard run.runsToday else {
            let values: KeyValuePairs<String, String> = [
                "routine": routine.name, "weekday": DayText.weekday(day.weekday), "date": day.iso,
                "days": Routines.weekdaysText(routine.weekdays),
            ]
            session.print(
                isToday
                    ? t("{routine} does not run on {weekday}s (today): it runs {days}.", values)
                    : t("{routine} does not run on {weekday}s ({date}): it runs {days}.", values))
            return
        }
        guard !run.steps.isEmpty else {
            session.print(
                isToday
                    ? t("{routine} has no habits due today. Add one: tend routine add \"{routine}\" HABIT", ["routine": routine.name])
                    : t(
                        "{routine} has no habits due {date}. Add one: tend routine add \"{routine}\" HABIT",
                        ["routine": routine.name, "date": day.iso]))
            return
        }
        let when = isToday ? t("today", context: "routine walk-through") : day.iso
        session.print(
            style.bold("\(routine.name) (\(routine.start))") + " · \(when) · "
                + tPlural("{done} of {count} done", "{done} of {count} done", count: run.steps.count, ["done": "\(run.doneCount)"]))
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
                "\(position) \(step.habit.emoji) \(style.paint(step.habit.name, step.habit.color))\(value) — " + t("done? [Y/s/l/q] "))
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
                session.context.printError(
                    t("'{answer}' is not an answer: y (done), s (skip today), l (later) or q (quit)", ["answer": line]))
                continue
            }
            run = try await load()
            index = run.next(from: current + 1)
        }
        run = try await load()
        let done = run.doneCount
        let values: KeyValuePairs<String, String> = ["routine": routine.name, "done": "\(done)"]
        session.print(
            done == run.steps.count
                ? tPlural("{routine} done: {done} of {count}.", "{routine} done: {done} of {count}.", count: run.steps.count, values)
                : tPlural(
                    "{routine}: {done} of {count} done; `tend routine start \"{routine}\"` goes on where this stopped.",
                    "{routine}: {done} of {count} done; `tend routine start \"{routine}\"` goes on where this stopped.",
                    count: run.steps.count, values))
    }
}
