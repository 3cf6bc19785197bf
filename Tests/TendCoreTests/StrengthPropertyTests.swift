import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

/// Invariants that must hold for any history: scores stay in 0…1 and streaks stay consistent.
@Suite("Strength and streak properties")
struct StrengthPropertyTests {
    static let start = Fixtures.day("2025-01-01")

    /// Builds one of the seven schedules from random parameters `a` (1…7) and `b` (1…127).
    static func schedule(_ which: Int, _ a: Int, _ b: Int) -> Schedule {
        switch which {
        case 0: return .daily
        case 1: return .weekdays(Set(Weekday.allCases.filter { b & (1 << ($0.rawValue - 1)) != 0 }))
        case 2: return .daysOfMonth([b % 31 + 1, (b * 7) % 31 + 1])
        case 3: return .everyNDays(interval: a, start: start.adding(days: b % 5))
        case 4: return .timesPerWeek(a)
        case 5: return .timesPerMonth(b % 31 + 1)
        default:
            let days = b % 30 + 1
            return .timesInDays(times: min(a, days), days: days)
        }
    }

    /// A tracked habit of `kind` and `type` whose day `i` (from Jan 1, 2025) holds `raw[i]`:
    /// −1 is a rest day, anything else a value (0/1 for checkmarks).
    static func tracked(schedule: Schedule, bad: Bool, type typeIndex: Int, target: Int, raw: [Int]) -> TrackedHabit {
        let kind: HabitKind = bad ? .bad : .good
        let type = HabitType.allCases[typeIndex]
        let range = Habit.targetRange(kind: kind, type: type)
        let habit = Habit(
            name: "Random", kind: kind, type: type, target: min(max(Amount(target), range.lowerBound), range.upperBound),
            schedule: schedule, createdOn: start)
        let entries = raw.enumerated().map { offset, value in
            let day = start.adding(days: offset)
            if value < 0 { return Entry(day: day, isSkipped: true) }
            return Entry(day: day, value: Amount(type == .checkmark ? min(value, 1) : value * (type == .duration ? 60 : 1)))
        }
        return TrackedHabit(habit: habit, entries: entries)
    }

    @Test("Scores stay within 0…1 for random histories of every schedule, kind and type")
    func scoresInUnitInterval() async {
        await propertyCheck(
            count: 300,
            input: Gen.int(in: 0...6), Gen.int(in: 1...7), Gen.int(in: 1...127), Gen.bool, Gen.int(in: 0...2),
            Gen.int(in: 0...10), Gen.int(in: -1...12).array(of: 1...120)
        ) { which, a, b, bad, type, target, raw in
            // Given any habit and any history
            let tracked = Self.tracked(
                schedule: Self.schedule(which, a, b), bad: bad, type: type, target: target, raw: raw)
            // When its scores are read over the history and a little beyond
            let end = Self.start.adding(days: raw.count + 10)
            let series = tracked.strengthSeries(from: Self.start.adding(days: -3), through: end)
            // Then every score lies in 0…1, and statistics report the same last score
            #expect(series.allSatisfy { (0...1).contains($0) }, "\(tracked.habit.schedule) \(raw)")
            let stats = tracked.statistics(asOf: end, calendar: Fixtures.calendar())
            #expect(stats.score == series.last)
        }
    }

    @Test("0 ≤ current ≤ best ≤ number of days, for every schedule, kind, type and week start")
    func streakBounds() async {
        await propertyCheck(
            count: 300,
            input: Gen.int(in: 0...6), Gen.int(in: 1...7), Gen.int(in: 1...127), Gen.bool, Gen.int(in: 0...2),
            Gen.int(in: 0...10), Gen.int(in: -1...12).array(of: 1...120), Gen.bool
        ) { which, a, b, bad, type, target, raw, mondayFirst in
            let tracked = Self.tracked(
                schedule: Self.schedule(which, a, b), bad: bad, type: type, target: target, raw: raw)
            let calendar = Fixtures.calendar(locale: mondayFirst ? "de_DE" : "en_US")
            let asOf = Self.start.adding(days: raw.count - 1)
            let streaks = tracked.streaks(asOf: asOf, calendar: calendar)
            #expect(0 <= streaks.current, "\(tracked.habit.schedule) \(raw)")
            #expect(streaks.current <= streaks.best, "\(tracked.habit.schedule) \(raw)")
            #expect(streaks.best <= raw.count, "\(tracked.habit.schedule) \(raw)")
        }
    }

