import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend routine show ROUTINE`.
struct RoutineShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a routine and its habits in order.",
        discussion: HelpText.fitted("Example:\n  tend routine show Morning"))

    @OptionGroup var options: GlobalOptions
    @OptionGroup var reference: RoutineArgument

    func run() async throws {
        let session = try await Session.open(options)
        let routine = try Routines.find(reference.routine, in: try await session.store.routines(owner: session.owner))
        let habits = try await session.store.habits(owner: session.owner, includeArchived: true)
        let json = RoutineJSON(routine, habits: habits)
        if options.json { return try session.printJSON(json) }
        session.print(
            t(
                "{routine} at {start}, {days}, {color}",
                [
                    "routine": session.style.bold(routine.name), "start": "\(routine.start)",
                    "days": Routines.weekdaysText(routine.weekdays), "color": routine.color.rawValue,
                ]))
        for (index, name) in json.habits.enumerated() { session.print("  \(index + 1). \(name)") }
    }
}
