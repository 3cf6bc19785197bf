import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

@Suite("Completion operations on a tracked habit (the seeds' API)")
struct CompletionTests {
    let day = Fixtures.day("2025-03-10")

    static func quarters(_ count: Int) -> Amount { Amount(thousandths: Int64(count) * 250) }

    func tracked(
        kind: HabitKind = .good, type: HabitType = .checkmark, target: Amount? = nil, createdOn: String = "2025-03-01"
    ) -> TrackedHabit {
        TrackedHabit(habit: Fixtures.habit("Habit", kind: kind, type: type, target: target, createdOn: createdOn))
    }

    // MARK: Reading a day

    @Test("A day with nothing recorded has count 0, no progress and is not completed")
    func emptyDay() {
        let habit = tracked(type: .count, target: 8)
        #expect(habit.completionCount(on: day) == 0)
        #expect(habit.completionProgress(on: day) == 0)
        #expect(!habit.isCompleted(on: day))
        #expect(!habit.isPartiallyCompleted(on: day))
        #expect(habit.entry(on: day) == nil)
        #expect(!habit.isSkipped(on: day))
        #expect(habit.note(on: day) == nil)
    }

    @Test(
        "Progress is the share of the target reached, capped at 1",
        arguments: [(0, 0.0), (2, 0.25), (6, 0.75), (8, 1.0), (12, 1.0)])
    func progressOfACount(value: Amount, progress: Double) {
        // Given a habit of 8 glasses with `value` recorded
        var habit = tracked(type: .count, target: 8)
        habit.setValue(value, on: day)
        // Then the progress is value / 8, never more than 1
        #expect(habit.completionProgress(on: day) == progress)
        #expect(habit.completionCount(on: day) == value)
    }

    @Test(
        "A day is partially completed only strictly between nothing and the target",
        arguments: [(0, false, false), (1, true, false), (7, true, false), (8, false, true), (9, false, true)])
    func partialCompletion(value: Amount, partial: Bool, completed: Bool) {
        var habit = tracked(type: .count, target: 8)
        habit.setValue(value, on: day)
        #expect(habit.isPartiallyCompleted(on: day) == partial)
        #expect(habit.isCompleted(on: day) == completed)
    }

    @Test(
        "A bad habit's day is met while the value stays at or under its limit", arguments: [(0, true), (2, true), (3, false), (10, false)])
    func badHabitIsMetUnderTheLimit(value: Amount, met: Bool) {
        // Given "at most 2 coffees"
        var habit = tracked(kind: .bad, type: .count, target: 2)
        habit.setValue(value, on: day)
        // Then the day is met exactly when value ≤ 2
        #expect(habit.isCompleted(on: day) == met)
    }

    @Test("A bad checkmark with nothing recorded is met; one slip breaks it")
    func badCheckmark() {
        var habit = tracked(kind: .bad)
        #expect(habit.isCompleted(on: day))
        #expect(habit.completionProgress(on: day) == 0)
        habit.setValue(1, on: day)
        #expect(!habit.isCompleted(on: day))
        #expect(habit.completionProgress(on: day) == 1)
    }

    @Test("A bad habit's progress is the share of its allowance used")
    func badHabitProgress() {
        var habit = tracked(kind: .bad, type: .count, target: 4)
        habit.setValue(1, on: day)
        #expect(habit.completionProgress(on: day) == 0.25)
        habit.setValue(6, on: day)
        #expect(habit.completionProgress(on: day) == 1)
    }

    // MARK: Increment

    @Test("Incrementing a good habit stops at its target")
    func incrementIsCappedForGoodHabits() {
        // Given a good checkmark habit
        var habit = tracked()
        // When it is incremented three times
        for _ in 0..<3 { habit.incrementCompletion(on: day) }
        // Then it is at its target of 1, not 3
        #expect(habit.completionCount(on: day) == 1)
        #expect(habit.isCompleted(on: day))
    }

    @Test("Incrementing a good count goes up by the amount, but never past the target")
    func incrementByAmount() {
        var habit = tracked(type: .count, target: 8)
        habit.incrementCompletion(on: day, by: 5)
        #expect(habit.completionCount(on: day) == 5)
        habit.incrementCompletion(on: day, by: 5)
        #expect(habit.completionCount(on: day) == 8)
    }

    @Test("Incrementing a bad habit is not capped: every slip counts")
    func incrementIsNotCappedForBadHabits() {
        var habit = tracked(kind: .bad, type: .count, target: 2)
        for _ in 0..<5 { habit.incrementCompletion(on: day) }
        #expect(habit.completionCount(on: day) == 5)
        #expect(!habit.isCompleted(on: day))
    }

