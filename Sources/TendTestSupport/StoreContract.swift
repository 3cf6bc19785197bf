import Foundation
import TendCore
import TendStore
import Testing

/// One check of this contract (see ``ContractCase``).
public typealias StoreContractCase = ContractCase<any TendStore>

/// The one contract every ``TendStore`` passes: in memory, SQLite and PostgreSQL.
///
/// Each case gets a fresh store and tells a small story; together they pin the behaviour the
/// layers above rely on.
public enum StoreContract {
    static let day1 = Fixtures.day("2025-03-01")
    static let day2 = Fixtures.day("2025-03-02")
    static let day3 = Fixtures.day("2025-03-03")

    static func newUser(_ store: any TendStore, _ name: String = "alice") async throws -> User {
        try await store.createUser(
            username: name, settings: UserSettings(timeZone: "Europe/Berlin", dayStartHour: 4, locale: "de_DE"))
    }

    static func water(_ name: String = "Drink water") -> Habit {
        Habit(
            name: name, emoji: "💧", color: .teal, notes: "Before coffee", type: .count, target: 8, unit: "glasses",
            schedule: .weekdays([.monday, .friday]), routineTime: .morning,
            reminders: [Reminder(time: try! TimeOfDay(hour: 7, minute: 30), weekdays: [.monday], message: "Water!")],
            createdOn: Fixtures.day("2025-02-01"))
    }

