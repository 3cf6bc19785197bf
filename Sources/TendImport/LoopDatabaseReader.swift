import Foundation
import GRDB
import GRDBSQLite
import TendCore
import TendStore
import TendWords

/// Reads Loop Habit Tracker's SQLite backup: the `Habits` and `Repetitions` tables of schema
/// versions 8 to 25 (older files lack `type`, `uuid`, `question`, the target columns and
/// `Repetitions.value`/`notes`; absent columns take Loop's defaults).
enum LoopDatabaseReader {
    static let supportedVersions = 8...25

    static func hasLoopTables(_ db: Database) throws -> Bool {
        let names = try String.fetchAll(db, sql: "SELECT lower(name) FROM sqlite_master WHERE type = 'table'")
        return names.contains("habits") && names.contains("repetitions")
    }

    private static func columns(_ db: Database, _ table: String, requiring required: [String]) throws -> Set<String> {
        try ImportDatabase.columns(db, table, requiring: required) { ImportError.notLoopDatabase($0) }
    }

    static let habitColumnNames = [
        "id", "name", "question", "description", "freq_num", "freq_den", "color", "position", "archived", "type",
        "target_type", "target_value", "unit", "reminder_hour", "reminder_min", "reminder_days", "uuid",
    ]

    static func read(_ db: Database, limits: ImportLimits, today: Day) throws -> ImportedData {
        guard try hasLoopTables(db) else {
            throw ImportError.notLoopDatabase(t("it has no Habits and Repetitions tables"))
        }
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard supportedVersions.contains(version) else { throw ImportError.unsupportedLoopVersion(version) }
        let habitColumns = try columns(db, "Habits", requiring: ["id", "name"])
        let repetitionColumns = try columns(db, "Repetitions", requiring: ["habit", "timestamp"])
        let habitCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM Habits") ?? 0
        let repetitionCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM Repetitions") ?? 0
        try limits.checkCounts(habits: habitCount, entries: repetitionCount)

        var adjustments: [String] = []
        var skipped: [String] = []
        var skippedEntries = 0
        var repetitions: [Int64: [LoopRepetition]] = [:]
        var badTimestamps = 0
        var textBudget = TextBudget(limit: limits.maximumTextBytes)
        let cursor = try Row.fetchCursor(
            db,
            sql:
                "SELECT \(ImportDatabase.select(["habit", "timestamp", "value", "notes"], from: repetitionColumns)) FROM Repetitions ORDER BY habit, timestamp"
        )
        while let row = try cursor.next() {
            guard let habit = ImportDatabase.integer(row, "habit"), let timestamp = ImportDatabase.integer(row, "timestamp"),
                let day = LoopMapping.day(milliseconds: timestamp)
            else {
                badTimestamps += 1
                continue
            }
            // Before schema 16 a repetition was a check and had no value.
            let value: Int64
            if !repetitionColumns.contains("value") {
                value = LoopMapping.yesManual
            } else if let stored = ImportDatabase.integer(row, "value") {
                value = stored
            } else {
                badTimestamps += 1
                continue
            }
            let notes = try textBudget.take(ImportDatabase.text(row, "notes") ?? "")
            repetitions[habit, default: []].append(LoopRepetition(day: day, value: value, notes: notes))
        }
        if badTimestamps > 0 {
            skipped.append(
                tPlural(
                    "{count} repetitions without a habit, or with an impossible date or value, are not imported",
                    "{count} repetitions without a habit, or with an impossible date or value, are not imported", count: badTimestamps))
            skippedEntries += badTimestamps
        }

        var habits: [ImportedHabit] = []
        let known = repetitions.keys
        var matched: Set<Int64> = []
        let habitRows = try Row.fetchCursor(
            db, sql: "SELECT \(ImportDatabase.select(habitColumnNames, from: habitColumns)) FROM Habits ORDER BY position, id")
        while let row = try habitRows.next() {
            let rowID = ImportDatabase.integer(row, "id") ?? 0
            let name = try textBudget.take(ImportDatabase.text(row, "name") ?? "")
            var record = LoopHabitRecord(name: name)
            record.question = try textBudget.take(ImportDatabase.text(row, "question") ?? "")
            record.description = try textBudget.take(ImportDatabase.text(row, "description") ?? "")
            record.frequencyNumerator = ImportDatabase.clampedInt(ImportDatabase.integer(row, "freq_num") ?? 1)
            record.frequencyDenominator = ImportDatabase.clampedInt(ImportDatabase.integer(row, "freq_den") ?? 1)
            if let color = ImportDatabase.integer(row, "color") {
                record.colorIndex = LoopMapping.modernPaletteIndex(ImportDatabase.clampedInt(color), schemaVersion: version)
            }
            record.position = ImportDatabase.clampedInt(ImportDatabase.integer(row, "position") ?? 0)
            record.isArchived = (ImportDatabase.integer(row, "archived") ?? 0) != 0
            record.type = ImportDatabase.clampedInt(ImportDatabase.integer(row, "type") ?? 0)
            record.targetType = ImportDatabase.clampedInt(ImportDatabase.integer(row, "target_type") ?? 0)
            record.targetValue = ImportDatabase.real(row, "target_value") ?? 0
            record.unit = try textBudget.take(ImportDatabase.text(row, "unit") ?? "")
            record.reminderHour = ImportDatabase.integer(row, "reminder_hour").map(ImportDatabase.clampedInt)
            record.reminderMinute = ImportDatabase.integer(row, "reminder_min").map(ImportDatabase.clampedInt)
            record.reminderDays = ImportDatabase.clampedInt(ImportDatabase.integer(row, "reminder_days") ?? 127)
            let id = LoopMapping.habitID(uuid: ImportDatabase.text(row, "uuid"), fallbackKey: "loop-db|\(rowID)|\(name)")
            matched.insert(rowID)
            let (habit, notes, left, leftCount) = LoopMapping.habit(record, id: id, repetitions: repetitions[rowID] ?? [], today: today)
            adjustments += notes
            skipped += left
            skippedEntries += leftCount
            habits.append(habit)
        }
        let orphans = known.filter { !matched.contains($0) }.reduce(0) { $0 + (repetitions[$1]?.count ?? 0) }
        if orphans > 0 {
            skipped.append(
                tPlural(
                    "{count} repetitions of habits the file does not have are not imported",
                    "{count} repetitions of habits the file does not have are not imported", count: orphans))
            skippedEntries += orphans
        }
        return ImportedData(
            format: .loopDatabase, habits: habits, adjustments: adjustments, skipped: skipped, skippedEntries: skippedEntries)
    }
}
