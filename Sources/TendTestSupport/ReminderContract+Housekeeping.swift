import Foundation
import TendCore
import TendStore
import Testing

/// Retries of failed deliveries, pruning, the calendar feed's generation and the snooze length.
extension ReminderContract {
    /// Queues `rang` (of the owner's habit), has "A" claim it and finish it at `finishedAt` with
    /// `results`, one per target in order; returns the deliveries.
    static func deliver(
        _ store: any RemindingStore, _ owner: User.ID, _ rang: ReminderFiring, to targets: [DeliveryDestination],
        _ results: [DeliveryOutcome], finishedAt: Date
    ) async throws -> [DeliveryLogEntry.ID] {
        try await store.replacePlannedFirings(owner: owner, habit: rang.habit, [rang])
        _ = try await store.claimDueFirings(now: rang.firesAt, limit: 100, claimant: "A", lease: lease)
        let deliveries = zip(targets, results).map { SentDelivery(id: DeliveryLogEntry.ID(), target: $0, result: $1) }
        try await store.finishFiring(owner: owner, rang.id, claimant: "A", deliveries: deliveries, skipped: nil, next: [], now: finishedAt)
        return deliveries.map(\.id)
    }

    /// The owner's webhooks, one per index.
    static func webhooks(_ store: any RemindingStore, _ owner: User.ID, count: Int) async throws -> [DeliveryDestination] {
        var targets: [DeliveryDestination] = []
        for index in 0..<count {
            let hook = try await store.addWebhook(
                owner: owner, url: "https://hooks.example/\(index)", format: .json, accessToken: nil, now: t0)
            targets.append(.webhook(hook.id))
        }
        return targets
    }

    static func status(_ store: any RemindingStore, _ owner: User.ID, _ delivery: DeliveryLogEntry.ID) async throws -> DeliveryStatus? {
        try await store.deliveries(owner: owner, limit: 100).first { $0.id == delivery }?.status
    }

