import Foundation
import TendCore
import TendTestSupport
import Testing

/// Void.'s day score: met due habits ÷ due habits, `nil` when nothing is due.
@Suite("Day score and heatmap")
struct DayScoreTests {
    let utc = Fixtures.calendar()
    let today = Fixtures.day("2025-01-08")  // a Wednesday

    @Test("Two of three due habits met score 2/3")
    func twoOfThree() {
        // Given three daily habits, two checked today
        let habits = [
            Fixtures.tracked(Fixtures.habit("Read"), checked: ["2025-01-08"]),
            Fixtures.tracked(Fixtures.habit("Run"), checked: ["2025-01-08"]),
            TrackedHabit(habit: Fixtures.habit("Write")),
        ]
        // When today's score is calculated
        let score = DayScore.calculateTodayScore(habits, on: today, today: today, calendar: utc)
        // Then it is 2/3
        #expect(score == 2.0 / 3.0)
    }

    @Test("A day with nothing due scores nil, not 0 or 1")
    func nothingDue() {
        // Given a weekend habit on a Wednesday, a habit skipped today and a satisfied quota habit
        let weekend = TrackedHabit(habit: Fixtures.habit("Hike", schedule: .weekdays([.saturday, .sunday])))
        let skipped = ScoringSupport.tracked(Fixtures.habit("Read"), skipped: ["2025-01-08"])
        let quota = Fixtures.tracked(
            Fixtures.habit("Swim", schedule: .timesPerWeek(1)), checked: ["2025-01-06"])
        // When today's score is calculated
        let score = DayScore.calculateTodayScore([weekend, skipped, quota], on: today, today: today, calendar: utc)
        // Then it is nil, as it is for no habits at all
        #expect(score == nil)
        #expect(DayScore.calculateTodayScore([], on: today, today: today, calendar: utc) == nil)
    }

    @Test("Only due habits count: a weekend habit on a weekday does not dilute the score")
    func onlyDueHabitsCount() {
        let habits = [
            Fixtures.tracked(Fixtures.habit("Read"), checked: ["2025-01-08"]),
            TrackedHabit(habit: Fixtures.habit("Hike", schedule: .weekdays([.saturday, .sunday]))),
        ]
        #expect(DayScore.calculateTodayScore(habits, on: today, today: today, calendar: utc) == 1)
    }

    @Test("Archived habits take no part", arguments: [true, false])
    func archivedExcluded(archivedIsChecked: Bool) {
        // Given one checked and one unchecked daily habit, plus an archived one
        var archived = Fixtures.habit("Old")
        archived.isArchived = true
        let habits = [
            Fixtures.tracked(Fixtures.habit("Read"), checked: ["2025-01-08"]),
            TrackedHabit(habit: Fixtures.habit("Run")),
            Fixtures.tracked(archived, checked: archivedIsChecked ? ["2025-01-08"] : []),
        ]
        // Then the score is 1/2 whatever the archived habit did
        #expect(DayScore.calculateTodayScore(habits, on: today, today: today, calendar: utc) == 0.5)
        // And a list of only archived habits has nothing due
        #expect(DayScore.calculateTodayScore([habits[2]], on: today, today: today, calendar: utc) == nil)
    }

    @Test("A bad habit kept under its limit counts as met; over it, as due but not met")
    func badHabits() {
        let limit = Fixtures.habit("Coffee", kind: .bad, type: .count, target: 2)
        let kept = ScoringSupport.tracked(limit, values: ["2025-01-08": 2])
        let broken = ScoringSupport.tracked(limit, values: ["2025-01-08": 3])
        #expect(DayScore.calculateTodayScore([kept, broken], on: today, today: today, calendar: utc) == 0.5)
    }

    @Test("The heatmap has 200 values, the last one the given day, nil after today and before any history")
    func heatmap200() {
        // Given two daily habits created Jan 1: one checked every day, one on even days
        let every = Fixtures.tracked(Fixtures.habit("Read"), checked: ScoringSupport.isoDays("2025-01-01", "2025-01-31"))
        let even = Fixtures.tracked(
            Fixtures.habit("Run"),
            checked: ScoringSupport.isoDays("2025-01-01", "2025-01-31").filter { Int($0.suffix(2))! % 2 == 0 })
        let habits = [every, even]
        // When the heatmap ends on Jan 12 with today Jan 10
        let end = Fixtures.day("2025-01-12")
        let map = DayScore.heatmap(habits, endingOn: end, today: Fixtures.day("2025-01-10"), calendar: utc)
        // Then there are 200 values ending on Jan 12
        #expect(map.count == 200)
        // The last two (Jan 11, 12) are after today: nil
        #expect(map[199] == nil && map[198] == nil)
        // Jan 10 (even) is 2/2 and Jan 9 (odd) is 1/2
        #expect(map[197] == 1)
        #expect(map[196] == 0.5)
        // Jan 1 is index 199 − 11 = 188; everything before it precedes both habits: nil
        #expect(map[188] == 0.5)
        #expect(map[0..<188].allSatisfy { $0 == nil })
        // And each value agrees with the single-day score
        for offset in 188..<200 {
            let day = end.adding(days: offset - 199)
            #expect(map[offset] == DayScore.calculateTodayScore(habits, on: day, today: Fixtures.day("2025-01-10"), calendar: utc))
        }
    }

    @Test("The heatmap length follows `days`", arguments: [1, 7, 365])
    func heatmapLength(days: Int) {
        let habits = [Fixtures.tracked(Fixtures.habit(), checked: ["2025-01-08"])]
        let map = DayScore.heatmap(habits, endingOn: today, days: days, today: today, calendar: utc)
        #expect(map.count == days)
        #expect(map.last == 1)
    }
}
