import Foundation
import TendCore
import TendTestSupport
import Testing

@Suite("Habit model: defaults, validation and palette")
struct HabitModelTests {
    let created = Fixtures.day("2025-01-01")

    // MARK: Defaults

    @Test("A habit made from a name and a creation day is a daily good checkmark with target 1")
    func defaultsMakeADailyGoodCheckmark() throws {
        // Given only a name and a creation day
        let habit = Habit(name: "Read", createdOn: created)

        // Then every other attribute takes its documented default
        #expect(habit.kind == .good)
        #expect(habit.type == .checkmark)
        #expect(habit.target == 1)
        #expect(habit.schedule == .daily)
        #expect(habit.emoji == Habit.defaultEmoji)
        #expect(habit.color == .blue)
        #expect(habit.notes.isEmpty)
        #expect(habit.unit.isEmpty)
        #expect(habit.routineTime == .anytime)
        #expect(habit.reminders.isEmpty)
        #expect(habit.isArchived == false)
        #expect(habit.order == 0)
        #expect(habit.createdOn == created)
        // And the default habit is valid as it stands
        try habit.validate()
    }

    @Test(
        "Each kind and type gets its default target when none is given",
        arguments: [
            (HabitKind.good, HabitType.checkmark, 1),
            (.bad, .checkmark, 0),
            (.good, .count, 1),
            (.bad, .count, 1),
            (.good, .duration, 600),
            (.bad, .duration, 1800),
        ] as [(HabitKind, HabitType, Amount)])
    func defaultTargetPerKindAndType(kind: HabitKind, type: HabitType, expected: Amount) throws {
        // Given a habit of that kind and type without an explicit target
        let habit = Habit(name: "Habit", kind: kind, type: type, createdOn: created)

        // Then it has the default target, which is inside the allowed range
        #expect(habit.target == expected)
        #expect(Habit.defaultTarget(kind: kind, type: type) == expected)
        #expect(Habit.targetRange(kind: kind, type: type).contains(expected))
        try habit.validate()
    }

    @Test("An explicit target wins over the default")
    func explicitTargetIsKept() {
        let habit = Habit(name: "Water", type: .count, target: 8, unit: "glasses", createdOn: created)
        #expect(habit.target == 8)
    }

    // MARK: Validation: names

    @Test("An empty or blank name is rejected", arguments: ["", " ", "   \t ", "\n", " \n\t "])
    func blankNamesAreRejected(name: String) {
        let habit = Habit(name: name, createdOn: created)
        #expect(throws: HabitValidationError.emptyName) { try habit.validate() }
    }

    @Test("A name of 100 characters is fine and one of 101 is too long")
    func nameLengthLimit() throws {
        // Given names exactly at and just over the limit
        let longest = Habit(name: String(repeating: "a", count: Habit.maximumNameLength), createdOn: created)
        let tooLong = Habit(name: String(repeating: "a", count: Habit.maximumNameLength + 1), createdOn: created)

        // Then only the longer one is rejected, with the limit named in the error
        try longest.validate()
        #expect(throws: HabitValidationError.nameTooLong(100)) { try tooLong.validate() }
    }

    @Test("The name limit counts characters as people see them, not UTF-16 units")
    func nameLengthCountsGraphemes() throws {
        // Given 100 family emoji, each several scalars long
        let habit = Habit(name: String(repeating: "👨‍👩‍👧", count: 100), createdOn: created)
        // Then the name is still within the limit
        try habit.validate()
    }

    @Test("A name with a line break is rejected", arguments: ["Read\nbooks", "Read\r\nbooks", "Read\u{2028}books"])
    func namesWithNewlinesAreRejected(name: String) {
        let habit = Habit(name: name, createdOn: created)
        #expect(throws: HabitValidationError.nameHasNewline) { try habit.validate() }
    }

    // MARK: Validation: emoji

    @Test("Text that is not exactly one emoji is rejected", arguments: ["a", "ab", "😀😀", "", "1", "#", "✅a"])
    func nonEmojiAreRejected(text: String) {
        // Given a habit whose emoji is plain text, two emoji or nothing
        let habit = Habit(name: "Read", emoji: text, createdOn: created)
        // Then validation names the offending text
        #expect(Habit.isSingleEmoji(text) == false)
        #expect(throws: HabitValidationError.invalidEmoji(text)) { try habit.validate() }
    }

