import Foundation
import TendCore
import TendFixtures
import TendStore
import Testing

extension StoreContract {
    /// What views of `window`'s days see of a habit: its record, start day, statuses and the
    /// entries of the days whose values are shown. Two reads may hold different stretches of
    /// entries (one that rebuilt a summary holds them all) and still show the same.
    struct WindowView: Equatable {
        var habit: Habit
        var start: Day
        var statuses: [DayStatus]
        var shown: [Entry]

        init(_ tracked: TrackedHabit, _ window: HistoryWindow, calendar: TendCalendar) {
            habit = tracked.habit
            start = tracked.startDay
            statuses = tracked.statuses(from: window.from, through: window.through, today: window.today, calendar: calendar)
            let first = window.valuesFrom ?? window.from
            shown = tracked.sortedEntries.filter { $0.day >= first && $0.day <= window.through }
        }
    }

    static func views(_ habits: [TrackedHabit], _ window: HistoryWindow, calendar: TendCalendar) -> [WindowView] {
        habits.map { WindowView($0, window, calendar: calendar) }.sorted { $0.habit.id < $1.habit.id }
    }

    /// Creates `habits`, each with entries every few days of the 310 days to `today`, and
    /// archives the last.
    static func createWithHistory(_ habits: [Habit], archivingLast store: any TendStore, _ user: User, today: Day) async throws {
        var changes: [Change] = []
        for (index, habit) in habits.enumerated() {
            changes.append(.habitCreated(habit: habit))
            changes.append(
                .entriesImported(
                    habit: habit.id,
                    entries: stride(from: -310, through: 0, by: index + 2).map { Entry(day: today.adding(days: $0), value: 1) }))
        }
        try await store.applyChanges(owner: user.id, changes)
        if let last = habits.last { _ = try await store.setArchived(owner: user.id, habit: last.id, true) }
    }

    /// A Today page's window (200 days, a calendar, values of today) and one without a calendar.
    static func twoWindows(today: Day, calendar: TendCalendar) -> [HistoryWindow] {
        [
            HistoryWindow(from: today.adding(days: -199), through: today, today: today, calendar: calendar, valuesFrom: today),
            HistoryWindow(from: today.adding(days: -30), through: today, today: today),
        ]
    }

