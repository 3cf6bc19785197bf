import Foundation

/// Dense per-day data of one habit over a range of days: the working form of every
/// computation over history (statuses, strength, streaks), built in one pass over the entries.
struct Timeline {
    let start: Day
    let count: Int
    var values: [Amount]
    var skipped: [Bool]
    /// Days inside one of the habit's pauses; empty when it has none (most habits: no array).
    var paused: [Bool] = []

    init(_ tracked: TrackedHabit, from start: Day, through end: Day) {
        self.start = start
        count = max(0, start.days(to: end) + 1)
        values = [Amount](repeating: 0, count: count)
        skipped = [Bool](repeating: false, count: count)
        guard count > 0 else { return }
        if !tracked.habit.pauses.isEmpty {
            paused = [Bool](repeating: false, count: count)
            let last = start.adding(days: count - 1)
            for pause in tracked.habit.pauses where pause.start <= last && (pause.end.map { $0 >= start } ?? true) {
                let from = max(0, start.days(to: pause.start))
                let through = min(count - 1, pause.end.map { start.days(to: $0) } ?? count - 1)
                for offset in from...through { paused[offset] = true }
            }
        }
        if count * 4 < tracked.entries.count {
            // A short range in a long history: look the days up.
            for offset in 0..<count {
                if let entry = tracked.entries[start.adding(days: offset)] {
                    values[offset] = entry.value
                    skipped[offset] = entry.isSkipped
                }
            }
        } else {
            for (day, entry) in tracked.entries {
                let offset = start.days(to: day)
                if offset >= 0, offset < count {
                    values[offset] = entry.value
                    skipped[offset] = entry.isSkipped
                }
            }
        }
    }

    func index(of day: Day) -> Int { start.days(to: day) }

    /// Whether the day at `index` is paused.
    @inline(__always) func isPaused(_ index: Int) -> Bool { !paused.isEmpty && paused[index] }
}
