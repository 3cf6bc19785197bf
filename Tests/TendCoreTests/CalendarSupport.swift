import Foundation
import TendCore
import TendTestSupport

/// Helpers shared by the Calendar, Day and Reminder suites.
///
/// The oracles here are deliberately independent of `TendCalendar`: they use Foundation's
/// `Calendar`, or a zone's raw offsets, so that a test compares Tend with something else.
enum CalendarTestKit {
    static let zones = Fixtures.zoneIdentifiers
    static let locales = Fixtures.localeIdentifiers

    /// Every zone Foundation knows on this machine.
    static let allZones = TimeZone.knownTimeZoneIdentifiers

    /// The first weekday each fixture locale uses (1 = Sunday, 2 = Monday).
    static let expectedFirstWeekday = ["en_US": 1, "de_DE": 2, "fr_FR": 2, "ar_SA": 1]

    /// Foundation's own Gregorian calendar in `zone` (and `locale`), with no Tend code involved.
    static func foundationCalendar(_ zone: String, locale: String? = nil) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Fixtures.zone(zone)
        if let locale { calendar.locale = Locale(identifier: locale) }
        return calendar
    }

    /// A Gregorian calendar in UTC.
    static var utc: Calendar { foundationCalendar("UTC") }

    /// The instant of a wall-clock time that exists exactly once in `zone`, built by Foundation.
    static func wallInstant(
        _ zone: String, _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0
    ) -> Date {
        let components = DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = foundationCalendar(zone).date(from: components) else {
            fatalError("no such wall time \(components) in \(zone)")
        }
        return date
    }

    /// The local civil day of `instant` in `zone`, computed from the zone's offset alone.
    static func localOrdinal(of instant: Date, in zone: TimeZone) -> Int {
        let local = Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
        return floorDivide(local, 86_400)
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// The day Foundation's calendar says contains `instant`.
    static func foundationDay(of instant: Date, in calendar: Calendar) throws -> Day {
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        return try Day(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// An instant in UTC from `"2025-03-09T07:00:00Z"`-style text (any offset accepted).
    static func instant(_ text: String) -> Date { Fixtures.instant(text) }

    /// Readable UTC text of an instant, for failure messages.
    static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// A zone's offset changes in `[start, end)`, each with the offsets before and after it.
    struct Transition: Sendable {
        let instant: Date
        let offsetBefore: Int
        let offsetAfter: Int
    }

    static func transitions(of zone: TimeZone, from start: Date, to end: Date) -> [Transition] {
        var result: [Transition] = []
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < end {
            result.append(
                Transition(
                    instant: next, offsetBefore: zone.secondsFromGMT(for: next - 1),
                    offsetAfter: zone.secondsFromGMT(for: next)))
            cursor = next
        }
        return result
    }

    /// The civil days a zone skipped entirely: local wall time jumped over all of them.
    static func skippedDays(by transition: Transition) -> [Day] {
        let t = Int(transition.instant.timeIntervalSince1970)
        let wallBefore = t + transition.offsetBefore  // the wall time the clocks jumped from
        let wallAfter = t + transition.offsetAfter  // … and the one they jumped to
        guard wallAfter - wallBefore >= 86_400 else { return [] }
        let first = floorDivide(wallBefore + 86_399, 86_400)  // first midnight at or after the jump
        let last = floorDivide(wallAfter, 86_400) - 1  // last day that ends by the landing time
        return first <= last ? (first...last).map(Day.init(ordinal:)) : []
    }
}
