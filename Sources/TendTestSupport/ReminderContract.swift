import Foundation
import TendCore
import TendStore
import Testing

/// A store that holds the users' data and what reminder delivery keeps, as every Tend store does.
public typealias RemindingStore = TendStore & ReminderStore

/// One check of this contract (see ``ContractCase``).
public typealias ReminderContractCase = ContractCase<any RemindingStore>

/// The one ``ReminderStore`` contract every store passes: in memory, SQLite and PostgreSQL.
///
/// Times are whole seconds from a fixed instant, so they read back equal from every database,
/// and every `now` is passed in.
public enum ReminderContract {
    static let t0 = Date(timeIntervalSince1970: 1_750_000_000)
    static let minute: TimeInterval = 60
    static let lease: TimeInterval = 5 * 60
    static let isNotFound = StoreContract.isNotFound
    static let isConflict = StoreContract.isConflict
    static let isInvalid = StoreContract.isInvalid

    static func expectStoreError(
        _ what: String, _ matches: (StoreError) -> Bool, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async {
        await StoreContract.expectStoreError(what, matches, sourceLocation: sourceLocation, body)
    }

    /// A user with a daily habit that has an 08:00 reminder.
    static func owner(_ store: any RemindingStore, _ name: String = "alice") async throws -> (User, Habit) {
        let user = try await store.createUser(username: name, settings: UserSettings())
        let habit = try await store.createHabit(
            owner: user.id,
            Habit(name: "Read", reminders: [Reminder(time: try TimeOfDay(hour: 8))], createdOn: Fixtures.day("2025-01-01")))
        return (user, habit)
    }

    /// A scheduled firing of the habit's reminder, `minutes` after t0.
    static func firing(_ habit: Habit, at minutes: Int, kind: ReminderFiring.Kind = .scheduled) -> ReminderFiring {
        ReminderFiring(
            habit: habit.id, reminder: habit.reminders[0].id, day: Fixtures.day("2025-06-15"),
            firesAt: t0 + TimeInterval(minutes) * minute, kind: kind)
    }

    public static var cases: [ReminderContractCase] { deliveryCases + planningCases + housekeepingCases + batchCases }

    static let deliveryCases: [ReminderContractCase] = [
        ReminderContractCase("Push subscriptions: one per endpoint, re-subscribing updates the keys, scoped by owner") { store in
            let (alice, _) = try await owner(store)
            let (bob, _) = try await owner(store, "bob")
            // Given a subscription of Alice's
            let first = try await store.addPushSubscription(
                owner: alice.id, endpoint: "https://push.example/a", p256dh: "key-1", auth: "auth-1", now: t0)
            #expect(first.owner == alice.id && first.createdAt == t0 && first.p256dh == "key-1")
            // When the same browser subscribes again with new keys
            let again = try await store.addPushSubscription(
                owner: alice.id, endpoint: "https://push.example/a", p256dh: "key-2", auth: "auth-2", now: t0 + minute)
            // Then it is the same subscription, with the new keys
            #expect(again.id == first.id && again.createdAt == t0 && again.p256dh == "key-2" && again.auth == "auth-2")
            #expect(try await store.pushSubscriptions(owner: alice.id) == [again])
            // And the same endpoint for Bob is his own subscription
            let bobs = try await store.addPushSubscription(
                owner: bob.id, endpoint: "https://push.example/a", p256dh: "k", auth: "a", now: t0)
            #expect(bobs.id != first.id)
            #expect(try await store.pushSubscriptions(owner: bob.id) == [bobs])
            // Bob cannot delete Alice's: not found, and it stays
            await expectStoreError("another owner's subscription", isNotFound) {
                try await store.deletePushSubscription(owner: bob.id, id: first.id)
            }
            #expect(try await store.pushSubscriptions(owner: alice.id).count == 1)
            await expectStoreError("no keys", isInvalid) {
                _ = try await store.addPushSubscription(owner: alice.id, endpoint: "https://push.example/b", p256dh: "", auth: "a", now: t0)
            }
            await expectStoreError("unknown owner", isNotFound) {
                _ = try await store.addPushSubscription(
                    owner: User.ID(), endpoint: "https://push.example/c", p256dh: "k", auth: "a", now: t0)
            }
            try await store.deletePushSubscription(owner: alice.id, id: first.id)
            #expect(try await store.pushSubscriptions(owner: alice.id).isEmpty)
            await expectStoreError("deleted twice", isNotFound) {
                try await store.deletePushSubscription(owner: alice.id, id: first.id)
            }
        },
        ReminderContractCase("Webhooks: added with their format and token, listed oldest first, scoped by owner") { store in
            let (alice, _) = try await owner(store)
            let (bob, _) = try await owner(store, "bob")
            let ntfy = try await store.addWebhook(
                owner: alice.id, url: "https://ntfy.example/tend", format: .ntfy, accessToken: "tk_1", now: t0)
            let json = try await store.addWebhook(
                owner: alice.id, url: "https://hooks.example/x", format: .json, accessToken: nil, now: t0 + minute)
            #expect(try await store.webhooks(owner: alice.id) == [ntfy, json])
            #expect(ntfy.format == .ntfy && ntfy.accessToken == "tk_1" && json.accessToken == nil)
            #expect(try await store.webhooks(owner: bob.id).isEmpty)
            await expectStoreError("another owner's webhook", isNotFound) { try await store.deleteWebhook(owner: bob.id, id: ntfy.id) }
            await expectStoreError("no URL", isInvalid) {
                _ = try await store.addWebhook(owner: alice.id, url: "", format: .json, accessToken: nil, now: t0)
            }
            try await store.deleteWebhook(owner: alice.id, id: ntfy.id)
            #expect(try await store.webhooks(owner: alice.id) == [json])
        },
        ReminderContractCase("An account has at most 20 push subscriptions and 10 webhooks; the next is refused and nothing is added") {
            store in
            let (alice, _) = try await owner(store)
            let (bob, _) = try await owner(store, "bob")
            // Given as many of each as an account may have
            for n in 0..<ReminderRules.maximumPushSubscriptions {
                _ = try await store.addPushSubscription(
                    owner: alice.id, endpoint: "https://push.example/\(n)", p256dh: "k", auth: "a", now: t0)
            }
            for n in 0..<ReminderRules.maximumWebhooks {
                _ = try await store.addWebhook(owner: alice.id, url: "https://hooks.example/\(n)", format: .json, accessToken: nil, now: t0)
            }
            // When one more of each is added, Then it is refused, and the lists are as they were
            await expectStoreError("the 21st subscription", isInvalid) {
                _ = try await store.addPushSubscription(
                    owner: alice.id, endpoint: "https://push.example/new", p256dh: "k", auth: "a", now: t0)
            }
            await expectStoreError("the 11th webhook", isInvalid) {
                _ = try await store.addWebhook(owner: alice.id, url: "https://hooks.example/new", format: .json, accessToken: nil, now: t0)
            }
            #expect(try await store.pushSubscriptions(owner: alice.id).count == ReminderRules.maximumPushSubscriptions)
            #expect(try await store.webhooks(owner: alice.id).count == ReminderRules.maximumWebhooks)
            // A browser subscribing again adds nothing, so it is not refused
            let again = try await store.addPushSubscription(
                owner: alice.id, endpoint: "https://push.example/0", p256dh: "k2", auth: "a2", now: t0)
            #expect(again.p256dh == "k2")
            // Another account has its own room
            _ = try await store.addWebhook(owner: bob.id, url: "https://hooks.example/bob", format: .json, accessToken: nil, now: t0)
            // Deleting one makes room for one
            try await store.deleteWebhook(owner: alice.id, id: try await store.webhooks(owner: alice.id)[0].id)
            _ = try await store.addWebhook(owner: alice.id, url: "https://hooks.example/new", format: .json, accessToken: nil, now: t0)
        },
        ReminderContractCase("Adding webhooks at once cannot pass the limit") { store in
            let (alice, _) = try await owner(store)
            // When 3 × the limit are added concurrently
            let added = await withTaskGroup(of: Bool.self) { group in
                for n in 0..<(3 * ReminderRules.maximumWebhooks) {
                    group.addTask {
                        (try? await store.addWebhook(
                            owner: alice.id, url: "https://hooks.example/\(n)", format: .json, accessToken: nil, now: t0)) != nil
                    }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            // Then exactly the limit were added
            #expect(added == ReminderRules.maximumWebhooks)
            #expect(try await store.webhooks(owner: alice.id).count == ReminderRules.maximumWebhooks)
        },
        ReminderContractCase("A server secret is created once; later calls read it and do not create another") { store in
            let first = try await store.serverSecret(named: "vapid", create: { "secret-1" })
            let second = try await store.serverSecret(named: "vapid", create: { "secret-2" })
            #expect(first == "secret-1" && second == "secret-1")
            #expect(try await store.serverSecret(named: "other", create: { "x" }) == "x")
        },
        ReminderContractCase("Due firings are claimed earliest first, once, and again only after the lease expires") { store in
            // Given three firings: two due at t0+10 min, one later
            let (alice, habit) = try await owner(store)
            let early = firing(habit, at: 5)
            let due = firing(habit, at: 10)
            let later = firing(habit, at: 60)
            try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [later, due, early])
            #expect(try await store.plannedFirings(owner: alice.id) == [early, due, later])
            let now = t0 + 10 * minute
            // When scheduler A claims one, then B claims what is left
            let a = try await store.claimDueFirings(now: now, limit: 1, claimant: "A", lease: lease)
            let b = try await store.claimDueFirings(now: now, limit: 10, claimant: "B", lease: lease)
            // Then A has the earliest, B the other due one, and the later one is nobody's
            #expect(a.map(\.firing) == [early] && a.first?.owner == alice.id && a.first?.claimExpiresAt == now + lease)
            #expect(b.map(\.firing) == [due])
            #expect(try await store.claimDueFirings(now: now, limit: 10, claimant: "C", lease: lease).isEmpty)
            // When A's lease runs out without A finishing, C may claim it
            let c = try await store.claimDueFirings(now: now + lease, limit: 1, claimant: "C", lease: lease)
            #expect(c.map(\.firing) == [early])
            // Then A can no longer finish it, and C can
            await expectStoreError("the claim was lost", isConflict) {
                try await store.finishFiring(
                    owner: alice.id, early.id, claimant: "A", deliveries: [], skipped: nil, next: [], now: now + lease)
            }
            try await store.finishFiring(
                owner: alice.id, early.id, claimant: "C", deliveries: [], skipped: nil, next: [], now: now + lease)
            // And a finished firing is never claimed again, nor finished twice
            #expect(
                try await store.claimDueFirings(now: now + 12 * lease, limit: 10, claimant: "D", lease: lease).map(\.firing) == [
                    due, later,
                ])
            await expectStoreError("finished twice", isConflict) {
                try await store.finishFiring(
                    owner: alice.id, early.id, claimant: "C", deliveries: [], skipped: nil, next: [], now: now + lease)
            }
            #expect(try await store.plannedFirings(owner: alice.id) == [due, later])
        },
        ReminderContractCase("Firings of one instant are claimed owner by owner, so a pass holds each owner's together") { store in
            // Given three people with three habits each reminded at the same instant, planned in
            // turns so that their firings' ids interleave
            var owners: [(User, [Habit])] = []
            for name in ["ann", "bob", "cy"] {
                let user = try await store.createUser(username: name, settings: UserSettings())
                var habits: [Habit] = []
                for index in 0..<3 {
                    habits.append(
                        try await store.createHabit(
                            owner: user.id,
                            Habit(
                                name: "Habit \(index)", reminders: [Reminder(time: try TimeOfDay(hour: 8))],
                                createdOn: Fixtures.day("2025-01-01"))))
                }
                owners.append((user, habits))
            }
            for index in 0..<3 {
                for (user, habits) in owners {
                    try await store.replacePlannedFirings(owner: user.id, habit: habits[index].id, [firing(habits[index], at: 10)])
                }
            }
            // When three claims of three are made
            var claims: [[ClaimedFiring]] = []
            for claimant in ["A", "B", "C"] {
                claims.append(try await store.claimDueFirings(now: t0 + 10 * minute, limit: 3, claimant: claimant, lease: lease))
            }
            // Then each claim is one person's three firings, and together they are everyone's
            #expect(claims.map(\.count) == [3, 3, 3])
            #expect(claims.allSatisfy { Set($0.map(\.owner)).count == 1 })
            #expect(Set(claims.compactMap(\.first?.owner)) == Set(owners.map(\.0.id)))
            for claim in claims {
                let owned = owners.first { $0.0.id == claim.first?.owner }?.1 ?? []
                #expect(Set(claim.map(\.firing.habit)) == Set(owned.map(\.id)))
            }
        },
        ReminderContractCase("Re-planning replaces the habit's unclaimed scheduled firings, keeps claimed ones, adds no duplicate") {
            store in
            let (alice, habit) = try await owner(store)
            let claimed = firing(habit, at: 0)
            let old = firing(habit, at: 60)
            let snooze = firing(habit, at: 30, kind: .snooze)
            try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [claimed, old])
            _ = try await store.claimDueFirings(now: t0, limit: 10, claimant: "A", lease: lease)
            // A snooze queued by finishing another firing is not scheduled: re-planning keeps it
            let other = firing(habit, at: -5)
            try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [other])
            _ = try await store.claimDueFirings(now: t0, limit: 10, claimant: "A", lease: lease)
            try await store.finishFiring(owner: alice.id, other.id, claimant: "A", deliveries: [], skipped: nil, next: [snooze], now: t0)
            // When the habit is planned again with a new firing and one identical to the claimed one
            let new = firing(habit, at: 120)
            var duplicate = claimed
            duplicate.id = ReminderFiring.ID()
            try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [new, duplicate])
            // Then the claimed firing and the snooze stay, the old one is gone, and no duplicate was added
            #expect(try await store.plannedFirings(owner: alice.id) == [claimed, snooze, new])
            // Firings of another habit, or another owner's habit, are refused
            let (bob, bobsHabit) = try await owner(store, "bob")
            await expectStoreError("a firing of another habit", isInvalid) {
                try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [firing(bobsHabit, at: 5)])
            }
            await expectStoreError("another owner's habit", isNotFound) {
                try await store.replacePlannedFirings(owner: bob.id, habit: habit.id, [new])
            }
            #expect(try await store.plannedFirings(owner: bob.id).isEmpty)
        },
        ReminderContractCase("Finishing records each target's delivery under its id and queues the next; a sent one is not recorded again")
        {
            store in
            let (alice, habit) = try await owner(store)
            let push = try await store.addPushSubscription(
                owner: alice.id, endpoint: "https://push.example/a", p256dh: "k", auth: "a", now: t0)
            let hook = try await store.addWebhook(owner: alice.id, url: "https://hooks.example/x", format: .json, accessToken: nil, now: t0)
            let now = firing(habit, at: 0)
            try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [now])
            _ = try await store.claimDueFirings(now: t0, limit: 10, claimant: "A", lease: lease)
            // When A finishes with the push sent, the webhook's failure and the next day's firing
            let (toPush, toHook) = (DeliveryLogEntry.ID(), DeliveryLogEntry.ID())
            let tomorrow = firing(habit, at: 24 * 60)
            try await store.finishFiring(
                owner: alice.id, now.id, claimant: "A",
                deliveries: [
                    SentDelivery(id: toPush, target: .push(push.id), result: .sent(latencyMilliseconds: 420)),
                    SentDelivery(
                        id: toHook, target: .webhook(hook.id),
                        result: .failed(attempts: 1, nextRetryAt: t0 + 60, error: "503 from hooks.example")),
                ],
                skipped: nil, next: [tomorrow], now: t0 + 2)
            // Then the log has both, with the firing's day and instant
            let log = try await store.deliveries(owner: alice.id, limit: 10)
            let byTarget = Dictionary(uniqueKeysWithValues: log.compactMap { entry in entry.target.map { ($0, entry) } })
            #expect(log.count == 2 && byTarget[.push(push.id)]?.id == toPush && byTarget[.webhook(hook.id)]?.id == toHook)
            let failed = try #require(byTarget[.webhook(hook.id)])
            #expect(failed.status == .failed && failed.error == "503 from hooks.example" && failed.nextRetryAt == t0 + 60)
            #expect(failed.attempts == 1)
            let sent = try #require(byTarget[.push(push.id)])
            #expect(sent.status == .sent && sent.latencyMilliseconds == 420 && sent.attempts == 1 && sent.skipReason == nil)
            #expect(log.allSatisfy { $0.time == t0 + 2 })
            #expect(log.allSatisfy { $0.firing == now.id && $0.habit == habit.id && $0.day == now.day && $0.firesAt == now.firesAt })
            #expect(try await store.plannedFirings(owner: alice.id) == [tomorrow])
            // And a sent delivery cannot be recorded again, nor the firing finished again; another owner's is not found
            await expectStoreError("recorded twice", isConflict) {
                try await store.recordDelivery(owner: alice.id, toPush, claimant: "A", result: .gone, now: t0 + 3)
            }
            await expectStoreError("finished twice", isConflict) {
                try await store.finishFiring(owner: alice.id, now.id, claimant: "A", deliveries: [], skipped: nil, next: [], now: t0 + 3)
            }
            let (bob, _) = try await owner(store, "bob")
            await expectStoreError("another owner's delivery", isNotFound) {
                try await store.recordDelivery(owner: bob.id, toHook, claimant: "A", result: .gone, now: t0 + 3)
            }
            #expect(try await store.deliveries(owner: bob.id, limit: 10).isEmpty)
        },
        ReminderContractCase("A skipped firing is in the log with its reason; the log is newest first and limited") { store in
            let (alice, habit) = try await owner(store)
            let first = firing(habit, at: 0)
            let second = firing(habit, at: 1)
            try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [first, second])
            _ = try await store.claimDueFirings(now: t0 + minute, limit: 10, claimant: "A", lease: lease)
            try await store.finishFiring(
                owner: alice.id, first.id, claimant: "A", deliveries: [], skipped: .habitDone, next: [], now: t0 + 10)
            try await store.finishFiring(
                owner: alice.id, second.id, claimant: "A", deliveries: [], skipped: .missed, next: [], now: t0 + 20)
            let log = try await store.deliveries(owner: alice.id, limit: 10)
            #expect(log.map(\.skipReason) == [.missed, .habitDone])
            #expect(log.map(\.status) == [.skipped, .skipped] && log.allSatisfy { $0.target == nil })
            #expect(log.map(\.time) == [t0 + 20, t0 + 10] && log.map(\.firing) == [second.id, first.id])
            #expect(try await store.deliveries(owner: alice.id, limit: 1).map(\.firing) == [second.id])
        },
        ReminderContractCase("Finishing is all or nothing: a target named twice refuses the whole finish") { store in
            let (alice, habit) = try await owner(store)
            let hook = try await store.addWebhook(owner: alice.id, url: "https://hooks.example/x", format: .json, accessToken: nil, now: t0)
            let due = firing(habit, at: 0)
            try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [due])
            _ = try await store.claimDueFirings(now: t0, limit: 10, claimant: "A", lease: lease)
            let next = firing(habit, at: 24 * 60)
            let twice = [DeliveryOutcome.gone, .sent(latencyMilliseconds: 1)].map {
                SentDelivery(id: DeliveryLogEntry.ID(), target: .webhook(hook.id), result: $0)
            }
            await expectStoreError("a target twice", isInvalid) {
                try await store.finishFiring(owner: alice.id, due.id, claimant: "A", deliveries: twice, skipped: nil, next: [next], now: t0)
            }
            #expect(try await store.deliveries(owner: alice.id, limit: 10).isEmpty)
            // Nothing was written: the firing is still A's to finish, and the next one is not queued
            #expect(try await store.plannedFirings(owner: alice.id) == [due])
            try await store.finishFiring(owner: alice.id, due.id, claimant: "A", deliveries: [], skipped: nil, next: [next], now: t0)
            #expect(try await store.plannedFirings(owner: alice.id) == [next])
        },
        ReminderContractCase("Deleting a habit removes its firings and their log; deleting a user removes all of theirs") { store in
            let (alice, habit) = try await owner(store)
            let (bob, bobsHabit) = try await owner(store, "bob")
            let other = try await store.createHabit(
                owner: alice.id,
                Habit(name: "Run", reminders: [Reminder(time: try TimeOfDay(hour: 7))], createdOn: Fixtures.day("2025-01-01")))
            for (owner, habit) in [(alice, habit), (alice, other), (bob, bobsHabit)] {
                try await store.replacePlannedFirings(owner: owner.id, habit: habit.id, [firing(habit, at: 0), firing(habit, at: 60)])
            }
            _ = try await store.addPushSubscription(owner: alice.id, endpoint: "https://push.example/a", p256dh: "k", auth: "a", now: t0)
            let claimed = try await store.claimDueFirings(now: t0, limit: 10, claimant: "A", lease: lease)
            #expect(claimed.count == 3)
            for claim in claimed {
                try await store.finishFiring(
                    owner: claim.owner, claim.firing.id, claimant: "A", deliveries: [], skipped: .notDue, next: [], now: t0)
            }
            // When Alice deletes the habit
            try await store.deleteHabit(owner: alice.id, id: habit.id)
            // Then its firings and log lines are gone, the other habit's stay
            #expect(try await store.plannedFirings(owner: alice.id).map(\.habit) == [other.id])
            #expect(try await store.deliveries(owner: alice.id, limit: 10).map(\.habit) == [other.id])
            // When Alice is deleted, Bob's firings are untouched and nothing of hers is claimable
            try await store.deleteUser(owner: alice.id)
            #expect(try await store.plannedFirings(owner: bob.id).count == 1)
            #expect(
                try await store.claimDueFirings(now: t0 + 2 * 60 * minute, limit: 10, claimant: "B", lease: lease).map(\.owner) == [bob.id])
            await expectStoreError("a deleted user's targets", isNotFound) { _ = try await store.pushSubscriptions(owner: alice.id) }
        },
    ]
}
