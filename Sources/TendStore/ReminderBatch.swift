import Foundation
import TendCore

/// How both SQL stores judge a batch of the scheduler's begins and finishes: the batch's rows are
/// read first (on PostgreSQL locked `FOR UPDATE`; SQLite's write transaction holds the whole file),
/// each item is judged in Swift against those rows and what the items before it did, and only the
/// items that pass are written, together, in a few statements (docs/performance.md, "Reminders").
enum ReminderBatch {
    /// A firing's row as the batch found it.
    struct LockedFiring {
        let owner: UUID
        let habit: UUID
        let holder: String?
        var finished: Bool
    }

    /// A delivery's row as the batch found it, and as the batch leaves it.
    struct LockedDelivery {
        let owner: UUID
        let firing: UUID
        let holder: String
        var status: String
        var record: DeliveryResult.Record
    }

    /// The habit of the owner's unfinished firing that `claimant` holds, from the batch's rows;
    /// `.conflict` when another holds it or it is finished.
    static func held(
        _ firing: ReminderFiring.ID, owner: User.ID, claimant: String, in locked: [UUID: LockedFiring]
    ) throws -> Habit.ID {
        guard let row = locked[firing.rawValue], row.owner == owner.rawValue else { throw StoreError.notFound("firing") }
        guard row.holder == claimant, !row.finished else { throw ReminderRules.claimLost }
        return Habit.ID(rawValue: row.habit)
    }

    /// The delivery's row after recording `result`, by the rules a single recording follows
    /// (``ReminderStore/recordDelivery(owner:_:claimant:result:now:)``, a retry's result).
    static func recorded(
        _ row: LockedDelivery?, owner: User.ID, firing: ReminderFiring.ID, claimant: String, result: DeliveryResult
    ) throws -> LockedDelivery {
        guard var row, row.owner == owner.rawValue, row.firing == firing.rawValue else { throw StoreError.notFound("delivery") }
        guard row.holder == claimant, let status = DeliveryStatus(rawValue: row.status), ReminderRules.recordable.contains(status) else {
            throw ReminderRules.notRecordable
        }
        row.status = result.status.rawValue
        row.record = result.applied(to: row.record)
        return row
    }

    /// What a batch of finishes comes to, judged against the batch's rows: each finish's answer in
    /// its place, and what the stores write for those that passed.
    struct JudgedFinishes {
        var results: [Result<Void, any Error>] = []
        /// The firings to mark finished, with why they were skipped.
        var finished: [(firing: UUID, skip: String?)] = []
        /// The follow-up firings to queue, with their owner.
        var next: [(firing: ReminderFiring, owner: UUID)] = []
        /// The deliveries whose results change, as they are after the batch.
        var changed: [(id: UUID, row: LockedDelivery)] = []
    }

    /// Judges `finishes` in order, each as if alone after the ones before it: one that fails (its
    /// claim lost, a delivery not its own, a follow-up of another habit) changes nothing.
    static func judge(
        _ finishes: [FiringFinish], claimant: String, firings: [UUID: LockedFiring], deliveries: [UUID: LockedDelivery]
    ) -> JudgedFinishes {
        var firings = firings
        var deliveries = deliveries
        var judged = JudgedFinishes()
        var recorded = Set<UUID>()
        for finish in finishes {
            do {
                let habit = try held(finish.firing, owner: finish.owner, claimant: claimant, in: firings)
                try ReminderRules.checkBelong(finish.next, to: habit)
                var after = deliveries
                for (id, result) in finish.deliveries {
                    after[id.rawValue] = try Self.recorded(
                        after[id.rawValue], owner: finish.owner, firing: finish.firing, claimant: claimant, result: result)
                }
                deliveries = after
                recorded.formUnion(finish.deliveries.keys.map(\.rawValue))
                firings[finish.firing.rawValue]?.finished = true
                judged.finished.append((finish.firing.rawValue, finish.skipped?.rawValue))
                judged.next.append(contentsOf: finish.next.map { ($0, finish.owner.rawValue) })
                judged.results.append(.success(()))
            } catch {
                judged.results.append(.failure(error))
            }
        }
        judged.changed = recorded.compactMap { id in deliveries[id].map { (id, $0) } }
        return judged
    }

    /// A delivery's place: one row per firing, channel and target.
    struct DeliveryKey: Hashable {
        let firing: UUID
        let channel: String
        let target: UUID
    }

    /// What a batch of begins comes to before anything is written: each begin's answer in its
    /// place (a failure, or `nil` until a row is made or taken over), and the new rows to insert.
    struct JudgedStarts {
        var results: [Result<DeliveryLogEntry.ID?, any Error>]
        var fresh: [(index: Int, id: DeliveryLogEntry.ID, key: DeliveryKey, owner: UUID)] = []

        /// Answers the fresh rows the insert made (`made`, their ids) with their id; returns the
        /// others, whose row existed already (sent, tried, or left `sending` by another claimant).
        mutating func answer(made: Set<UUID>) -> [(index: Int, key: DeliveryKey)] {
            var existing: [(index: Int, key: DeliveryKey)] = []
            for item in fresh {
                if made.contains(item.id.rawValue) {
                    results[item.index] = .success(item.id)
                } else {
                    existing.append((item.index, item.key))
                }
            }
            return existing
        }
    }

    /// Judges `starts` against the batch's firings: one whose firing `claimant` does not hold
    /// fails alone; the same delivery twice is begun by the first (nothing to send again).
    static func judge(_ starts: [DeliveryStart], claimant: String, firings: [UUID: LockedFiring], now: Date) -> JudgedStarts {
        var judged = JudgedStarts(results: Array(repeating: .success(nil), count: starts.count))
        var seen = Set<DeliveryKey>()
        for (index, start) in starts.enumerated() {
            do {
                _ = try held(start.firing, owner: start.owner, claimant: claimant, in: firings)
            } catch {
                judged.results[index] = .failure(error)
                continue
            }
            let key = DeliveryKey(firing: start.firing.rawValue, channel: start.target.channel, target: start.target.id)
            guard seen.insert(key).inserted else { continue }
            judged.fresh.append((index, DeliveryLogEntry.ID(ordered: now), key, start.owner.rawValue))
        }
        return judged
    }
}
