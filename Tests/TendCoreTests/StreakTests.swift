import Foundation
import TendCore
import TendTestSupport
import Testing

/// Current and best streaks: met, skipped and satisfied days lengthen a run, a missed day ends it,
/// non-due days and today while it is still open do neither.
@Suite("Streaks")
struct StreakTests {
    let utc = Fixtures.calendar()

    @Test("Streaks(statuses:) counts runs of met, skipped and satisfied days and resets on missed")
    func fromStatuses() {
        // Given met, not due, met, missed, met, skipped, satisfied, pending
        let streaks = Streaks(statuses: [.met, .notDue, .met, .missed, .met, .skipped, .satisfied, .pending])
        // Then the first run is 2 (the non-due day neither ends nor lengthens it), the current run is 3
        #expect(streaks == Streaks(current: 3, best: 3))
        // And an empty history has no streak
        #expect(Streaks(statuses: [DayStatus]()) == Streaks(current: 0, best: 0))
        // And a trailing missed day ends the current run but keeps the best
        #expect(Streaks(statuses: [.met, .met, .missed]) == Streaks(current: 0, best: 2))
    }

    @Test("A missed day ends the current streak; the best remembers the longer run")
    func missedDayBreaks() {
        // Given a daily habit checked Jan 1–3, not on Jan 4, then Jan 5–6
        let tracked = Fixtures.tracked(
            Fixtures.habit(), checked: ["2025-01-01", "2025-01-02", "2025-01-03", "2025-01-05", "2025-01-06"])
        // When the streaks are read on Jan 6
        let streaks = tracked.streaks(asOf: Fixtures.day("2025-01-06"), calendar: utc)
        // Then the current run is Jan 5–6 and the best Jan 1–3
        #expect(streaks == Streaks(current: 2, best: 3))
    }

    @Test("Today, still unchecked, does not break the current streak")
    func todayPending() {
        // Given checks Jan 1–4 and nothing yet on Jan 5
        let tracked = Fixtures.tracked(Fixtures.habit(), checked: ScoringSupport.isoDays("2025-01-01", "2025-01-04"))
        // When read on Jan 5 the streak is still 4; read on Jan 6, Jan 5 has been missed
        #expect(tracked.streaks(asOf: Fixtures.day("2025-01-05"), calendar: utc) == Streaks(current: 4, best: 4))
        #expect(tracked.streaks(asOf: Fixtures.day("2025-01-06"), calendar: utc) == Streaks(current: 0, best: 4))
    }

    @Test("A skipped day keeps the streak alive and counts as part of it")
    func skippedDayKeepsStreak() {
        // Given checks Jan 1–5, a rest day on Jan 6, checks Jan 7–8
        let checked = ScoringSupport.isoDays("2025-01-01", "2025-01-05") + ["2025-01-07", "2025-01-08"]
        let tracked = ScoringSupport.tracked(
            Fixtures.habit(), values: Dictionary(uniqueKeysWithValues: checked.map { ($0, 1) }), skipped: ["2025-01-06"])
        // Then the run is unbroken: 7 met days plus the rest day
        #expect(tracked.streaks(asOf: Fixtures.day("2025-01-08"), calendar: utc) == Streaks(current: 8, best: 8))
    }

    @Test("Non-due days of a Mon/Wed/Fri habit neither break nor lengthen the streak")
    func nonDueDays() {
        // Given Mon/Wed/Fri checked on every due day from Wed Jan 1 to Fri Jan 17 (8 due days)
        let habit = Fixtures.habit(schedule: .weekdays([.monday, .wednesday, .friday]))
        let tracked = Fixtures.tracked(
            habit,
            checked: [
                "2025-01-01", "2025-01-03", "2025-01-06", "2025-01-08", "2025-01-10", "2025-01-13",
                "2025-01-15", "2025-01-17",
            ])
        // When read on Sun Jan 19 (not due)
        let streaks = tracked.streaks(asOf: Fixtures.day("2025-01-19"), calendar: utc)
        // Then the streak is the 8 due days
        #expect(streaks == Streaks(current: 8, best: 8))
    }

    @Test("Satisfied days of a quota week lengthen the streak")
    func satisfiedDays() {
        // Given 2 per week (de_DE) created Mon Jan 6, checked Mon 6 and Tue 7
        let habit = Fixtures.habit(schedule: .timesPerWeek(2), createdOn: "2025-01-06")
        let tracked = Fixtures.tracked(habit, checked: ["2025-01-06", "2025-01-07"])
        // When read on Sun Jan 12: Mon, Tue met and Wed…Sun satisfied
        let streaks = tracked.streaks(asOf: Fixtures.day("2025-01-12"), calendar: Fixtures.calendar(locale: "de_DE"))
        // Then the whole week counts
        #expect(streaks == Streaks(current: 7, best: 7))
    }

    @Test("Unmet days of a quota week that was completed later do not break the streak")
    func pendingQuotaDays() {
        // Given 2 per week (de_DE) created Mon Jan 6, checked Thu 9 and Sat 11
        let habit = Fixtures.habit(schedule: .timesPerWeek(2), createdOn: "2025-01-06")
        let tracked = Fixtures.tracked(habit, checked: ["2025-01-09", "2025-01-11"])
        // When read on Mon Jan 13: Mon–Wed and Fri pending, Thu, Sat met, Sun satisfied, Mon pending
        let streaks = tracked.streaks(asOf: Fixtures.day("2025-01-13"), calendar: Fixtures.calendar(locale: "de_DE"))
        // Then the run is Thu, Sat, Sun: nothing was missed
        #expect(streaks == Streaks(current: 3, best: 3))
    }

    @Test("A quota week that ended short breaks the streak")
    func failedQuotaWeek() {
        // Given 2 per week (de_DE) created Mon Jan 6, checked Mon 6 and Tue 7 (week met), then only
        // Mon 13 in the next week
        let habit = Fixtures.habit(schedule: .timesPerWeek(2), createdOn: "2025-01-06")
        let tracked = Fixtures.tracked(habit, checked: ["2025-01-06", "2025-01-07", "2025-01-13"])
        // When read on Mon Jan 20, after the second week ended short
        let streaks = tracked.streaks(asOf: Fixtures.day("2025-01-20"), calendar: Fixtures.calendar(locale: "de_DE"))
        // Then the best is the first week (7) plus Mon 13 (8); Sun 19 was missed, so nothing is current
        #expect(streaks == Streaks(current: 0, best: 8))
    }

    @Test("Before the history begins there is no streak")
    func beforeHistory() {
        let tracked = Fixtures.tracked(Fixtures.habit(createdOn: "2025-02-01"), checked: ["2025-02-01"])
        #expect(tracked.streaks(asOf: Fixtures.day("2025-01-31"), calendar: utc) == Streaks(current: 0, best: 0))
    }
}
