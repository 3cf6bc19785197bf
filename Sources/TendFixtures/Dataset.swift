import Foundation
import TendCore

/// The performance dataset: `habits` habits with `years` years of history ending on `endingOn`.
public enum Dataset {
    /// 50 habits × 10 years by default, mixing every kind, type and schedule; about 70% of due days
    /// are recorded, some skipped, some with notes.
    public static func generate(
        habits count: Int = 50, years: Int = 10, endingOn end: Day = Fixtures.day("2026-11-22"), seed: UInt64 = 42
    ) -> [TrackedHabit] {
        var random = SeededGenerator(seed: seed)
        let start = end.adding(days: -(years * 365 + years / 4))
        let schedules: [Schedule] = [
            .daily, .weekdays([.monday, .wednesday, .friday]), .timesPerWeek(3), .timesPerMonth(8),
            .everyNDays(interval: 2, start: start), .daysOfMonth([1, 15, 31]), .timesInDays(times: 3, days: 7),
        ]
        let colors = HabitColor.allCases
        return (0..<count).map { index in
            let type: HabitType = [.checkmark, .checkmark, .count, .duration][index % 4]
            let kind: HabitKind = index % 5 == 4 ? .bad : .good
            let target: Amount =
                switch (kind, type) {
                case (.good, .checkmark): 1
                case (.bad, .checkmark): 0
                case (.measure, _): 0
                case (_, .count): 8
                case (_, .duration): 1800
                }
            let habit = Habit(
                name: "Habit \(index + 1)", color: colors[index % colors.count], kind: kind, type: type,
                target: target, unit: type == .count ? "glasses" : "", schedule: schedules[index % schedules.count],
                routineTime: RoutineTime.allCases[index % 4], order: index, createdOn: start)
            var entries: [Entry] = []
            entries.reserveCapacity(years * 366)
            var day = start
            while day <= end {
                let roll = Int.random(in: 0..<100, using: &random)
                if roll < 70 {
                    let value =
                        switch type {
                        case .checkmark: kind == .good ? 1 : (roll < 10 ? 1 : 0)
                        case .count: Int.random(in: 0...12, using: &random)
                        case .duration: Int.random(in: 0...3600, using: &random)
                        }
                    if value > 0 {
                        entries.append(Entry(day: day, value: Amount(value), note: roll == 0 ? "note" : nil))
                    }
                } else if roll < 73 {
                    entries.append(Entry(day: day, isSkipped: true))
                }
                day = day.next
            }
            return TrackedHabit(habit: habit, entries: entries)
        }
    }
}