    @Test("A daily habit's best streak is at least its longest run of consecutive checked days")
    func bestCoversLongestRun() async {
        await propertyCheck(count: 300, input: Gen.bool(0.7).array(of: 1...90)) { checks in
            // Given a daily checkmark habit checked on the days where `checks` is true
            let days = checks.indices.filter { checks[$0] }.map { Self.start.adding(days: $0).iso }
            let tracked = Fixtures.tracked(Fixtures.habit(), checked: days)
            // And the longest run of consecutive checked days, counted independently
            var longest = 0
            var run = 0
            for checked in checks {
                run = checked ? run + 1 : 0
                longest = max(longest, run)
            }
            // Then the best streak is at least that run (and, with nothing skipped, exactly it)
            let streaks = tracked.streaks(asOf: Self.start.adding(days: checks.count - 1), calendar: Fixtures.calendar())
            #expect(streaks.best >= longest)
            #expect(streaks.best == longest)
        }
    }

    @Test("Checking in today never lowers a daily habit's current streak")
    func checkInTodayNeverLowersStreak() async {
        await propertyCheck(count: 300, input: Gen.int(in: -1...1).array(of: 1...90)) { raw in
            // Given a daily checkmark habit with random checks and rest days, today being the last day
            let before = Self.tracked(schedule: .daily, bad: false, type: 0, target: 1, raw: raw)
            let today = Self.start.adding(days: raw.count - 1)
            var after = before
            // When today is checked
            after.setValue(1, on: today)
            // Then the current streak does not go down, and grows by one if today was open
            let calendar = Fixtures.calendar()
            let old = before.streaks(asOf: today, calendar: calendar).current
            let new = after.streaks(asOf: today, calendar: calendar).current
            #expect(new >= old, "\(raw)")
            if raw.last == 0 { #expect(new == old + 1, "\(raw)") }
        }
    }
}

/// Cross-checks of the fast one-pass computations against slow, obviously-correct ones.
@Suite("Strength and status cross-checks")
struct StrengthCrossCheckTests {
    /// Loop's score written the slow way, straight from the spec: for each day, recount the
    /// window of the last `den` days (doubled for checkmarks with f < 1) from the entries.
    static func referenceScore(_ tracked: TrackedHabit, through end: Day) -> Double {
        let habit = tracked.habit
        let (num, den) = habit.schedule.frequency
        let f = Double(num) / Double(den)
        let m = pow(0.5, f.squareRoot() / 13)
        let numeric = habit.type != .checkmark || habit.kind == .bad
        let (n, d) = !numeric && f < 1 ? (2 * num, 2 * den) : (num, den)
        let target = Double(habit.target.thousandths * Int64(num))
        var score = numeric && habit.kind == .bad ? 1.0 : 0.0
        var day = tracked.startDay
        while day <= end {
            defer { day = day.next }
            if tracked.isSkipped(on: day) { continue }
            let window = (0..<d).map { day.adding(days: -$0) }.filter { $0 >= tracked.startDay }
            let c: Double
            if !numeric {
                let checks = window.filter { tracked.completionCount(on: $0) >= habit.target && !tracked.isSkipped(on: $0) }
                c = min(1, Double(checks.count) / Double(n))
            } else {
                let sum = Double(window.map { tracked.completionCount(on: $0).thousandths }.reduce(0, +))
                if habit.kind == .good {
                    c = target > 0 ? min(1, sum / target) : 1
                } else if target > 0 {
                    c = min(1, max(0, 1 - (sum - target) / target))
                } else {
                    c = sum > 0 ? 0 : 1
                }
            }
            score = score * m + c * (1 - m)
        }
        return score
    }

