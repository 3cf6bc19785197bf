import ArgumentParser
import Foundation
import TendCore
import TendStore

/// `tend routine`: Youtine's ordered routines of habits.
struct RoutineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routine",
        abstract: "Routines: ordered groups of habits with a start time and weekdays.",
        discussion: """
            Examples:
              tend routine create Morning --start 07:00 --days weekdays
              tend routine add Morning Meditate
              tend routine list
            """,
        subcommands: [
            RoutineListCommand.self, RoutineShowCommand.self, RoutineCreateCommand.self, RoutineEditCommand.self,
            RoutineDeleteCommand.self, RoutineReorderCommand.self, RoutineAddCommand.self, RoutineRemoveHabitCommand.self,
        ],
        defaultSubcommand: RoutineListCommand.self
    )
}

/// Finding routines by name or id, and reading their attributes.
enum Routines {
    static func find(_ reference: String, in routines: [Routine]) throws -> Routine {
        let key = reference.trimmingCharacters(in: .whitespaces).lowercased()
        if let routine = routines.first(where: { $0.name.lowercased() == key || $0.id.description == key }) { return routine }
        if let suggestion = HabitLookup.closestName(to: reference, among: routines.map(\.name)) {
            throw CLIError("no routine named '\(reference)'; did you mean '\(suggestion)'?")
        }
        throw CLIError("no routine named '\(reference)' (`tend routine list` shows your routines)")
    }

    /// `daily`, `weekdays`, `weekends` or `mon,wed,fri`.
    static func weekdays(_ text: String) throws -> Set<Weekday> {
        switch text.lowercased() {
        case "daily", "every day", "all": return Set(Weekday.allCases)
        case "weekdays": return [.monday, .tuesday, .wednesday, .thursday, .friday]
        case "weekends": return [.saturday, .sunday]
        default:
            let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let days = parts.compactMap(Weekday.init(code:))
            guard !parts.isEmpty, days.count == parts.count else {
                throw CLIError("'\(text)' is not a list of weekdays (use daily, weekdays, weekends or mon,wed,fri)")
            }
            return Set(days)
        }
    }

    static func weekdaysText(_ days: Set<Weekday>) -> String {
        days.count == 7 ? "daily" : days.sorted().map(\.code).joined(separator: ",")
    }
}

/// A routine as `--json` shows it.
struct RoutineJSON: Encodable {
    var id: String
    var name: String
    var start: String
    var weekdays: [String]
    var color: String
    var habits: [String]
    var order: Int

    init(_ routine: Routine, habits: [Habit]) {
        id = routine.id.description
        name = routine.name
        start = routine.start.description
        weekdays = routine.weekdays.sorted().map(\.code)
        color = routine.color.rawValue
        let names = Dictionary(habits.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        self.habits = routine.habitIDs.compactMap { names[$0] }
        order = routine.order
    }
}

/// Options shared by `routine create` and `routine edit`.
struct RoutineAttributeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Start time, HH:MM.", valueName: "time")) var start: String?
    @Option(help: ArgumentHelp("daily, weekdays, weekends or mon,wed,fri.", valueName: "days")) var days: String?
    @Option(help: ArgumentHelp("A palette color.", valueName: "color")) var color: String?

    func applied(to routine: Routine) throws -> Routine {
        var routine = routine
        if let start { routine.start = try TimeOfDay(parsing: start) }
        if let days { routine.weekdays = try Routines.weekdays(days) }
        if let color { routine.color = try Parse.choice(color, "color") }
        try routine.validate()
        return routine
    }
}

struct RoutineArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The routine's name (any case) or id.", valueName: "routine")) var routine: String
}