    @Test(
        "A single emoji is accepted, including sequences and text-default symbols",
        arguments: ["😀", "🏃‍♀️", "❤️", "☀", "✅", "👍🏽", "🇩🇪", "👨‍👩‍👧"])
    func singleEmojiAreAccepted(text: String) throws {
        let habit = Habit(name: "Read", emoji: text, createdOn: created)
        #expect(Habit.isSingleEmoji(text))
        try habit.validate()
    }

    // MARK: Validation: targets

    @Test(
        "A target outside its kind and type's range is rejected, naming the range",
        arguments: [
            (HabitKind.good, HabitType.checkmark, 0, 1...1),
            (.good, .checkmark, 2, 1...1),
            (.bad, .checkmark, 1, 0...0),
            (.bad, .checkmark, -1, 0...0),
            (.good, .count, 0, 0.001...1_000_000),
            (.good, .count, 1_000_001, 0.001...1_000_000),
            (.good, .count, 1_000_000.001, 0.001...1_000_000),
            (.bad, .count, -1, 0...1_000_000),
            (.bad, .count, 1_000_001, 0...1_000_000),
            (.good, .duration, 0, 1...86_400),
            (.good, .duration, 86_401, 1...86_400),
            (.bad, .duration, -1, 0...86_400),
            (.bad, .duration, 86_401, 0...86_400),
        ])
    func targetsOutOfRange(kind: HabitKind, type: HabitType, target: Amount, range: ClosedRange<Amount>) {
        // Given a habit whose target lies just outside what its kind and type allow
        let habit = Habit(name: "Habit", kind: kind, type: type, target: target, createdOn: created)
        // Then validation reports the target and the allowed range
        #expect(throws: HabitValidationError.targetOutOfRange(target, range)) { try habit.validate() }
    }

    @Test(
        "Targets at the edges of their range are accepted",
        arguments: [
            (HabitKind.good, HabitType.count, 0.001), (.good, .count, 1), (.good, .count, 2.5), (.good, .count, 1_000_000),
            (.bad, .count, 0), (.bad, .count, 0.5), (.bad, .count, 1_000_000), (.good, .duration, 1), (.good, .duration, 86_400),
            (.bad, .duration, 0), (.bad, .duration, 86_400),
        ] as [(HabitKind, HabitType, Amount)])
    func targetsAtTheEdges(kind: HabitKind, type: HabitType, target: Amount) throws {
        try Habit(name: "Habit", kind: kind, type: type, target: target, createdOn: created).validate()
    }

    @Test("A fixed target is described as the only value allowed")
    func fixedTargetMessage() {
        let error = HabitValidationError.targetOutOfRange(2, 1...1)
        #expect(error.description == "target 2 is not allowed here: it must be 1")
        #expect(HabitValidationError.targetOutOfRange(0, 1...10).description == "target 0 is out of range 1…10")
    }

    // MARK: Validation: schedule, notes, unit, reminders

