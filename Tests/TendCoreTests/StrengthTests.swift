import Foundation
import TendCore
import TendTestSupport
import Testing

/// Habit strength must be exactly Loop Habit Tracker's score. Every expected value here is
/// derived by hand: a closed form, or an independent re-implementation of Loop's recurrence
/// in Python (`score = previous·m + c·(1 − m)`, m = 0.5^(√f/13)) whose output is pasted as a
/// literal. None of them calls the code under test.
@Suite("Strength: Loop Habit Tracker's score")
struct StrengthTests {
    let tolerance = 1e-12
    let dailyM = ScoringSupport.multiplier(1)  // 0.5^(1/13) = 0.9480775143391714

    @Test("Schedules map to Loop's frequency num/den")
    func frequencies() {
        let start = Fixtures.day("2025-01-01")
        let expected: [(Schedule, Int, Int)] = [
            (.daily, 1, 1),
            (.weekdays([.monday, .wednesday, .friday]), 3, 7),
            (.everyNDays(interval: 3, start: start), 1, 3),
            (.timesPerWeek(3), 3, 7),
            (.timesPerMonth(8), 8, 30),
            (.daysOfMonth([1, 15]), 2, 30),
            (.timesInDays(times: 3, days: 10), 3, 10),
        ]
        for (schedule, num, den) in expected {
            let frequency = schedule.frequency
            #expect(frequency.numerator == num && frequency.denominator == den, "\(schedule)")
        }
    }

    @Test("A daily habit checked 20 days in a row scores 1 − m^20")
    func dailyTwentyDays() {
        // Given a daily checkmark habit checked every day from Jan 1 to Jan 20
        let tracked = Fixtures.tracked(
            Fixtures.habit(), checked: ScoringSupport.isoDays("2025-01-01", "2025-01-20"))
        // When its strength is read on the 20th
        let score = tracked.strength(on: Fixtures.day("2025-01-20"))
        // Then, with c = 1 every day and s0 = 0, s_n = s_{n-1}·m + (1 − m) solves to 1 − m^n
        #expect(abs(score - (1 - pow(dailyM, 20))) < tolerance)
        #expect(abs(score - 0.655747637201433) < tolerance)  // python3: 1 - 0.5**(20/13)
    }

    @Test("Each day of a fully checked daily run scores 1 − m^n")
    func dailyRunSeries() {
        // Given checks every day of January 1…20
        let tracked = Fixtures.tracked(
            Fixtures.habit(), checked: ScoringSupport.isoDays("2025-01-01", "2025-01-20"))
        // When the series is read over the run
        let series = tracked.strengthSeries(from: Fixtures.day("2025-01-01"), through: Fixtures.day("2025-01-20"))
        // Then day n (1-based) has 1 − m^n
        #expect(series.count == 20)
        for (index, score) in series.enumerated() {
            #expect(abs(score - (1 - pow(dailyM, Double(index + 1)))) < tolerance, "day \(index + 1)")
        }
    }

    @Test("Skipped days leave the score unchanged: 20 checks around skips still score 1 − m^20")
    func dailyWithSkips() {
        // Given 10 checks (Jan 1–10), two rest days (Jan 11–12), 10 more checks (Jan 13–22)
        let checked = ScoringSupport.isoDays("2025-01-01", "2025-01-10") + ScoringSupport.isoDays("2025-01-13", "2025-01-22")
        let tracked = ScoringSupport.tracked(
            Fixtures.habit(), values: Dictionary(uniqueKeysWithValues: checked.map { ($0, 1) }),
            skipped: ["2025-01-11", "2025-01-12"])
        // When the scores are read
        let series = tracked.strengthSeries(from: Fixtures.day("2025-01-10"), through: Fixtures.day("2025-01-22"))
        // Then the rest days hold the score of Jan 10 (1 − m^10)…
        #expect(abs(series[0] - (1 - pow(dailyM, 10))) < tolerance)
        #expect(series[1] == series[0])
        #expect(series[2] == series[0])
        // …and the 20th check lands on 1 − m^20, as if the skips were not there
        #expect(abs(series[12] - (1 - pow(dailyM, 20))) < tolerance)
    }

