import Foundation

/// A measurement's values (``HabitKind/measure``: weight, mood, resting pulse) over periods: the
/// lowest, the average and the highest of the days recorded, in exact thousandths.
public struct MeasurementStats: Hashable, Sendable {
    public var start: Day
    public var end: Day
    /// Days with a value in the period.
    public var count: Int
    public var minimum: Amount?
    /// The mean of the values, rounded half away from zero to a thousandth.
    public var average: Amount?
    public var maximum: Amount?

    /// The statistics of `values` (nothing recorded: `count` 0 and no figures).
    public init(start: Day, end: Day, values: [Amount]) {
        self.start = start
        self.end = end
        count = values.count
        minimum = values.min()
        maximum = values.max()
        average = values.isEmpty ? nil : Self.mean(values)
    }

    /// The exact mean of `values`, rounded half away from zero to a thousandth (values are ≥ 0).
    public static func mean(_ values: [Amount]) -> Amount {
        let sum = values.reduce(Int64(0)) { $0 + $1.thousandths }
        let count = Int64(values.count)
        return Amount(thousandths: (2 * sum + count) / (2 * count))
    }
}

extension TrackedHabit {
    /// The days with a value recorded (a skip or nothing is no value), in order, `from…through`.
    public func measurements(from: Day, through: Day) -> [(day: Day, value: Amount)] {
        entries.values.filter { !$0.isSkipped && $0.day >= from && $0.day <= through }.sorted { $0.day < $1.day }.map {
            ($0.day, $0.value)
        }
    }

    /// The latest value recorded on or before `day`.
    public func lastMeasurement(onOrBefore day: Day) -> (day: Day, value: Amount)? {
        entries.values.filter { !$0.isSkipped && $0.day <= day }.max { $0.day < $1.day }.map { ($0.day, $0.value) }
    }

    /// The last `count` periods' lowest, average and highest values, the one holding `today` last,
    /// oldest first — none that ended before the habit's history starts.
    public func measurementStats(per period: TotalsPeriod, count: Int, today: Day, calendar: TendCalendar) -> [MeasurementStats] {
        guard count > 0 else { return [] }
        var starts = [period.start(of: today, calendar: calendar)]
        while starts.count < count, let first = starts.first {
            let previous = period.start(of: first.adding(days: -1), calendar: calendar)
            guard period.end(startingOn: previous, calendar: calendar) >= startDay else { break }
            starts.insert(previous, at: 0)
        }
        let values = measurements(from: starts[0], through: today)
        return starts.map { start in
            let end = period.end(startingOn: start, calendar: calendar)
            return MeasurementStats(start: start, end: end, values: values.filter { $0.day >= start && $0.day <= end }.map(\.value))
        }
    }
}
