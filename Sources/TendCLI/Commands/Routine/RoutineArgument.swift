import ArgumentParser
import Foundation
import TendCore
import TendStore

struct RoutineArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The routine's name (any case) or id.", valueName: "routine")) var routine: String
}
