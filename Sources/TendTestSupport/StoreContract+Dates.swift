import Foundation
import TendCore
import TendStore
import Testing

extension StoreContract {
    /// Start and end dates: stored, changed and cleared like every attribute, carried by the log,
    /// and judged by the check-in and the reads (a finished challenge is off Today, its figures kept).
    static let dateCases: [StoreContractCase] = [
        StoreContractCase("A habit's start and end dates are stored, changed, cleared and replayed from the log") { store in
            let alice = try await newUser(store)
            var habit = water()
            habit.startsOn = Fixtures.day("2025-02-10")
            habit.endsOn = Fixtures.day("2025-03-11")
            #expect(try await store.createHabit(owner: alice.id, habit) == habit)
            #expect(try await store.habit(owner: alice.id, id: habit.id) == habit)
            // A check-in on a day inside, through the store's check-in path, then one after the end.
            _ = try await store.perform(owner: alice.id, habit: habit.id, day: Fixtures.day("2025-02-14"), .set(8))
            _ = try await store.perform(owner: alice.id, habit: habit.id, day: Fixtures.day("2025-03-14"), .set(8))
            let calendar = TendCalendar(timeZone: Fixtures.zone("Europe/Berlin"))
            let tracked = try await store.trackedHabits(owner: alice.id, includeArchived: false)[0]
            #expect(tracked.habit == habit)
            #expect(tracked.status(on: Fixtures.day("2025-02-14"), today: Fixtures.day("2025-03-20"), calendar: calendar) == .met)
            // Friday 14 March is after the end: recorded, but not due.
            #expect(tracked.status(on: Fixtures.day("2025-03-14"), today: Fixtures.day("2025-03-20"), calendar: calendar) == .notDue)

            var moved = habit
            moved.startsOn = nil
            moved.endsOn = Fixtures.day("2025-03-31")
            #expect(try await store.updateHabit(owner: alice.id, moved) == moved)
            #expect(try await store.habit(owner: alice.id, id: habit.id) == moved)
            var open = moved
            open.endsOn = nil
            #expect(try await store.updateHabit(owner: alice.id, open) == open)
            #expect(try await store.habits(owner: alice.id, includeArchived: false) == [open])

            let logged = try await store.operations(owner: alice.id, after: 0, limit: 1_000)
            #expect(UserState.replaying(logged.map(\.operation.change)).habits == (try await store.exportState(owner: alice.id)).habits)
            #expect(try await store.exportState(owner: alice.id).habits[habit.id]?.habit == open)
        },
        StoreContractCase("An end before the start is refused and changes nothing") { store in
            let alice = try await newUser(store)
            var habit = water()
            habit.startsOn = Fixtures.day("2025-03-10")
            habit.endsOn = Fixtures.day("2025-03-09")
            await expectStoreError("end before start", isInvalid) { _ = try await store.createHabit(owner: alice.id, habit) }
            habit.endsOn = nil
            let stored = try await store.createHabit(owner: alice.id, habit)
            var bad = stored
            bad.endsOn = Fixtures.day("2025-03-01")
            await expectStoreError("end before start", isInvalid) { _ = try await store.updateHabit(owner: alice.id, bad) }
            #expect(try await store.habit(owner: alice.id, id: habit.id) == stored)
        },
    ]
}
