import Foundation
import GRDB
import TendCore

/// The `habit_summaries` table (migration v8): reading each habit's ``HabitSummary`` with the
/// entries after it, bringing lagging ones up to date, rebuilding and checking them.
enum SQLiteSummaries {
    /// A summary as stored, with the generation a write-back must still find.
    struct Stored: Sendable {
        var summary: HabitSummary
        var generation: Int64
    }

    /// A summary a read brought up to date, to store if its habit has not changed since.
    struct Refresh: Sendable {
        var habit: Habit
        var summary: HabitSummary
        var generation: Int64
    }

    static func stored(_ db: Database, owner: User.ID) throws -> [String: Stored] {
        var result: [String: Stored] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT habit_id, rules, start, codes, generation FROM habit_summaries WHERE user_id = ?"),
            arguments: [owner.description])
        while let row = try rows.next() {
            let codes: Data = row[3]
            result[row[0]] = Stored(
                summary: HabitSummary(rules: row[1], start: Day(ordinal: row[2]), codes: [UInt8](codes)), generation: row[4])
        }
        return result
    }

    /// The owner's habits with their summaries and the entries `window` needs beside them
    /// (``HistoryWindow/entriesFrom(for:summary:)``, one range of the entries' key per habit),
    /// and the summaries to store back (``HistoryWindow/needsRefresh(_:summary:)``).
    static func trackedHabits(
        _ db: Database, owner: User.ID, includeArchived: Bool, window: HistoryWindow
    ) throws -> (habits: [TrackedHabit], refreshes: [Refresh]) {
        let habits = try SQLiteRows.habits(db, owner: owner, includeArchived: includeArchived)
        guard !habits.isEmpty else { return ([], []) }
        let stored = try stored(db, owner: owner)
        let upper = window.entryDays(for: habits).through
        let select = try db.cachedStatement(
            sql: "SELECT day, value, is_skipped, note FROM entries WHERE user_id = ? AND habit_id = ? AND day BETWEEN ? AND ?")
        var tracked: [TrackedHabit] = []
        var refreshes: [Refresh] = []
        tracked.reserveCapacity(habits.count)
        for habit in habits {
            let saved = stored[habit.id.description]
            let first = window.entriesFrom(for: habit, summary: saved?.summary)
            var entries: [Entry] = []
            let rows = try Row.fetchCursor(select, arguments: [owner.description, habit.id.description, first.ordinal, upper.ordinal])
            while let row = try rows.next() {
                entries.append(Entry(day: Day(ordinal: row[0]), value: row[1], isSkipped: row[2], note: row[3]))
            }
            var one = TrackedHabit(habit: habit, entries: entries, summary: saved?.summary)
            if let saved, window.needsRefresh(habit, summary: saved.summary), let summary = window.refreshed(one, stored: saved.summary) {
                one = TrackedHabit(habit: habit, entries: entries, summary: summary)
                refreshes.append(Refresh(habit: habit, summary: summary, generation: saved.generation))
            }
            tracked.append(one)
        }
        return (tracked, refreshes)
    }

    /// Stores refreshed summaries whose habits are unchanged since they were read; the others are
    /// left for the next read.
    static func store(_ db: Database, owner: User.ID, _ refreshes: [Refresh]) throws {
        for refresh in refreshes {
            try write(db, owner: owner, habit: refresh.habit, refresh.summary, generation: refresh.generation)
        }
    }

    /// Writes a summary if the row's generation is still `generation` (any, when `nil`).
    static func write(_ db: Database, owner: User.ID, habit: Habit, _ summary: HabitSummary, generation: Int64?) throws {
        try db.cachedStatement(
            sql: """
                UPDATE habit_summaries SET rules = ?, start = ?, codes = ?, reach = ?, generation = generation + 1
                WHERE user_id = ? AND habit_id = ? AND (? IS NULL OR generation = ?)
                """
        ).execute(arguments: [
            summary.rules, summary.start.ordinal, Data(summary.codes), HabitSummary.reach(of: habit.schedule),
            owner.description, habit.id.description, generation, generation,
        ])
    }

    /// Builds every habit's summary from its whole history, as of `now` in its owner's zone.
    static func rebuildAll(_ db: Database, now: Date) throws {
        for id in try String.fetchAll(db, sql: "SELECT id FROM users") {
            guard let user = try SQLiteRows.user(db, id: id) else { continue }
            let calendar = user.settings.calendar
            let today = user.settings.today(now: now)
            for tracked in try SQLiteRows.trackedHabits(db, owner: user.id, includeArchived: true) {
                try write(
                    db, owner: user.id, habit: tracked.habit, HabitSummary(tracked, today: today, calendar: calendar), generation: nil)
            }
        }
    }

    /// The habits whose stored summary differs from one built from their whole history: the
    /// stored codes must be a prefix of the rebuilt ones (a summary may lag, never disagree).
    static func mismatches(_ db: Database, now: Date) throws -> [SummaryMismatch] {
        var found: [SummaryMismatch] = []
        for id in try String.fetchAll(db, sql: "SELECT id FROM users") {
            guard let user = try SQLiteRows.user(db, id: id) else { continue }
            let calendar = user.settings.calendar
            let today = user.settings.today(now: now)
            let stored = try stored(db, owner: user.id)
            for tracked in try SQLiteRows.trackedHabits(db, owner: user.id, includeArchived: true) {
                if let problem = SummaryMismatch.check(stored[tracked.id.description]?.summary, of: tracked, today: today, calendar: calendar) {
                    found.append(SummaryMismatch(owner: user.id, habit: tracked.id, problem: problem))
                }
            }
        }
        return found
    }
}