    @Test("Strength equals a slow re-count of Loop's formula for random histories")
    func matchesReference() async {
        await propertyCheck(
            count: 200,
            input: Gen.int(in: 0...6), Gen.int(in: 1...7), Gen.int(in: 1...127), Gen.bool, Gen.int(in: 0...2),
            Gen.int(in: 0...10), Gen.int(in: -1...12).array(of: 1...80)
        ) { which, a, b, bad, type, target, raw in
            let tracked = StrengthPropertyTests.tracked(
                schedule: StrengthPropertyTests.schedule(which, a, b), bad: bad, type: type, target: target, raw: raw)
            let end = StrengthPropertyTests.start.adding(days: raw.count + 5)
            let expected = Self.referenceScore(tracked, through: end)
            #expect(abs(tracked.strength(on: end) - expected) < 1e-12, "\(tracked.habit.schedule) \(raw)")
        }
    }

    @Test("Statuses of any sub-range, and of single days, equal the matching slice of the whole history")
    func subrangesAgree() async {
        await propertyCheck(
            count: 200,
            input: Gen.int(in: 0...6), Gen.int(in: 1...7), Gen.int(in: 1...127), Gen.bool, Gen.int(in: 0...2),
            Gen.int(in: 0...10), Gen.int(in: -1...12).array(of: 1...70), Gen.int(in: 0...80), Gen.int(in: 0...80),
            Gen.int(in: 0...80)
        ) { which, a, b, bad, type, target, raw, x, y, t in
            // Given any habit, and a "today" anywhere from its start to beyond its entries
            let tracked = StrengthPropertyTests.tracked(
                schedule: StrengthPropertyTests.schedule(which, a, b), bad: bad, type: type, target: target, raw: raw)
            let origin = StrengthPropertyTests.start.adding(days: -5)
            let today = origin.adding(days: t)
            let calendar = Fixtures.calendar(locale: x % 2 == 0 ? "de_DE" : "en_US")
            let full = tracked.statuses(from: origin, through: origin.adding(days: 85), today: today, calendar: calendar)
            // When any sub-range is asked for
            let (lo, hi) = (min(x, y), max(x, y))
            let part = tracked.statuses(
                from: origin.adding(days: lo), through: origin.adding(days: hi), today: today, calendar: calendar)
            // Then it equals the slice of the whole
            #expect(part == Array(full[lo...hi]), "\(tracked.habit.schedule) today \(today) \(lo)…\(hi) \(raw)")
            // And a single day agrees too
            #expect(tracked.status(on: origin.adding(days: hi), today: today, calendar: calendar) == full[hi])
        }
    }

    @Test("strengthSeries over any sub-range equals strength(on:) of each day")
    func seriesAgreesWithSingleDays() async {
        await propertyCheck(
            count: 100,
            input: Gen.int(in: 0...6), Gen.int(in: 1...7), Gen.int(in: 1...127), Gen.bool, Gen.int(in: 0...2),
            Gen.int(in: 0...10), Gen.int(in: -1...12).array(of: 1...60), Gen.int(in: 0...70)
        ) { which, a, b, bad, type, target, raw, x in
            let tracked = StrengthPropertyTests.tracked(
                schedule: StrengthPropertyTests.schedule(which, a, b), bad: bad, type: type, target: target, raw: raw)
            let from = StrengthPropertyTests.start.adding(days: x - 5)
            let series = tracked.strengthSeries(from: from, through: from.adding(days: 10))
            for (offset, value) in series.enumerated() {
                #expect(value == tracked.strength(on: from.adding(days: offset)))
            }
        }
    }
}