    static let housekeepingCases: [ReminderContractCase] = [
        ReminderContractCase("Failed deliveries are claimed for retry when due, earliest first, by one claimant at a time") { store in
            // Given a firing whose first delivery failed with a retry in a minute, the second in ten; the third was sent
            let (alice, habit) = try await owner(store)
            let targets = try await webhooks(store, alice.id, count: 3)
            let rang = firing(habit, at: 0)
            let ids = try await deliver(
                store, alice.id, rang, to: targets,
                [
                    .failed(attempts: 1, nextRetryAt: t0 + 60, error: "503"), .failed(attempts: 2, nextRetryAt: t0 + 600, error: "timeout"),
                    .sent(latencyMilliseconds: 80),
                ], finishedAt: t0 + 1)
            // Then nothing is claimed before the first retry is due
            #expect(try await store.claimDueRetries(now: t0 + 59, limit: 10, claimant: "R0", lease: lease).isEmpty)
            // When it is due, R1 holds it, with the attempts made so far, and nobody else gets it
            let first = try await store.claimDueRetries(now: t0 + 60, limit: 10, claimant: "R1", lease: lease)
            #expect(first == [ClaimedDelivery(owner: alice.id, id: ids[0], firing: rang, target: targets[0], attempts: 1, claimant: "R1")])
            #expect(try await store.claimDueRetries(now: t0 + 60, limit: 10, claimant: "R2", lease: lease).isEmpty)
            #expect(try await status(store, alice.id, ids[0]) == .sending)
            // When R1's retry fails again, and later both are due: the earliest retry first, as many as asked
            try await store.recordDelivery(
                owner: alice.id, ids[0], claimant: "R1", result: .failed(attempts: 2, nextRetryAt: t0 + 120, error: "503"), now: t0 + 61)
            #expect(try await store.claimDueRetries(now: t0 + 600, limit: 1, claimant: "R3", lease: lease).map(\.id) == [ids[0]])
            let second = try await store.claimDueRetries(now: t0 + 600, limit: 10, claimant: "R4", lease: lease)
            #expect(second.map(\.id) == [ids[1]] && second.map(\.attempts) == [2])
            // Then only a retry's claimant records its result
            await expectStoreError("not R3's", isConflict) {
                try await store.recordDelivery(owner: alice.id, ids[1], claimant: "R3", result: .gone, now: t0 + 601)
            }
            try await store.recordDelivery(owner: alice.id, ids[1], claimant: "R4", result: .sent(latencyMilliseconds: 50), now: t0 + 601)
            #expect(try await status(store, alice.id, ids[1]) == .sent)
            #expect(try await status(store, alice.id, ids[2]) == .sent)
        },
        ReminderContractCase("A retry whose sender died is claimed again after the lease, under its id") { store in
            // Given R1 claimed a retry and died before recording it
            let (alice, habit) = try await owner(store)
            let targets = try await webhooks(store, alice.id, count: 1)
            let rang = firing(habit, at: 0)
            let ids = try await deliver(
                store, alice.id, rang, to: targets, [.failed(attempts: 1, nextRetryAt: t0 + 60, error: "503")], finishedAt: t0 + 1)
            #expect(try await store.claimDueRetries(now: t0 + 60, limit: 10, claimant: "R1", lease: lease).count == 1)
            // And B is still sending a firing it has not finished
            let open = firing(habit, at: 1)
            try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [open])
            _ = try await store.claimDueFirings(now: t0 + 60, limit: 10, claimant: "B", lease: lease)
            // Then until the lease is over the retry is R1's
            #expect(try await store.claimDueRetries(now: t0 + 60 + lease - 1, limit: 10, claimant: "R2", lease: lease).isEmpty)
            // After it, R2 gets it, with the same id and the attempts recorded before
            #expect(
                try await store.claimDueRetries(now: t0 + 60 + lease, limit: 10, claimant: "R2", lease: lease)
                    == [ClaimedDelivery(owner: alice.id, id: ids[0], firing: rang, target: targets[0], attempts: 1, claimant: "R2")])
            // And R1, if it was only slow, can no longer record it; R2 does
            await expectStoreError("R1 lost it", isConflict) {
                try await store.recordDelivery(owner: alice.id, ids[0], claimant: "R1", result: .gone, now: t0 + 60 + lease)
            }
            try await store.recordDelivery(
                owner: alice.id, ids[0], claimant: "R2", result: .sent(latencyMilliseconds: 1), now: t0 + 60 + lease)
            #expect(try await status(store, alice.id, ids[0]) == .sent)
            // B's firing, which B still holds, is no retry: it is left to B (or to the firing's next claimant)
            #expect(try await store.claimDueRetries(now: t0 + 86_400, limit: 10, claimant: "R3", lease: lease).isEmpty)
            #expect(try await store.plannedFirings(owner: alice.id) == [open])
        },
        ReminderContractCase("Claimants retrying at once get disjoint sets that cover every due failed delivery") { store in
            // Given 24 firings whose delivery failed, all due for retry
            let (alice, habit) = try await owner(store)
            let targets = try await webhooks(store, alice.id, count: 1)
            var failed: Set<DeliveryLogEntry.ID> = []
            for index in 0..<24 {
                let ids = try await deliver(
                    store, alice.id, firing(habit, at: -index), to: targets, [.failed(attempts: 1, nextRetryAt: t0, error: "503")],
                    finishedAt: t0)
                failed.formUnion(ids)
            }
            // When four claimants take batches of five at once until nothing is left
            let claims = try await withThrowingTaskGroup(of: [DeliveryLogEntry.ID].self) { group in
                for worker in 0..<4 {
                    group.addTask {
                        var mine: [DeliveryLogEntry.ID] = []
                        while true {
                            let batch = try await store.claimDueRetries(now: t0 + 60, limit: 5, claimant: "R\(worker)", lease: lease)
                            if batch.isEmpty { return mine }
                            #expect(batch.allSatisfy { $0.claimant == "R\(worker)" && $0.owner == alice.id })
                            mine += batch.map(\.id)
                        }
                    }
                }
                return try await group.reduce(into: [[DeliveryLogEntry.ID]]()) { $0.append($1) }
            }
            // Then each was claimed exactly once
            let all = claims.flatMap { $0 }
            #expect(all.count == 24 && Set(all) == failed)
        },
        ReminderContractCase("Pruning deletes every owner's firings finished before the cutoff, with their deliveries") { store in
            let (alice, habit) = try await owner(store)
            let (bob, bobsHabit) = try await owner(store, "bob")
            let targets = try await webhooks(store, alice.id, count: 1)
            // Given Alice's firing delivered and finished at t0+10, Bob's skipped at t0+5, Alice's skipped at t0+20, one open
            let old = firing(habit, at: 0)
            let oldDeliveries = try await deliver(store, alice.id, old, to: targets, [.sent(latencyMilliseconds: 5)], finishedAt: t0 + 10)
            let recent = firing(habit, at: 1)
            let bobsOld = firing(bobsHabit, at: 0)
            let open = firing(habit, at: 60)
            try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [recent, open])
            try await store.replacePlannedFirings(owner: bob.id, habit: bobsHabit.id, [bobsOld])
            _ = try await store.claimDueFirings(now: t0 + minute, limit: 10, claimant: "A", lease: lease)
            try await store.finishFiring(owner: bob.id, bobsOld.id, claimant: "A", deliveries: [], skipped: .notDue, next: [], now: t0 + 5)
            try await store.finishFiring(
                owner: alice.id, recent.id, claimant: "A", deliveries: [], skipped: .missed, next: [], now: t0 + 20)
            // Then a cutoff at the instant one finished keeps it; a later cutoff takes both owners' older firings
            #expect(try await store.pruneReminderHistory(before: t0 + 5) == 0)
            #expect(try await store.pruneReminderHistory(before: t0 + 15) == 2)
            #expect(try await store.pruneReminderHistory(before: t0 + 15) == 0)
            // And their log lines went with them; the newer and the open firing stay
            #expect(try await store.deliveries(owner: alice.id, limit: 10).map(\.firing) == [recent.id])
            #expect(try await status(store, alice.id, oldDeliveries[0]) == nil)
            #expect(try await store.deliveries(owner: bob.id, limit: 10).isEmpty)
            await expectStoreError("a pruned firing", isNotFound) { _ = try await store.firing(owner: alice.id, id: old.id) }
            #expect(try await store.firing(owner: alice.id, id: recent.id) == recent)
            #expect(try await store.plannedFirings(owner: alice.id) == [open])
        },
        ReminderContractCase("A calendar feed starts at generation 0; rotating moves its owner's on by one") { store in
            let (alice, _) = try await owner(store)
            let (bob, _) = try await owner(store, "bob")
            #expect(try await store.calendarFeedGeneration(owner: alice.id) == 0)
            #expect(try await store.rotateCalendarFeed(owner: alice.id) == 1)
            #expect(try await store.rotateCalendarFeed(owner: alice.id) == 2)
            #expect(try await store.calendarFeedGeneration(owner: alice.id) == 2)
            #expect(try await store.calendarFeedGeneration(owner: bob.id) == 0)
            await expectStoreError("unknown owner's generation", isNotFound) {
                _ = try await store.calendarFeedGeneration(owner: User.ID())
            }
            await expectStoreError("unknown owner's rotation", isNotFound) { _ = try await store.rotateCalendarFeed(owner: User.ID()) }
        },
        ReminderContractCase("A user's snooze minutes are stored at creation and by a settings change, and seen by the planner") { store in
            let plain = try await store.createUser(username: "plain", settings: UserSettings())
            #expect(try await store.user(id: plain.id).settings.snoozeMinutes == UserSettings.defaultSnoozeMinutes)
            // Given Alice, created with 25 minutes
            let settings = UserSettings(timeZone: "Europe/Berlin", dayStartHour: 4, locale: "de_DE", snoozeMinutes: 25)
            let alice = try await store.createUser(username: "alice", settings: settings)
            #expect(try await store.user(id: alice.id).settings == settings)
            #expect(try await store.user(named: "alice")?.settings.snoozeMinutes == 25)
            // When she changes it to the longest
            var longest = settings
            longest.snoozeMinutes = 240
            #expect(try await store.updateSettings(owner: alice.id, longest).settings == longest)
            #expect(try await store.user(id: alice.id).settings == longest)
            #expect(try await store.exportState(owner: alice.id).settings == longest)
            // Then the planner is given it
            let seen = Recorded<Int?>(nil)
            #expect(
                try await store.planReminders(now: t0, limit: 10) { user, _ in
                    seen.set(user.settings.snoozeMinutes)
                    return []
                } == [alice.id])
            #expect(seen.value == 240)
            // And out of range is refused, changing nothing
            for minutes in [0, 241] {
                var wrong = settings
                wrong.snoozeMinutes = minutes
                await expectStoreError("\(minutes) minutes", isInvalid) { _ = try await store.updateSettings(owner: alice.id, wrong) }
                await expectStoreError("created with \(minutes) minutes", isInvalid) {
                    _ = try await store.createUser(username: "wrong\(minutes)", settings: wrong)
                }
            }
            #expect(try await store.user(id: alice.id).settings == longest)
        },
    ]
}
