import Foundation

/// Current and best streak, in days.
public struct Streaks: Hashable, Sendable, Codable {
    /// The run that is still alive on the day asked about.
    public var current: Int
    /// The longest run in the habit's history up to that day.
    public var best: Int

    public init(current: Int, best: Int) {
        self.current = current
        self.best = best
    }

    /// A streak is a run of met, skipped or satisfied days; a missed day ends it; days that are
    /// not due, and today while it is still open, neither end nor lengthen it.
    public init(statuses: some Sequence<DayStatus>) {
        var run = 0
        var best = 0
        for status in statuses {
            if status.extendsStreak {
                run += 1
                if run > best { best = run }
            } else if status == .missed {
                run = 0
            }
        }
        self.init(current: run, best: best)
    }
}
