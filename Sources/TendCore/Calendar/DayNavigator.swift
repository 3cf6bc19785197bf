import Foundation

/// Habit Rabbit's day navigator for one habit card: a window of at most 30 entries in
/// chronological order whose last value is always the shown day.
///
/// Stepping a day back or forward asks `fetch` for exactly one day (the new shown day), so
/// navigation never reloads the window. Days the window lacks read as `nil` (unknown), never
/// as a made-up zero.
public struct DayNavigator: Sendable, Hashable {
    public static let windowSize = 30

    public enum Direction: Sendable {
        case yesterday, tomorrow
    }

    /// The shown day (Habit Rabbit's `lastDay`).
    public private(set) var lastDay: Day
    /// At most 30 entries, strictly ascending by day, the last for `lastDay`.
    public private(set) var values: [Entry]

    /// Loads the window of 30 days ending on `lastDay` with one range fetch.
    public init(lastDay: Day, fetch: (ClosedRange<Day>) throws -> [Entry]) rethrows {
        self.lastDay = lastDay
        let range = lastDay.adding(days: 1 - DayNavigator.windowSize)...lastDay
        let fetched = Dictionary(try fetch(range).map { ($0.day, $0) }, uniquingKeysWith: { _, last in last })
        values = range.map { fetched[$0] ?? Entry(day: $0) }
    }

    /// The shown day's value (Habit Rabbit's `dailyValue`).
    public var dailyValue: Entry { values[values.count - 1] }

    /// Moves the shown day by one, fetching only the new shown day.
    public mutating func shiftLastDay(to direction: Direction, fetch: (Day) throws -> Entry?) rethrows {
        let newLastDay = lastDay.adding(days: direction == .yesterday ? -1 : 1)
        let fresh = try fetch(newLastDay) ?? Entry(day: newLastDay)
        switch direction {
        case .yesterday:
            values.removeAll { $0.day >= newLastDay }
            values.append(fresh)
        case .tomorrow:
            values.append(fresh)
            if values.count > DayNavigator.windowSize {
                values.removeFirst(values.count - DayNavigator.windowSize)
            }
        }
        lastDay = newLastDay
    }

    /// Replaces the entry of a day inside the window (after the user changed it).
    public mutating func update(_ entry: Entry) {
        if let index = values.firstIndex(where: { $0.day == entry.day }) {
            values[index] = entry
        }
    }

    /// The window's entry for `day`, or `nil` when the window does not hold it.
    public func value(on day: Day) -> Entry? {
        guard let first = values.first, day >= first.day, day <= lastDay else { return nil }
        return values.first { $0.day == day }
    }

    /// The seed's invariants: bounded, chronological, last value is the shown day.
    public var invariantsHold: Bool {
        values.count <= DayNavigator.windowSize && !values.isEmpty && values.last?.day == lastDay
            && zip(values, values.dropFirst()).allSatisfy { $0.day < $1.day }
    }
}
