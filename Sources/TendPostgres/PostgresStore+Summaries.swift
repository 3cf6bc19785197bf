import Foundation
import NIOCore
import PostgresNIO
import TendCore
import TendStore

/// Habit summaries on PostgreSQL (migration 8; TendCore's ``HabitSummary``): a windowed read with
/// the user's calendar reads each habit's summary and only the entries after it; the summaries
/// it brought up to date are stored under the owner's row lock if the owner's revision is still
/// the one read with the entries (every write of the owner bumps it under that lock, so a
/// summary is never stored over a change it has not seen). The triggers cut summaries in the
/// transaction of every entry write.
extension PostgresStore {
    struct SummaryRefresh: Sendable {
        var habit: Habit
        var summary: HabitSummary
    }

    /// `ids`: only those of the habits (``TendStore/trackedHabits(owner:ids:window:)``).
    func trackedHabitsWithSummaries(
        owner: User.ID, includeArchived: Bool, window: HistoryWindow, ids: Set<Habit.ID>? = nil
    ) async throws -> [TrackedHabit] {
        try await summaryTurns.withTurn(owner) {
            let atOnce = try await statement { c in
                try await self.readSummarizedAtOnce(owner: owner, includeArchived: includeArchived, window: window, ids: ids, on: c)
            }
            let read =
                if let atOnce { atOnce } else {
                    try await read { c in
                        try await self.readSummarized(owner: owner, includeArchived: includeArchived, window: window, ids: ids, on: c)
                    }
                }
            let (tracked, refreshes, revision) = read
            // Not for a read of a few habits (HeldHabits): see SQLiteStore.summarized.
            if !refreshes.isEmpty, ids == nil { try await storeSummaries(owner: owner, refreshes, revision: revision) }
            return tracked
        }
    }

    /// The owner's habits (sorted as ``fetchHabits(_:includeArchived:on:)`` sorts them) with their
    /// summaries and the owner's revision, in one statement.
    func fetchHabitsAndSummaries(
        _ owner: User.ID, includeArchived: Bool, ids: Set<Habit.ID>? = nil, on c: PostgresConnection
    ) async throws -> (habits: [(Habit, HabitSummary?)], revision: Int64) {
        let rows = try await rows(
            """
            SELECT u.revision, \(unescaped: Self.habitColumns), s.rules, s.start, s.codes
            FROM users u
            LEFT JOIN habits h ON h.user_id = u.id AND (\(includeArchived) OR NOT h.is_archived)
              AND (\(ids == nil) OR h.id = ANY(\(ids.map { $0.map(\.rawValue) } ?? [])::uuid[]))
            LEFT JOIN habit_summaries s ON s.user_id = h.user_id AND s.habit_id = h.id
            WHERE u.id = \(owner.rawValue)
            """, on: c)
        guard let first = rows.first else { throw StoreError.notFound("user") }
        let revision = try first.makeRandomAccess()["revision"].decode(Int64.self)
        var habits: [(Habit, HabitSummary?)] = []
        for row in rows {
            guard let habit = try Self.habit(from: row) else { continue }
            habits.append((habit, try Self.summary(from: row)))
        }
        habits.sort { ($0.0.order, $0.0.name, $0.0.id) < ($1.0.order, $1.0.name, $1.0.id) }
        return (habits, revision)
    }

    /// The habits, their summaries and their entries from the window's
    /// ``HistoryWindow/entriesFromForCurrentSummaries`` in one statement (one snapshot: no
    /// transaction needed, one round trip instead of four). Habits that need entries from earlier
    /// (a summary that lags, an "X in Y days" window) get them from a second statement, used only if
    /// it sees the owner's revision the first saw (every write of the owner moves it): else `nil`,
    /// and the caller reads in a transaction (``readSummarized(owner:includeArchived:window:ids:on:)``).
    private func readSummarizedAtOnce(
        owner: User.ID, includeArchived: Bool, window: HistoryWindow, ids: Set<Habit.ID>?, on c: PostgresConnection
    ) async throws -> ([TrackedHabit], [SummaryRefresh], Int64)? {
        guard let first = window.entriesFromForCurrentSummaries else { return nil }
        let through = window.entryDays(for: [Habit]()).through
        let rows = try await rows(
            """
            SELECT u.revision, \(unescaped: Self.habitColumns), s.rules, s.start, s.codes, p.*
            FROM users u
            LEFT JOIN habits h ON h.user_id = u.id AND (\(includeArchived) OR NOT h.is_archived)
              AND (\(ids == nil) OR h.id = ANY(\(ids.map { $0.map(\.rawValue) } ?? [])::uuid[]))
            LEFT JOIN habit_summaries s ON s.user_id = h.user_id AND s.habit_id = h.id
            LEFT JOIN LATERAL (
                SELECT \(unescaped: Self.packedEntries) FROM entries e
                WHERE e.user_id = h.user_id AND e.habit_id = h.id AND e.day BETWEEN \(first.ordinal) AND \(through.ordinal)
            ) p ON true
            WHERE u.id = \(owner.rawValue)
            """, on: c)
        return try await summarized(rows, owner: owner, window: window, first: first, on: c)
    }

