import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend routine edit ROUTINE`.
struct RoutineEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a routine's name, start, days or color.",
        discussion: HelpText.fitted("Example:\n  tend routine edit Morning --start 06:00 --name Dawn"))

    @OptionGroup var options: GlobalOptions
    @OptionGroup var reference: RoutineArgument
    @Option(help: "A new name.") var name: String?
    @OptionGroup var attributes: RoutineAttributeOptions

    func run() async throws {
        let session = try await Session.open(options)
        let routines = try await session.store.routines(owner: session.owner)
        var routine = try attributes.applied(to: try Routines.find(reference.routine, in: routines))
        if let name {
            if routines.contains(where: { $0.id != routine.id && $0.name.lowercased() == name.lowercased() }) {
                throw CLIError(t("a routine named '{name}' already exists", ["name": name]))
            }
            routine.name = name
            try routine.validate()
        }
        routine = try await session.store.updateRoutine(owner: session.owner, routine)
        let habits = try await session.store.habits(owner: session.owner, includeArchived: true)
        if options.json { return try session.printJSON(RoutineJSON(routine, habits: habits)) }
        if options.quiet { return }
        session.print(t("Updated routine {routine}.", ["routine": routine.name]))
    }
}
