import Foundation
import TendCore
import TendStore
import Testing

extension StoreContract {
    /// Pauses: set on a habit, a group or every habit through the one use case, merged, resumed,
    /// carried by the log, judged by the reads (windowed ones too), refused when wrong.
    static let pauseCases: [StoreContractCase] = [
        StoreContractCase("Pauses of a habit, a group and every habit are stored, merged, resumed and replayed from the log") { store in
            let alice = try await newUser(store)
            var run = water("Run")
            run.group = "Health"
            var swim = water("Swim")
            swim.group = "health"
            let read = water("Read")
            for habit in [run, swim, read] { _ = try await store.createHabit(owner: alice.id, habit) }
            let today = Fixtures.day("2025-03-03")
            let holiday = try await store.pauseHabits(
                owner: alice.id, .group("HEALTH"), from: today, through: today.adding(days: 13), today: today)
            #expect(Set(holiday.map(\.name)) == ["Run", "Swim"])
            #expect(try await store.habit(owner: alice.id, id: run.id).pauses == [HabitPause(start: today, end: today.adding(days: 13))])
            #expect(try await store.habit(owner: alice.id, id: read.id).pauses == [])
            // Pausing everything from the pause's last day on, until resumed: Run's pause grows, Read gets one.
            let all = try await store.pauseHabits(owner: alice.id, .all, from: today.adding(days: 13), through: nil, today: today)
            #expect(all.count == 3)
            #expect(try await store.habit(owner: alice.id, id: swim.id).pauses == [HabitPause(start: today)])
            // The same pause again changes nothing and writes nothing.
            let before = try await store.latestOperationSequence(owner: alice.id)
            #expect(
                try await store.pauseHabits(owner: alice.id, .habit(run.id), from: today.adding(days: 2), through: nil, today: today)
                    .isEmpty)
            #expect(try await store.latestOperationSequence(owner: alice.id) == before)

            // Judged by the reads: a check-in inside is kept but the day is paused.
            _ = try await store.perform(owner: alice.id, habit: run.id, day: today, .set(8))
            let calendar = TendCalendar(timeZone: Fixtures.zone("Europe/Berlin"))
            let later = today.adding(days: 20)
            for tracked in [
                try await store.trackedHabits(owner: alice.id, includeArchived: false).first { $0.id == run.id }!,
                try await store.trackedHabits(
                    owner: alice.id, includeArchived: false, window: HistoryWindow(from: later, through: later, today: later)
                ).first { $0.id == run.id }!,
            ] {
                #expect(tracked.entry(on: today)?.value == 8)
                #expect(tracked.status(on: today, today: later, calendar: calendar) == .paused)
            }

            // Resumed on the 21st day: every pause ends on the 20th.
            let resumed = try await store.resumeHabits(owner: alice.id, .all, today: later)
            #expect(resumed.count == 3)
            #expect(try await store.habit(owner: alice.id, id: run.id).pauses == [HabitPause(start: today, end: later.previous)])
            #expect(try await store.resumeHabits(owner: alice.id, .all, today: later).isEmpty)

            let logged = try await store.operations(owner: alice.id, after: 0, limit: 1_000)
            #expect(UserState.replaying(logged.map(\.operation.change)).habits == (try await store.exportState(owner: alice.id)).habits)
        },
        StoreContractCase("A wrong pause is refused and changes nothing; another user's habit is not found") { store in
            let alice = try await newUser(store)
            let bob = try await newUser(store, "bob")
            let habit = try await store.createHabit(owner: alice.id, water())
            let today = Fixtures.day("2025-03-03")
            await expectStoreError("end before start", isInvalid) {
                _ = try await store.pauseHabits(owner: alice.id, .habit(habit.id), from: today, through: today.previous, today: today)
            }
            await expectStoreError("before 2000", isInvalid) {
                _ = try await store.pauseHabits(owner: alice.id, .all, from: Fixtures.day("1999-12-31"), through: nil, today: today)
            }
            await expectStoreError("years ahead", isInvalid) {
                _ = try await store.pauseHabits(owner: alice.id, .all, from: today.adding(days: 400), through: nil, today: today)
            }
            await expectStoreError("no such group", isNotFound) {
                _ = try await store.pauseHabits(owner: alice.id, .group("Nowhere"), from: today, through: nil, today: today)
            }
            await expectStoreError("nothing to pause", isInvalid) {
                _ = try await store.pauseHabits(owner: bob.id, .all, from: today, through: nil, today: today)
            }
            await expectStoreError("another's habit", isNotFound) {
                _ = try await store.pauseHabits(owner: bob.id, .habit(habit.id), from: today, through: nil, today: today)
            }
            var overlapping = habit
            overlapping.pauses = [HabitPause(start: today, end: today.adding(days: 3)), HabitPause(start: today.adding(days: 2))]
            await expectStoreError("overlapping", isInvalid) { _ = try await store.updateHabit(owner: alice.id, overlapping) }
            #expect(try await store.habit(owner: alice.id, id: habit.id) == habit)
        },
    ]
}
