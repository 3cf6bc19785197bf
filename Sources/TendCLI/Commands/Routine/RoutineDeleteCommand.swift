import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore

/// `tend routine delete ROUTINE`.
struct RoutineDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a routine; its habits and their history are kept (asks first).",
        discussion: HelpText.fitted(
            """
            Says which habits leave the routine, then asks on a terminal; elsewhere it needs --yes.

            Example:
              tend routine delete Morning --yes
            """))

    @OptionGroup var options: GlobalOptions
    @OptionGroup var reference: RoutineArgument
    @Flag(name: [.short, .long], help: "Do not ask.") var yes = false

    func run() async throws {
        let session = try await Session.open(options)
        let routine = try Routines.find(reference.routine, in: try await session.store.routines(owner: session.owner))
        let impact = routine.deletionImpact(habits: try await session.store.habits(owner: session.owner, includeArchived: true))
        if !yes {
            guard session.context.stdinIsTerminal else {
                throw CLIError("not deleting routine '\(routine.name)' without --yes (input is not a terminal)")
            }
            session.context.output.writeOut(impact.message + " [y/N] ")
            let answer = session.context.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else { return session.print("Kept \(routine.name).") }
        }
        try await session.store.deleteRoutine(owner: session.owner, id: routine.id)
        if options.json { return try session.printJSON(["deleted": routine.id.description]) }
        if options.quiet { return }
        session.print("Deleted routine \(routine.name); \(impact.detachedHabitNames.count) habit(s) kept.")
    }
}
