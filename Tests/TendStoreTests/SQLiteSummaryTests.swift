import Foundation
import GRDB
import TendCore
import TendTestSupport
import Testing

@testable import TendSQLite
@testable import TendStore

/// Issue 17 on SQLite: the v8 migration builds every habit's summary, the triggers cut them in
/// the write's own transaction, a read stores what it brought up to date only if nothing changed
/// since, and the check finds a summary that disagrees with its entries.
@Suite("SQLite store: habit summaries")
struct SQLiteSummaryTests {
    let today = Fixtures.day("2026-11-20")

    static func summaries(_ store: SQLiteStore) async throws -> [String: HabitSummary] {
        try await store.writer.read { db in
            var all: [String: HabitSummary] = [:]
            for owner in try String.fetchAll(db, sql: "SELECT id FROM users") {
                all.merge(try SQLiteSummaries.stored(db, owner: User.ID(rawValue: UUID(uuidString: owner)!))) { $1 }
            }
            return all
        }
    }

    @Test("A database at v7 gets every habit's summary built by v8, and they agree with the entries")
    func migrationBuildsSummaries() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tend.sqlite")
        let owner: User.ID
        do {
            let store = try SQLiteStore(path: path, device: "v7")
            owner = try await store.createUser(username: "alice", settings: UserSettings(timeZone: "Pacific/Chatham", locale: "de_DE")).id
            let habit = Habit(name: "Read", schedule: .timesPerWeek(3), createdOn: today.adding(days: -400))
            try await store.applyChanges(
                owner: owner,
                [
                    .habitCreated(habit: habit),
                    .entriesImported(
                        habit: habit.id, entries: stride(from: -420, through: 0, by: 2).map { Entry(day: today.adding(days: $0), value: 1) }
                    ),
                ])
        }
        // Back to v7: the tables v1…v7 made, with their data, and no trace of v8.
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(
                sql: """
                    DROP TABLE habit_summaries;
                    DROP TRIGGER habit_summary_created; DROP TRIGGER habit_summary_entry_insert;
                    DROP TRIGGER habit_summary_entry_update; DROP TRIGGER habit_summary_entry_delete;
                    DELETE FROM grdb_migrations WHERE identifier = 'v8';
                    """)
        }
        #expect(try await queue.read { db in try SQLiteStore.migrator.appliedIdentifiers(db) }.contains("v8") == false)
        try queue.close()

        let summaries = try await Self.summaries(SQLiteStore(path: path, device: "server"))
        #expect(summaries.count == 1)
        let summary = try #require(summaries.values.first)
        #expect(summary.start == today.adding(days: -420))
        #expect(summary.codes.count > 400)
        #expect(try await SQLiteStore(path: path, device: "check").summaryMismatches().isEmpty)
    }

    @Test("A check-in cuts only its period; a back-dated one before the start empties the summary; the check finds a wrong code")
    func triggersAndCheck() async throws {
        let store = try SQLiteStore(inMemoryDevice: "test")
        let alice = try await store.createUser(username: "alice", settings: UserSettings(timeZone: "UTC", locale: "en_US"))
        let daily = Habit(name: "Walk", createdOn: today.adding(days: -100))
        let monthly = Habit(name: "Call", schedule: .timesPerMonth(4), createdOn: today.adding(days: -100))
        try await store.applyChanges(owner: alice.id, [.habitCreated(habit: daily), .habitCreated(habit: monthly)])
        let calendar = alice.settings.calendar
        let window = HistoryWindow(from: today.adding(days: -30), through: today, today: today, calendar: calendar)
        _ = try await store.trackedHabits(owner: alice.id, includeArchived: false, window: window)
        var stored = try await Self.summaries(store)
        #expect(stored[daily.id.description]?.through == today.previous)
        #expect(stored[monthly.id.description]?.through == today.firstOfMonth.previous)

        // A check-in ten days back: the daily habit keeps the days before it, the monthly one the
        // days before 30 days earlier (its reach).
        let back = today.adding(days: -10)
        _ = try await store.perform(owner: alice.id, habit: daily.id, day: back, .check)
        _ = try await store.perform(owner: alice.id, habit: monthly.id, day: back, .check)
        stored = try await Self.summaries(store)
        #expect(stored[daily.id.description]?.through == back.previous)
        #expect(stored[monthly.id.description]?.through == min(today.firstOfMonth.previous, back.adding(days: -31)))
        // A check-in of today cuts nothing (and writes no summary).
        _ = try await store.perform(owner: alice.id, habit: daily.id, day: today, .check)
        #expect(try await Self.summaries(store)[daily.id.description] == stored[daily.id.description])

        // Before the start: the start moves, so nothing of the summary is kept.
        _ = try await store.perform(owner: alice.id, habit: daily.id, day: daily.createdOn.adding(days: -5), .check)
        #expect(try await Self.summaries(store)[daily.id.description]?.codes.isEmpty == true)
        _ = try await store.trackedHabits(owner: alice.id, includeArchived: false, window: window)
        stored = try await Self.summaries(store)
        #expect(stored[daily.id.description]?.start == daily.createdOn.adding(days: -5))
        #expect(try await store.summaryMismatches(now: calendar.startDate(of: today)).isEmpty)

        // A code changed behind the store's back is found.
        try await store.writer.write { db in
            try db.execute(
                sql: "UPDATE habit_summaries SET codes = zeroblob(length(codes)) WHERE habit_id = ?", arguments: [daily.id.description])
        }
        let found = try await store.summaryMismatches(now: calendar.startDate(of: today))
        #expect(found.map(\.habit) == [daily.id])
        try await store.rebuildSummaries(now: calendar.startDate(of: today))
        #expect(try await store.summaryMismatches(now: calendar.startDate(of: today)).isEmpty)
    }

    @Test("A read's refresh is not stored over a write that came after the read")
    func refreshLosesToWrite() async throws {
        let store = try SQLiteStore(inMemoryDevice: "test")
        let alice = try await store.createUser(username: "alice", settings: UserSettings(timeZone: "UTC", locale: "en_US"))
        let habit = Habit(name: "Walk", createdOn: today.adding(days: -100))
        try await store.applyChanges(owner: alice.id, [.habitCreated(habit: habit)])
        let calendar = alice.settings.calendar
        let window = HistoryWindow(from: today.adding(days: -30), through: today, today: today, calendar: calendar)
        let (_, refreshes) = try await store.writer.read { db in
            try SQLiteSummaries.trackedHabits(db, owner: alice.id, includeArchived: false, window: window)
        }
        #expect(refreshes.count == 1)
        // A check-in lands between the read and its write-back.
        _ = try await store.perform(owner: alice.id, habit: habit.id, day: today.adding(days: -3), .check)
        try await store.writer.write { db in try SQLiteSummaries.store(db, owner: alice.id, refreshes) }
        #expect(try await Self.summaries(store)[habit.id.description]?.codes.isEmpty == true)
        let loaded = try await store.trackedHabits(owner: alice.id, includeArchived: false, window: window)
        #expect(loaded.first?.status(on: today.adding(days: -3), today: today, calendar: calendar) == .met)
    }
}
