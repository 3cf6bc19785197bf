import ArgumentParser
import Foundation
import TendCore
import TendStore

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
