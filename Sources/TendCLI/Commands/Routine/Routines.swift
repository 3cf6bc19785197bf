import ArgumentParser
import Foundation
import TendCore
import TendStore
import TendWords

/// Finding routines by name or id, and reading their attributes.
enum Routines {
    static func find(_ reference: String, in routines: [Routine]) throws -> Routine {
        let key = reference.trimmingCharacters(in: .whitespaces).lowercased()
        if let routine = routines.first(where: { $0.name.lowercased() == key || $0.id.description == key }) { return routine }
        if let suggestion = HabitLookup.closestName(to: reference, among: routines.map(\.name)) {
            throw CLIError(t("no routine named '{name}'; did you mean '{suggestion}'?", ["name": reference, "suggestion": suggestion]))
        }
        throw CLIError(t("no routine named '{name}' (`tend routine list` shows your routines)", ["name": reference]))
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
                throw CLIError(t("'{text}' is not a list of weekdays (use daily, weekdays, weekends or mon,wed,fri)", ["text": text]))
            }
            return Set(days)
        }
    }

    /// `daily` (in the current words' language), or the days' codes as `--days` takes them: `mon,wed,fri`.
    static func weekdaysText(_ days: Set<Weekday>) -> String {
        days.count == 7 ? t("daily", context: "routine days") : days.sorted().map(\.code).joined(separator: ",")
    }
}
