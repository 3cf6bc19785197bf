import Foundation
import TendAPI
import TendCore
import TendWords

/// A measurement's values on its habit page (``HabitKind/measure``): the last one, a line chart
/// of the last year's values, and the lowest, average and highest value per week, month or year.
struct MeasurementPanel: Sendable, Hashable {
    struct Point: Sendable, Hashable {
        var day: Day
        var value: Amount
    }

    struct Row: Sendable, Hashable {
        /// "Week of 30 Nov 2026", "Dec 2026", "2026".
        var period: String
        var count: Int
        var minimum: String
        var average: String
        var maximum: String
    }

    /// "72,4 kg on Mon, 7 Dec 2026", or `nil` with nothing recorded.
    var last: String?
    /// The values of the last ``chartDays`` days, oldest first.
    var points: [Point]
    var chartFrom: Day
    var chartThrough: Day
    /// The chart's value range (its bottom and top), the lowest and highest point.
    var low: Amount
    var high: Amount
    var lowText: String
    var highText: String
    /// In words, for screen readers and as the chart's label.
    var summary: String
    var period: TotalsPeriod
    /// " (kg)" after the table's title, where the cells carry the numbers alone.
    var unitSuffix: String
    var periodLinks: [(TotalsPeriod, String)]
    var rows: [Row]

    static let chartDays = 365

    static func == (lhs: MeasurementPanel, rhs: MeasurementPanel) -> Bool {
        lhs.last == rhs.last && lhs.points == rhs.points && lhs.rows == rhs.rows && lhs.period == rhs.period
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(points)
        hasher.combine(rows)
    }

    init(_ tracked: TrackedHabit, today: Day, period: TotalsPeriod, calendar: TendCalendar, amounts: AmountStyle) {
        let habit = tracked.habit
        func text(_ value: Amount) -> String { TodayPage.valueText(habit, value: value, amounts: amounts) }
        last = tracked.lastMeasurement(onOrBefore: today).map {
            t("{value} on {date}", ["value": text($0.value), "date": PausePanel.date($0.day)])
        }
        chartThrough = today
        points = tracked.measurements(from: today.adding(days: 1 - Self.chartDays), through: today).map {
            Point(day: $0.day, value: $0.value)
        }
        // The line spans the chart: from the first value of the year shown (a month of values is not squeezed into its end).
        chartFrom = min(points.first?.day ?? today.adding(days: 1 - Self.chartDays), today.previous)
        low = points.map(\.value).min() ?? 0
        high = points.map(\.value).max() ?? 0
        lowText = text(low)
        highText = text(high)
        if points.isEmpty {
            summary = t("No values recorded in the last year.")
        } else {
            let mean = MeasurementStats.mean(points.map(\.value))
            summary = tPlural(
                "{count} value in the last year, from {low} to {high}, {mean} on average; the last {last}.",
                "{count} values in the last year, from {low} to {high}, {mean} on average; the last {last}.", count: points.count,
                ["low": lowText, "high": highText, "mean": text(mean), "last": last ?? ""])
        }
        self.period = period
        unitSuffix = habit.type == .count && !habit.unit.isEmpty ? " (\(habit.unit))" : ""
        // The table's cells: the number alone (the unit is in its title), or the time.
        func cell(_ value: Amount) -> String {
            habit.type == .duration ? TodayPage.valueText(habit, value: value, amounts: amounts) : amounts(value)
        }
        periodLinks = TotalsPeriod.allCases.map { ($0, WebPaths.habit(habit.id) + "?totals=\($0.rawValue)#measurements") }
        let count = HabitPage.periodsShown(period)
        rows = tracked.measurementStats(per: period, count: count, today: today, calendar: calendar).reversed().map { stats in
            Row(
                period: Self.label(stats.start, period),
                count: stats.count, minimum: stats.minimum.map(cell) ?? "–", average: stats.average.map(cell) ?? "–",
                maximum: stats.maximum.map(cell) ?? "–")
        }
    }

    static func label(_ start: Day, _ period: TotalsPeriod) -> String {
        switch period {
        case .week: t("From {date}", ["date": TodayPage.shortDate(start)])
        case .month: DayText.text(start, .shortMonthYear)
        case .year: String(start.year)
        }
    }
}

extension MeasurementPanel.Point {
    /// The point's place in a `width` × `height` chart of the panel's days and value range.
    func position(in panel: MeasurementPanel, width: Double, height: Double) -> (x: Double, y: Double) {
        let days = Double(max(panel.chartFrom.days(to: panel.chartThrough), 1))
        let x = Double(panel.chartFrom.days(to: day)) / days * width
        let span = Double(panel.high.thousandths - panel.low.thousandths)
        // One value, or all equal: a flat line across the middle.
        let y = span == 0 ? height / 2 : (1 - Double(value.thousandths - panel.low.thousandths) / span) * height
        return (x, y)
    }
}