    @Test("An unchecked (not skipped) day decays the score by m")
    func uncheckedDayDecays() {
        // Given 10 checks, then nothing on Jan 11
        let tracked = Fixtures.tracked(
            Fixtures.habit(), checked: ScoringSupport.isoDays("2025-01-01", "2025-01-10"))
        // When Jan 11 is scored, c = 0: s = (1 − m^10)·m
        let score = tracked.strength(on: Fixtures.day("2025-01-11"))
        // Then it is lower than a skipped day would have left it
        #expect(abs(score - (1 - pow(dailyM, 10)) * dailyM) < tolerance)
    }

    @Test("A 3-per-week habit uses the doubled 6/14 window")
    func threePerWeek() {
        // Given a timesPerWeek(3) checkmark habit created Jan 1, checked on
        // Jan 1, 3, 5, 8, 10, 15, 16, 17 and 25
        let habit = Fixtures.habit(schedule: .timesPerWeek(3))
        let tracked = Fixtures.tracked(
            habit,
            checked: [
                "2025-01-01", "2025-01-03", "2025-01-05", "2025-01-08", "2025-01-10", "2025-01-15",
                "2025-01-16", "2025-01-17", "2025-01-25",
            ])
        // When the scores are read on Jan 10, 17 and 31
        // Then they match the hand computation: f = 3/7 < 1 so num/den become 6/14,
        // m = 0.5^(√(3/7)/13), c_t = min(1, checks in [t−13, t] / 6). The c sequence starts
        // 1/6, 1/6, 2/6, 2/6, 3/6, 3/6, 3/6, 4/6, 4/6, 5/6 (Jan 1…10), reaches 1 on Jan 16–18
        // (Jan 3…16 holds 3, 5, 8, 10, 15, 16 = 6 checks), and falls to 1/6 on Jan 31 (only
        // Jan 25 in Jan 18…31). python3 folding the recurrence over those c values gives:
        #expect(abs(tracked.strength(on: Fixtures.day("2025-01-10")) - 0.14349493841736677) < tolerance)
        #expect(abs(tracked.strength(on: Fixtures.day("2025-01-17")) - 0.304274677791181) < tolerance)
        #expect(abs(tracked.strength(on: Fixtures.day("2025-01-31")) - 0.4253096129258324) < tolerance)
    }

    @Test("The first step of a 3-per-week habit is c·(1 − m) with c = 1/6, not 1/3")
    func threePerWeekFirstStep() {
        // Given one check on the creation day
        let tracked = Fixtures.tracked(Fixtures.habit(schedule: .timesPerWeek(3)), checked: ["2025-01-01"])
        // Then s1 = 0·m + (1/6)(1 − m): the doubled numerator 6 divides the single check
        let m = ScoringSupport.multiplier(3.0 / 7.0)
        #expect(abs(tracked.strength(on: Fixtures.day("2025-01-01")) - (1.0 / 6.0) * (1 - m)) < tolerance)
    }

    @Test("Satisfied days do not count as check-ins")
    func satisfiedDaysDoNotCount() {
        // Given a 1-per-week habit checked Monday Jan 6 (the rest of that week is satisfied)
        let tracked = Fixtures.tracked(
            Fixtures.habit(schedule: .timesPerWeek(1), createdOn: "2025-01-06"),
            checked: ["2025-01-06"])
        // When Sunday Jan 12 is scored
        let score = tracked.strength(on: Fixtures.day("2025-01-12"))
        // Then only the one real check counts: f = 1/7 → 2/14, c = 1/2 on all 7 days, so
        // s7 = (1/2)(1 − m^7)
        let m = ScoringSupport.multiplier(1.0 / 7.0)
        #expect(abs(score - 0.5 * (1 - pow(m, 7))) < tolerance)
    }

