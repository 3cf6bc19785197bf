import Foundation
import TendCore
import TendFixtures
import Testing

/// Issue 17: the Today page works out each habit's statuses once (``StatusSpans``) for its
/// heatmap, tips and day list; each of those must equal what it works out on its own, whatever
/// stretch the spans cover (all the asked days, some of them, none), in odd zones and week starts.
@Suite("StatusSpans: the same heatmap, tips and day list as without them")
struct StatusSpansPropertyTests {
    @Test("Spans over any stretch give the heatmap, the tips' context and the day's plan as without spans")
    func sameResults() {
        var random = SeededGenerator(seed: 2_026_1127)
        for round in 0..<60 {
            let calendar = HabitSummaryPropertyTests.calendar(&random)
            var habits: [TrackedHabit] = []
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                var tracked = HabitSummaryPropertyTests.history(HabitSummaryPropertyTests.habit(&random), &random)
                // Some with a summary of their settled days, as stores hand them on.
                if Bool.random(using: &random) {
                    let today = HabitSummaryPropertyTests.base.adding(days: 150)
                    tracked = TrackedHabit(
                        habit: tracked.habit, entries: tracked.sortedEntries,
                        summary: HabitSummary(tracked, today: today, calendar: calendar))
                }
                habits.append(tracked)
            }
            let today = HabitSummaryPropertyTests.base.adding(days: Int.random(in: 150...190, using: &random))
            let day = today.adding(days: -Int.random(in: 0...40, using: &random))
            // The span may start before, at or after the days asked for, and end before today.
            let from = day.adding(days: -Int.random(in: 0...260, using: &random))
            let through = [today, day, today.adding(days: -3)].randomElement(using: &random)!
            let spans = StatusSpans(habits, from: from, through: through, today: today, calendar: calendar)
            let context = "round \(round): \(day) of \(today), spans \(from)…\(through)"

            #expect(
                DayScore.heatmap(habits, endingOn: day, today: today, calendar: calendar, spans: spans)
                    == DayScore.heatmap(habits, endingOn: day, today: today, calendar: calendar), "\(context)")
            #expect(
                TipContext(habits: habits, routines: [], today: today, calendar: calendar, spans: spans)
                    == TipContext(habits: habits, routines: [], today: today, calendar: calendar), "\(context)")
            #expect(
                TodayPlan(habits: habits, day: day, today: today, current: .day, calendar: calendar, spans: spans)
                    == TodayPlan(habits: habits, day: day, today: today, current: .day, calendar: calendar), "\(context)")
            for tracked in habits {
                let first = day.adding(days: -Int.random(in: 0...300, using: &random))
                #expect(
                    Array(spans.statuses(of: tracked, from: first, through: day, today: today, calendar: calendar))
                        == tracked.statuses(from: first, through: day, today: today, calendar: calendar), "\(context)")
            }
        }
    }
}
