import Foundation
import TendCore
import TendStore
import Testing

/// The scheduler's batched reads and writes: many owners or finishes in one call, each as if alone.
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
            ReminderContractCase("Batched finishes are each all or nothing: a bad one writes nothing, the others are recorded") { store in
                let (alice, habit) = try await owner(store)
                let hook = try await store.addWebhook(
                    owner: alice.id, url: "https://hooks.example/a", format: .json, accessToken: nil, now: t0)
                let one = firing(habit, at: 0)
                let two = firing(habit, at: 1)
                let three = firing(habit, at: 2)
                try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [one, two, three])
                _ = try await store.claimDueFirings(now: t0 + 2 * minute, limit: 10, claimant: "A", lease: lease)
                let next = firing(habit, at: 24 * 60)
                let sent = SentDelivery(id: DeliveryLogEntry.ID(), target: .webhook(hook.id), result: .sent(latencyMilliseconds: 5))
                let finishes = [
                    FiringFinish(owner: alice.id, firing: one.id, deliveries: [sent], skipped: nil, next: [next]),
                    // The same target twice: this finish fails and writes nothing (its next is not queued).
                    FiringFinish(
                        owner: alice.id, firing: two.id,
                        deliveries: [
                            SentDelivery(id: DeliveryLogEntry.ID(), target: .webhook(hook.id), result: .gone),
                            SentDelivery(id: DeliveryLogEntry.ID(), target: .webhook(hook.id), result: .sent(latencyMilliseconds: 1)),
                        ], skipped: nil, next: [firing(habit, at: 25 * 60)]),
                    FiringFinish(owner: alice.id, firing: three.id, deliveries: [], skipped: .habitDone, next: []),
                    // One finished already in this batch: refused.
                    FiringFinish(owner: alice.id, firing: one.id, deliveries: [], skipped: .habitDone, next: []),
                ]
                let finished = try await store.finishFirings(finishes, claimant: "A", now: t0 + 3 * minute)
                #expect(finished.count == 4)
                #expect((try? finished[0].get()) != nil && (try? finished[2].get()) != nil)
                #expect(storeError(finished[1]).map(isInvalid) == true)
                #expect(storeError(finished[3]).map(isConflict) == true)
                // Two is still A's to finish; one's next is queued, two's is not.
                #expect(try await store.plannedFirings(owner: alice.id).map(\.id) == [two.id, next.id])
                let log = try await store.deliveries(owner: alice.id, limit: 10)
                #expect(log.map(\.status).sorted { $0.rawValue < $1.rawValue } == [.sent, .skipped])
                #expect(log.first { $0.status == .sent }?.id == sent.id)
                try await store.finishFiring(owner: alice.id, two.id, claimant: "A", deliveries: [], skipped: nil, next: [], now: t0)
            },
            ReminderContractCase("A firing's deliveries are recorded with its finish, under their ids; a lost claim records none") {
                store in
                let (alice, habit) = try await owner(store)
                let push = try await store.addPushSubscription(
                    owner: alice.id, endpoint: "https://push.example/a", p256dh: "k", auth: "a", now: t0)
                let hook = try await store.addWebhook(
                    owner: alice.id, url: "https://hooks.example/a", format: .json, accessToken: nil, now: t0)
                let due = firing(habit, at: 0)
                try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [due])
                // Given A claimed the firing, sent it, and died before finishing; B claims it after the lease
                _ = try await store.claimDueFirings(now: t0 + minute, limit: 10, claimant: "A", lease: lease)
                #expect(
                    try await store.claimDueFirings(now: t0 + lease + minute, limit: 10, claimant: "B", lease: lease).map(\.firing) == [due]
                )
                let (pushed, hooked) = (DeliveryLogEntry.ID(), DeliveryLogEntry.ID())
                let sent = [
                    SentDelivery(id: pushed, target: .push(push.id), result: .sent(latencyMilliseconds: 300)),
                    SentDelivery(
                        id: hooked, target: .webhook(hook.id),
                        result: .failed(attempts: 1, nextRetryAt: t0 + lease + 2 * minute, error: "503")),
                ]
                // When A, only slow, finishes with its sends: refused, nothing written
                let late = try await store.finishFirings(
                    [FiringFinish(owner: alice.id, firing: due.id, deliveries: sent, skipped: nil, next: [])], claimant: "A",
                    now: t0 + lease + minute)
                #expect(storeError(late[0]).map(isConflict) == true)
                #expect(try await store.deliveries(owner: alice.id, limit: 10).isEmpty)
                // And B finishes with the same sends (under the same ids: they are the firing's and target's)
                let finished = try await store.finishFirings(
                    [FiringFinish(owner: alice.id, firing: due.id, deliveries: sent, skipped: nil, next: [])], claimant: "B",
                    now: t0 + lease + minute)
                #expect((try? finished[0].get()) != nil)
                // Then the log has one row per target, under its id, with its result
                let log = try await store.deliveries(owner: alice.id, limit: 10)
                #expect(Set(log.map(\.id)) == [pushed, hooked] && log.count == 2)
                let byID = Dictionary(uniqueKeysWithValues: log.map { ($0.id, $0) })
                #expect(byID[pushed]?.status == .sent && byID[pushed]?.latencyMilliseconds == 300 && byID[pushed]?.attempts == 1)
                #expect(
                    byID[pushed]?.firing == due.id && byID[pushed]?.target == .push(push.id) && byID[pushed]?.time == t0 + lease + minute)
                #expect(byID[hooked]?.status == .failed && byID[hooked]?.error == "503" && byID[hooked]?.attempts == 1)
                // And the failed one is retried when due, by whoever claims it
                #expect(
                    try await store.claimDueRetries(now: t0 + lease + 2 * minute, limit: 10, claimant: "R", lease: lease).map(\.id) == [
                        hooked
                    ])
            },
        ]
    }
}
