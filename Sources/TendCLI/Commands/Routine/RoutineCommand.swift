import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend routine`: Youtine's ordered routines of habits.
struct RoutineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routine",
        abstract: "Routines: ordered groups of habits with a start time and weekdays.",
        discussion: HelpText.fitted(
            """
            Examples:
              tend routine create Morning --start 07:00 --days weekdays
              tend routine add Morning Meditate
              tend routine list
              tend routine start Morning
            """),
        subcommands: [
            RoutineListCommand.self, RoutineShowCommand.self, RoutineCreateCommand.self, RoutineEditCommand.self,
            RoutineDeleteCommand.self, RoutineReorderCommand.self, RoutineAddCommand.self, RoutineRemoveHabitCommand.self,
            RoutineStartCommand.self,
        ],
        defaultSubcommand: RoutineListCommand.self
    )
}