    /// The habits of rows with the owner's revision, habit columns, summary columns and entries
    /// packed from `first` (``packedEntries``), each given the entries it needs from earlier by a
    /// second statement that must see the same revision (else `nil`).
    private func summarized(
        _ rows: [PostgresRow], owner: User.ID, window: HistoryWindow, first: Day, on c: PostgresConnection
    ) async throws -> ([TrackedHabit], [SummaryRefresh], Int64)? {
        guard let firstRow = rows.first else { throw StoreError.notFound("user") }
        let revision = try firstRow.makeRandomAccess()["revision"].decode(Int64.self)
        var stored: [(Habit, HabitSummary?, [Entry])] = []
        var earlier: [(habit: Habit.ID, day: Day)] = []
        for row in rows {
            guard let habit = try Self.habit(from: row) else { continue }
            let summary = window.checked(try Self.summary(from: row), for: habit)
            let needed = window.entriesFrom(for: habit, summary: summary)
            if needed < first { earlier.append((habit.id, needed)) }
            stored.append((habit, summary, try Self.unpackedEntries(row, habit: habit.id)))
        }
        if !earlier.isEmpty {
            let before = try await fetchEntriesAndRevision(owner, from: earlier, through: first.previous, on: c)
            guard before.revision == revision else { return nil }
            for index in stored.indices {
                if let entries = before.entries[stored[index].0.id] { stored[index].2 = entries + stored[index].2 }
            }
        }
        stored.sort { ($0.0.order, $0.0.name, $0.0.id) < ($1.0.order, $1.0.name, $1.0.id) }
        return Self.tracked(stored, window: window, revision: revision)
    }

    /// The operations after `after` and the active habits their entry changes touched, in one
    /// statement (one snapshot): every page after a change asks it (``HeldHabits``). The habits
    /// are read as ``readSummarizedAtOnce(owner:includeArchived:window:ids:on:)`` reads them; when
    /// that cannot be done in one statement, as two reads, the operations first.
    public func operationsAfter(owner: User.ID, after: Int64, limit: Int, window: HistoryWindow) async throws -> OperationsAfter {
        guard let first = window.calendar == nil ? nil : window.entriesFromForCurrentSummaries else {
            return try await operationsThenHabits(owner: owner, after: after, limit: limit, window: window)
        }
        let through = window.entryDays(for: [Habit]()).through
        let read = try await statement { c -> OperationsAfter? in
            let rows = try await self.prepared(
                PostgresRequestStatements.OperationsAfter(
                    owner: owner.rawValue, after: after, limit: max(0, limit), first: first.ordinal, through: through.ordinal),
                on: c)
            guard let top = rows.first else { throw StoreError.notFound("user") }
            let operations = try Self.operations(from: top)
            guard let habits = try await self.summarized(rows, owner: owner, window: window, first: first, on: c) else { return nil }
            return OperationsAfter(operations: operations, habits: habits.0)
        }
        if let read { return read }
        return try await operationsThenHabits(owner: owner, after: after, limit: limit, window: window)
    }

    /// The operations of a row's `op_…` arrays.
    static func operations(from row: PostgresRow) throws -> [LoggedOperation] {
        let cells = row.makeRandomAccess()
        let sequences = try cells["op_seqs"].decode([Int64].self)
        let ids = try cells["op_ids"].decode([UUID].self)
        let devices = try cells["op_devices"].decode([String].self)
        let clocks = try cells["op_hlcs"].decode([String].self)
        let changes = try cells["op_changes"].decode([String].self)
        return try sequences.indices.map { index in
            guard let timestamp = HybridTimestamp(clocks[index]) else {
                throw StoreError.unreadable("operation \(ids[index]) has a damaged timestamp '\(clocks[index])'")
            }
            let operation = ChangeOperation(
                id: ids[index], device: devices[index], timestamp: timestamp, change: try decodeJSON(Change.self, changes[index]))
            return LoggedOperation(sequence: sequences[index], operation: operation)
        }
    }

    /// Each habit with its entries and summary, and the summaries `window` brings up to date.
    private static func tracked(
        _ stored: [(Habit, HabitSummary?, [Entry])], window: HistoryWindow, revision: Int64
    ) -> ([TrackedHabit], [SummaryRefresh], Int64) {
        var tracked: [TrackedHabit] = []
        var refreshes: [SummaryRefresh] = []
        for (habit, summary, loaded) in stored {
            var one = TrackedHabit(habit: habit, entries: loaded, summary: summary)
            if window.needsRefresh(habit, summary: summary), let refreshed = window.refreshed(one, stored: summary) {
                one = TrackedHabit(habit: habit, entries: loaded, summary: refreshed)
                refreshes.append(SummaryRefresh(habit: habit, summary: refreshed))
            }
            tracked.append(one)
        }
        return (tracked, refreshes, revision)
    }

