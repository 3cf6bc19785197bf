import Foundation
import GRDB
import TendCore
import TendStore
import TendWords

/// Reads Rewire's SQLite database as Loop Habit Tracker does: `habits` (`_id`, `name`,
/// `description`, and the schedule: `schedule` 0 = `active_days` a week, 1 = `days` per `period`
/// (0 week, 1 month, 2 year), 2 = once in `repeating_count` days) and `checkins` (`habit_id`,
/// `date` as `YYYYMMDD`, `type` 2 = done; other kinds are not imported).
enum RewireDatabaseReader {
    static func read(_ db: Database, limits: ImportLimits, today: Day) throws -> ImportedData {
        let refuse = { (reason: String) in ImportError.invalidData(t("in this Rewire database, {reason}", ["reason": reason])) }
        let habitColumns = try ImportDatabase.columns(db, "habits", requiring: ["_id", "name"], refusal: refuse)
        let checkinColumns = try ImportDatabase.columns(db, "checkins", requiring: ["habit_id", "date"], refusal: refuse)
        let habitCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM habits") ?? 0
        let checkinCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM checkins") ?? 0
        try limits.checkCounts(habits: habitCount, entries: checkinCount)

        var text = TextBudget(limit: limits.maximumTextBytes)
        var done: [Int64: Set<Day>] = [:]
        var otherKinds = 0
        var unreadable = 0
        let checkins = try Row.fetchCursor(
            db, sql: "SELECT \(ImportDatabase.select(["habit_id", "date", "type"], from: checkinColumns)) FROM checkins")
        while let row = try checkins.next() {
            guard let habit = ImportDatabase.integer(row, "habit_id"), let day = Self.day(ImportDatabase.text(row, "date")) else {
                unreadable += 1
                continue
            }
            // Without a type column every check-in is taken as done.
            guard (ImportDatabase.integer(row, "type") ?? 2) == 2 else {
                otherKinds += 1
                continue
            }
            done[habit, default: []].insert(day)
        }

        var habits: [ImportedHabit] = []
        var adjustments: [String] = []
        let columns = ["_id", "name", "description", "schedule", "active_days", "repeating_count", "days", "period"]
        let rows = try Row.fetchCursor(db, sql: "SELECT \(ImportDatabase.select(columns, from: habitColumns)) FROM habits ORDER BY _id")
        while let row = try rows.next() {
            let id = ImportDatabase.integer(row, "_id") ?? 0
            let name = try text.take(ImportDatabase.text(row, "name") ?? "")
            let (numerator, denominator) = frequency(row)
            let (schedule, note) = LoopMapping.schedule(numerator: numerator, denominator: denominator)
            if let note { adjustments.append(t("“{habit}”: {note}.", ["habit": name, "note": note])) }
            let entries = (done[id] ?? []).sorted().map { Entry(day: $0, value: 1) }
            let habit = Habit(
                id: Habit.ID(rawValue: StableID.uuid("rewire|\(id)|\(name)")), name: name,
                notes: try text.take(ImportDatabase.text(row, "description") ?? ""), schedule: schedule, order: habits.count,
                createdOn: entries.first?.day ?? today)
            habits.append(ImportedHabit(habit: habit, entries: entries))
        }
        var skipped: [String] = []
        if otherKinds > 0 {
            skipped.append(
                tPlural(
                    "{count} check-ins of Rewire's other kinds (not “done”) are not imported.",
                    "{count} check-ins of Rewire's other kinds (not “done”) are not imported.", count: otherKinds))
        }
        if unreadable > 0 {
            skipped.append(
                tPlural(
                    "{count} check-ins without a habit or with an impossible date are not imported.",
                    "{count} check-ins without a habit or with an impossible date are not imported.", count: unreadable))
        }
        return ImportedData(
            format: .rewireDatabase, habits: habits, adjustments: adjustments, skipped: skipped, skippedEntries: otherKinds + unreadable)
    }

    /// The habit's schedule as Loop's frequency (times / days). Rewire's own weekday numbering is
    /// not documented, so a weekly schedule keeps only how many days it has, as Loop does.
    private static func frequency(_ row: Row) -> (Int, Int) {
        func int(_ column: String) -> Int { ImportDatabase.clampedInt(ImportDatabase.integer(row, column) ?? 0) }
        switch int("schedule") {
        case 0:
            let days = (ImportDatabase.text(row, "active_days") ?? "").split(separator: ",").count
            return (days, 7)
        case 1:
            let periods = [7, 31, 365]
            let period = int("period")
            return (int("days"), periods.indices.contains(period) ? periods[period] : 0)
        case 2:
            return (1, int("repeating_count"))
        default:
            return (0, 0)
        }
    }

    /// `YYYYMMDD`.
    private static func day(_ text: String?) -> Day? {
        guard let text, text.count == 8, text.allSatisfy(\.isASCII), let number = Int(text) else { return nil }
        return try? Day(year: number / 10_000, month: number / 100 % 100, day: number % 100)
    }
}
