import Foundation
import TendCore
import TendTestSupport
import Testing

/// `statistics(asOf:calendar:)` gathers score, streaks, completion rates and totals in one pass;
/// each must agree with the dedicated computation and with hand counts.
@Suite("Statistics of one habit")
struct StrengthStatisticsTests {
    let utc = Fixtures.calendar()

    /// A daily habit created Jan 1, 2025, checked every day of Jan 1…30 except multiples of 3
    /// (Jan 3, 6, …, 30): 20 checks.
    static let pattern = ScoringSupport.isoDays("2025-01-01", "2025-01-30").filter { Int($0.suffix(2))! % 3 != 0 }

    @Test("Score and streaks agree with strength(on:) and streaks(asOf:)")
    func agreesWithDedicatedFunctions() {
        let tracked = Fixtures.tracked(Fixtures.habit(), checked: Self.pattern)
        let day = Fixtures.day("2025-01-30")
        let stats = tracked.statistics(asOf: day, calendar: utc)
        #expect(stats.asOf == day)
        #expect(stats.score == tracked.strength(on: day))
        let streaks = tracked.streaks(asOf: day, calendar: utc)
        #expect(stats.currentStreak == streaks.current)
        #expect(stats.bestStreak == streaks.best)
        // By hand: the runs are two days long (e.g. Jan 28–29), today (Jan 30) is pending
        #expect(streaks == Streaks(current: 2, best: 2))
    }

    @Test("Completion rates count met ÷ (met + missed) over the last 7, 30 and 365 days")
    func completionRates() {
        let tracked = Fixtures.tracked(Fixtures.habit(), checked: Self.pattern)
        let stats = tracked.statistics(asOf: Fixtures.day("2025-01-30"), calendar: utc)
        // Jan 24…30: met 25, 26, 28, 29; missed 24, 27; today (30) pending and not judged → 4/6
        #expect(stats.completionRate7 == 4.0 / 6.0)
        // Jan 1…30: 20 met; missed Jan 3, 6, …, 27 (9 days); Jan 30 pending → 20/29
        #expect(stats.completionRate30 == 20.0 / 29.0)
        // Only 30 days of history: the 365-day rate is the same
        #expect(stats.completionRate365 == 20.0 / 29.0)
    }

    @Test("Totals and per-weekday counts match a hand count")
    func totals() {
        let tracked = Fixtures.tracked(Fixtures.habit(), checked: Self.pattern)
        let stats = tracked.statistics(asOf: Fixtures.day("2025-01-30"), calendar: utc)
        #expect(stats.totalDaysMet == 20)
        #expect(stats.totalCheckIns == 20)
        #expect(stats.totalValue == 20)
        #expect(stats.skippedDays == 0)
        // Checked days per weekday, Sunday first (also checked with python3's datetime):
        // Sun 5, 19, 26 (12 excluded) = 3; Mon 13, 20 (6, 27) = 2; Tue 7, 14, 28 (21) = 3;
        // Wed 1, 8, 22, 29 (15) = 4; Thu 2, 16, 23 (9, 30) = 3; Fri 10, 17 (3, 24) = 2;
        // Sat 4, 11, 25 (18) = 3
        #expect(stats.weekdayCounts == [3, 2, 3, 4, 3, 2, 3])
    }

    @Test("A count habit's totals sum its values and count skipped days")
    func countTotals() {
        // Given a count habit (target 8) with 8, 4, 12 on Jan 1–3, Jan 4 skipped, 9 on Jan 6
        let tracked = ScoringSupport.tracked(
            Fixtures.habit(type: .count, target: 8),
            values: ["2025-01-01": 8, "2025-01-02": 4, "2025-01-03": 12, "2025-01-06": 9], skipped: ["2025-01-04"])
        let stats = tracked.statistics(asOf: Fixtures.day("2025-01-06"), calendar: utc)
        // Then met days are Jan 1, 3, 6; missed Jan 2 and 5
        #expect(stats.totalDaysMet == 3)
        #expect(stats.totalCheckIns == 4)
        #expect(stats.totalValue == 33)
        #expect(stats.skippedDays == 1)
        #expect(stats.completionRate7 == 3.0 / 5.0)
        // Wed Jan 1, Thu 2, Fri 3, Mon 6
        #expect(stats.weekdayCounts == [0, 1, 0, 1, 1, 1, 0])
        // Current run: Jan 6 after the missed Jan 5; best: Jan 3 + skipped Jan 4 = 2
        #expect(stats.currentStreak == 1 && stats.bestStreak == 2)
        #expect(stats.score == tracked.strength(on: Fixtures.day("2025-01-06")))
    }

    @Test("Before the history begins the statistics are empty, with a bad habit's score at 1")
    func beforeHistory() {
        let bad = TrackedHabit(habit: Fixtures.habit(kind: .bad, type: .count, target: 2, createdOn: "2025-02-01"))
        let stats = bad.statistics(asOf: Fixtures.day("2025-01-01"), calendar: utc)
        #expect(stats.score == 1)
        #expect(stats.completionRate7 == nil && stats.completionRate30 == nil && stats.completionRate365 == nil)
        #expect(stats.totalDaysMet == 0 && stats.weekdayCounts == [0, 0, 0, 0, 0, 0, 0])
    }

    @Test("Statistics agree with the dedicated functions on the generated dataset")
    func datasetAgreement() {
        // Given the deterministic dataset, 14 habits × 1 year, mixing every schedule, kind and type
        let end = Fixtures.day("2025-06-30")
        let habits = Dataset.generate(habits: 14, years: 1, endingOn: end)
        let calendar = Fixtures.calendar("Europe/Berlin", locale: "de_DE")
        for tracked in habits {
            let stats = tracked.statistics(asOf: end, calendar: calendar)
            #expect(abs(stats.score - tracked.strength(on: end)) < 1e-12, "\(tracked.habit.name)")
            #expect(
                Streaks(current: stats.currentStreak, best: stats.bestStreak)
                    == tracked.streaks(asOf: end, calendar: calendar), "\(tracked.habit.name)")
            let statuses = tracked.statuses(from: tracked.startDay, through: end, today: end, calendar: calendar)
            #expect(stats.totalDaysMet == statuses.count { $0 == .met }, "\(tracked.habit.name)")
        }
    }
}
