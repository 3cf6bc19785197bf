import Foundation

/// Dense per-day data of one habit over a range of days: the working form of every
/// computation over history (statuses, strength, streaks), built in one pass over the entries.
struct Timeline {
    let start: Day
    let count: Int
    var values: [Amount]
    var skipped: [Bool]

    init(_ tracked: TrackedHabit, from start: Day, through end: Day) {
        self.start = start
        count = max(0, start.days(to: end) + 1)
        values = [Amount](repeating: 0, count: count)
        skipped = [Bool](repeating: false, count: count)
        guard count > 0 else { return }
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
}
