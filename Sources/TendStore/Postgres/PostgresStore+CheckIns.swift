import Foundation
import PostgresNIO
import Synchronization
import TendCore

/// One check-in waiting for its owner's next batch.
struct PostgresCheckIn: Sendable {
    let habit: Habit.ID
    let day: Day
    let commands: [EntryCommand]
    /// The id its first change is logged under (see ``TendStore/perform(owner:habit:day:_:operation:)``).
    let operation: UUID?
    let continuation: CheckedContinuation<Entry, any Error>
}

/// Check-ins (`perform`) grouped per owner. Every write of an owner holds the owner's row lock
/// until it commits, and a durable commit waits for the WAL to reach the disk, so one owner's
/// check-ins, one transaction each, could never go faster than one commit after another. Here the
/// check-ins of an owner that arrive while one of the owner's batches is running wait for the
/// next batch, and a batch is one transaction of five round trips whatever its size: BEGIN, lock
/// the owner, read the habits and days it touches, write every entry and op row in one
/// statement, COMMIT. Each check-in is worked out in order on the state the ones before it left
/// (TendCore's `EntryCommand.change` and `Entry.applying`, as every store does), so a batch ends
/// where performing them one by one would; one that fails (an unknown habit, an invalid value)
/// gets its own error and writes nothing. Nothing is answered before the commit; if the
/// transaction fails, every check-in of the batch fails with its error.
extension PostgresStore {
    /// The most check-ins one transaction takes.
    static let maximumCheckInBatch = 256

    func enqueue(_ checkIn: PostgresCheckIn, owner: User.ID) {
        let start = checkIns.withLock { queues in
            if queues[owner] != nil {
                queues[owner]!.append(checkIn)
                return false
            }
            // An owner with a queue (even an empty one) has a batch running.
            queues[owner] = [checkIn]
            return true
        }
        if start { Task { await self.drainCheckIns(owner: owner) } }
    }

    private func drainCheckIns(owner: User.ID) async {
        while true {
            let batch = checkIns.withLock { queues -> [PostgresCheckIn] in
                guard var waiting = queues[owner], !waiting.isEmpty else {
                    queues[owner] = nil
                    return []
                }
                let batch = Array(waiting.prefix(Self.maximumCheckInBatch))
                waiting.removeFirst(batch.count)
                queues[owner] = waiting
                return batch
            }
            if batch.isEmpty { return }
            let results: [Result<Entry, any Error>]
            do {
                results = try await write { c in try await self.performBatch(batch, owner: owner, on: c) }
            } catch {
                results = batch.map { _ in .failure(error) }
            }
            for (checkIn, result) in zip(batch, results) { checkIn.continuation.resume(with: result) }
        }
    }

    private struct DayKey: Hashable {
        var habit: Habit.ID
        var day: Day
    }

