import Foundation
import TendCore
import TendStore
import Testing

/// Planning (which owners are marked, what planning replaces) and answers to a notification.
extension ReminderContract {
    /// The owners one planning pass takes, planning nothing for them.
    static func planned(_ store: any RemindingStore, limit: Int = 10) async throws -> Set<User.ID> {
        Set(try await store.planReminders(now: t0, limit: limit, plan: { _, _ in [] }))
    }

    static let planningCases: [ReminderContractCase] = [
        ReminderContractCase("A habit created or updated, new settings or an import mark the owner for planning; an entry does not") {
            store in
            // Given Alice, who created a habit, and Bob, who has none
            let (alice, habit) = try await owner(store)
            let bob = try await store.createUser(username: "bob", settings: UserSettings())
            // Then only Alice is to be planned, and once planned she is not any more
            #expect(try await planned(store) == [alice.id])
            #expect(try await planned(store).isEmpty)
            // When she checks the habit in and writes a note, she is not marked
            _ = try await store.check(owner: alice.id, habit: habit.id, day: Fixtures.day("2025-06-15"))
            _ = try await store.setNote(owner: alice.id, habit: habit.id, day: Fixtures.day("2025-06-15"), "ten pages")
            #expect(try await planned(store).isEmpty)
            // When she renames the habit, or archives it, she is
            var renamed = habit
            renamed.name = "Read more"
            _ = try await store.updateHabit(owner: alice.id, renamed)
            #expect(try await planned(store) == [alice.id])
            _ = try await store.setArchived(owner: alice.id, habit: habit.id, true)
            #expect(try await planned(store) == [alice.id])
            // When Bob changes his zone, or imports a habit, he is
            _ = try await store.updateSettings(owner: bob.id, UserSettings(timeZone: "Europe/Berlin"))
            #expect(try await planned(store) == [bob.id])
            try await store.applyChanges(owner: bob.id, [.habitCreated(habit: Habit(name: "Run", createdOn: Fixtures.day("2025-01-01")))])
            #expect(try await planned(store) == [bob.id])
            // When both are asked for (Alice twice), a pass of one takes one of them, the next the other
            try await store.requestPlanning(owner: alice.id)
            try await store.requestPlanning(owner: alice.id)
            try await store.requestPlanning(owner: bob.id)
            let first = try await planned(store, limit: 1)
            let second = try await planned(store)
            #expect(first.count == 1 && second.count == 1 && first.union(second) == [alice.id, bob.id])
            // An unknown owner cannot be marked; a deleted one is not planned
            await expectStoreError("unknown owner", isNotFound) { try await store.requestPlanning(owner: User.ID()) }
            try await store.requestPlanning(owner: bob.id)
            try await store.deleteUser(owner: bob.id)
            #expect(try await planned(store).isEmpty)
        },
        ReminderContractCase("Planning replaces only the owner's unclaimed scheduled firings after now, from all their habits") { store in
            let (alice, habit) = try await owner(store)
            let stretch = try await store.createHabit(
                owner: alice.id,
                Habit(name: "Stretch", reminders: [Reminder(time: try TimeOfDay(hour: 9))], createdOn: Fixtures.day("2025-01-01")))
            _ = try await store.setArchived(owner: alice.id, habit: stretch.id, true)
            let (bob, bobsHabit) = try await owner(store, "bob")
            _ = try await planned(store)
            // Given Alice's firing claimed ahead of its time and answered "Later" (its snooze is queued)
            let claimed = firing(habit, at: 30)
            try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [claimed])
            #expect(try await store.claimDueFirings(now: t0 + 30 * minute, limit: 10, claimant: "A", lease: lease).count == 1)
            let snooze = firing(habit, at: 40, kind: .snooze)
            #expect(try await store.answerFiring(owner: alice.id, claimed.id, answer: .later, snooze: snooze, now: t0))
            // And scheduled firings due before now, at now, and after it; and one of Bob's after now
            let due = firing(habit, at: -5)
            let atNow = firing(habit, at: 0)
            let future = firing(habit, at: 60)
            try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [due, atNow, future])
            let bobs = firing(bobsHabit, at: 60)
            try await store.replacePlannedFirings(owner: bob.id, habit: bobsHabit.id, [bobs])
            // When Alice is planned at t0: a new firing, one of the archived habit, one identical to the due one
            try await store.requestPlanning(owner: alice.id)
            let new = firing(habit, at: 120)
            let stretching = firing(stretch, at: 90)
            var again = atNow
            again.id = ReminderFiring.ID()
            let seen = Recorded<[String]>([])
            let owners = try await store.planReminders(now: t0, limit: 10) { [again] user, habits in
                seen.set([user.username] + habits.map(\.name).sorted())
                return [new, again, stretching]
            }
            // Then the plan saw her and every habit, archived included
            #expect(owners == [alice.id])
            #expect(seen.value == ["alice", "Read", "Stretch"])
            // And only the future unclaimed scheduled firing was replaced; no duplicate was added; Bob's is untouched
            #expect(try await store.plannedFirings(owner: alice.id) == [due, atNow, claimed, snooze, stretching, new])
            #expect(try await store.plannedFirings(owner: bob.id) == [bobs])
            // A plan with a firing of another owner's habit is refused: nothing changes, and she stays marked
            try await store.requestPlanning(owner: alice.id)
            await expectStoreError("another owner's habit", isInvalid) {
                _ = try await store.planReminders(now: t0, limit: 10) { _, _ in [firing(bobsHabit, at: 200)] }
            }
            #expect(try await store.plannedFirings(owner: alice.id) == [due, atNow, claimed, snooze, stretching, new])
            #expect(try await store.plannedFirings(owner: bob.id) == [bobs])
            #expect(try await store.planReminders(now: t0, limit: 10, plan: { _, _ in [] }) == [alice.id])
            #expect(try await store.plannedFirings(owner: alice.id) == [due, atNow, claimed, snooze])
        },
        ReminderContractCase("A change made while an owner is being planned leaves the owner marked, and the next pass sees it") { store in
            let (alice, habit) = try await owner(store)
            var renamed = habit
            renamed.name = "Read more"
            let rename = Recorded<Task<Habit, any Error>?>(nil)
            // When another request renames the habit while Alice is being planned
            let first = try await store.planReminders(now: t0, limit: 10) { [renamed] _, _ in
                rename.set(Task { try await store.updateHabit(owner: alice.id, renamed) })
                return []
            }
            #expect(first == [alice.id])
            _ = try await rename.value?.value
            // Then she is still marked, and the next pass plans the renamed habit
            let names = Recorded<[String]>([])
            let second = try await store.planReminders(now: t0, limit: 10) { _, habits in
                names.set(habits.map(\.name))
                return []
            }
            #expect(second == [alice.id])
            #expect(names.value == ["Read more"])
        },
        ReminderContractCase("A firing is answered once: the first answer queues its snooze, later answers write nothing") { store in
            let (alice, habit) = try await owner(store)
            let (bob, bobsHabit) = try await owner(store, "bob")
            let rang = firing(habit, at: 0)
            try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [rang])
            #expect(try await store.firing(owner: alice.id, id: rang.id) == rang)
            // Another owner's firing, or one that does not exist, is not found; a snooze of another habit is refused
            await expectStoreError("another owner's firing", isNotFound) { _ = try await store.firing(owner: bob.id, id: rang.id) }
            await expectStoreError("no such firing", isNotFound) { _ = try await store.firing(owner: alice.id, id: ReminderFiring.ID()) }
            await expectStoreError("another owner's answer", isNotFound) {
                _ = try await store.answerFiring(owner: bob.id, rang.id, answer: .done, snooze: nil, now: t0)
            }
            await expectStoreError("a snooze of another habit", isInvalid) {
                _ = try await store.answerFiring(
                    owner: alice.id, rang.id, answer: .later, snooze: firing(bobsHabit, at: 10, kind: .snooze), now: t0)
            }
            #expect(try await store.firingAnswer(owner: alice.id, id: rang.id) == nil)
            await expectStoreError("another owner's firing's answer", isNotFound) {
                _ = try await store.firingAnswer(owner: bob.id, id: rang.id)
            }
            // When "Later" is answered from four devices at once, each with its own snooze
            let snoozes = (1...4).map { firing(habit, at: 10 * $0, kind: .snooze) }
            let answers = try await withThrowingTaskGroup(of: Bool.self) { group in
                for snooze in snoozes {
                    group.addTask {
                        try await store.answerFiring(owner: alice.id, rang.id, answer: .later, snooze: snooze, now: t0 + minute)
                    }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            // Then one answer was recorded, with its snooze alone
            #expect(answers.filter { $0 }.count == 1)
            #expect(try await store.firingAnswer(owner: alice.id, id: rang.id) == .later)
            let queued = try await store.plannedFirings(owner: alice.id).filter { $0.kind == .snooze }
            #expect(queued.count == 1 && snoozes.contains(queued[0]))
            // And a later "Done" is refused too, and queues nothing
            #expect(
                try await store.answerFiring(
                    owner: alice.id, rang.id, answer: .done, snooze: firing(habit, at: 99, kind: .snooze), now: t0 + 2 * minute) == false)
            #expect(try await store.plannedFirings(owner: alice.id).filter { $0.kind == .snooze } == queued)
            // A finished firing (the usual case: its notification was sent) is read and answered as well
            let delivered = firing(habit, at: 1)
            try await store.replacePlannedFirings(owner: alice.id, habit: habit.id, [delivered])
            _ = try await store.claimDueFirings(now: t0 + minute, limit: 10, claimant: "A", lease: lease)
            try await store.finishFiring(
                owner: alice.id, delivered.id, claimant: "A", deliveries: [], skipped: nil, next: [], now: t0 + minute)
            #expect(try await store.firing(owner: alice.id, id: delivered.id) == delivered)
            #expect(try await store.answerFiring(owner: alice.id, delivered.id, answer: .done, snooze: nil, now: t0 + 2 * minute))
            #expect(try await store.answerFiring(owner: alice.id, delivered.id, answer: .done, snooze: nil, now: t0 + 3 * minute) == false)
            #expect(try await store.firingAnswer(owner: alice.id, id: delivered.id) == .done)
        },
    ]
}
