import Foundation
import TendCore

/// A habit's statistics as `tend stats --json` prints them and `GET /api/v1/habits/{id}/stats`
/// answers: keys documented in docs/cli.md; rates are `null` when no day could be judged.
public struct StatsJSON: Codable, Hashable, Sendable {
    public var habit: String
    public var name: String
    public var asOf: String
    public var score: Double
    public var currentStreak: Int
    public var bestStreak: Int
    @NullWhenAbsent public var completionRate7: Double?
    @NullWhenAbsent public var completionRate30: Double?
    @NullWhenAbsent public var completionRate365: Double?
    public var totalDaysMet: Int
    /// Days met or missed (a finished challenge: "completed `totalDaysMet` of these").
    public var totalDaysJudged: Int
    public var totalCheckIns: Int
    public var totalValue: Amount
    public var skippedDays: Int
    /// Days with a value, by weekday code (`mon` … `sun`).
    public var weekdays: [String: Int]

    public init(habit: Habit, _ stats: HabitStatistics) {
        self.habit = habit.id.description
        name = habit.name
        asOf = stats.asOf.iso
        score = stats.score
        currentStreak = stats.currentStreak
        bestStreak = stats.bestStreak
        completionRate7 = stats.completionRate7
        completionRate30 = stats.completionRate30
        completionRate365 = stats.completionRate365
        totalDaysMet = stats.totalDaysMet
        totalDaysJudged = stats.totalDaysJudged
        totalCheckIns = stats.totalCheckIns
        totalValue = stats.totalValue
        skippedDays = stats.skippedDays
        weekdays = Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0.code, stats.weekdayCounts[$0.rawValue - 1]) })
    }

    enum CodingKeys: String, CodingKey {
        case habit, name, asOf, score, currentStreak, bestStreak, completionRate7, completionRate30, completionRate365
        case totalDaysMet, totalDaysJudged, totalCheckIns, totalValue, skippedDays, weekdays
    }
}
