import Foundation

/// Habit strength exactly as Loop Habit Tracker computes its score, so that people who move from
/// Loop see the numbers they know.
///
/// For frequency f = num/den, each day multiplies the previous score by m = 0.5^(√f / 13) and
/// adds c × (1 − m), where c is how fully the last `den` days (today included) met the habit:
/// - checkmark habits: c = min(1, days checked in the window / num); for f < 1 both num and den are
///   doubled (1/7 becomes 2/14) to smooth irregular weekly rhythms. Only real check-ins count, not
///   satisfied days.
/// - count and duration habits: with T = target × num (Loop's numeric habits all have num = 1, so
///   T is Loop's target), to build c = min(1, sum / T); to limit c = clamp(1 − (sum − T) / T, 0, 1)
///   (c = 1 when the sum is 0 and T is 0, else 0), starting from 1.0 instead of 0.
/// - bad checkmark habits are limits on a count of slips and use the limit rule.
/// A skipped day leaves the score unchanged (its value still leaves the window `den` days later);
/// a paused day is a skipped day with nothing recorded.
/// Scores run from the habit's first entry (or creation day) to the requested day.
public enum Strength {
    /// Loop's per-day step.
    @inlinable
    public static func compute(frequency: Double, previous: Double, checkmarkValue: Double) -> Double {
        let multiplier = pow(0.5, frequency.squareRoot() / 13.0)
        var score = previous * multiplier
        score += checkmarkValue * (1 - multiplier)
        return score
    }

    /// The score of every day of `timeline` (which must start at the habit's start day). A habit
    /// with earlier rules (``HabitVersion``) has each day scored with the rule it had (its
    /// frequency, window and target), the score carried from one rule to the next: a day's score
    /// depends only on the days up to it and their rules.
    static func series(for habit: Habit, timeline: Timeline) -> [Double] {
        let count = timeline.count
        var scores = [Double](repeating: 0, count: count)
        guard count > 0 else { return scores }
        var values = timeline.values
        var skipped = timeline.skipped
        // A paused day is Loop's skipped day with nothing recorded: the score holds through a
        // pause, and what was recorded inside it counts for nothing.
        for index in timeline.paused.indices where timeline.paused[index] {
            values[index] = 0
            skipped[index] = true
        }
        // Most habits never changed their rule: one rolling window, as Loop computes it.
        if habit.versions.isEmpty { return singleRule(habit, values: values, skipped: skipped) }
        let last = timeline.start.adding(days: count - 1)
        // Each rule's days, as index ranges of the timeline, oldest first.
        let segments: [(habit: Habit, range: ClosedRange<Int>)] = habit.ruleSegments.compactMap { segment in
            let from = max(timeline.index(of: max(segment.from ?? timeline.start, timeline.start)), 0)
            let through = min(timeline.index(of: min(segment.through ?? last, last)), count - 1)
            return from <= through ? (segment.habit, from...through) : nil
        }
        // Window sums in O(1) a day whatever the window: sums of the values (thousandths, exact)
        // and counts of checked days (each judged by its own day's target).
        var valueSums = [Int64](repeating: 0, count: count + 1)
        var checkedCounts = [Int](repeating: 0, count: count + 1)
        var checked = [Bool](repeating: false, count: count)
        for segment in segments {
            for index in segment.range { checked[index] = values[index] >= segment.habit.target && !skipped[index] }
        }
        for index in 0..<count {
            valueSums[index + 1] = valueSums[index] + values[index].thousandths
            checkedCounts[index + 1] = checkedCounts[index] + (checked[index] ? 1 : 0)
        }
        var previous = 0.0
        for (position, segment) in segments.enumerated() {
            let rule = segment.habit
            // A measurement has no strength (nothing to reach): its days score 0.
            if rule.kind == .measure {
                if position == 0 { previous = 0 }
                for index in segment.range { scores[index] = previous }
                continue
            }
            let scoring = RuleScoring(rule)
            if position == 0 { previous = scoring.initialScore }
            for index in segment.range {
                if !skipped[index] {
                    let windowStart = max(0, index - scoring.denominator + 1)
                    let completed =
                        scoring.isNumerical
                        ? scoring.completed(sum: valueSums[index + 1] - valueSums[windowStart])
                        : scoring.completed(checked: checkedCounts[index + 1] - checkedCounts[windowStart])
                    previous = scoring.next(previous, completed: completed)
                }
                scores[index] = previous
            }
        }
        return scores
    }

