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
            ReminderContractCase("Owners' contexts read together equal each owner's own reads, in the same order") { store in
                // Given owners with habits made before and inside the window, archived or not,
                // ordered by hand and by name, entries in and out of the window, and targets
                let today = Fixtures.day("2025-06-15")
                var owners: [User.ID: HistoryWindow] = [:]
                for name in ["alice", "bob", "carol"] {
                    let user = try await store.createUser(username: name, settings: UserSettings(timeZone: "Pacific/Kiritimati"))
                    var habits: [Habit] = []
                    for (index, habitName) in ["Zen", "Éclair", "Apple", "run"].enumerated() {
                        let created = index == 1 ? today.adding(days: -3) : Fixtures.day("2024-01-01")
                        habits.append(
                            try await store.createHabit(
                                owner: user.id,
                                Habit(
                                    name: habitName, schedule: index == 2 ? .timesInDays(times: 2, days: 90) : .daily,
                                    reminders: [Reminder(time: try TimeOfDay(hour: 8 + index), message: "Now \"\(habitName)\"")],
                                    isArchived: index == 3, order: index == 0 ? 0 : 1, createdOn: created)))
                    }
                    var changes: [Change] = []
                    for habit in habits {
                        for offset in stride(from: -200, through: 0, by: 7) {
                            changes.append(.entrySet(habit: habit.id, day: today.adding(days: offset), value: 1))
                        }
                    }
                    try await store.applyChanges(owner: user.id, changes)
                    if name != "carol" {
                        _ = try await store.addWebhook(
                            owner: user.id, url: "https://hooks.example/\(name)", format: .json, accessToken: nil, now: t0)
                        _ = try await store.addPushSubscription(
                            owner: user.id, endpoint: "https://push.example/\(name)/2", p256dh: "k", auth: "a", now: t0 + minute)
                        _ = try await store.addPushSubscription(
                            owner: user.id, endpoint: "https://push.example/\(name)/1", p256dh: "k", auth: "a", now: t0)
                    }
                    owners[user.id] = HistoryWindow(
                        from: today.adding(days: name == "bob" ? -1 : 0), through: today, today: today)
                }
                // And an owner who no longer exists
                owners[User.ID()] = HistoryWindow(from: today, through: today, today: today)

                // When their contexts are read together
                let contexts = try await store.reminderContexts(owners)

                // Then the deleted owner is left out, and each other is exactly their own reads
                #expect(contexts.count == 3)
                for (owner, context) in contexts {
                    let window = try #require(owners[owner])
                    #expect(context.user == (try await store.user(id: owner)))
                    #expect(context.habits == (try await store.trackedHabits(owner: owner, includeArchived: true, window: window)))
                    #expect(context.habits.count == 4)
                    #expect(context.pushSubscriptions == (try await store.pushSubscriptions(owner: owner)))
                    #expect(context.webhooks == (try await store.webhooks(owner: owner)))
                }
                #expect(try await store.reminderContexts([:]).isEmpty)
            },
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