    @Test("A negative increment decrements but never below 0")
    func negativeIncrement() {
        var habit = tracked(type: .count, target: 8)
        habit.setValue(3, on: day)
        habit.incrementCompletion(on: day, by: -2)
        #expect(habit.completionCount(on: day) == 1)
        habit.incrementCompletion(on: day, by: -5)
        #expect(habit.completionCount(on: day) == 0)
        // And the day with nothing left is not stored
        #expect(habit.entry(on: day) == nil)
    }

    @Test("An explicit value above the target is kept by a further increment, and a decrement lowers it")
    func explicitValueAboveTargetIsKept() {
        // Given 10 glasses recorded explicitly against a target of 8
        var habit = tracked(type: .count, target: 8)
        habit.setValue(10, on: day)
        // When it is incremented
        habit.incrementCompletion(on: day)
        // Then the explicit 10 is kept (neither cut back to 8 nor raised)
        #expect(habit.completionCount(on: day) == 10)
        // And a decrement still works from 10
        habit.incrementCompletion(on: day, by: -1)
        #expect(habit.completionCount(on: day) == 9)
    }

    @Test("Incrementing a good habit never lowers a value and never passes max(value, target)")
    func incrementProperty() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...20), Gen.int(in: 0...40), Gen.int(in: -30...30)) {
            target, start, amount in
            // In quarters: decimal targets, values and steps follow the same rules.
            let (target, start, amount) = (Self.quarters(target), Self.quarters(start), Self.quarters(amount))
            var habit = tracked(type: .count, target: target)
            habit.setValue(start, on: day)
            habit.incrementCompletion(on: day, by: amount)
            let value = habit.completionCount(on: day)
            #expect(value >= 0)
            if amount >= 0 {
                #expect(value >= start)
                #expect(value <= max(start, target))
            } else {
                #expect(value == max(0, start + amount))
            }
        }
    }

    @Test("Recording a value clears a skip")
    func incrementClearsSkip() {
        var habit = tracked(type: .count, target: 8)
        habit.setSkipped(true, on: day)
        habit.incrementCompletion(on: day)
        #expect(!habit.isSkipped(on: day))
        #expect(habit.completionCount(on: day) == 1)
    }

    // MARK: Toggle

    @Test("Toggling a good habit goes between 0 and its target")
    func toggleGood() {
        var habit = tracked(type: .count, target: 8)
        habit.toggleCompleted(on: day)
        #expect(habit.completionCount(on: day) == 8)
        #expect(habit.isCompleted(on: day))
        habit.toggleCompleted(on: day)
        #expect(habit.completionCount(on: day) == 0)
        #expect(habit.entry(on: day) == nil)
    }

    @Test("Toggling a partly done good habit completes it; toggling one above target clears it")
    func togglePartialAndAbove() {
        var habit = tracked(type: .count, target: 8)
        habit.setValue(3, on: day)
        habit.toggleCompleted(on: day)
        #expect(habit.completionCount(on: day) == 8)
        habit.setValue(11, on: day)
        habit.toggleCompleted(on: day)
        #expect(habit.completionCount(on: day) == 0)
    }

    @Test("Toggling a bad habit goes between 0 and one over its limit (a slip)", arguments: [0, 2])
    func toggleBad(target: Amount) {
        // Given a bad habit with limit `target`
        var habit = tracked(kind: .bad, type: target == 0 ? .checkmark : .count, target: target)
        // When toggled once, it records a slip: one over the limit, so the day is broken
        habit.toggleCompleted(on: day)
        #expect(habit.completionCount(on: day) == target + 1)
        #expect(!habit.isCompleted(on: day))
        // When toggled again, the slip is undone
        habit.toggleCompleted(on: day)
        #expect(habit.completionCount(on: day) == 0)
        #expect(habit.isCompleted(on: day))
    }

    // MARK: Reset, skip, note

    @Test("Resetting a day clears its value and skip but keeps its note")
    func resetKeepsNote() {
        // Given a day with a value and a note
        var habit = tracked(type: .count, target: 8)
        habit.setValue(5, on: day)
        habit.setNote("tired", on: day)
        // When it is reset
        habit.resetCompletion(on: day)
        // Then the value is gone and the note stays
        #expect(habit.completionCount(on: day) == 0)
        #expect(habit.note(on: day) == "tired")
        #expect(habit.entry(on: day) == Entry(day: day, value: 0, isSkipped: false, note: "tired"))
    }

    @Test("Resetting a skipped day clears the skip, and an entry left empty is dropped")
    func resetClearsSkip() {
        var habit = tracked()
        habit.setSkipped(true, on: day)
        #expect(habit.isSkipped(on: day))
        habit.resetCompletion(on: day)
        #expect(!habit.isSkipped(on: day))
        #expect(habit.entry(on: day) == nil)
        #expect(habit.entries.isEmpty)
    }

    @Test("Skipping a day sets its value to 0; unskipping leaves nothing behind")
    func skipZeroesTheValue() {
        var habit = tracked(type: .count, target: 8)
        habit.setValue(5, on: day)
        habit.setSkipped(true, on: day)
        #expect(habit.isSkipped(on: day))
        #expect(habit.completionCount(on: day) == 0)
        #expect(!habit.isCompleted(on: day))
        habit.setSkipped(false, on: day)
        #expect(habit.entry(on: day) == nil)
    }

    @Test("A note can be set, replaced and cleared with nil or an empty string")
    func notes() {
        var habit = tracked()
        habit.setNote("first", on: day)
        #expect(habit.note(on: day) == "first")
        habit.setNote("second", on: day)
        #expect(habit.note(on: day) == "second")
        habit.setNote("", on: day)
        #expect(habit.note(on: day) == nil)
        #expect(habit.entry(on: day) == nil)
        habit.setNote("again", on: day)
        habit.setNote(nil, on: day)
        #expect(habit.entry(on: day) == nil)
    }

    @Test("A note alone does not complete a day")
    func noteDoesNotComplete() {
        var habit = tracked()
        habit.setNote("thinking about it", on: day)
        #expect(!habit.isCompleted(on: day))
        #expect(habit.entry(on: day)?.value == 0)
    }

    // MARK: log(for:)

    @Test("log(for:) gives a new empty entry for an empty day without storing it")
    func logIsGetOrCreate() {
        // Given a habit with nothing on the day
        let habit = tracked()
        // When the day's log is asked for twice
        let first = habit.log(for: day)
        let second = habit.log(for: day)
        // Then both calls give the same empty entry for that day, and nothing was stored
        #expect(first == Entry(day: day))
        #expect(second == first)
        #expect(habit.entries.isEmpty)
        #expect(habit.firstEntryDay == nil)
    }

    @Test("log(for:) returns an existing entry unchanged")
    func logReturnsExisting() {
        var habit = tracked(type: .count, target: 8)
        habit.setValue(4, on: day)
        habit.setNote("ok", on: day)
        #expect(habit.log(for: day) == Entry(day: day, value: 4, note: "ok"))
        #expect(habit.completionCount(on: day) == 4)
    }

    // MARK: tap

    @Test("A tap toggles a checkmark")
    func tapCheckmark() {
        var habit = tracked()
        habit.tap(on: day)
        #expect(habit.isCompleted(on: day))
        habit.tap(on: day)
        #expect(!habit.isCompleted(on: day))
    }

    @Test("A tap adds one to a count, up to the target")
    func tapCount() {
        var habit = tracked(type: .count, target: 2)
        habit.tap(on: day)
        #expect(habit.completionCount(on: day) == 1)
        habit.tap(on: day)
        habit.tap(on: day)
        #expect(habit.completionCount(on: day) == 2)
    }

    @Test("A tap adds 60 seconds to a duration, or the step asked for")
    func tapDuration() {
        var habit = tracked(type: .duration, target: 600)
        habit.tap(on: day)
        #expect(habit.completionCount(on: day) == 60)
        habit.tap(on: day, durationStep: 300)
        #expect(habit.completionCount(on: day) == 360)
        habit.tap(on: day, durationStep: 300)
        #expect(habit.completionCount(on: day) == 600)
        #expect(habit.isCompleted(on: day))
    }

    // MARK: firstEntryDay and startDay

    @Test("firstEntryDay follows inserts and removals, and startDay is the earlier of it and creation")
    func firstEntryDayIsMaintained() {
        // Given a habit created on March 1st with no entries
        var habit = tracked(createdOn: "2025-03-01")
        #expect(habit.firstEntryDay == nil)
        #expect(habit.startDay == Fixtures.day("2025-03-01"))

        // When a later day is checked, it becomes the first entry; the start stays the creation day
        habit.toggleCompleted(on: Fixtures.day("2025-03-10"))
        #expect(habit.firstEntryDay == Fixtures.day("2025-03-10"))
        #expect(habit.startDay == Fixtures.day("2025-03-01"))

        // When an earlier day than the creation is checked (back-filled history), the start moves back
        habit.toggleCompleted(on: Fixtures.day("2025-02-20"))
        habit.setNote("backfilled", on: Fixtures.day("2025-02-25"))
        #expect(habit.firstEntryDay == Fixtures.day("2025-02-20"))
        #expect(habit.startDay == Fixtures.day("2025-02-20"))

        // When that earliest entry is cleared, the next earliest takes over
        habit.toggleCompleted(on: Fixtures.day("2025-02-20"))
        #expect(habit.firstEntryDay == Fixtures.day("2025-02-25"))
        #expect(habit.startDay == Fixtures.day("2025-02-25"))

        // When a non-first entry is cleared, the first stays
        habit.toggleCompleted(on: Fixtures.day("2025-03-10"))
        #expect(habit.firstEntryDay == Fixtures.day("2025-02-25"))

        // When the last entry goes, there is no first entry and the start is the creation again
        habit.setNote(nil, on: Fixtures.day("2025-02-25"))
        #expect(habit.firstEntryDay == nil)
        #expect(habit.entries.isEmpty)
        #expect(habit.startDay == Fixtures.day("2025-03-01"))
    }

    @Test("firstEntryDay always equals the earliest stored day, whatever the sequence of changes")
    func firstEntryDayProperty() async {
        let operations = Gen.int(in: 0...6).array(of: 1...40)
        let offsets = Gen.int(in: 0...30).array(of: 40)
        await propertyCheck(count: 200, input: operations, offsets) { operations, offsets in
            var habit = tracked(type: .count, target: 3, createdOn: "2025-03-15")
            for (operation, offset) in zip(operations, offsets) {
                let day = Fixtures.day("2025-03-01").adding(days: offset)
                switch operation {
                case 0: habit.toggleCompleted(on: day)
                case 1: habit.incrementCompletion(on: day)
                case 2: habit.resetCompletion(on: day)
                case 3: habit.setSkipped(offset % 2 == 0, on: day)
                case 4: habit.setNote(offset % 3 == 0 ? nil : "n", on: day)
                case 5: habit.incrementCompletion(on: day, by: -1)
                default: #expect(habit.log(for: day).day == day)
                }
                #expect(habit.firstEntryDay == habit.entries.keys.min())
                #expect(habit.startDay == min(habit.entries.keys.min() ?? habit.habit.createdOn, habit.habit.createdOn))
                #expect(habit.entries.allSatisfy { $0.key == $0.value.day && $0.value.value >= 0 })
                // No operation stores an entry that carries nothing
                #expect(habit.entry(on: day).map { !$0.isEmpty } ?? true)
            }
        }
    }

    @Test("An initial list of entries sets firstEntryDay, ignoring empty entries")
    func initialEntries() {
        let habit = TrackedHabit(
            habit: Fixtures.habit(createdOn: "2025-03-01"),
            entries: [
                Entry(day: Fixtures.day("2025-03-05"), value: 1),
                Entry(day: Fixtures.day("2025-02-01")),
                Entry(day: Fixtures.day("2025-03-02"), isSkipped: true),
            ])
        #expect(habit.entries.count == 2)
        #expect(habit.firstEntryDay == Fixtures.day("2025-03-02"))
        #expect(habit.sortedEntries.map(\.day) == [Fixtures.day("2025-03-02"), Fixtures.day("2025-03-05")])
    }

    @Test("log(for:) on a day before every entry does not move the start of the history")
    func logKeepsFirstEntryDay() {
        var habit = tracked(createdOn: "2025-03-01")
        habit.toggleCompleted(on: Fixtures.day("2025-03-10"))
        #expect(habit.log(for: Fixtures.day("2025-02-05")) == Entry(day: Fixtures.day("2025-02-05")))
        #expect(habit.firstEntryDay == Fixtures.day("2025-03-10"))
        #expect(habit.startDay == Fixtures.day("2025-03-01"))
    }

    // MARK: Date overloads

    @Test("The Date forms read the day that contains the instant in the calendar's zone")
    func dateOverloads() {
        // Given a habit checked on March 9th (civil day)
        var habit = tracked()
        habit.toggleCompleted(on: Fixtures.day("2025-03-09"))
        // And an instant that is late on March 9th in New York but already March 10th in UTC
        let instant = Fixtures.instant("2025-03-09T23:30:00-04:00")
        var newYork = Calendar(identifier: .gregorian)
        newYork.timeZone = Fixtures.zone("America/New_York")
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = Fixtures.zone("UTC")
        // Then the habit is completed "for" that instant in New York but not in UTC
        #expect(habit.isCompleted(for: instant, calendar: newYork))
        #expect(!habit.isCompleted(for: instant, calendar: utc))
        // And log(for:calendar:) acts on the zone's day
        let entry = habit.log(for: instant, calendar: utc)
        #expect(entry.day == Fixtures.day("2025-03-10"))
        #expect(habit.log(for: instant, calendar: newYork).value == 1)
    }

    @Test("Geko's isoDay gives the zone's day of an instant")
    func isoDay() {
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let instant = Fixtures.instant("2025-02-14T20:00:00Z")
        #expect(Habit.isoDay(for: instant, in: tokyo) == "2025-02-15")
    }
}
