import Foundation
import TendCore

/// How both SQL stores judge a batch of the scheduler's finishes: the batch's firings are
/// read first (on PostgreSQL locked `FOR UPDATE`; SQLite's write transaction holds the whole file),
/// each item is judged in Swift against those rows and what the items before it did, and only the
/// items that pass are written, together, in a few statements (docs/performance.md, "Reminder minute").
package enum ReminderBatch {
    /// A firing's row as the batch found it.
    package struct LockedFiring {
        let owner: UUID
        let habit: UUID
        let holder: String?
        package var finished: Bool

        package init(owner: UUID, habit: UUID, holder: String?, finished: Bool) {
            self.owner = owner
            self.habit = habit
            self.holder = holder
            self.finished = finished
        }
    }

    /// The habit of the owner's unfinished firing that `claimant` holds, from the batch's rows;
    /// `.conflict` when another holds it or it is finished.
    package static func held(
        _ firing: ReminderFiring.ID, owner: User.ID, claimant: String, in locked: [UUID: LockedFiring]
    ) throws -> Habit.ID {
        guard let row = locked[firing.rawValue], row.owner == owner.rawValue else { throw StoreError.notFound("firing") }
        guard row.holder == claimant, !row.finished else { throw ReminderRules.claimLost }
        return Habit.ID(rawValue: row.habit)
    }

    /// What a batch of finishes comes to, judged against the batch's rows: each finish's answer in
    /// its place, and what the stores write for those that passed.
    package struct JudgedFinishes {
        package var results: [Result<Void, any Error>] = []
        /// The firings to mark finished, with why they were skipped.
        package var finished: [(firing: UUID, skip: String?)] = []
        /// The follow-up firings to queue, with their owner.
        package var next: [(firing: ReminderFiring, owner: UUID)] = []
        /// The deliveries to record, with the row each comes to.
        package var deliveries: [(owner: UUID, firing: UUID, delivery: SentDelivery, status: String, record: DeliveryOutcome.Record)] = []
    }

    /// Judges `finishes` in order, each as if alone after the ones before it: one that fails (its
    /// claim lost, a follow-up of another habit, a target twice) changes nothing.
    package static func judge(_ finishes: [FiringFinish], claimant: String, firings: [UUID: LockedFiring]) -> JudgedFinishes {
        var firings = firings
        var judged = JudgedFinishes()
        for finish in finishes {
            do {
                let habit = try held(finish.firing, owner: finish.owner, claimant: claimant, in: firings)
                try ReminderRules.checkBelong(finish.next, to: habit)
                try ReminderRules.checkDistinctTargets(finish.deliveries)
                firings[finish.firing.rawValue]?.finished = true
                judged.finished.append((finish.firing.rawValue, finish.skipped?.rawValue))
                judged.next.append(contentsOf: finish.next.map { ($0, finish.owner.rawValue) })
                for delivery in finish.deliveries {
                    judged.deliveries.append(
                        (
                            finish.owner.rawValue, finish.firing.rawValue, delivery, delivery.result.status.rawValue,
                            delivery.record
                        ))
                }
                judged.results.append(.success(()))
            } catch {
                judged.results.append(.failure(error))
            }
        }
        return judged
    }
}
