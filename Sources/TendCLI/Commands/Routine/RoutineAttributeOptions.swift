import ArgumentParser
import Foundation
import TendCore
import TendStore

/// Options shared by `routine create` and `routine edit`.
struct RoutineAttributeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Start time, HH:MM.", valueName: "time")) var start: String?
    @Option(help: ArgumentHelp("daily, weekdays, weekends or mon,wed,fri.", valueName: "days")) var days: String?
    @Option(help: ArgumentHelp("A palette color.", valueName: "color")) var color: String?

    func applied(to routine: Routine) throws -> Routine {
        var routine = routine
        if let start { routine.start = try TimeOfDay(parsing: start) }
        if let days { routine.weekdays = try Routines.weekdays(days) }
        if let color { routine.color = try Parse.choice(color, .color) }
        try routine.validate()
        return routine
    }
}