    /// Held habits: what ``HeldHabits`` brings forward from the op log equals a fresh
    /// read after every kind of change, and reading a few habits equals reading all of them.
    static let heldCases: [StoreContractCase] = [
        StoreContractCase("Reading some habits gives each as reading all of them does; archived and unknown ids are left out") {
            store in
            let user = try await newUser(store)
            let today = Fixtures.day("2025-06-18")
            let calendar = user.settings.calendar
            let habits = [
                Habit(name: "Walk", createdOn: today.adding(days: -300)),
                Habit(name: "Read", schedule: .timesPerWeek(3), createdOn: today.adding(days: -300)),
                Habit(name: "Call", schedule: .timesInDays(times: 2, days: 10), createdOn: today.adding(days: -20)),
                Habit(name: "Old", createdOn: today.adding(days: -300)),
            ]
            try await createWithHistory(habits, archivingLast: store, user, today: today)
            for window in twoWindows(today: today, calendar: calendar) {
                let all = try await store.trackedHabits(owner: user.id, includeArchived: false, window: window)
                #expect(all.count == 3)
                let some = try await store.trackedHabits(
                    owner: user.id, ids: [habits[1].id, habits[2].id, habits[3].id, Habit.ID()], window: window)
                let wanted = all.filter { $0.id != habits[0].id }
                #expect(some.count == 2)
                #expect(views(some, window, calendar: calendar) == views(wanted, window, calendar: calendar))
            }
        },
        StoreContractCase(
            "The operations after a position come with each active habit their entry changes touched, as reading those habits gives it"
        ) { store in
            let user = try await newUser(store)
            let today = Fixtures.day("2025-06-18")
            let calendar = user.settings.calendar
            let habits = [
                Habit(name: "Walk", createdOn: today.adding(days: -300)),
                Habit(name: "Call", schedule: .timesInDays(times: 2, days: 10), createdOn: today.adding(days: -300)),
                Habit(name: "Read", schedule: .timesPerWeek(3), createdOn: today.adding(days: -300)),
                Habit(name: "Old", createdOn: today.adding(days: -300)),
            ]
            try await createWithHistory(habits, archivingLast: store, user, today: today)
            let windows = twoWindows(today: today, calendar: calendar)
            // Summaries current for the windows, as a page's earlier read leaves them.
            for window in windows { _ = try await store.trackedHabits(owner: user.id, includeArchived: false, window: window) }
            let position = try await store.latestOperationSequence(owner: user.id)
            for window in windows {
                let none = try await store.operationsAfter(owner: user.id, after: position, limit: 8, window: window)
                #expect(none.operations.isEmpty && none.habits.isEmpty)
            }
            // Entry changes of Walk, Call (40 days back: before a summary's end) and the archived
            // habit, and a routine: Walk and Call come back.
            try await store.applyChanges(
                owner: user.id,
                [
                    .entrySet(habit: habits[0].id, day: today, value: 0),
                    .entryIncremented(habit: habits[1].id, day: today.adding(days: -40), by: 1),
                    .entryNoteSet(habit: habits[3].id, day: today, note: "archived"),
                    .entrySkipped(habit: habits[0].id, day: today.adding(days: -1), skipped: true),
                ])
            _ = try await store.createRoutine(owner: user.id, Routine(name: "Morning", start: try TimeOfDay(hour: 7, minute: 0)))
            let logged = try await store.operations(owner: user.id, after: position, limit: 100)
            #expect(logged.count == 5)
            for window in windows {
                let read = try await store.operationsAfter(owner: user.id, after: position, limit: 8, window: window)
                #expect(read.operations == logged)
                let expected = try await store.trackedHabits(owner: user.id, ids: [habits[0].id, habits[1].id], window: window)
                #expect(read.habits.count == 2)
                #expect(views(read.habits, window, calendar: calendar) == views(expected, window, calendar: calendar))
                // More than the limit: one more operation than it, and no habits.
                let over = try await store.operationsAfter(owner: user.id, after: position, limit: 3, window: window)
                #expect(over.operations == Array(logged.prefix(4)) && over.habits.isEmpty)
                // After the entry changes, only the routine: no habits.
                let routineOnly = try await store.operationsAfter(owner: user.id, after: logged[3].sequence, limit: 8, window: window)
                #expect(routineOnly.operations == [logged[4]] && routineOnly.habits.isEmpty)
            }
            await #expect(throws: StoreError.self) {
                try await store.operationsAfter(owner: User.ID(), after: 0, limit: 8, window: windows[0])
            }
        },
        StoreContractCase("Held habits brought forward by the op log equal a fresh read after every kind of change") { store in
            let user = try await newUser(store)
            let today = Fixtures.day("2025-06-18")
            let calendar = user.settings.calendar
            var generator = SeededGenerator(seed: 17)
            let schedules: [Schedule] = [.daily, .timesPerWeek(3), .timesInDays(times: 2, days: 9), .weekdays([.monday, .thursday])]
            var habits: [Habit] = []
            for index in 0..<6 {
                let counted = index % 3 == 1
                let created: Day = today.adding(days: index * 30 - 400)
                habits.append(
                    Habit(
                        name: "Habit \(index)", type: counted ? .count : .checkmark, target: counted ? 5 : 1,
                        schedule: schedules[index % 4], createdOn: created))
            }
            var changes: [Change] = []
            for habit in habits {
                changes.append(.habitCreated(habit: habit))
                let days = (0..<120).map { _ in Int.random(in: -420...0, using: &generator) }
                changes.append(
                    .entriesImported(habit: habit.id, entries: Set(days).sorted().map { Entry(day: today.adding(days: $0), value: 1) }))
            }
            try await store.applyChanges(owner: user.id, changes)
            let routine = try await store.createRoutine(
                owner: user.id, Routine(name: "Morning", start: try TimeOfDay(hour: 7, minute: 0), habitIDs: [habits[0].id]))
            let held = HeldHabits()
            let window = { (tips: TipState) in
                HistoryWindow(
                    from: today.adding(days: -199), through: today, today: today, calendar: calendar,
                    valuesFrom: tips.dismissed.count > 2 ? today.adding(days: -6) : today)
            }
            var outcomes: [HeldHabits.Outcome] = []
            for step in 0..<60 {
                let habit = habits[Int.random(in: 0..<habits.count, using: &generator)]
                // Mostly entries (today, or back-dated into the summaries); every eighth step one of
                // the other kinds of change, in turn.
                let day = Bool.random(using: &generator) ? today : today.adding(days: -Int.random(in: 1...60, using: &generator))
                switch step % 8 == 7 ? (step / 8) % 7 : Int.random(in: 7..<12, using: &generator) {
                case 0:
                    var edited = habit
                    edited.schedule = .timesPerMonth(Int.random(in: 1...5, using: &generator))
                    _ = try await store.updateHabit(owner: user.id, edited)
                    habits = habits.map { $0.id == edited.id ? edited : $0 }
                case 1: _ = try await store.setArchived(owner: user.id, habit: habit.id, Bool.random(using: &generator))
                case 2:
                    let new = Habit(name: "New \(step)", createdOn: today.adding(days: -10))
                    _ = try await store.createHabit(owner: user.id, new)
                    habits.append(new)
                case 3: try await store.moveHabit(owner: user.id, habit: habit.id, toRoutine: routine.id, at: 0)
                case 4: try await store.dismissTip(owner: user.id, Tip.ID.allCases.randomElement(using: &generator)!)
                case 5: try await store.recordTipEvent(owner: user.id, TipEvent.allCases.randomElement(using: &generator)!)
                case 6:
                    let entries = (0..<5).map { _ in Entry(day: today.adding(days: -Int.random(in: 0...300, using: &generator)), value: 1) }
                    try await store.applyChanges(
                        owner: user.id,
                        [.entriesImported(habit: habit.id, entries: Set(entries.map(\.day)).sorted().map { Entry(day: $0, value: 1) })])
                case 7: _ = try await store.tap(owner: user.id, habit: habit.id, day: day)
                case 8: _ = try await store.skip(owner: user.id, habit: habit.id, day: day, Bool.random(using: &generator))
                case 9: _ = try await store.reset(owner: user.id, habit: habit.id, day: day)
                case 10: _ = try await store.setNote(owner: user.id, habit: habit.id, day: day, "step \(step)")
                default:
                    // Two changes before the next read.
                    _ = try await store.tap(owner: user.id, habit: habit.id, day: day)
                    _ = try await store.tap(owner: user.id, habit: habits[0].id, day: today)
                }
                // Not every change is followed by a read: some reads replay several operations.
                guard step % 4 != 3 else { continue }
                // Half the reads as the page route reads: the position with the operations after
                // the held one (HeldHabits.position), half with the position alone.
                let (snapshot, outcome) =
                    if step % 2 == 0 {
                        try await held.read(store, owner: user.id, position: try await held.position(store, owner: user.id), window: window)
                    } else {
                        try await held.read(
                            store, owner: user.id, sequence: try await store.latestOperationSequence(owner: user.id), window: window)
                    }
                #expect(snapshot.sequence == (try await store.latestOperationSequence(owner: user.id)), "step \(step)")
                outcomes.append(outcome)
                let tipState = try await store.tipState(owner: user.id)
                #expect(snapshot.tipState == tipState, "step \(step)")
                #expect(snapshot.window == window(tipState), "step \(step)")
                #expect(snapshot.routines == (try await store.routines(owner: user.id)), "step \(step)")
                let fresh = try await store.trackedHabits(owner: user.id, includeArchived: false, window: window(tipState))
                let keptIDs = snapshot.habits.map(\.id)
                #expect(keptIDs == fresh.map(\.id), "step \(step): \(outcome)")
                let same = views(snapshot.habits, snapshot.window, calendar: calendar) == views(fresh, snapshot.window, calendar: calendar)
                #expect(same, "step \(step): \(outcome)")
            }
            // The case exercised each way of serving a read.
            #expect(outcomes.contains(.full))
            #expect(outcomes.contains { if case .replayed(let habits, _, _) = $0 { habits > 0 } else { false } })
            #expect(outcomes.contains { if case .replayed(_, _, let tips) = $0 { tips } else { false } })
            #expect(outcomes.contains { if case .replayed(_, let routines, _) = $0 { routines } else { false } })
            // A read with nothing new is served as held.
            let sequence = try await store.latestOperationSequence(owner: user.id)
            _ = try await held.read(store, owner: user.id, sequence: sequence, window: window)
            #expect(try await held.read(store, owner: user.id, sequence: sequence, window: window).outcome == .held)
        },
    ]
}
