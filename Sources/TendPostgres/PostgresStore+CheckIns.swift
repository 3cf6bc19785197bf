import Foundation
import PostgresNIO
import Synchronization
import TendCore
import TendStore
import TendWords

/// One check-in waiting for its owner's next batch.
struct PostgresCheckIn: Sendable {
    let habit: Habit.ID
    let day: Day
    let commands: [EntryCommand]
    /// The id its first change is logged under (see ``TendStore/perform(owner:habit:day:_:operation:)``).
    let operation: UUID?
    let continuation: CheckedContinuation<Entry, any Error>
    /// Whoever checks in's words (the batch is worked out in another task): a refusal is in them.
    var words: Words = .current
}

/// Check-ins (`perform`) grouped per owner. Every write of an owner holds the owner's row lock
/// until it commits, and a durable commit waits for the WAL to reach the disk, so one owner's
/// check-ins, one transaction each, could never go faster than one commit after another. Here the
/// check-ins of an owner that arrive while one of the owner's batches is running wait for the
/// next batch. Each check-in is worked out in order on the state the ones before it left
/// (TendCore's `EntryCommand.change` and `Entry.applying`, as every store does), so a batch ends
/// where performing them one by one would; one that fails (an unknown habit, an invalid value)
/// gets its own error and writes nothing. Nothing is answered before the commit; if the write
/// fails, every check-in of the batch fails with its error.
///
/// A batch is two statements, each its own transaction (no BEGIN, no COMMIT): one reads the
/// owner's revision, latest clock, habits and days; the other writes every entry and op row, and
/// only if the owner's revision is still the one read (`UPDATE users … WHERE revision = r`: it
/// waits for a writer holding the owner's row and then checks the row that writer left). Every
/// write of an owner bumps the revision under the owner's row lock (``PostgresStore/lockOwner(_:on:)``),
/// so an unchanged revision means nothing the batch was worked out from has changed, and the op
/// rows still follow commit order by position and by clock. A batch whose revision moved is
/// worked out again; after ``optimisticAttempts`` it runs in a transaction that locks the owner
/// first, which always goes through.
extension PostgresStore {
    /// The most check-ins one transaction takes.
    static let maximumCheckInBatch = 256
    /// Tries of the two-statement write before a batch takes the owner's lock.
    static let optimisticAttempts = 3

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
                results = try await performBatch(batch, owner: owner)
            } catch {
                results = batch.map { _ in .failure(error) }
            }
            for (checkIn, result) in zip(batch, results) { checkIn.continuation.resume(with: result) }
        }
    }

    /// The batch's results, in its order: optimistically first, then under the owner's lock.
    private func performBatch(_ batch: [PostgresCheckIn], owner: User.ID) async throws -> [Result<Entry, any Error>] {
        do {
            let optimistic = try await client.withConnection { c -> [Result<Entry, any Error>]? in
                for _ in 0..<Self.optimisticAttempts {
                    guard let state = try await self.checkInState(batch, owner: owner, on: c) else {
                        return batch.map { _ in .failure(StoreError.notFound("user")) }
                    }
                    let worked = self.workOut(batch, owner: owner, on: state)
                    if try await self.write(worked, owner: owner, revision: state.revision, on: c) { return worked.results }
                }
                return nil
            }
            if let optimistic { return optimistic }
        } catch {
            // A conflict here is an operation id another account took in between: the locked
            // path below reads it and answers each check-in.
            guard case StoreError.conflict = Self.storeError(error) else { throw Self.storeError(error) }
        }
        return try await write { c in
            guard try await self.bumpRevision(owner, on: c) else { return batch.map { _ in .failure(StoreError.notFound("user")) } }
            guard let state = try await self.checkInState(batch, owner: owner, on: c) else {
                return batch.map { _ in .failure(StoreError.notFound("user")) }
            }
            let worked = self.workOut(batch, owner: owner, on: state)
            guard try await self.write(worked, owner: owner, revision: state.revision, on: c) else {
                throw StoreError.invalid("the owner's revision moved under the owner's lock")
            }
            return worked.results
        }
    }

    private struct DayKey: Hashable {
        var habit: Habit.ID
        var day: Day
    }

    /// What a batch is worked out from, read in one statement (one snapshot).
    private struct CheckInState {
        var revision: Int64
        var last: HybridTimestamp?
        var habits: [Habit.ID: Habit] = [:]
        var entries: [DayKey: Entry] = [:]
        /// Operations the log already holds, by id: their owner.
        var held: [UUID: UUID] = [:]
    }

    /// The owner's revision and latest clock, the batch's habits and days, and which of its
    /// operation ids the log holds; `nil` when the owner does not exist.
    private func checkInState(_ batch: [PostgresCheckIn], owner: User.ID, on c: PostgresConnection) async throws -> CheckInState? {
        var keys: [DayKey] = []
        var seen: Set<DayKey> = []
        for checkIn in batch where seen.insert(DayKey(habit: checkIn.habit, day: checkIn.day)).inserted {
            keys.append(DayKey(habit: checkIn.habit, day: checkIn.day))
        }
        let rows = try await prepared(
            PostgresCheckInStatements.Read(
                owner: owner.rawValue, habits: keys.map(\.habit.rawValue), days: keys.map(\.day.ordinal),
                operations: batch.compactMap(\.operation)),
            on: c)
        guard let first = rows.first else { return nil }
        let top = first.makeRandomAccess()
        var state = CheckInState(revision: try top["revision"].decode(Int64.self))
        state.last = try top["last_hlc"].decode(String?.self).flatMap(HybridTimestamp.init)
        for pair in try top["held"].decode([String]?.self) ?? [] {
            let parts = pair.split(separator: " ")
            if parts.count == 2, let id = UUID(uuidString: String(parts[0])), let holder = UUID(uuidString: String(parts[1])) {
                state.held[id] = holder
            }
        }
        for row in rows {
            let cells = row.makeRandomAccess()
            let key = DayKey(
                habit: Habit.ID(rawValue: try cells["wanted_habit"].decode(UUID.self)),
                day: Day(ordinal: try cells["wanted_day"].decode(Int.self)))
            if state.habits[key.habit] == nil, let habit = try Self.habit(from: row) { state.habits[key.habit] = habit }
            if let value = try cells["entry_value"].decode(Int64?.self) {
                state.entries[key] = Entry(
                    day: key.day, value: Amount(thousandths: value), isSkipped: try cells["entry_skipped"].decode(Bool.self),
                    note: try cells["entry_note"].decode(String?.self))
            }
        }
        return state
    }

    /// A batch worked out: each check-in's result, and the rows to write.
    private struct WorkedOut {
        var results: [Result<Entry, any Error>] = []
        var changes: [Change] = []
        var changeIDs: [UUID?] = []
        var last: HybridTimestamp?
        /// The days' entries as the batch leaves them, in first-touched order (`isEmpty`: removed).
        var touched: [(DayKey, Entry)] = []
    }

    /// Each check-in on the state the ones before it left (no database access).
    private func workOut(_ batch: [PostgresCheckIn], owner: User.ID, on state: CheckInState) -> WorkedOut {
        let user = owner.rawValue
        var entries = state.entries
        var held = state.held
        var worked = WorkedOut(last: state.last)
        var touchedKeys: [DayKey] = []
        var seen: Set<DayKey> = []
        for checkIn in batch {
            guard let habit = state.habits[checkIn.habit] else {
                worked.results.append(.failure(StoreError.notFound("habit")))
                continue
            }
            let key = DayKey(habit: checkIn.habit, day: checkIn.day)
            let before = entries[key] ?? Entry(day: checkIn.day)
            // A check-in whose operation the log already holds was done before (a request sent again).
            if let operation = checkIn.operation, let holder = held[operation] {
                if holder == user {
                    worked.results.append(.success(before))
                } else {
                    let refusal = Words.$current.withValue(checkIn.words) {
                        t("operation {operation} belongs to another account", ["operation": operation.text()])
                    }
                    worked.results.append(.failure(StoreError.conflict(refusal)))
                }
                continue
            }
            do {
                // All of a check-in's commands are worked out before any of them counts.
                var after = before
                var made: [Change] = []
                for command in checkIn.commands {
                    let tracked = TrackedHabit(habit: habit, entries: after.isEmpty ? [] : [after])
                    guard
                        let change = try Words.$current.withValue(
                            checkIn.words, operation: { try StoreError.enforcing({ try command.change(for: tracked, on: checkIn.day) }) })
                    else { continue }
                    after = after.applying(change)
                    made.append(change)
                }
                worked.results.append(.success(after))
                guard !made.isEmpty else { continue }
                entries[key] = after
                if seen.insert(key).inserted { touchedKeys.append(key) }
                worked.changes += made
                worked.changeIDs += made.indices.map { $0 == 0 ? checkIn.operation : nil }
                if let operation = checkIn.operation { held[operation] = user }
            } catch {
                worked.results.append(.failure(error))
            }
        }
        worked.touched = touchedKeys.map { ($0, entries[$0] ?? Entry(day: $0.day)) }
        return worked
    }

    /// One statement: if the owner's revision is still `revision` (and then bumped), the days'
    /// entries as the batch leaves them (an empty one is removed) and an op row per change, in
    /// order. Answers whether it wrote (`true` also when there was nothing to write).
    private func write(_ worked: WorkedOut, owner: User.ID, revision: Int64, on c: PostgresConnection) async throws -> Bool {
        let changes = worked.changes
        guard !changes.isEmpty else { return true }
        let now = now()
        let ticks = clock.withLock { clock in
            if let last = worked.last { clock.receive(last, now: now) }
            return changes.map { _ in clock.tick(now: now) }
        }
        let ids = zip(ticks, worked.changeIDs).map { tick, given in given ?? UUID.timeOrdered(milliseconds: tick.milliseconds) }
        let written = try await prepared(
            PostgresCheckInStatements.Write(
                owner: owner.rawValue, revision: revision,
                kept: worked.touched.filter { !$0.1.isEmpty }.map { ($0.0.habit.rawValue, $0.0.day.ordinal, $0.1) },
                cleared: worked.touched.filter { $0.1.isEmpty }.map { ($0.0.habit.rawValue, $0.0.day.ordinal) },
                device: device, ids: ids, stamps: ticks.map(\.description), changes: try changes.map { try OpLogJSON.text($0) },
                habitIDs: changes.map { $0.habitID?.description ?? "" },
                entryDays: changes.map { $0.entryDay.map { String($0.ordinal) } ?? "" }),
            on: c)
        return written.first == 1
    }
}
