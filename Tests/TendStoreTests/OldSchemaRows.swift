import Foundation
import GRDB
import TendCore

@testable import TendStore

/// Rows written as an older schema's Tend wrote them, for migration tests: the store's own
/// writers speak the latest schema.
enum OldSchemaRows {
    /// A habit as schemas v1–v8 held it (no group or tags).
    static func insertHabit(_ habit: Habit, owner: User.ID, db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO habits (user_id, id, name, name_key, emoji, color, notes, kind, type, target, unit,
                    schedule, routine_time, reminders, is_archived, sort_order, created_on)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                owner.description, habit.id.description, habit.name, HabitRules.nameKey(habit.name), habit.emoji,
                habit.color.rawValue, habit.notes, habit.kind.rawValue, habit.type.rawValue, habit.target.whole, habit.unit,
                try StoredJSON.text(habit.schedule), habit.routineTime.rawValue, try StoredJSON.text(habit.reminders),
                habit.isArchived, habit.order, habit.createdOn.ordinal,
            ])
    }

    /// A day's count raised by `by` as schemas v1–v13 held values: whole units (v14 holds
    /// thousandths).
    static func increment(habit: Habit.ID, day: Day, by: Int, owner: User.ID, db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO entries (user_id, habit_id, day, value, is_skipped) VALUES (?, ?, ?, ?, 0)
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET value = value + excluded.value
                """,
            arguments: [owner.description, habit.description, day.ordinal, by])
    }
}