    /// Runs a batch inside a transaction: the results, in the batch's order.
    private func performBatch(
        _ batch: [PostgresCheckIn], owner: User.ID, on c: PostgresConnection
    ) async throws -> [Result<Entry, any Error>] {
        let user = owner.rawValue
        // The lock is a statement of its own: the reads below must see what the writes that held
        // it before committed (each statement takes a new snapshot).
        let locked = try await rows("SELECT 1 FROM users WHERE id = \(user) FOR NO KEY UPDATE", on: c)
        guard !locked.isEmpty else { return batch.map { _ in .failure(StoreError.notFound("user")) } }

        var keys: [DayKey] = []
        var seen: Set<DayKey> = []
        for checkIn in batch where seen.insert(DayKey(habit: checkIn.habit, day: checkIn.day)).inserted {
            keys.append(DayKey(habit: checkIn.habit, day: checkIn.day))
        }
        let rows = try await rows(
            """
            SELECT (SELECT hlc FROM ops WHERE user_id = \(user) ORDER BY hlc DESC LIMIT 1) AS last_hlc,
                   p.habit AS wanted_habit, p.day AS wanted_day, \(unescaped: Self.habitColumns),
                   e.value AS entry_value, e.is_skipped AS entry_skipped, e.note AS entry_note
            FROM unnest(\(keys.map(\.habit.rawValue))::uuid[], \(keys.map(\.day.ordinal))::bigint[]) AS p(habit, day)
            LEFT JOIN habits h ON h.user_id = \(user) AND h.id = p.habit
            LEFT JOIN entries e ON e.user_id = \(user) AND e.habit_id = p.habit AND e.day = p.day
            """, on: c)
        var habits: [Habit.ID: Habit] = [:]
        var entries: [DayKey: Entry] = [:]
        var last: HybridTimestamp?
        for row in rows {
            let cells = row.makeRandomAccess()
            if last == nil, let text = try cells["last_hlc"].decode(String?.self) { last = HybridTimestamp(text) }
            let key = DayKey(
                habit: Habit.ID(rawValue: try cells["wanted_habit"].decode(UUID.self)),
                day: Day(ordinal: try cells["wanted_day"].decode(Int.self)))
            if habits[key.habit] == nil, let habit = try Self.habit(from: row) { habits[key.habit] = habit }
            if let value = try cells["entry_value"].decode(Int?.self) {
                entries[key] = Entry(
                    day: key.day, value: value, isSkipped: try cells["entry_skipped"].decode(Bool.self),
                    note: try cells["entry_note"].decode(String?.self))
            }
        }

        // Check-ins whose operation the log already holds were done before (a request sent again).
        var held: [UUID: UUID] = [:]
        let given = batch.compactMap(\.operation)
        if !given.isEmpty {
            for row in try await self.rows("SELECT id, user_id FROM ops WHERE id = ANY(\(given)::uuid[])", on: c) {
                let (id, holder) = try row.decode((UUID, UUID).self)
                held[id] = holder
            }
        }

        // Each check-in on the state the ones before it left.
        var results: [Result<Entry, any Error>] = []
        var changes: [Change] = []
        var changeIDs: [UUID?] = []
        var touched: [DayKey] = []
        var touchedKeys: Set<DayKey> = []
        for checkIn in batch {
            guard let habit = habits[checkIn.habit] else {
                results.append(.failure(StoreError.notFound("habit")))
                continue
            }
            let key = DayKey(habit: checkIn.habit, day: checkIn.day)
            let before = entries[key] ?? Entry(day: checkIn.day)
            if let operation = checkIn.operation, let holder = held[operation] {
                results.append(
                    holder == user
                        ? .success(before)
                        : .failure(StoreError.conflict("operation \(operation.text()) belongs to another account")))
                continue
            }
            do {
                // All of a check-in's commands are worked out before any of them counts.
                var after = before
                var made: [Change] = []
                for command in checkIn.commands {
                    let tracked = TrackedHabit(habit: habit, entries: after.isEmpty ? [] : [after])
                    guard let change = try StoreError.enforcing({ try command.change(for: tracked, on: checkIn.day) }) else { continue }
                    after = after.applying(change)
                    made.append(change)
                }
                results.append(.success(after))
                guard !made.isEmpty else { continue }
                entries[key] = after
                if touchedKeys.insert(key).inserted { touched.append(key) }
                changes += made
                changeIDs += made.indices.map { $0 == 0 ? checkIn.operation : nil }
                if let operation = checkIn.operation { held[operation] = user }
            } catch {
                results.append(.failure(error))
            }
        }
        guard !changes.isEmpty else { return results }

        let now = now()
        let ticks = clock.withLock { clock in
            if let last { clock.receive(last, now: now) }
            return changes.map { _ in clock.tick(now: now) }
        }
        let stamps = ticks.map(\.description)
        let ids = zip(ticks, changeIDs).map { tick, given in given ?? UUID.timeOrdered(milliseconds: tick.milliseconds) }
        let texts = try changes.map { try OpLogJSON.text($0) }
        let kept = touched.compactMap { key in entries[key].flatMap { $0.isEmpty ? nil : (key, $0) } }
        let cleared = touched.filter { entries[$0]?.isEmpty ?? true }
        // One statement: the days' entries as the batch leaves them (an empty one is removed),
        // and an op row per change, in order.
        try await run(
            """
            WITH put AS (
                INSERT INTO entries (user_id, habit_id, day, value, is_skipped, note)
                SELECT \(user), u.habit, u.day, u.value, u.skipped, CASE WHEN u.has_note THEN u.note END
                FROM unnest(\(kept.map(\.0.habit.rawValue))::uuid[], \(kept.map(\.0.day.ordinal))::bigint[],
                            \(kept.map(\.1.value))::bigint[], \(kept.map(\.1.isSkipped))::boolean[],
                            \(kept.map { $0.1.note ?? "" })::text[], \(kept.map { $0.1.note != nil })::boolean[])
                     AS u(habit, day, value, skipped, note, has_note)
                ON CONFLICT (user_id, habit_id, day) DO UPDATE SET
                    value = excluded.value, is_skipped = excluded.is_skipped, note = excluded.note
            ), cleared AS (
                DELETE FROM entries e
                USING unnest(\(cleared.map(\.habit.rawValue))::uuid[], \(cleared.map(\.day.ordinal))::bigint[]) AS d(habit, day)
                WHERE e.user_id = \(user) AND e.habit_id = d.habit AND e.day = d.day
            )
            INSERT INTO ops (user_id, id, device, hlc, change, habit_id, day)
            SELECT \(user), o.id, \(device), o.hlc, o.change::jsonb, NULLIF(o.habit_id, '')::uuid, NULLIF(o.day, '')::integer
            FROM unnest(\(ids)::uuid[], \(stamps)::text[], \(texts)::text[],
                        \(changes.map { $0.habitID?.description ?? "" })::text[],
                        \(changes.map { $0.entryDay.map { String($0.ordinal) } ?? "" })::text[])
                 WITH ORDINALITY AS o(id, hlc, change, habit_id, day, n)
            ORDER BY o.n
            """, on: c)
        return results
    }
}