    @Test("A count habit (at least 8) scores min(1, value/8) per day", arguments: [HabitType.count, .duration])
    func countAtLeast(type: HabitType) {
        // Given a daily good habit with target 8 (count) or 8 seconds (duration) and values
        // 8, 4, 12, 0, 8, 2 on Jan 1…6
        let habit = Fixtures.habit(type: type, target: 8)
        let values: [Amount] = [8, 4, 12, 0, 8, 2]
        let days = ScoringSupport.isoDays("2025-01-01", "2025-01-06")
        let tracked = ScoringSupport.tracked(habit, values: Dictionary(uniqueKeysWithValues: zip(days, values)))
        // When the series is read
        let series = tracked.strengthSeries(from: Fixtures.day("2025-01-01"), through: Fixtures.day("2025-01-06"))
        // Then c = 1, 0.5, 1, 0, 1, 0.25 folded from 0 (python3):
        let expected = [
            0.05192248566082858, 0.07518778397404391, 0.12320633299961072, 0.11680915394111516,
            0.16266661798138266, 0.167201184256956,
        ]
        #expect(series.count == expected.count)
        for (actual, wanted) in zip(series, expected) { #expect(abs(actual - wanted) < tolerance) }
        // and the first step is (1 − m) exactly
        #expect(abs(series[0] - (1 - dailyM)) < tolerance)
    }

    @Test("A 2-per-week count habit sums a 7-day window against T = target × 2")
    func countPerWeekUsesTargetTimesNum() {
        // Given timesPerWeek(2), target 8 (T = 16, window 7 days, no doubling for counts) and
        // values 8, 4, 12, 0, 8, 2, 0, 10, 0, 0 on Jan 1…10
        let habit = Fixtures.habit(type: .count, target: 8, schedule: .timesPerWeek(2))
        let values: [Amount] = [8, 4, 12, 0, 8, 2, 0, 10, 0, 0]
        let days = ScoringSupport.isoDays("2025-01-01", "2025-01-10")
        let tracked = ScoringSupport.tracked(habit, values: Dictionary(uniqueKeysWithValues: zip(days, values)))
        // Then day 1 has c = 8/16 and m = 0.5^(√(2/7)/13)…
        let m = ScoringSupport.multiplier(2.0 / 7.0)
        #expect(abs(tracked.strength(on: Fixtures.day("2025-01-01")) - 0.5 * (1 - m)) < tolerance)
        // …and Jan 10 matches python3's fold of c = min(1, 7-day sum / 16)
        #expect(abs(tracked.strength(on: Fixtures.day("2025-01-10")) - 0.23152456116282438) < tolerance)
    }

    @Test("A bad count habit (at most 3) starts at 1.0 and scores clamp(1 − (v − 3)/3)")
    func countAtMost() {
        // Given a daily bad count habit with limit 3 and values 0, 3, 5, 6, 9, 2 on Jan 1…6
        let habit = Fixtures.habit(kind: .bad, type: .count, target: 3)
        let values: [Amount] = [0, 3, 5, 6, 9, 2]
        let days = ScoringSupport.isoDays("2025-01-01", "2025-01-06")
        let tracked = ScoringSupport.tracked(habit, values: Dictionary(uniqueKeysWithValues: zip(days, values)))
        // When the series is read
        let series = tracked.strengthSeries(from: Fixtures.day("2025-01-01"), through: Fixtures.day("2025-01-06"))
        // Then c = 1, 1, 1/3, 0, 0, 1 from a start of 1.0: the first two days stay at 1.0, then
        // s3 = m + (1/3)(1 − m), s4 = s3·m, s5 = s4·m, s6 = s5·m + (1 − m)
        let m = dailyM
        let s3 = m + (1.0 / 3.0) * (1 - m)
        let closedForm = [1.0, 1.0, s3, s3 * m, s3 * m * m, s3 * m * m * m + (1 - m)]
        let python = [1.0, 1.0, 0.9653850095594476, 0.9152598202434183, 0.867737255350897, 0.8746046658134018]
        for index in 0..<6 {
            #expect(abs(series[index] - closedForm[index]) < tolerance, "day \(index + 1)")
            #expect(abs(series[index] - python[index]) < tolerance, "day \(index + 1)")
        }
    }

    @Test("A bad checkmark habit is a limit of zero slips: 1.0 until a slip, then decays by m")
    func badCheckmark() {
        // Given a daily bad checkmark habit (target 0) with one slip on Jan 3
        let tracked = ScoringSupport.tracked(Fixtures.habit(kind: .bad), values: ["2025-01-03": 1])
        let series = tracked.strengthSeries(from: Fixtures.day("2025-01-01"), through: Fixtures.day("2025-01-04"))
        // Then the limit rule with T = 0 gives c = 1 on clean days and c = 0 on the slip:
        // s1 = s2 = 1, s3 = 1·m, s4 = m·m + (1 − m)
        let m = dailyM
        let expected = [1, 1, m, m * m + (1 - m)]
        for (actual, wanted) in zip(series, expected) { #expect(abs(actual - wanted) < tolerance) }
    }

    @Test("A bad habit with nothing recorded keeps a perfect score, a good one stays at zero")
    func emptyHistories() {
        let bad = TrackedHabit(habit: Fixtures.habit(kind: .bad, type: .count, target: 2))
        let good = TrackedHabit(habit: Fixtures.habit())
        #expect(bad.strength(on: Fixtures.day("2025-03-01")) == 1)
        #expect(good.strength(on: Fixtures.day("2025-03-01")) == 0)
    }

    @Test("A skipped day leaves a count habit's score unchanged")
    func countSkip() {
        // Given a count habit (target 8) at 8 on Jan 1, skipped on Jan 2, 8 on Jan 3
        let tracked = ScoringSupport.tracked(
            Fixtures.habit(type: .count, target: 8), values: ["2025-01-01": 8, "2025-01-03": 8],
            skipped: ["2025-01-02"])
        let series = tracked.strengthSeries(from: Fixtures.day("2025-01-01"), through: Fixtures.day("2025-01-03"))
        // Then Jan 2 holds 1 − m and Jan 3 reaches 1 − m², as two full days in a row would
        #expect(series[1] == series[0])
        #expect(abs(series[2] - (1 - dailyM * dailyM)) < tolerance)
    }

    @Test("Scores run from a backfilled first entry before the creation day")
    func scoresRunFromFirstEntry() {
        // Given a habit created Jan 10 with checks backfilled on Jan 5…10
        let tracked = Fixtures.tracked(
            Fixtures.habit(createdOn: "2025-01-10"), checked: ScoringSupport.isoDays("2025-01-05", "2025-01-10"))
        // Then the history starts on Jan 5 and Jan 10 scores six full days: 1 − m^6
        #expect(tracked.startDay == Fixtures.day("2025-01-05"))
        #expect(abs(tracked.strength(on: Fixtures.day("2025-01-10")) - (1 - pow(dailyM, 6))) < tolerance)
    }

    @Test("strengthSeries gives the starting score before the history and one value per day")
    func seriesAroundTheStart() {
        // Given a daily habit created Jan 1 and checked Jan 1…3, and a bad count habit
        let good = Fixtures.tracked(Fixtures.habit(), checked: ["2025-01-01", "2025-01-02", "2025-01-03"])
        let bad = TrackedHabit(habit: Fixtures.habit(kind: .bad, type: .count, target: 2))
        // When the series spans Dec 30 … Jan 4
        let series = good.strengthSeries(from: Fixtures.day("2024-12-30"), through: Fixtures.day("2025-01-04"))
        // Then the two days before the start are 0, then 1 − m, 1 − m², 1 − m³, (1 − m³)·m
        let m = dailyM
        let expected = [0, 0, 1 - m, 1 - m * m, 1 - m * m * m, (1 - m * m * m) * m]
        #expect(series.count == 6)
        for (actual, wanted) in zip(series, expected) { #expect(abs(actual - wanted) < tolerance) }
        // And each value equals the single-day strength of that day
        for (offset, value) in series.enumerated() {
            #expect(value == good.strength(on: Fixtures.day("2024-12-30").adding(days: offset)))
        }
        // A bad habit's series before its history is 1.0; an inverted range is empty
        #expect(bad.strengthSeries(from: Fixtures.day("2024-12-01"), through: Fixtures.day("2024-12-03")) == [1, 1, 1])
        #expect(good.strengthSeries(from: Fixtures.day("2025-01-04"), through: Fixtures.day("2025-01-03")).isEmpty)
    }

    @Test("Strength.compute is Loop's single step")
    func singleStep() {
        // s = previous·m + c·(1 − m) with f = 1: from 0.5 with c = 1
        let m = dailyM
        #expect(abs(Strength.compute(frequency: 1, previous: 0.5, checkmarkValue: 1) - (0.5 * m + (1 - m))) < tolerance)
    }
}
