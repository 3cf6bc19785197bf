import Foundation

extension TrackedHabit {
    /// Applies an entry change addressed to this habit (other changes are ignored).
    public mutating func apply(_ change: Change) {
        switch change {
        case .entriesImported(let habit, let entries) where habit == id:
            for entry in entries { replaceEntry(entry) }
        case .entrySet(let habit, let day, _), .entryIncremented(let habit, let day, _),
            .entrySkipped(let habit, let day, _), .entryReset(let habit, let day), .entryNoteSet(let habit, let day, _):
            if habit == id { replaceEntry(log(for: day).applying(change)) }
        default:
            break
        }
    }

    /// Marks the day done: a good habit reaches (at least) its target; for a bad habit a check
    /// records one more slip.
    public mutating func check(on day: Day) {
        switch habit.kind {
        case .good: setValue(max(completionCount(on: day), habit.target), on: day)
        case .bad: incrementCompletion(on: day, by: 1)
        // A measurement has no "done": a check adds one, as a tap does.
        case .measure: incrementCompletion(on: day, by: 1)
        }
    }

    /// Clears the day's value (a skip and a note stay).
    public mutating func uncheck(on day: Day) {
        setValue(0, on: day)
    }
}
