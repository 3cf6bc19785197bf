import Foundation
import GRDB
import TendCore
import TendStore

/// The `habit_summaries` table (migration v8): reading each habit's ``HabitSummary`` with the
/// entries after it, bringing lagging ones up to date, rebuilding and checking them.
enum SQLiteSummaries {
    /// A summary a read brought up to date, to store if the owner's data has not changed since:
    /// their op log is still at `sequence` (every write appends to it).
    struct Refresh: Sendable {
        var habit: Habit
        var summary: HabitSummary
        var sequence: Int64
    }

    /// The owner's summaries by habit id.
    static func stored(_ db: Database, owner: User.ID) throws -> [String: HabitSummary] {
        var result: [String: HabitSummary] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT habit_id, rules, start, codes FROM habit_summaries WHERE user_id = ?"),
            arguments: [owner.description])
        while let row = try rows.next() {
            let codes: Data = row[3]
            result[row[0]] = HabitSummary(rules: row[1], start: Day(ordinal: row[2]), codes: [UInt8](codes))
        }
        return result
    }

    static func summary(_ db: Database, owner: User.ID, habit: Habit.ID) throws -> HabitSummary? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT rules, start, codes FROM habit_summaries WHERE user_id = ? AND habit_id = ?"),
            arguments: [owner.description, habit.description]
        ).map { row in
            let codes: Data = row[2]
            return HabitSummary(rules: row[0], start: Day(ordinal: row[1]), codes: [UInt8](codes))
        }
    }

    static func latestSequence(_ db: Database, owner: User.ID) throws -> Int64 {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT coalesce(MAX(seq), 0) FROM ops WHERE user_id = ?"), arguments: [owner.description])
            ?? 0
    }

    /// The owner's habits with their summaries and the entries `window` needs beside them
    /// (``HistoryWindow/entriesFrom(for:summary:)``, one range of the entries' key per habit),
    /// and the summaries to store back (``HistoryWindow/needsRefresh(_:summary:)``).
    /// `ids`: only those of the habits (``TendStore/trackedHabits(owner:ids:window:)``), each read
    /// by its key.
    static func trackedHabits(
        _ db: Database, owner: User.ID, includeArchived: Bool, window: HistoryWindow, ids: Set<Habit.ID>? = nil
    ) throws -> (habits: [TrackedHabit], refreshes: [Refresh]) {
        var habits: [Habit]
        var stored: [String: HabitSummary]
        if let ids {
            habits = try ids.compactMap { try SQLiteRows.habitIfPresent(db, owner: owner, id: $0) }
                .filter { includeArchived || !$0.isArchived }
            stored = [:]
            for habit in habits { stored[habit.id.description] = try summary(db, owner: owner, habit: habit.id) }
        } else {
            habits = try SQLiteRows.habits(db, owner: owner, includeArchived: includeArchived)
            stored = habits.isEmpty ? [:] : try self.stored(db, owner: owner)
        }
        guard !habits.isEmpty else { return ([], []) }
        var sequence: Int64?
        let upper = window.entryDays(for: habits).through
        let select = try db.cachedStatement(
            sql: "SELECT day, value, is_skipped, note FROM entries WHERE user_id = ? AND habit_id = ? AND day BETWEEN ? AND ?")
        var tracked: [TrackedHabit] = []
        var refreshes: [Refresh] = []
        tracked.reserveCapacity(habits.count)
        for habit in habits {
            let saved = window.checked(stored[habit.id.description], for: habit)
            let first = window.entriesFrom(for: habit, summary: saved)
            var entries: [Entry] = []
            let rows = try Row.fetchCursor(select, arguments: [owner.description, habit.id.description, first.ordinal, upper.ordinal])
            while let row = try rows.next() {
                entries.append(Entry(day: Day(ordinal: row[0]), value: Amount(thousandths: row[1]), isSkipped: row[2], note: row[3]))
            }
            var one = TrackedHabit(habit: habit, entries: entries, summary: saved)
            if window.needsRefresh(habit, summary: saved), let summary = window.refreshed(one, stored: saved) {
                one = TrackedHabit(habit: habit, entries: entries, summary: summary)
                if sequence == nil { sequence = try latestSequence(db, owner: owner) }
                refreshes.append(Refresh(habit: habit, summary: summary, sequence: sequence!))
            }
            tracked.append(one)
        }
        return (tracked, refreshes)
    }

    /// Stores refreshed summaries if nothing of the owner's changed since they were read; if
    /// something did, they are left for the next read.
    static func store(_ db: Database, owner: User.ID, _ refreshes: [Refresh]) throws {
        guard let sequence = refreshes.first?.sequence, try latestSequence(db, owner: owner) == sequence else { return }
        for refresh in refreshes { try write(db, owner: owner, habit: refresh.habit, refresh.summary) }
    }

    static func write(_ db: Database, owner: User.ID, habit: Habit, _ summary: HabitSummary) throws {
        try db.cachedStatement(
            sql: "UPDATE habit_summaries SET rules = ?, start = ?, codes = ?, reach = ? WHERE user_id = ? AND habit_id = ?"
        )
        .execute(arguments: [
            summary.rules, summary.start.ordinal, Data(summary.codes), habit.summaryReach,
            owner.description, habit.id.description,
        ])
    }

    /// Builds every habit's summary from its whole history, as of `now` in its owner's zone.
    /// Builds the summaries never built (a migration's new rows, `rules` empty): run after the
    /// migrations, so the first Today after an upgrade does not build them all at once. A summary
    /// left unbuilt is still never wrong: a read rebuilds it.
    static func buildUnbuilt(_ db: Database, now: Date) throws {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM habit_summaries WHERE rules = '')") == true else { return }
        try rebuildAll(db, now: now)
    }

    static func rebuildAll(_ db: Database, now: Date) throws {
        for id in try String.fetchAll(db, sql: "SELECT id FROM users") {
            guard let user = try SQLiteRows.user(db, id: id) else { continue }
            let calendar = user.settings.calendar
            let today = user.settings.today(now: now)
            for tracked in try SQLiteRows.trackedHabits(db, owner: user.id, includeArchived: true) {
                try write(db, owner: user.id, habit: tracked.habit, HabitSummary(tracked, today: today, calendar: calendar))
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
                if let problem = SummaryMismatch.check(stored[tracked.id.description], of: tracked, today: today, calendar: calendar) {
                    found.append(SummaryMismatch(owner: user.id, habit: tracked.id, problem: problem))
                }
            }
        }
        return found
    }
}
