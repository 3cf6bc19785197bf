import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend routine remove ROUTINE HABIT`.
struct RoutineRemoveHabitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Take a habit out of a routine (the habit and its history stay).",
        discussion: HelpText.fitted("Example:\n  tend routine remove Morning Water"))

    @OptionGroup var options: GlobalOptions
    @OptionGroup var reference: RoutineArgument
    @Argument(help: ArgumentHelp("The habit (name or id).", valueName: "habit")) var habit: String

    func run() async throws {
        let session = try await Session.open(options)
        let routine = try Routines.find(reference.routine, in: try await session.store.routines(owner: session.owner))
        let habit = try await session.habit(self.habit)
        guard routine.habitIDs.contains(habit.id) else {
            throw CLIError(t("{habit} is not in the routine {routine}", ["habit": habit.name, "routine": routine.name]))
        }
        try await session.store.moveHabit(owner: session.owner, habit: habit.id, toRoutine: nil, at: nil)
        if options.json { return try session.printJSON(["removed": habit.id.description, "routine": routine.id.description]) }
        if options.quiet { return }
        session.print(t("Took {habit} out of {routine}.", ["habit": habit.name, "routine": routine.name]))
    }
}
