import Foundation
import TendCore
import TendStore
import Testing

/// The scheduler's batched writes: many begins or finishes in one call, each as if alone.
extension ReminderContract {
    static func storeError(_ result: Result<some Any, any Error>) -> StoreError? {
        if case .failure(let error) = result { return error as? StoreError }
        return nil
    }

    static var batchCases: [ReminderContractCase] {
        [
            ReminderContractCase("Batched begins answer each in its place; one not held fails alone") { store in
                let (alice, habit) = try await owner(store)
                let (bob, bobsHabit) = try await owner(store, "bob")
                let hook = try await store.addWebhook(
                    owner: alice.id, url: "https://hooks.example/a", format: .json, accessToken: nil, now: t0)
                let bobsHook = try await store.addWebhook(
                    owner: bob.id, url: "https://hooks.example/b", format: .json, accessToken: nil, now: t0)
                let due = firing(habit, at: 0)
                let bobsDue = firing(bobsHabit, at: 0)
                let later = firing(habit, at: 60)
                try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [due, later])
                try await store.replacePlannedFirings(owner: bob.id, habit: bobsHabit.id, [bobsDue])
                _ = try await store.claimDueFirings(now: t0, limit: 10, claimant: "A", lease: lease)
                let starts = [
                    DeliveryStart(owner: alice.id, firing: due.id, target: .webhook(hook.id)),
                    // Not claimed (not due yet): refused, alone.
                    DeliveryStart(owner: alice.id, firing: later.id, target: .webhook(hook.id)),
                    DeliveryStart(owner: bob.id, firing: bobsDue.id, target: .webhook(bobsHook.id)),
                    // Begun already, in this same batch: nothing to send again.
                    DeliveryStart(owner: alice.id, firing: due.id, target: .webhook(hook.id)),
                ]
                let begun = try await store.beginDeliveries(starts, claimant: "A", now: t0)
                #expect(begun.count == 4)
                let first = try #require(try begun[0].get())
                #expect(storeError(begun[1]).map(isConflict) == true)
                #expect(try begun[2].get() != nil)
                #expect(try begun[3].get() == nil)
                #expect(try await store.deliveries(owner: alice.id, limit: 10).map(\.id) == [first])
            },
            ReminderContractCase("Batched finishes are each all or nothing: a bad one writes nothing, the others are recorded") { store in
                let (alice, habit) = try await owner(store)
                let hook = try await store.addWebhook(
                    owner: alice.id, url: "https://hooks.example/a", format: .json, accessToken: nil, now: t0)
                let one = firing(habit, at: 0)
                let two = firing(habit, at: 1)
                let three = firing(habit, at: 2)
                try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [one, two, three])
                _ = try await store.claimDueFirings(now: t0 + 2 * minute, limit: 10, claimant: "A", lease: lease)
                let delivery = try #require(
                    try await store.beginDelivery(owner: alice.id, firing: one.id, target: .webhook(hook.id), claimant: "A", now: t0))
                let next = firing(habit, at: 24 * 60)
                let finishes = [
                    FiringFinish(
                        owner: alice.id, firing: one.id, deliveries: [delivery: .sent(latencyMilliseconds: 5)], skipped: nil, next: [next]),
                    // An unknown delivery: this finish fails and writes nothing (its next is not queued).
                    FiringFinish(
                        owner: alice.id, firing: two.id, deliveries: [DeliveryLogEntry.ID(): .gone], skipped: nil,
                        next: [firing(habit, at: 25 * 60)]),
                    FiringFinish(owner: alice.id, firing: three.id, deliveries: [:], skipped: .habitDone, next: []),
                ]
                let finished = try await store.finishFirings(finishes, claimant: "A", now: t0 + 3 * minute)
                #expect(finished.count == 3)
                #expect((try? finished[0].get()) != nil && (try? finished[2].get()) != nil)
                #expect(storeError(finished[1]).map(isNotFound) == true)
                // Two is still A's to finish; one's next is queued, two's is not.
                #expect(try await store.plannedFirings(owner: alice.id).map(\.id) == [two.id, next.id])
                let log = try await store.deliveries(owner: alice.id, limit: 10)
                #expect(Set(log.map(\.status)) == [.sent, .skipped])
                try await store.finishFiring(owner: alice.id, two.id, claimant: "A", deliveries: [:], skipped: nil, next: [], now: t0)
            },
        ]
    }
}
