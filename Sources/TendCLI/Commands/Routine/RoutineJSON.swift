import ArgumentParser
import Foundation
import TendCore
import TendStore

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
