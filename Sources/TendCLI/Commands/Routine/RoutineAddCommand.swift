import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend routine add ROUTINE HABIT [--at N]`.
struct RoutineAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Put a habit into a routine (moving it out of any other), at the end or at a position.",
        discussion: HelpText.fitted(
            """
            Examples:
              tend routine add Morning Meditate
              tend routine add Morning Water --at 1
            """))

    @OptionGroup var options: GlobalOptions
    @OptionGroup var reference: RoutineArgument
    @Argument(help: ArgumentHelp("The habit (name or id).", valueName: "habit")) var habit: String
    @Option(help: "Position in the routine (1 = first).") var at: Int?

    func validate() throws {
        if let at, at < 1 { throw ValidationError(t("--at is a position from 1")) }
    }

    func run() async throws {
        let session = try await Session.open(options)
        let routines = try await session.store.routines(owner: session.owner)
        let routine = try Routines.find(reference.routine, in: routines)
        let habit = try await session.habit(self.habit)
        let left = routines.first { $0.id != routine.id && $0.habitIDs.contains(habit.id) }
        let others = routine.habitIDs.filter { $0 != habit.id }.count
        try await session.store.moveHabit(owner: session.owner, habit: habit.id, toRoutine: routine.id, at: at.map { min($0 - 1, others) })
        if options.quiet { return }
        let after = try Routines.find(routine.id.description, in: try await session.store.routines(owner: session.owner))
        let habits = try await session.store.habits(owner: session.owner, includeArchived: true)
        let json = RoutineJSON(after, habits: habits)
        if options.json { return try session.printJSON(json) }
        // A habit is in one routine at most: say where it came from, so the move is no surprise.
        if let left { session.print(t("{habit} left {routine}.", ["habit": habit.name, "routine": left.name])) }
        session.print("\(after.name): " + json.habits.joined(separator: " → "))
    }
}