    @Test(
        "A habit with an impossible schedule is rejected as a schedule problem",
        arguments: [
            Schedule.weekdays([]), .daysOfMonth([]), .daysOfMonth([0]), .daysOfMonth([32]),
            .everyNDays(interval: 0, start: Fixtures.day("2025-01-01")),
            .everyNDays(interval: 366, start: Fixtures.day("2025-01-01")),
            .timesPerWeek(0), .timesPerWeek(8), .timesPerMonth(0), .timesPerMonth(32),
            .timesInDays(times: 0, days: 7), .timesInDays(times: 8, days: 7), .timesInDays(times: 1, days: 0),
            .timesInDays(times: 1, days: 366),
        ])
    func invalidSchedules(schedule: Schedule) {
        let habit = Habit(name: "Habit", schedule: schedule, createdOn: created)
        #expect {
            try habit.validate()
        } throws: { error in
            guard case .schedule(let reason) = error as? HabitValidationError else { return false }
            return !reason.isEmpty
        }
    }

    @Test("Notes and units have length limits, and a unit is one line")
    func notesAndUnitLimits() throws {
        var habit = Habit(name: "Water", type: .count, target: 8, createdOn: created)
        habit.notes = String(repeating: "n", count: Habit.maximumNotesLength)
        habit.unit = String(repeating: "u", count: Habit.maximumUnitLength)
        try habit.validate()

        habit.notes += "n"
        #expect(throws: HabitValidationError.notesTooLong(10_000)) { try habit.validate() }

        habit.notes = ""
        habit.unit += "u"
        #expect(throws: HabitValidationError.unitTooLong(30)) { try habit.validate() }

        habit.unit = "glasses\nof water"
        #expect(throws: HabitValidationError.unitTooLong(30)) { try habit.validate() }
    }

    @Test("A reminder message of more than 200 characters makes the habit invalid")
    func reminderMessageTooLong() throws {
        // Given a habit with a reminder whose message is exactly at the limit
        let time = try TimeOfDay(hour: 7, minute: 30)
        var habit = Habit(name: "Read", createdOn: created)
        habit.reminders = [Reminder(time: time, message: String(repeating: "m", count: 200))]
        try habit.validate()

        // When the message grows by one character
        habit.reminders[0].message! += "m"

        // Then the habit is rejected because of its reminder
        #expect(throws: HabitValidationError.reminder("a message is at most 200 characters")) {
            try habit.validate()
        }
    }

    @Test("A habit has at most 20 reminders")
    func tooManyReminders() throws {
        let time = try TimeOfDay(hour: 8)
        var habit = Habit(name: "Read", createdOn: created)
        habit.reminders = (0..<20).map { _ in Reminder(time: time) }
        try habit.validate()
        habit.reminders.append(Reminder(time: time))
        #expect(throws: HabitValidationError.tooManyReminders(20)) { try habit.validate() }
    }

    @Test("Validation reports the first problem: an empty name before a bad emoji or target")
    func firstProblemWins() {
        let habit = Habit(name: " ", emoji: "ab", target: 5, createdOn: created)
        #expect(throws: HabitValidationError.emptyName) { try habit.validate() }
    }

    // MARK: Palette

    @Test("Every palette color has light and dark hexes of the form #RRGGBB", arguments: HabitColor.allCases)
    func paletteHexesAreWellFormed(color: HabitColor) {
        for hex in [color.lightHex, color.darkHex] {
            #expect(hex.count == 7, "\(color) \(hex)")
            #expect(hex.first == "#", "\(color) \(hex)")
            #expect(hex.dropFirst().allSatisfy { $0.isHexDigit && ($0.isNumber || $0.isUppercase) }, "\(color) \(hex)")
        }
        #expect(color.lightHex != color.darkHex)
    }

    @Test("No two palette colors share a hex")
    func paletteHexesAreDistinct() {
        let light = HabitColor.allCases.map(\.lightHex)
        let dark = HabitColor.allCases.map(\.darkHex)
        #expect(Set(light).count == HabitColor.allCases.count)
        #expect(Set(dark).count == HabitColor.allCases.count)
    }

    // MARK: Routine time

    @Test(
        "The hour maps onto Void.'s parts of the day",
        arguments: [
            (5, RoutineTime.morning), (10, .morning), (11, .day), (17, .day), (18, .evening), (23, .evening),
            (0, .evening), (4, .evening),
        ])
    func routineTimeOfHour(hour: Int, expected: RoutineTime) {
        #expect(RoutineTime(hour: hour) == expected)
    }

    @Test("A bad habit is met at or under its limit, a good one at or over its target")
    func isMetByValue() {
        let good = Habit(name: "Water", type: .count, target: 8, createdOn: created)
        let bad = Habit(name: "Coffee", kind: .bad, type: .count, target: 2, createdOn: created)
        #expect(!good.isMet(by: 7))
        #expect(good.isMet(by: 8))
        #expect(good.isMet(by: 9))
        #expect(bad.isMet(by: 0))
        #expect(bad.isMet(by: 2))
        #expect(!bad.isMet(by: 3))
    }
}
