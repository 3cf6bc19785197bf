import ArgumentParser
import Foundation
import TendCore
import TendSQLite
import TendStore
import TendWords

/// `tend routine list`.
struct RoutineListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List routines in order with their habits.",
        discussion: HelpText.fitted("Example:\n  tend routine list --json"))

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let session = try await Session.open(options)
        let routines = try await session.store.routines(owner: session.owner)
        let habits = try await session.store.habits(owner: session.owner, includeArchived: true)
        if options.json { return try session.printJSON(routines.map { RoutineJSON($0, habits: habits) }) }
        guard !routines.isEmpty else { return session.print(t("No routines yet. Create one: tend routine create Morning --start 07:00")) }
        for routine in routines {
            let json = RoutineJSON(routine, habits: habits)
            session.print(
                "\(routine.start) \(session.style.paint(routine.name, routine.color)) (\(Routines.weekdaysText(routine.weekdays)))"
                    + (json.habits.isEmpty ? "" : ": " + json.habits.joined(separator: " → ")))
        }
    }
}
