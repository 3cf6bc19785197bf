import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend routine reorder ROUTINE...`.
struct RoutineReorderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reorder", abstract: "Put routines first, in the order given.",
        discussion: HelpText.fitted("Example:\n  tend routine reorder Evening Morning"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("Routines in their new order.", valueName: "routine")) var routines: [String]

    func validate() throws {
        if routines.isEmpty { throw ValidationError(t("name at least one routine")) }
    }

    func run() async throws {
        let session = try await Session.open(options)
        let all = try await session.store.routines(owner: session.owner)
        let chosen = try routines.map { try Routines.find($0, in: all).id }
        guard Set(chosen).count == chosen.count else { throw CLIError(t("a routine is named twice")) }
        try await session.store.reorderRoutines(owner: session.owner, chosen + all.map(\.id).filter { !chosen.contains($0) })
        if options.quiet { return }
        let after = try await session.store.routines(owner: session.owner)
        let habits = try await session.store.habits(owner: session.owner, includeArchived: true)
        if options.json { return try session.printJSON(after.map { RoutineJSON($0, habits: habits) }) }
        session.print(after.enumerated().map { "\($0.offset + 1). \($0.element.name)" }.joined(separator: "\n"))
    }
}
