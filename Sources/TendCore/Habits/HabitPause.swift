import Foundation
import TendWords

/// A stretch of days a habit rests (a holiday, an illness): from `start` through `end`, or open
/// (`end` = `nil`) until resumed. Days inside are ``DayStatus/paused``: neither due nor missed.
public struct HabitPause: Codable, Hashable, Sendable, Comparable {
    public var start: Day
    /// The last paused day; `nil`: until resumed.
    public var end: Day?

    public init(start: Day, end: Day? = nil) {
        self.start = start
        self.end = end
    }

    public func contains(_ day: Day) -> Bool { day >= start && end.map { day <= $0 } ?? true }

    public static func < (lhs: HabitPause, rhs: HabitPause) -> Bool { lhs.start < rhs.start }

    /// The most pauses one habit keeps: years of holidays, not a pause per day.
    public static let maximumPerHabit = 100

    /// Valid pauses: each ends on or after it starts and on or after 2000, at most
    /// ``maximumPerHabit``, none overlapping another.
    public static func validate(_ pauses: [HabitPause]) throws(HabitValidationError) {
        guard pauses.count <= maximumPerHabit else {
            throw .pauses(tPlural("a habit has at most {count} pause", "a habit has at most {count} pauses", count: maximumPerHabit))
        }
        for pause in pauses {
            guard pause.start >= RecordableDays.floor else {
                throw .pauses(
                    t(
                        "a pause starting {day} is before {floor}, the earliest day Tend records",
                        ["day": pause.start.iso, "floor": RecordableDays.floor.iso]))
            }
            if let end = pause.end, end < pause.start {
                throw .pauses(t("a pause ends ({end}) before it starts ({start})", ["end": end.iso, "start": pause.start.iso]))
            }
        }
        let sorted = pauses.sorted()
        for (earlier, later) in zip(sorted, sorted.dropFirst()) where earlier.end.map({ $0 >= later.start }) ?? true {
            throw .pauses(
                t("the pause from {later} overlaps the one from {earlier}", ["later": later.start.iso, "earlier": earlier.start.iso]))
        }
    }
}

extension Habit {
    /// Whether `day` is in one of the habit's pauses.
    public func isPaused(on day: Day) -> Bool { pauses.contains { $0.contains(day) } }

    /// The pause holding `day`, if any.
    public func pause(on day: Day) -> HabitPause? { pauses.first { $0.contains(day) } }

    /// The pauses with `pause` added: one that overlaps or touches it is merged into it, so a
    /// pause set again over a running one extends it instead of being refused.
    public func pauses(adding pause: HabitPause) -> [HabitPause] {
        var merged = pause
        var rest: [HabitPause] = []
        for existing in pauses {
            let touches =
                (existing.end.map { $0.next >= merged.start } ?? true) && (merged.end.map { $0.next >= existing.start } ?? true)
            if touches {
                merged.start = min(merged.start, existing.start)
                merged.end = existing.end.flatMap { a in merged.end.map { b in max(a, b) } }
            } else {
                rest.append(existing)
            }
        }
        return (rest + [merged]).sorted()
    }

    /// The pauses with the one running on `today` (or starting after it) ended: a pause that
    /// has run ends yesterday, one that had not begun is taken away. `nil` when nothing is paused
    /// on or after `today`.
    public func pausesResumed(today: Day) -> [HabitPause]? {
        var changed = false
        var result: [HabitPause] = []
        for pause in pauses {
            if pause.start >= today {
                changed = true
            } else if pause.contains(today) {
                changed = true
                result.append(HabitPause(start: pause.start, end: today.previous))
            } else {
                result.append(pause)
            }
        }
        return changed ? result : nil
    }
}
