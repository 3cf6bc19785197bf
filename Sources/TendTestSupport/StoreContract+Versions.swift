import Foundation
import TendCore
import TendStore
import Testing

extension StoreContract {
    /// Rules changed from a day: the versions are stored, carried by the log, and judged by the
    /// reads (windowed ones and summaries too) as TendCore judges the whole history.
    static let versionCases: [StoreContractCase] = [
        StoreContractCase("A rule changed from a day is stored with its versions, judged so by every read, and replayed from the log") {
            store in
            let alice = try await newUser(store)
            let start = Fixtures.day("2025-02-03")
            let habit = try await store.createHabit(
                owner: alice.id, Habit(name: "Read", type: .count, target: 20, unit: "pages", schedule: .timesPerWeek(3), createdOn: start))
            // Three runs a week of 20 pages through February, then 30 pages every day from March.
            for offset in 0..<28 where [0, 2, 4].contains(offset % 7) {
                _ = try await store.perform(owner: alice.id, habit: habit.id, day: start.adding(days: offset), .set(20))
            }
            for offset in 28..<40 where offset != 31 {
                _ = try await store.perform(owner: alice.id, habit: habit.id, day: start.adding(days: offset), .set(30))
            }
            let march = Fixtures.day("2025-03-03")
            var daily = habit
            daily.schedule = .daily
            daily.target = 30
            let saved = try await store.editHabit(owner: alice.id, from: habit, to: daily, rulesFrom: .day(march))
            #expect(saved.versions == [HabitVersion(rule: habit.rule, through: march.previous)])
            #expect(try await store.habit(owner: alice.id, id: habit.id) == saved)

            let calendar = TendCalendar(timeZone: Fixtures.zone("Europe/Berlin"), firstWeekday: 2)
            let today = start.adding(days: 40)
            let whole = TrackedHabit(
                habit: saved, entries: try await store.entries(owner: alice.id, habit: habit.id, from: .minimum, through: .maximum))
            let expected = whole.statuses(from: start, through: today, today: today, calendar: calendar)
            #expect(expected[start.days(to: Fixtures.day("2025-03-06"))] == .missed)
            #expect(expected[0...start.days(to: march.previous)].allSatisfy { $0 != .missed })
            // A fresh read, and a windowed one (which may use the store's summaries), judge the same.
            let read = try await store.trackedHabits(owner: alice.id, includeArchived: false)[0]
            #expect(read.statuses(from: start, through: today, today: today, calendar: calendar) == expected)
            let window = HistoryWindow(from: today.adding(days: -20), through: today, today: today, calendar: calendar)
            let windowed = try await store.trackedHabits(owner: alice.id, includeArchived: false, window: window)[0]
            #expect(
                windowed.statuses(from: today.adding(days: -20), through: today, today: today, calendar: calendar)
                    == Array(expected[start.days(to: today.adding(days: -20))...]))

            // From the beginning: every day by the new rule, the versions gone.
            var again = saved
            again.target = 25
            let rewritten = try await store.editHabit(owner: alice.id, from: saved, to: again, rulesFrom: .beginning)
            #expect(rewritten.versions.isEmpty && rewritten.target == 25)
            let logged = try await store.operations(owner: alice.id, after: 0, limit: 1_000)
            #expect(UserState.replaying(logged.map(\.operation.change)).habits == (try await store.exportState(owner: alice.id)).habits)
        },
        StoreContractCase("A habit that is only measured is stored as one, turns into one to build and back, and is replayed") { store in
            let alice = try await newUser(store)
            let weight = try await store.createHabit(
                owner: alice.id, Habit(name: "Weight", kind: .measure, type: .count, unit: "kg", createdOn: Fixtures.day("2025-02-03")))
            #expect(try await store.habit(owner: alice.id, id: weight.id).kind == .measure)
            _ = try await store.perform(
                owner: alice.id, habit: weight.id, day: Fixtures.day("2025-02-04"), .set(Amount(thousandths: 72_450)))
            let read = try await store.trackedHabits(owner: alice.id, includeArchived: false)[0]
            #expect(read.habit.kind == .measure && read.entry(on: Fixtures.day("2025-02-04"))?.value == Amount(thousandths: 72_450))
            var build = weight
            build.kind = .good
            build.target = 70
            let changed = try await store.updateHabit(owner: alice.id, build)
            #expect(try await store.habit(owner: alice.id, id: weight.id) == changed)
            #expect(try await store.updateHabit(owner: alice.id, weight) == weight)
            #expect(try await store.habit(owner: alice.id, id: weight.id).kind == .measure)
            let logged = try await store.operations(owner: alice.id, after: 0, limit: 1_000)
            #expect(UserState.replaying(logged.map(\.operation.change)).habits == (try await store.exportState(owner: alice.id)).habits)
        },
        StoreContractCase("Wrong versions are refused and change nothing") { store in
            let alice = try await newUser(store)
            let habit = try await store.createHabit(owner: alice.id, water())
            var bad = habit
            bad.versions = [
                HabitVersion(
                    rule: HabitRule(kind: .good, type: .checkmark, target: 7, schedule: .daily), through: Fixtures.day("2025-03-01"))
            ]
            await expectStoreError("target out of range", isInvalid) { _ = try await store.updateHabit(owner: alice.id, bad) }
            #expect(try await store.habit(owner: alice.id, id: habit.id) == habit)
        },
    ]
}
