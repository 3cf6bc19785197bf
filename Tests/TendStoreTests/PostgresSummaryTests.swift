import Foundation
import PostgresNIO
import TendCore
import TendTestSupport
import Testing

@testable import TendPostgres
@testable import TendStore

/// Issue 17 on PostgreSQL: migration 8 builds every habit's summary, the statement triggers cut
/// them in the write's own statement (a check-in of today writes none), a read stores what it
/// brought up to date only under the owner's unchanged revision, and a windowed read with
/// summaries is one transaction of two statements.
@Suite("PostgreSQL store: habit summaries")
struct PostgresSummaryTests {
    static let today = Fixtures.day("2026-11-20")

    static func codes(_ store: PostgresStore, _ habit: Habit.ID) async throws -> [UInt8]? {
        try await store.read { c in
            try await store.rows("SELECT codes FROM habit_summaries WHERE habit_id = \(habit.rawValue)", on: c).first
                .map { Array(try $0.decode(ByteBuffer.self).readableBytesView) }
        }
    }

    @Test("A database at version 7 gets every habit's summary built when it migrates to 8")
    func migrationBuildsSummaries() async throws {
        try await PostgresTestDatabase.withDatabase { location in
            let habit = Habit(name: "Read", schedule: .timesPerWeek(3), createdOn: Self.today.adding(days: -400))
            let owner: User.ID
            do {
                let store = try await PostgresStore.connect(location: location, device: "a", maximumConnections: 2, timeout: .seconds(90))
                let alice = try await store.createUser(username: "alice", settings: UserSettings(timeZone: "Asia/Kathmandu"))
                owner = alice.id
                try await store.applyChanges(
                    owner: alice.id,
                    [
                        .habitCreated(habit: habit),
                        .entriesImported(
                            habit: habit.id,
                            entries: stride(from: -420, through: 0, by: 2).map { Entry(day: Self.today.adding(days: $0), value: 1) }),
                    ])
                await store.close()
            }
            // Back to version 7: no summary table, functions or triggers, nor version 9's and 10's
            // columns and tables; version 11's and 13's foreign keys back, versions 14's and 15's functions
            // and 16's column gone, 17's thousandths whole units again and its step gone, 18's dates, 19's
            // pauses and 20's versions gone.
            try await PostgresTestDatabase.execute(
                "ALTER TABLE entries DISABLE TRIGGER USER", "UPDATE entries SET value = value / 1000",
                "ALTER TABLE entries ENABLE TRIGGER USER", "UPDATE habits SET target = target / 1000",
                "ALTER TABLE habits DROP COLUMN step",
                "ALTER TABLE habits DROP COLUMN starts_on, DROP COLUMN ends_on, DROP COLUMN pauses, DROP COLUMN versions",
                "DROP FUNCTION tend_check_in_read", "DROP FUNCTION tend_check_in_write", "DROP FUNCTION tend_entries_from",
                """
                ALTER TABLE reminder_deliveries ADD CONSTRAINT reminder_deliveries_user_id_fkey
                    FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
                """,
                "DROP FUNCTION tend_habits_deleted() CASCADE",
                "ALTER TABLE entries ADD FOREIGN KEY (user_id, habit_id) REFERENCES habits (user_id, id) ON DELETE CASCADE",
                "DROP TABLE habit_summaries", "DROP FUNCTION tend_habit_summaries_cut() CASCADE",
                "DROP FUNCTION tend_habit_summaries_created() CASCADE",
                "ALTER TABLE habits DROP COLUMN group_name, DROP COLUMN tags",
                "ALTER TABLE users DROP COLUMN habit_groups, DROP COLUMN kept_zones, DROP COLUMN language",
                "DROP TABLE linked_identities", "DROP TABLE sign_in_attempts", "ALTER TABLE credentials DROP COLUMN approved",
                "DELETE FROM schema_migrations WHERE version >= 8", on: location)
            let store = try await PostgresStore.connect(location: location, device: "b", maximumConnections: 2, timeout: .seconds(90))
            do {
                let codes = try #require(try await Self.codes(store, habit.id))
                #expect(codes.count > 400)
                #expect(try await store.summaryMismatches().isEmpty)
                // Version 17 made the whole values thousandths: each check-in reads as 1 again.
                let entries = try await store.entries(
                    owner: owner, habit: habit.id, from: Self.today.adding(days: -420), through: Self.today)
                #expect(entries.count == 211 && entries.allSatisfy { $0.value == 1 })
                #expect(
                    try await store.habits(owner: owner, includeArchived: true).first { $0.id == habit.id }.map { [$0.target, $0.step] }
                        == [1, 1])
            } catch {
                await store.close()
                throw error
            }
            await store.close()
        }
    }

    @Test("Today's check-in cuts nothing, a back-dated one its period; a current read is one statement; a stale refresh is not stored")
    func triggersAndRefreshes() async throws {
        try await PostgresTestDatabase.withStore { store in
            let alice = try await store.createUser(username: "alice", settings: UserSettings(timeZone: "UTC", locale: "en_US"))
            let daily = Habit(name: "Walk", createdOn: Self.today.adding(days: -100))
            let monthly = Habit(name: "Call", schedule: .timesPerMonth(4), createdOn: Self.today.adding(days: -100))
            try await store.applyChanges(owner: alice.id, [.habitCreated(habit: daily), .habitCreated(habit: monthly)])
            let calendar = alice.settings.calendar
            let window = HistoryWindow(from: Self.today.adding(days: -30), through: Self.today, today: Self.today, calendar: calendar)

            // The first read builds both summaries (and stores them in a second transaction).
            _ = try await store.trackedHabits(owner: alice.id, includeArchived: false, window: window)
            #expect(try await Self.codes(store, daily.id)?.count == 100)
            #expect(try await Self.codes(store, monthly.id)?.count == daily.createdOn.days(to: Self.today.firstOfMonth))

            // A read with nothing to refresh: one statement (habits, summaries and entries), no transaction.
            let statements = store.statementCount
            let transactions = store.transactionCount
            let loaded = try await store.trackedHabits(owner: alice.id, includeArchived: false, window: window)
            #expect((store.statementCount - statements, store.transactionCount - transactions) == (1, 0))
            #expect(loaded.allSatisfy { $0.entries.isEmpty })

            // A check-in of today leaves the summary as it was; one ten days back cuts its period.
            _ = try await store.perform(owner: alice.id, habit: daily.id, day: Self.today, .check)
            #expect(try await Self.codes(store, daily.id)?.count == 100)
            let back = Self.today.adding(days: -10)
            _ = try await store.perform(owner: alice.id, habit: daily.id, day: back, .check)
            _ = try await store.perform(owner: alice.id, habit: monthly.id, day: back, .check)
            #expect(try await Self.codes(store, daily.id)?.count == daily.createdOn.days(to: back))
            #expect(try await Self.codes(store, monthly.id)?.count == monthly.createdOn.days(to: back.adding(days: -30)))
            // Before the start: nothing kept.
            _ = try await store.perform(owner: alice.id, habit: daily.id, day: daily.createdOn.adding(days: -3), .check)
            #expect(try await Self.codes(store, daily.id) == [])

            // A refresh read before a write is not stored over it.
            let (_, revision) = try await store.read { c in try await store.fetchHabitsAndSummaries(alice.id, includeArchived: false, on: c)
            }
            let stale = HabitSummary(TrackedHabit(habit: daily), today: Self.today, calendar: calendar)
            _ = try await store.perform(owner: alice.id, habit: daily.id, day: Self.today.adding(days: -2), .check)
            try await store.storeSummaries(owner: alice.id, [.init(habit: daily, summary: stale)], revision: revision)
            #expect(try await Self.codes(store, daily.id) == [])
            let again = try await store.trackedHabits(owner: alice.id, includeArchived: false, window: window)
            #expect(
                again.first { $0.id == daily.id }?.status(on: Self.today.adding(days: -2), today: Self.today, calendar: calendar) == .met)
            #expect(try await store.summaryMismatches(now: calendar.startDate(of: Self.today)).isEmpty)
        }
    }
}
