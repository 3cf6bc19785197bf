import Foundation
import GRDB
import TendCore
import TendStore
import TendWords

/// Reads Tickmate's SQLite database: `tracks` (`_id`, `name`, `description`) and `ticks`
/// (`_track_id`, `year`, `month` counted from 0, `day`). Every track is a daily habit; a day ticked
/// more than once makes its track a count habit (Tickmate allows several ticks a day). A track's
/// group (`track2groups` → `groups`, when the file has them) becomes its habit's group; a track in
/// several keeps the first (Tend's habits are in one group).
enum TickmateDatabaseReader {
    static func read(_ db: Database, limits: ImportLimits, today: Day) throws -> ImportedData {
        let refuse = { (reason: String) in ImportError.invalidData(t("in this Tickmate database, {reason}", ["reason": reason])) }
        let trackColumns = try ImportDatabase.columns(db, "tracks", requiring: ["_id", "name"], refusal: refuse)
        _ = try ImportDatabase.columns(db, "ticks", requiring: ["_track_id", "year", "month", "day"], refusal: refuse)
        let trackCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM tracks") ?? 0
        let tickCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM ticks") ?? 0
        try limits.checkCounts(habits: trackCount, entries: tickCount)

        var ticks: [Int64: [Day: Int]] = [:]
        var unreadable = 0
        let rows = try Row.fetchCursor(db, sql: "SELECT _track_id, year, month, day FROM ticks")
        while let row = try rows.next() {
            guard let track = ImportDatabase.integer(row, "_track_id"), let year = ImportDatabase.integer(row, "year"),
                let month = ImportDatabase.integer(row, "month"), let dayOfMonth = ImportDatabase.integer(row, "day"),
                (1...9999).contains(year), (0...11).contains(month), (1...31).contains(dayOfMonth),
                let day = try? Day(year: Int(year), month: Int(month) + 1, day: Int(dayOfMonth))
            else {
                unreadable += 1
                continue
            }
            ticks[track, default: [:]][day, default: 0] += 1
        }

        var text = TextBudget(limit: limits.maximumTextBytes)
        let groups = try groupsByTrack(db, text: &text, refusal: refuse)
        var habits: [ImportedHabit] = []
        var counted: [String] = []
        let tracks = try Row.fetchCursor(
            db, sql: "SELECT \(ImportDatabase.select(["_id", "name", "description"], from: trackColumns)) FROM tracks ORDER BY _id")
        while let row = try tracks.next() {
            let id = ImportDatabase.integer(row, "_id") ?? 0
            let name = try text.take(ImportDatabase.text(row, "name") ?? "")
            let days = ticks[id] ?? [:]
            let isCount = days.values.contains { $0 > 1 }
            if isCount { counted.append(name) }
            let entries = days.sorted { $0.key < $1.key }.map { Entry(day: $0.key, value: isCount ? Amount($0.value) : 1) }
            let habit = Habit(
                id: Habit.ID(rawValue: StableID.uuid("tickmate|\(id)|\(name)")), name: name,
                notes: try text.take(ImportDatabase.text(row, "description") ?? ""), type: isCount ? .count : .checkmark, target: 1,
                group: groups[id] ?? "", order: habits.count, createdOn: entries.first?.day ?? today)
            habits.append(ImportedHabit(habit: habit, entries: entries))
        }
        var adjustments: [String] = []
        if !counted.isEmpty {
            adjustments.append(
                t(
                    "{habits} were ticked several times a day: imported as count habits with a daily target of 1.",
                    ["habits": ImportedData.listed(counted)]))
        }
        var skipped: [String] = []
        if unreadable > 0 {
            skipped.append(
                tPlural(
                    "{count} ticks without a track or with an impossible date are not imported.",
                    "{count} ticks without a track or with an impossible date are not imported.", count: unreadable))
        }
        return ImportedData(
            format: .tickmateDatabase, habits: habits, adjustments: adjustments, skipped: skipped, skippedEntries: unreadable)
    }

    /// Each track's group name (the lowest group id when it is in several); none when the file
    /// has no `groups` table or its tables lack the columns.
    private static func groupsByTrack(
        _ db: Database, text: inout TextBudget, refusal: (String) -> ImportError
    ) throws -> [Int64: String] {
        let exists =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM pragma_table_list WHERE schema = 'main' AND lower(name) = 'groups')") ?? false
        guard exists else { return [:] }
        let groupColumns = try ImportDatabase.columns(db, "groups", refusal: refusal)
        let linkColumns = try ImportDatabase.columns(db, "track2groups", refusal: refusal)
        guard groupColumns.isSuperset(of: ["_id", "name"]), linkColumns.isSuperset(of: ["_track_id", "_group_id"]) else { return [:] }
        var names: [Int64: String] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT \"_id\", \"name\" FROM groups")
        while let row = try rows.next() {
            guard let id = ImportDatabase.integer(row, "_id") else { continue }
            names[id] = try text.take(ImportDatabase.text(row, "name") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var byTrack: [Int64: String] = [:]
        let links = try Row.fetchCursor(db, sql: "SELECT \"_track_id\", \"_group_id\" FROM track2groups ORDER BY \"_group_id\"")
        while let row = try links.next() {
            guard let track = ImportDatabase.integer(row, "_track_id"), byTrack[track] == nil,
                let group = ImportDatabase.integer(row, "_group_id"), let name = names[group], !name.isEmpty
            else { continue }
            byTrack[track] = name
        }
        return byTrack
    }
}
