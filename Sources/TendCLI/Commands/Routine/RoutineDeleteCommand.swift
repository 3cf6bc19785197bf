import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

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
                throw CLIError(t("not deleting routine '{routine}' without --yes (input is not a terminal)", ["routine": routine.name]))
            }
            session.context.output.writeOut(impact.message + " [y/N] ")
            let answer = session.context.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else { return session.print(t("Kept {routine}.", ["routine": routine.name])) }
        }
        try await session.store.deleteRoutine(owner: session.owner, id: routine.id)
        if options.json { return try session.printJSON(["deleted": routine.id.description]) }
        if options.quiet { return }
        session.print(
            tPlural(
                "Deleted routine {routine}; {count} habit(s) kept.", "Deleted routine {routine}; {count} habit(s) kept.",
                count: impact.detachedHabitNames.count, ["routine": routine.name]))
    }
}
