import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend routine create NAME`.
struct RoutineCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a routine (default: every day at 07:00).",
        discussion: HelpText.fitted("Example:\n  tend routine create Morning --start 06:30 --days weekdays --color orange"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The routine's name.") var name: String
    @OptionGroup var attributes: RoutineAttributeOptions

    func run() async throws {
        let session = try await Session.open(options)
        let existing = try await session.store.routines(owner: session.owner)
        if existing.contains(where: { $0.name.lowercased() == name.lowercased() }) {
            throw CLIError(t("a routine named '{name}' already exists", ["name": name]))
        }
        let draft = Routine(name: name, start: try TimeOfDay(hour: 7))
        let routine = try await session.store.addRoutine(owner: session.owner, try attributes.applied(to: draft))
        if options.json { return try session.printJSON(RoutineJSON(routine, habits: [])) }
        if options.quiet { return }
        session.print(
            t(
                "Created routine {routine} at {start}, {days}.",
                ["routine": routine.name, "start": "\(routine.start)", "days": Routines.weekdaysText(routine.weekdays)]))
    }
}
