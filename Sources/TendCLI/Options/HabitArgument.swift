import ArgumentParser
import Foundation
import TendCore
import TendStore

/// A habit argument: its name (any case) or id.
struct HabitArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The habit's name (any case) or id.", valueName: "habit"))
    var habit: String
}
