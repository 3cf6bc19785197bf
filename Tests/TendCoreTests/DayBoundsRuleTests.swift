import Foundation
import TendTestSupport
import Testing

@testable import TendCore

/// The day rules every request is held to (issue 16, finding 8), as pure functions.
@Suite("Day bounds: recordable, viewable, habits per person")
struct DayBoundsRuleTests {
    static let today = Fixtures.day("2025-06-15")

    @Test(
        "Viewable: from the floor to a year after today",
        arguments: [
            ("1999-12-31", false), ("2000-01-01", true), ("2025-06-15", true), ("2026-06-16", true), ("2026-06-17", false),
            ("0001-01-01", false), ("9999-12-31", false),
        ])
    func viewable(_ day: String, _ allowed: Bool) {
        #expect(RecordableDays.viewable(today: Self.today).contains(Fixtures.day(day)) == allowed)
        #expect((RecordableDays.viewingRefusal(for: Fixtures.day(day), today: Self.today) == nil) == allowed)
    }

    @Test("A creation day follows the recording rule; the 1,000th habit is the last")
    func habitRules() {
        #expect(throws: RuleViolation.self) { try HabitRules.checkCreatedOn(Fixtures.day("1999-12-31"), today: Self.today) }
        #expect(throws: RuleViolation.self) { try HabitRules.checkCreatedOn(Fixtures.day("2025-06-16"), today: Self.today) }
        #expect(throws: Never.self) { try HabitRules.checkCreatedOn(Fixtures.day("2000-01-01"), today: Self.today) }
        #expect(throws: Never.self) { try HabitRules.checkRoom(existingHabits: 999) }
        #expect(throws: RuleViolation.self) { try HabitRules.checkRoom(existingHabits: 1_000) }
        #expect(Habit.maximumPerOwner == 1_000)
    }

    @Test("An \"every N days\" start is held to the viewable days; other schedules name no day")
    func scheduleStart() {
        #expect(throws: HabitValidationError.self) {
            try Schedule.everyNDays(interval: 2, start: Fixtures.day("0001-01-01")).validateDays(today: Self.today)
        }
        #expect(throws: Never.self) {
            try Schedule.everyNDays(interval: 2, start: Fixtures.day("2026-01-01")).validateDays(today: Self.today)
        }
        #expect(throws: Never.self) { try Schedule.daily.validateDays(today: Self.today) }
    }
}