    /// The summary of a row with `rules`, `start` and `codes` (`nil` where the habit has none).
    static func summary(from row: PostgresRow) throws -> HabitSummary? {
        let cells = row.makeRandomAccess()
        guard let rules = try cells["rules"].decode(String?.self), let start = try cells["start"].decode(Int?.self),
            let codes = try cells["codes"].decode(ByteBuffer?.self)
        else { return nil }
        return HabitSummary(rules: rules, start: Day(ordinal: start), codes: Array(codes.readableBytesView))
    }

    private func readSummarized(
        owner: User.ID, includeArchived: Bool, window: HistoryWindow, ids: Set<Habit.ID>?, on c: PostgresConnection
    ) async throws -> ([TrackedHabit], [SummaryRefresh], Int64) {
        let (stored, revision) = try await fetchHabitsAndSummaries(owner, includeArchived: includeArchived, ids: ids, on: c)
        guard !stored.isEmpty else { return ([], [], revision) }
        // Each summary's rules checked once (the keys are compared here, values afterwards).
        let habits = stored.map { ($0.0, window.checked($0.1, for: $0.0)) }
        let entries = try await fetchEntries(
            owner, from: habits.map { ($0.0.id, window.entriesFrom(for: $0.0, summary: $0.1)) },
            through: window.entryDays(for: habits.map(\.0)).through, on: c)
        return Self.tracked(habits.map { ($0.0, $0.1, entries[$0.0.id] ?? []) }, window: window, revision: revision)
    }

    /// Stores `refreshes` if the owner's revision is still `revision` (waiting for a writer that
    /// holds the owner's row, then seeing its revision); otherwise leaves them to the next read.
    func storeSummaries(owner: User.ID, _ refreshes: [SummaryRefresh], revision: Int64?) async throws {
        try await write { c in
            let locked = try await self.rows(
                """
                SELECT 1 FROM users WHERE id = \(owner.rawValue) AND (\(revision)::bigint IS NULL OR revision = \(revision))
                FOR UPDATE
                """, on: c)
            guard !locked.isEmpty else { return }
            try await self.rows(
                """
                UPDATE habit_summaries s
                SET rules = b.rules, start = b.start, codes = decode(b.codes, 'hex'), reach = b.reach
                FROM unnest(
                    \(refreshes.map(\.habit.id.rawValue))::uuid[], \(refreshes.map(\.summary.rules))::text[],
                    \(refreshes.map(\.summary.start.ordinal))::integer[], \(refreshes.map { Self.hex($0.summary.codes) })::text[],
                    \(refreshes.map { $0.habit.summaryReach })::integer[]
                ) AS b(habit_id, rules, start, codes, reach)
                WHERE s.user_id = \(owner.rawValue) AND s.habit_id = b.habit_id
                """, on: c)
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Builds every habit's summary anew from its whole history, as of `now` in each owner's zone
    /// (after migration 8, and `tend doctor --rebuild`-like repairs): one owner at a time.
    public func rebuildSummaries(now: Date = Date()) async throws {
        let owners = try await read { c in try await self.rows("SELECT id FROM users", on: c).map { try $0.decode(UUID.self) } }
        for id in owners {
            let owner = User.ID(rawValue: id)
            let (user, habits) = try await read { c in
                (try await self.fetchUser(owner, on: c), try await self.fetchTrackedHabits(owner, includeArchived: true, on: c))
            }
            let calendar = user.settings.calendar
            let today = user.settings.today(now: now)
            let refreshes = habits.map { SummaryRefresh(habit: $0.habit, summary: HabitSummary($0, today: today, calendar: calendar)) }
            if !refreshes.isEmpty { try await storeSummaries(owner: owner, refreshes, revision: nil) }
        }
    }

    /// The habits whose stored summary disagrees with their entries, as of `now` (`tend doctor`).
    public func summaryMismatches(now: Date = Date()) async throws -> [SummaryMismatch] {
        let owners = try await read { c in try await self.rows("SELECT id FROM users", on: c).map { try $0.decode(UUID.self) } }
        var found: [SummaryMismatch] = []
        for id in owners {
            let owner = User.ID(rawValue: id)
            let (user, habits, stored) = try await read { c in
                (
                    try await self.fetchUser(owner, on: c), try await self.fetchTrackedHabits(owner, includeArchived: true, on: c),
                    try await self.fetchHabitsAndSummaries(owner, includeArchived: true, on: c).habits
                )
            }
            let summaries = Dictionary(uniqueKeysWithValues: stored.map { ($0.0.id, $0.1) })
            for tracked in habits {
                if let problem = SummaryMismatch.check(
                    summaries[tracked.id] ?? nil, of: tracked, today: user.settings.today(now: now), calendar: user.settings.calendar)
                {
                    found.append(SummaryMismatch(owner: owner, habit: tracked.id, problem: problem))
                }
            }
        }
        return found
    }
}