    /// The series under one rule: the window's sum or count rolls from day to day (what the
    /// versions' prefix sums give too, without their arrays).
    private static func singleRule(_ habit: Habit, values: [Amount], skipped: [Bool]) -> [Double] {
        let count = values.count
        var scores = [Double](repeating: 0, count: count)
        // A measurement has no strength (nothing to reach): its days score 0.
        guard habit.kind != .measure else { return scores }
        let scoring = RuleScoring(habit)
        var previous = scoring.initialScore
        var rolling: Int64 = 0
        for index in 0..<count {
            let old = index - scoring.denominator
            if scoring.isNumerical {
                rolling += values[index].thousandths
                if old >= 0 { rolling -= values[old].thousandths }
            } else {
                if values[index] >= habit.target && !skipped[index] { rolling += 1 }
                if old >= 0, values[old] >= habit.target && !skipped[old] { rolling -= 1 }
            }
            if !skipped[index] {
                let completed = scoring.isNumerical ? scoring.completed(sum: rolling) : scoring.completed(checked: Int(rolling))
                previous = scoring.next(previous, completed: completed)
            }
            scores[index] = previous
        }
        return scores
    }
}

/// How one rule scores a day, as Loop computes it: the multiplier its frequency gives, its window
/// (doubled for a checkmark habit due less than daily), and how complete a window's sum or count
/// of checked days is. Both the single-rule and the versioned series score through it.
private struct RuleScoring {
    let multiplier: Double
    /// Counted by value (counts, times, and every habit to quit), not by checked days.
    let isNumerical: Bool
    /// A habit to quit: at most the target.
    let atMost: Bool
    /// Checked days a window needs.
    let numerator: Int
    /// The window's length in days.
    let denominator: Int
    /// The window's target in thousandths (exact sums; only the ratio is a Double).
    let target: Double

    init(_ rule: Habit) {
        let (num, den) = rule.schedule.frequency
        let frequency = Double(num) / Double(den)
        multiplier = pow(0.5, frequency.squareRoot() / 13.0)
        isNumerical = rule.type != .checkmark || rule.kind == .bad
        atMost = rule.kind == .bad
        let doubled = !isNumerical && frequency < 1
        numerator = doubled ? num * 2 : num
        denominator = doubled ? den * 2 : den
        target = Double(rule.target.thousandths * Int64(num))
    }

    /// The score before the first day: a habit to quit starts as kept.
    var initialScore: Double { isNumerical && atMost ? 1.0 : 0.0 }

    /// How complete a window whose values add up to `sum` thousandths is.
    func completed(sum thousandths: Int64) -> Double {
        let sum = Double(thousandths)
        if !atMost { return target > 0 ? min(1, sum / target) : 1 }
        if target > 0 { return min(1, max(0, 1 - (sum - target) / target)) }
        return sum > 0 ? 0 : 1
    }

    /// How complete a window with `checked` checked days is.
    func completed(checked: Int) -> Double { min(1, Double(checked) / Double(numerator)) }

    /// The day's score after `previous`.
    func next(_ previous: Double, completed: Double) -> Double {
        var score = previous * multiplier
        score += completed * (1 - multiplier)
        return score
    }
}

extension TrackedHabit {
    /// Loop-compatible strength (0…1) at the end of `day`.
    /// After the habit's end date it is the score of that day.
    public func strength(on day: Day) -> Double {
        let day = habit.judgedDay(day)
        let start = activeStart
        guard day >= start else { return habit.kind == .bad ? 1 : 0 }
        let timeline = Timeline(self, from: start, through: day)
        return Strength.series(for: habit, timeline: timeline).last!
    }

    /// Strength at the end of each day `from…through` (for charts); days before the habit's
    /// history (or its start date) have its starting score, days after its end date the end's.
    public func strengthSeries(from: Day, through: Day) -> [Double] {
        guard from <= through else { return [] }
        let initial = habit.kind == .bad ? 1.0 : 0.0
        let start = activeStart
        let last = habit.judgedDay(through)
        guard last >= start else { return Array(repeating: initial, count: from.days(to: through) + 1) }
        let timeline = Timeline(self, from: start, through: last)
        let scores = Strength.series(for: habit, timeline: timeline)
        return (from...through).map { day in
            let index = timeline.index(of: min(day, last))
            return index < 0 ? initial : scores[index]
        }
    }
}