    /// Expects `body` to fail with a `StoreError` matching `matches`.
    static func expectStoreError(
        _ what: String, _ matches: (StoreError) -> Bool, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            Issue.record("\(what): expected a StoreError, got success", sourceLocation: sourceLocation)
        } catch let error as StoreError {
            #expect(matches(error), "\(what): unexpected \(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(what): expected a StoreError, got \(error)", sourceLocation: sourceLocation)
        }
    }

    static func isNotFound(_ error: StoreError) -> Bool { if case .notFound = error { true } else { false } }
    static func isConflict(_ error: StoreError) -> Bool { if case .conflict = error { true } else { false } }
    static func isInvalid(_ error: StoreError) -> Bool { if case .invalid = error { true } else { false } }

    /// What one concurrent check-in should answer: its entry's value (and note), or a refusal.
    enum Expected: Sendable {
        case value(Amount, note: String? = nil)
        /// One of the increments (of 0.1) of one day: any value from 0.1 to their sum, each exactly once.
        case incrementOf(Day)
        case refused(@Sendable (StoreError) -> Bool)
    }

    /// 7.25, 14.5, 21.75 …: a decimal value per day.
    static func sevenAndAQuarter(_ times: Int) -> Amount { Amount(thousandths: Int64(times) * 7_250) }

    /// Many check-ins at once (a server's concurrent requests; stores that group writes into one
    /// transaction must still answer each on its own): valid ones, and ones a store must refuse
    /// (unknown habit, negative value, a checkmark's 2 or 0.5, a pair of commands whose second is bad).
    /// Counts are decimal: twenty increments of 0.1 make exactly 2, and 7.25 is stored as 7.25.
    /// Each gets its own answer, the refused change nothing, the increments of one day each saw
    /// a different count (they ran one after another), and the log replays to the state.
    static func concurrentCheckIns(_ store: any TendStore) async throws {
        let alice = try await newUser(store)
        let count = try await store.createHabit(
            owner: alice.id, Habit(name: "Push-ups", type: .count, target: 1_000, createdOn: day1))
        let checkmark = try await store.createHabit(owner: alice.id, Habit(name: "Stretch", order: 1, createdOn: day1))
        let before = try await store.operations(owner: alice.id, after: 0, limit: 10_000).count

        var requests: [(habit: Habit.ID, day: Day, commands: [EntryCommand], expected: Expected)] = []
        for _ in 0..<20 { requests.append((count.id, day1, [.increment(0.1)], .incrementOf(day1))) }
        for offset in 1...10 {
            requests.append(
                (count.id, day1.adding(days: offset), [.set(Self.sevenAndAQuarter(offset))], .value(Self.sevenAndAQuarter(offset))))
        }
        for offset in 1...5 { requests.append((checkmark.id, day1.adding(days: offset), [.check], .value(1))) }
        for offset in 6...9 { requests.append((checkmark.id, day1.adding(days: offset), [.set(2)], .refused(isInvalid))) }
        requests.append((checkmark.id, day1.adding(days: 10), [.set(0.5)], .refused(isInvalid)))
        for offset in 0..<5 { requests.append((Habit.ID(), day1.adding(days: offset), [.increment(1)], .refused(isNotFound))) }
        for offset in 11...15 { requests.append((count.id, day1.adding(days: offset), [.set(-1)], .refused(isInvalid))) }
        requests.append((count.id, day1.adding(days: 20), [.set(3), .note("felt strong")], .value(3, note: "felt strong")))
        requests.append((count.id, day1.adding(days: 21), [.set(5), .set(-1)], .refused(isInvalid)))
        requests.shuffle()

        let results = await withTaskGroup(of: (Int, Result<Entry, any Error>).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask {
                    do {
                        return (
                            index,
                            .success(
                                try await store.perform(owner: alice.id, habit: request.habit, day: request.day, request.commands))
                        )
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results: [Int: Result<Entry, any Error>] = [:]
            for await (index, result) in group { results[index] = result }
            return results
        }

        var increments: [Amount] = []
        for (index, request) in requests.enumerated() {
            switch (request.expected, results[index]!) {
            case (.value(let value, let note), .success(let entry)):
                #expect(entry == Entry(day: request.day, value: value, note: note), "\(request.commands)")
            case (.incrementOf, .success(let entry)):
                increments.append(entry.value)
            case (.refused(let matches), .failure(let error as StoreError)):
                #expect(matches(error), "\(request.commands) on \(request.day): \(error)")
            case (_, let result):
                Issue.record("\(request.commands) on \(request.day): unexpected \(result)")
            }
        }
        #expect(increments.sorted() == (1...20).map { Amount(thousandths: Int64($0) * 100) })

        let tracked = try await store.trackedHabits(owner: alice.id, includeArchived: false)
        let counts = tracked.first { $0.id == count.id }!
        var expectedCounts = TrackedHabit(habit: count)
        expectedCounts.setValue(2, on: day1)
        for offset in 1...10 { expectedCounts.setValue(Self.sevenAndAQuarter(offset), on: day1.adding(days: offset)) }
        expectedCounts.setValue(3, on: day1.adding(days: 20))
        expectedCounts.setNote("felt strong", on: day1.adding(days: 20))
        #expect(counts == expectedCounts)
        #expect(tracked.first { $0.id == checkmark.id }!.sortedEntries.map(\.day) == (1...5).map { day1.adding(days: $0) })

        // One op per change made (20 + 10 + 5 + 2), in order, and the log alone rebuilds the habits.
        let logged = try await store.operations(owner: alice.id, after: 0, limit: 10_000)
        #expect(logged.count - before == 37)
        #expect(zip(logged, logged.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
        #expect(zip(logged, logged.dropFirst()).allSatisfy { $0.operation.timestamp < $1.operation.timestamp })
        #expect(UserState.replaying(logged.map(\.operation.change)).habits == (try await store.exportState(owner: alice.id)).habits)
    }

    public static let cases: [StoreContractCase] =
        [
            StoreContractCase("Users are created with settings, found by id and by name case-insensitively") { store in
                let alice = try await newUser(store)
                #expect(try await store.user(id: alice.id) == alice)
                #expect(try await store.user(named: "ALICE") == alice)
                #expect(try await store.user(named: "bob") == nil)
                await expectStoreError("same name", isConflict) { _ = try await newUser(store, "Alice") }
                await expectStoreError("bad name", isInvalid) { _ = try await newUser(store, "a b") }
                await expectStoreError("unknown id", isNotFound) { _ = try await store.user(id: User.ID()) }
            },
            StoreContractCase("Settings are validated and changed") { store in
                let alice = try await newUser(store)
                let settings = UserSettings(timeZone: "America/New_York", dayStartHour: 3, firstWeekday: 2, locale: "en_US")
                #expect(try await store.updateSettings(owner: alice.id, settings).settings == settings)
                #expect(try await store.user(id: alice.id).settings == settings)
                #expect(try await store.exportState(owner: alice.id).settings == settings)
                await expectStoreError("bad zone", isInvalid) {
                    _ = try await store.updateSettings(owner: alice.id, UserSettings(timeZone: "Mars/Olympus"))
                }
                await expectStoreError("bad hour", isInvalid) {
                    _ = try await store.updateSettings(owner: alice.id, UserSettings(dayStartHour: 24))
                }
                #expect(try await store.user(id: alice.id).settings == settings)
            },
            StoreContractCase("A habit is stored with every attribute and read back equal") { store in
                let alice = try await newUser(store)
                let habit = water()
                #expect(try await store.createHabit(owner: alice.id, habit) == habit)
                #expect(try await store.habit(owner: alice.id, id: habit.id) == habit)
                #expect(try await store.habits(owner: alice.id, includeArchived: false) == [habit])
                let tracked = try await store.trackedHabits(owner: alice.id, includeArchived: false)
                #expect(tracked == [TrackedHabit(habit: habit)])
            },
            StoreContractCase("Invalid habits and duplicate names are refused and change nothing") { store in
                let alice = try await newUser(store)
                _ = try await store.createHabit(owner: alice.id, water())
                await expectStoreError("duplicate name", isConflict) {
                    _ = try await store.createHabit(owner: alice.id, water("DRINK WATER"))
                }
                await expectStoreError("empty name", isInvalid) {
                    _ = try await store.createHabit(owner: alice.id, Habit(name: "  ", createdOn: day1))
                }
                await expectStoreError("bad target", isInvalid) {
                    _ = try await store.createHabit(owner: alice.id, Habit(name: "Run", target: 5, createdOn: day1))
                }
                await expectStoreError("bad schedule", isInvalid) {
                    _ = try await store.createHabit(owner: alice.id, Habit(name: "Run", schedule: .timesPerWeek(9), createdOn: day1))
                }
                #expect(try await store.habits(owner: alice.id, includeArchived: true).map(\.name) == ["Drink water"])
            },
            StoreContractCase("Updating a habit keeps its id and creation day; names stay unique") { store in
                let alice = try await newUser(store)
                let water = try await store.createHabit(owner: alice.id, water())
                let read = try await store.createHabit(owner: alice.id, Habit(name: "Read", order: 1, createdOn: day1))
                var changed = water
                changed.name = "Water"
                changed.target = 6
                changed.schedule = .timesPerWeek(3)
                changed.createdOn = day3
                let stored = try await store.updateHabit(owner: alice.id, changed)
                #expect(stored.createdOn == water.createdOn)
                #expect(stored.name == "Water" && stored.target == 6 && stored.schedule == .timesPerWeek(3))
                #expect(try await store.habit(owner: alice.id, id: water.id) == stored)
                var clash = read
                clash.name = "water"
                await expectStoreError("rename onto another", isConflict) { _ = try await store.updateHabit(owner: alice.id, clash) }
                #expect(try await store.habit(owner: alice.id, id: read.id).name == "Read")
            },
            StoreContractCase("A windowed load reads recent entries only, with the statuses of the full history") { store in
                let alice = try await newUser(store)
                let today = Fixtures.day("2026-11-22")
                let old = Habit(name: "Water", createdOn: today.adding(days: -500))
                let window = Habit(name: "Run", schedule: .timesInDays(times: 3, days: 100), createdOn: today.adding(days: -500))
                let recent = Habit(name: "Read", schedule: .timesPerWeek(2), createdOn: today.adding(days: -3))
                var changes: [Change] = []
                for habit in [old, window, recent] {
                    changes.append(.habitCreated(habit: habit))
                    let days = stride(from: -480, through: 0, by: 3).map { today.adding(days: $0) }
                    changes.append(.entriesImported(habit: habit.id, entries: days.map { Entry(day: $0, value: 1) }))
                }
                try await store.applyChanges(owner: alice.id, changes)
                let calendar = TendCalendar(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US"))
                let full = try await store.trackedHabits(owner: alice.id, includeArchived: false)
                for day in [today, today.adding(days: -1), today.adding(days: -45)] {
                    let loaded = try await store.trackedHabits(
                        owner: alice.id, includeArchived: false, window: HistoryWindow(from: day, through: day, today: today))
                    #expect(loaded.map(\.habit) == full.map(\.habit))
                    #expect(
                        TodayPlan(habits: loaded, day: day, today: today, current: .day, calendar: calendar)
                            == TodayPlan(habits: full, day: day, today: today, current: .day, calendar: calendar))
                    let byName = Dictionary(uniqueKeysWithValues: loaded.map { ($0.habit.name, $0.sortedEntries.map(\.day)) })
                    // The longest period among the habits (the 100-day window, plus a week) back from
                    // the day; everything for a habit created within that span.
                    for name in ["Water", "Run"] {
                        #expect(byName[name]?.first.map { $0 >= day.adding(days: -107) && $0 < day.adding(days: -62) } == true)
                    }
                    #expect(byName["Read"]?.first == today.adding(days: -480))
                }
                await expectStoreError("another user's", isNotFound) {
                    _ = try await store.trackedHabits(
                        owner: User.ID(), includeArchived: false, window: HistoryWindow(from: today, through: today, today: today))
                }
            },
            StoreContractCase("Windowed loads with summaries give the full history's Today, heatmap and tips after writes of every kind") {
                store in
                try await summariesStayExact(store)
            },
            StoreContractCase("Archived habits are hidden unless asked for") { store in
                let alice = try await newUser(store)
                let water = try await store.createHabit(owner: alice.id, water())
                _ = try await store.setArchived(owner: alice.id, habit: water.id, true)
                #expect(try await store.habits(owner: alice.id, includeArchived: false).isEmpty)
                #expect(try await store.habits(owner: alice.id, includeArchived: true).map(\.isArchived) == [true])
                #expect(try await store.trackedHabits(owner: alice.id, includeArchived: false).isEmpty)
            },
            StoreContractCase("Check, increment, set, skip, note, uncheck and reset give the seeds' values") { store in
                let alice = try await newUser(store)
                let water = try await store.createHabit(owner: alice.id, water())
                let run = try await store.createHabit(owner: alice.id, Habit(name: "Run", createdOn: day1))
                #expect(try await store.check(owner: alice.id, habit: run.id, day: day1).value == 1)
                #expect(try await store.increment(owner: alice.id, habit: water.id, day: day1, by: 3).value == 3)
                // A typed amount is recorded as typed: past the target of 8 (only the one-step tap stops there).
                #expect(try await store.increment(owner: alice.id, habit: water.id, day: day1, by: 10).value == 13)
                #expect(try await store.increment(owner: alice.id, habit: water.id, day: day1, by: -2).value == 11)
                #expect(try await store.increment(owner: alice.id, habit: water.id, day: day1, by: -20).value == 0)
                #expect(try await store.increment(owner: alice.id, habit: water.id, day: day1, by: 6).value == 6)
                #expect(try await store.setValue(owner: alice.id, habit: water.id, day: day2, 12).value == 12)
                let skipped = try await store.skip(owner: alice.id, habit: water.id, day: day3)
                #expect(skipped == Entry(day: day3, value: 0, isSkipped: true))
                let noted = try await store.setNote(owner: alice.id, habit: water.id, day: day1, "felt good")
                #expect(noted == Entry(day: day1, value: 6, note: "felt good"))
                #expect(try await store.uncheck(owner: alice.id, habit: run.id, day: day1) == Entry(day: day1))
                let reset = try await store.reset(owner: alice.id, habit: water.id, day: day1)
                #expect(reset == Entry(day: day1, value: 0, note: "felt good"))
                let entries = try await store.entries(owner: alice.id, habit: water.id, from: day1, through: day3)
                #expect(
                    entries == [
                        Entry(day: day1, note: "felt good"), Entry(day: day2, value: 12), Entry(day: day3, isSkipped: true),
                    ])
                #expect(try await store.entries(owner: alice.id, habit: run.id, from: day1, through: day3).isEmpty)
            },
            StoreContractCase(
                "A tap toggles a checkmark and counts up; ten taps at once all count, and two at once on a checkmark end where two taps in a row do"
            ) { store in
                let alice = try await newUser(store)
                let water = try await store.createHabit(owner: alice.id, water())
                let run = try await store.createHabit(owner: alice.id, Habit(name: "Run", createdOn: day1))
                #expect(try await store.perform(owner: alice.id, habit: run.id, day: day1, .tap).value == 1)
                #expect(try await store.perform(owner: alice.id, habit: run.id, day: day1, .tap).value == 0)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<10 {
                        group.addTask { _ = try await store.perform(owner: alice.id, habit: water.id, day: day1, .tap) }
                    }
                    for _ in 0..<2 {
                        group.addTask { _ = try await store.perform(owner: alice.id, habit: run.id, day: day2, .tap) }
                    }
                    try await group.waitForAll()
                }
                // Counts are increments (a good habit stops at its target: 8 of 10); the two toggles
                // each saw the other's result, so the day is back at 0, not left at 1 by both.
                #expect(try await store.entries(owner: alice.id, habit: water.id, from: day1, through: day1).first?.value == 8)
                #expect(try await store.entries(owner: alice.id, habit: run.id, from: day2, through: day2).first?.value ?? 0 == 0)
            },
            StoreContractCase("Bad entry input is refused and changes nothing") { store in
                let alice = try await newUser(store)
                let water = try await store.createHabit(owner: alice.id, water())
                _ = try await store.setValue(owner: alice.id, habit: water.id, day: day1, 4)
                await expectStoreError("negative", isInvalid) {
                    _ = try await store.setValue(owner: alice.id, habit: water.id, day: day1, -1)
                }
                await expectStoreError("huge", isInvalid) {
                    _ = try await store.setValue(owner: alice.id, habit: water.id, day: day1, 2_000_000_000)
                }
                await expectStoreError("long note", isInvalid) {
                    _ = try await store.setNote(owner: alice.id, habit: water.id, day: day1, String(repeating: "x", count: 10_001))
                }
                await expectStoreError("unknown habit", isNotFound) {
                    _ = try await store.check(owner: alice.id, habit: Habit.ID(), day: day1)
                }
                #expect(
                    try await store.entries(owner: alice.id, habit: water.id, from: day1, through: day1) == [
                        Entry(day: day1, value: 4)
                    ])
            },
            StoreContractCase("Another user's ids are not found, and nothing of theirs changes") { store in
                let alice = try await newUser(store)
                let bob = try await newUser(store, "bob")
                let water = try await store.createHabit(owner: alice.id, water())
                _ = try await store.check(owner: alice.id, habit: water.id, day: day1)
                let routine = try await store.createRoutine(
                    owner: alice.id, Routine(name: "Morning", start: try TimeOfDay(hour: 7), habitIDs: [water.id]))
                let before = try await store.exportState(owner: alice.id)
                let operations = try await store.operations(owner: alice.id, after: 0, limit: 1000)

                await expectStoreError("read habit", isNotFound) { _ = try await store.habit(owner: bob.id, id: water.id) }
                await expectStoreError("entries", isNotFound) {
                    _ = try await store.entries(owner: bob.id, habit: water.id, from: day1, through: day2)
                }
                await expectStoreError("update", isNotFound) { _ = try await store.updateHabit(owner: bob.id, water) }
                await expectStoreError("delete", isNotFound) { try await store.deleteHabit(owner: bob.id, id: water.id) }
                await expectStoreError("check", isNotFound) { _ = try await store.check(owner: bob.id, habit: water.id, day: day2) }
                await expectStoreError("reorder", isNotFound) { try await store.reorderHabits(owner: bob.id, [water.id]) }
                await expectStoreError("routine update", isNotFound) { _ = try await store.updateRoutine(owner: bob.id, routine) }
                await expectStoreError("routine delete", isNotFound) { try await store.deleteRoutine(owner: bob.id, id: routine.id) }
                await expectStoreError("routine reorder", isNotFound) { try await store.reorderRoutines(owner: bob.id, [routine.id]) }
                await expectStoreError("move", isNotFound) {
                    try await store.moveHabit(owner: bob.id, habit: water.id, toRoutine: nil, at: nil)
                }
                await expectStoreError("routine with foreign habit", isNotFound) {
                    _ = try await store.createRoutine(
                        owner: bob.id, Routine(name: "Mine", start: try TimeOfDay(hour: 8), habitIDs: [water.id]))
                }
                #expect(try await store.habits(owner: bob.id, includeArchived: true).isEmpty)
                #expect(try await store.routines(owner: bob.id).isEmpty)
                #expect(try await store.tipState(owner: bob.id) == TipState())
                // Nobody's: "user not found", not an empty list.
                await expectStoreError("routines of nobody", isNotFound) { _ = try await store.routines(owner: User.ID()) }
                await expectStoreError("tips of nobody", isNotFound) { _ = try await store.tipState(owner: User.ID()) }
                #expect(try await store.operations(owner: bob.id, after: 0, limit: 1000).isEmpty)
                #expect(try await store.exportState(owner: alice.id) == before)
                #expect(try await store.operations(owner: alice.id, after: 0, limit: 1000) == operations)
            },
            StoreContractCase("Two users may hold habits with the same id (one export imported twice); they stay apart") { store in
                let alice = try await newUser(store)
                let bob = try await newUser(store, "bob")
                let habit = water()
                _ = try await store.createHabit(owner: alice.id, habit)
                _ = try await store.createHabit(owner: bob.id, habit)
                _ = try await store.setValue(owner: alice.id, habit: habit.id, day: day1, 3)
                _ = try await store.setValue(owner: bob.id, habit: habit.id, day: day1, 5)
                try await store.deleteHabit(owner: bob.id, id: habit.id)
                #expect(
                    try await store.entries(owner: alice.id, habit: habit.id, from: day1, through: day1) == [
                        Entry(day: day1, value: 3)
                    ])
                #expect(try await store.habits(owner: bob.id, includeArchived: true).isEmpty)
            },
            StoreContractCase("Deleting a habit removes its entries and routine membership, and only its own") { store in
                let alice = try await newUser(store)
                let water = try await store.createHabit(owner: alice.id, water())
                let run = try await store.createHabit(owner: alice.id, Habit(name: "Run", order: 1, createdOn: day1))
                _ = try await store.check(owner: alice.id, habit: water.id, day: day1)
                _ = try await store.check(owner: alice.id, habit: run.id, day: day1)
                let routine = try await store.createRoutine(
                    owner: alice.id, Routine(name: "Morning", start: try TimeOfDay(hour: 7), habitIDs: [water.id, run.id]))
                try await store.deleteHabit(owner: alice.id, id: water.id)
                await expectStoreError("gone", isNotFound) { _ = try await store.habit(owner: alice.id, id: water.id) }
                #expect(try await store.routines(owner: alice.id).first { $0.id == routine.id }?.habitIDs == [run.id])
                let tracked = try await store.trackedHabits(owner: alice.id, includeArchived: true)
                #expect(tracked.map(\.id) == [run.id])
                #expect(tracked.first?.completionCount(on: day1) == 1)
                // The name is free again
                _ = try await store.createHabit(owner: alice.id, StoreContract.water())
            },
            StoreContractCase("Manual order: listed habits first, the rest after in their order") { store in
                let alice = try await newUser(store)
                let a = try await store.createHabit(owner: alice.id, Habit(name: "A", order: 0, createdOn: day1))
                let b = try await store.createHabit(owner: alice.id, Habit(name: "B", order: 1, createdOn: day1))
                let c = try await store.createHabit(owner: alice.id, Habit(name: "C", order: 2, createdOn: day1))
                try await store.reorderHabits(owner: alice.id, [c.id, a.id])
                #expect(try await store.habits(owner: alice.id, includeArchived: true).map(\.name) == ["C", "A", "B"])
                await expectStoreError("twice", isInvalid) { try await store.reorderHabits(owner: alice.id, [a.id, a.id]) }
                await expectStoreError("unknown", isNotFound) { try await store.reorderHabits(owner: alice.id, [Habit.ID()]) }
                #expect(try await store.habits(owner: alice.id, includeArchived: true).map(\.name) == ["C", "A", "B"])
                _ = b
            },
            StoreContractCase("Routines keep their order, habits move between them, deleting keeps habits") { store in
                let alice = try await newUser(store)
                let a = try await store.createHabit(owner: alice.id, Habit(name: "A", createdOn: day1))
                let b = try await store.createHabit(owner: alice.id, Habit(name: "B", createdOn: day1))
                let morning = try await store.createRoutine(
                    owner: alice.id,
                    Routine(
                        name: "Morning", start: try TimeOfDay(hour: 7), weekdays: [.monday, .friday], color: .orange,
                        habitIDs: [a.id, b.id]))
                let evening = try await store.createRoutine(
                    owner: alice.id, Routine(name: "Evening", start: try TimeOfDay(hour: 21)))
                #expect(try await store.routines(owner: alice.id).map(\.name) == ["Morning", "Evening"])
                #expect(try await store.routines(owner: alice.id)[0] == morning)
                try await store.moveHabit(owner: alice.id, habit: b.id, toRoutine: evening.id, at: 0)
                var routines = try await store.routines(owner: alice.id)
                #expect(routines.map(\.habitIDs) == [[a.id], [b.id]])
                try await store.moveHabit(owner: alice.id, habit: a.id, toRoutine: evening.id, at: 0)
                #expect(try await store.routines(owner: alice.id).map(\.habitIDs) == [[], [a.id, b.id]])
                await expectStoreError("bad index", isInvalid) {
                    try await store.moveHabit(owner: alice.id, habit: a.id, toRoutine: morning.id, at: 5)
                }
                try await store.reorderRoutines(owner: alice.id, [evening.id, morning.id])
                routines = try await store.routines(owner: alice.id)
                #expect(routines.map(\.name) == ["Evening", "Morning"])
                var renamed = routines[1]
                renamed.name = "Early"
                renamed.weekdays = [.saturday]
                #expect(try await store.updateRoutine(owner: alice.id, renamed).name == "Early")
                try await store.deleteRoutine(owner: alice.id, id: evening.id)
                #expect(try await store.routines(owner: alice.id).map(\.name) == ["Early"])
                #expect(try await store.habits(owner: alice.id, includeArchived: true).count == 2)
                await expectStoreError("empty name", isInvalid) {
                    _ = try await store.createRoutine(owner: alice.id, Routine(name: "", start: try TimeOfDay(hour: 7)))
                }
            },
            StoreContractCase("Tips: dismissed and acted-on tips are remembered") { store in
                let alice = try await newUser(store)
                try await store.dismissTip(owner: alice.id, .twoMinuteRule)
                try await store.recordTipEvent(owner: alice.id, .habitAdded)
                let state = try await store.tipState(owner: alice.id)
                #expect(state.dismissed == [.twoMinuteRule])
                #expect(state.actedOn == [.addFirstHabit])
            },
            StoreContractCase("Every change is in the op log, in order, and replaying it rebuilds the same state") { store in
                let alice = try await newUser(store)
                let settings = UserSettings(timeZone: "Asia/Kolkata", dayStartHour: 5, locale: "fr_FR")
                _ = try await store.updateSettings(owner: alice.id, settings)
                let water = try await store.createHabit(owner: alice.id, water())
                let run = try await store.createHabit(owner: alice.id, Habit(name: "Run", order: 1, createdOn: day1))
                _ = try await store.increment(owner: alice.id, habit: water.id, day: day1, by: 5)
                _ = try await store.increment(owner: alice.id, habit: water.id, day: day1, by: 5)
                _ = try await store.check(owner: alice.id, habit: run.id, day: day2)
                _ = try await store.skip(owner: alice.id, habit: run.id, day: day3)
                _ = try await store.setNote(owner: alice.id, habit: run.id, day: day2, "5 km")
                var renamed = water
                renamed.name = "Water"
                _ = try await store.updateHabit(owner: alice.id, renamed)
                let routine = try await store.createRoutine(
                    owner: alice.id, Routine(name: "Morning", start: try TimeOfDay(hour: 7), habitIDs: [run.id]))
                try await store.moveHabit(owner: alice.id, habit: water.id, toRoutine: routine.id, at: 0)
                try await store.reorderHabits(owner: alice.id, [run.id])
                try await store.dismissTip(owner: alice.id, .neverMissTwice)
                let temporary = try await store.createHabit(owner: alice.id, Habit(name: "Temp", createdOn: day1))
                _ = try await store.check(owner: alice.id, habit: temporary.id, day: day1)
                try await store.deleteHabit(owner: alice.id, id: temporary.id)

                let logged = try await store.operations(owner: alice.id, after: 0, limit: 10_000)
                #expect(logged.count == 16)
                #expect(zip(logged, logged.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
                #expect(zip(logged, logged.dropFirst()).allSatisfy { $0.operation.timestamp < $1.operation.timestamp })
                #expect(Set(logged.map(\.operation.id)).count == logged.count)
                // Paging by cursor gives the same operations
                let firstPage = try await store.operations(owner: alice.id, after: 0, limit: 4)
                let rest = try await store.operations(owner: alice.id, after: firstPage.last!.sequence, limit: 10_000)
                #expect(firstPage + rest == logged)
                // The latest position is the last operation's, per user (live updates compare it)
                #expect(try await store.latestOperationSequence(owner: alice.id) == logged.last!.sequence)
                let bob = try await newUser(store, "bob")
                #expect(try await store.latestOperationSequence(owner: bob.id) == 0)
                await expectStoreError("an unknown user's log position", isNotFound) {
                    _ = try await store.latestOperationSequence(owner: User.ID())
                }
                // All at once (the shared live-update poll): the same positions; an unknown owner
                // is left out or 0, and nobody asked for is answered.
                let stranger = User.ID()
                let all = try await store.latestOperationSequences(owners: [alice.id, bob.id, stranger])
                #expect(all[alice.id] == logged.last!.sequence && all[bob.id] == 0)
                #expect((all[stranger] ?? 0) == 0 && all.count <= 3)
                #expect(try await store.latestOperationSequences(owners: []).isEmpty)
                // History replay: the log alone rebuilds what the store holds
                let replayed = UserState.replaying(logged.map(\.operation.change))
                #expect(replayed == (try await store.exportState(owner: alice.id)))
                #expect(replayed.habits[water.id]?.completionCount(on: day1) == 10)
            },
            StoreContractCase("Applied changes (an import) land together and are logged") { store in
                let alice = try await newUser(store)
                let habit = Habit(name: "Imported", type: .count, target: 3, createdOn: day1)
                let entries = (0..<40).map {
                    Entry(day: day1.adding(days: $0), value: Amount(thousandths: Int64($0 % 4) * 1_125), isSkipped: false)
                }
                .filter { $0.value > 0 }
                try await store.applyChanges(
                    owner: alice.id,
                    [
                        .habitCreated(habit: habit), .entriesImported(habit: habit.id, entries: entries),
                    ])
                let tracked = try await store.trackedHabits(owner: alice.id, includeArchived: false)
                #expect(tracked == [TrackedHabit(habit: habit, entries: entries)])
                #expect(try await store.operations(owner: alice.id, after: 0, limit: 100).count == 2)
            },
            StoreContractCase("Large imports replace the days they name, in order, and keep the others; an empty entry clears its day") {
                store in
                let alice = try await newUser(store)
                let habit = try await store.createHabit(owner: alice.id, Habit(name: "Imported", type: .count, target: 3, createdOn: day1))
                func days(_ range: Range<Int>, value: Amount, note: String? = nil) -> [Entry] {
                    range.map { Entry(day: day1.adding(days: $0), value: value, note: note) }
                }
                // Into a habit without entries, then over it: a day named twice takes its last
                // entry, notes with quotes and line breaks survive, an empty entry clears.
                try await store.applyChanges(owner: alice.id, [.entriesImported(habit: habit.id, entries: days(0..<100, value: 1))])
                let second =
                    days(50..<150, value: 2, note: "a \"quoted\"\nnote") + days(60..<61, value: 5)
                    + [Entry(day: day1), Entry(day: day1.adding(days: 1), isSkipped: true)]
                try await store.applyChanges(owner: alice.id, [.entriesImported(habit: habit.id, entries: second)])
                var expected = TrackedHabit(habit: habit)
                for entry in days(0..<100, value: 1) + second { expected.replaceEntry(entry) }
                let tracked = try await store.trackedHabits(owner: alice.id, includeArchived: false)
                #expect(tracked == [expected])
                #expect(tracked.first?.entries.count == 149)
                #expect(tracked.first?.entries[day1.adding(days: 60)]?.value == 5)
                #expect(tracked.first?.entries[day1.adding(days: 99)]?.note == "a \"quoted\"\nnote")
            },
            StoreContractCase("A prepared batch that breaks a rule is refused whole and changes nothing") { store in
                let alice = try await newUser(store)
                let water = try await store.createHabit(owner: alice.id, water())
                let before = try await store.exportState(owner: alice.id)
                let operations = try await store.operations(owner: alice.id, after: 0, limit: 1000)
                let fresh = Habit(name: "Fresh", createdOn: day1)
                await expectStoreError("negative value", isInvalid) {
                    try await store.applyChanges(
                        owner: alice.id,
                        [
                            .habitCreated(habit: fresh),
                            .entriesImported(habit: water.id, entries: [Entry(day: day1, value: 2), Entry(day: day2, value: -1)]),
                        ])
                }
                await expectStoreError("name taken", isConflict) {
                    try await store.applyChanges(
                        owner: alice.id,
                        [
                            .habitCreated(habit: fresh),
                            .entriesImported(habit: water.id, entries: [Entry(day: day1, value: 2)]),
                            .habitCreated(habit: Habit(name: "drink WATER", createdOn: day1)),
                        ])
                }
                await expectStoreError("invalid habit", isInvalid) {
                    try await store.applyChanges(owner: alice.id, [.habitCreated(habit: Habit(name: "", createdOn: day1))])
                }
                #expect(try await store.exportState(owner: alice.id) == before)
                #expect(try await store.operations(owner: alice.id, after: 0, limit: 1000) == operations)
            },
            StoreContractCase("Export holds everything the user owns") { store in
                let alice = try await newUser(store)
                let water = try await store.createHabit(owner: alice.id, water())
                _ = try await store.setValue(owner: alice.id, habit: water.id, day: day1, 5)
                _ = try await store.setNote(owner: alice.id, habit: water.id, day: day2, "note")
                _ = try await store.createRoutine(
                    owner: alice.id, Routine(name: "Morning", start: try TimeOfDay(hour: 7), habitIDs: [water.id]))
                try await store.recordTipEvent(owner: alice.id, .routineCreated)
                let state = try await store.exportState(owner: alice.id)
                #expect(state.settings == (try await store.user(id: alice.id).settings))
                #expect(state.habits[water.id]?.sortedEntries == [Entry(day: day1, value: 5), Entry(day: day2, note: "note")])
                #expect(state.routines.routines.map(\.habitIDs) == [[water.id]])
                #expect(state.tips.actedOn.contains(.buildRoutine))
            },
            StoreContractCase("Deleting a user deletes everything they own and nothing of others") { store in
                let alice = try await newUser(store)
                let bob = try await newUser(store, "bob")
                let water = try await store.createHabit(owner: alice.id, water())
                _ = try await store.check(owner: alice.id, habit: water.id, day: day1)
                let bobs = try await store.createHabit(owner: bob.id, StoreContract.water())
                _ = try await store.check(owner: bob.id, habit: bobs.id, day: day1)
                try await store.deleteUser(owner: alice.id)
                await expectStoreError("user gone", isNotFound) { _ = try await store.user(id: alice.id) }
                #expect(try await store.user(named: "alice") == nil)
                #expect(try await store.trackedHabits(owner: bob.id, includeArchived: true).first?.completionCount(on: day1) == 8)
                _ = try await newUser(store)  // the name is free again
            },
            StoreContractCase("Concurrent check-ins, some refused, each get their own result, as if made one after another") { store in
                try await concurrentCheckIns(store)
            },
            StoreContractCase("Dashboard loading returns every habit with all its entries") { store in
                let alice = try await newUser(store)
                var expected: [TrackedHabit] = []
                for index in 0..<5 {
                    let habit = try await store.createHabit(
                        owner: alice.id, Habit(name: "H\(index)", type: .count, target: 10, order: index, createdOn: day1))
                    var tracked = TrackedHabit(habit: habit)
                    for offset in stride(from: index, to: 60, by: 3) {
                        let day = day1.adding(days: offset)
                        _ = try await store.setValue(owner: alice.id, habit: habit.id, day: day, Amount(offset + 1))
                        tracked.setValue(Amount(offset + 1), on: day)
                    }
                    expected.append(tracked)
                }
                #expect(try await store.trackedHabits(owner: alice.id, includeArchived: false) == expected)
            },
        ] + groupCases + heldCases + dateCases + pauseCases + versionCases

    /// The summaries' property: random writes through every path (check-ins on recent and long-past
    /// days, imports, deletes, schedule edits, a new week start, merged operations from another
    /// device), each followed by a windowed load with the user's calendar (which reads and
    /// refreshes the stored summaries), as today moves on; every load's Today, 200-day heatmap
    /// and tips equal those of the full history.
    static func summariesStayExact(_ store: any TendStore, seed: UInt64 = 17) async throws {
        var random = SeededGenerator(seed: seed)
        let alice = try await newUser(store)
        var settings = alice.settings
        var today = Fixtures.day("2025-09-01")
        let schedules: [Schedule] = [
            .daily, .weekdays([.monday, .thursday]), .timesPerWeek(3), .timesPerMonth(10), .timesInDays(times: 2, days: 9),
            .everyNDays(interval: 3, start: today.adding(days: -400)),
        ]
        var habits: [Habit] = []
        var changes: [Change] = []
        for (index, schedule) in schedules.enumerated() {
            let habit = Habit(
                name: "Habit \(index)", kind: index == 1 ? .bad : .good, type: .count, target: 2, schedule: schedule,
                createdOn: today.adding(days: -300 + index * 20))
            habits.append(habit)
            changes.append(.habitCreated(habit: habit))
            let days = (-330...0).filter { _ in Int.random(in: 0..<3, using: &random) > 0 }
            changes.append(
                .entriesImported(
                    habit: habit.id,
                    entries: days.map {
                        Entry(day: today.adding(days: $0), value: Amount(Int.random(in: 0...3, using: &random)), isSkipped: $0 % 17 == 0)
                    }
                    .filter { !$0.isEmpty }))
        }
        try await store.applyChanges(owner: alice.id, changes)
        var clock = HybridClock(device: "phone")

        func compare(_ step: String) async throws {
            let calendar = settings.calendar
            let window = HistoryWindow(
                from: today.adding(days: -TipContext.lookback), through: today, today: today, calendar: calendar,
                valuesFrom: today.adding(days: -6))
            let loaded = try await store.trackedHabits(owner: alice.id, includeArchived: false, window: window)
            let full = try await store.trackedHabits(owner: alice.id, includeArchived: false)
            #expect(loaded.map(\.habit) == full.map(\.habit), "\(step)")
            for day in [today, today.adding(days: -1), today.adding(days: -3)] {
                #expect(
                    TodayPlan(habits: loaded, day: day, today: today, current: .day, calendar: calendar)
                        == TodayPlan(habits: full, day: day, today: today, current: .day, calendar: calendar), "\(step): \(day)")
            }
            #expect(
                DayScore.heatmap(loaded, endingOn: today, today: today, calendar: calendar)
                    == DayScore.heatmap(full, endingOn: today, today: today, calendar: calendar), "\(step)")
            #expect(
                TipContext(habits: loaded, routines: [], today: today, calendar: calendar)
                    == TipContext(habits: full, routines: [], today: today, calendar: calendar), "\(step)")
            for (one, all) in zip(loaded, full) {
                #expect(
                    one.statuses(from: window.from, through: today, today: today, calendar: calendar)
                        == all.statuses(from: window.from, through: today, today: today, calendar: calendar),
                    "\(step): \(all.habit.schedule)")
            }
        }

        try await compare("after the import")
        try await compare("read again")
        for step in 0..<40 {
            let alive = try await store.habits(owner: alice.id, includeArchived: false)
            guard let habit = alive.randomElement(using: &random) else { break }
            switch Int.random(in: 0..<12, using: &random) {
            case 0:
                var edited = habit
                edited.schedule = schedules.randomElement(using: &random)!
                edited.target = Amount(thousandths: 500 * Int64.random(in: 1...6, using: &random))
                _ = try await store.updateHabit(owner: alice.id, edited)
            case 1:
                let days = (0..<Int.random(in: 1...15, using: &random)).map { _ in
                    today.adding(days: -Int.random(in: 0...360, using: &random))
                }
                try await store.applyChanges(
                    owner: alice.id,
                    [
                        .entriesImported(
                            habit: habit.id,
                            entries: Set(days).map {
                                Entry(day: $0, value: Amount(thousandths: Int64.random(in: 1...4_000, using: &random)))
                            })
                    ])
            case 2:
                if step > 20 { try await store.deleteHabit(owner: alice.id, id: habit.id) }
            case 3:
                settings.firstWeekday = Int.random(in: 1...7, using: &random)
                _ = try await store.updateSettings(owner: alice.id, settings)
            case 4:
                let operations = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                    ChangeOperation(
                        device: "phone", timestamp: clock.tick(now: Date()),
                        change: .entrySet(
                            habit: habit.id, day: today.adding(days: -Int.random(in: 0...60, using: &random)),
                            value: Amount(thousandths: 250 * Int64.random(in: 0...12, using: &random))))
                }
                _ = try await store.receive(owner: alice.id, operations, from: "phone")
            case 5:
                // A check-in before the habit's history began moves its start.
                _ = try await store.perform(
                    owner: alice.id, habit: habit.id, day: habit.createdOn.adding(days: -Int.random(in: 1...40, using: &random)),
                    .increment(1))
            case 6, 7:
                today = today.adding(days: Int.random(in: 1...9, using: &random))
            default:
                let back = Bool.random(using: &random) ? Int.random(in: 0...3, using: &random) : Int.random(in: 0...300, using: &random)
                let command: EntryCommand = [.increment(1), .set(0), .skip(true), .reset, .set(3)].randomElement(using: &random)!
                _ = try await store.perform(owner: alice.id, habit: habit.id, day: today.adding(days: -back), command)
            }
            try await compare("step \(step)")
        }
    }
}
