import Foundation
import TendCore

/// A VTIMEZONE (RFC 5545 §3.6.5) built from Foundation's view of a zone (the system's tz
/// database), so a calendar places the feed's wall-clock times as Tend does.
///
/// The zone's offset changes over a span of years are read one by one, then grouped: changes
/// that fall each year in the same month, on the same weekday of the same week (e.g. the last
/// Sunday of March), at the same wall-clock time and between the same offsets become one yearly
/// RRULE. The last group of each kind has no end, so clients extend it past the span; any older
/// group that stopped ends with UNTIL; a change that fits no yearly pattern is written alone.
public struct ICalendarTimeZone: Sendable {
    public let timeZone: TimeZone

    public init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// One offset change of the zone.
    struct Transition {
        var instant: Date
        var offsetFrom: Int
        var offsetTo: Int
        var isDaylight: Bool
        var name: String
        /// The wall-clock time the change happens at, read on the clock before it.
        var local: DateComponents
        var year: Int
        /// What a yearly rule must keep the same.
        var pattern: Pattern
    }

    struct Pattern: Hashable {
        var isDaylight: Bool
        var offsetFrom: Int
        var offsetTo: Int
        var name: String
        var month: Int
        var weekday: Int
        /// 1…4 for the first to fourth such weekday of the month, -1 for the last.
        var week: Int
        var time: Int
    }

    /// The VTIMEZONE's content lines (unfolded) for the changes from `start` to `end`.
    public func lines(from start: Date, to end: Date) -> [String] {
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(timeZone.identifier)"]
        let transitions = self.transitions(from: start, to: end)
        if transitions.isEmpty {
            // A zone without changes (or none in the span): one standard observance for all time.
            let offset = Self.offset(timeZone.secondsFromGMT(for: start))
            lines += [
                "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:\(offset)", "TZOFFSETTO:\(offset)",
                "TZNAME:\(ICalendarText.escape(timeZone.abbreviation(for: start) ?? timeZone.identifier))", "END:STANDARD",
            ]
        }
        var runs: [[Transition]] = []
        for transition in transitions {
            // Continue the latest run of the same kind when this change repeats it a year on.
            if let index = runs.lastIndex(where: { $0[0].isDaylight == transition.isDaylight }),
                runs[index].last!.pattern == transition.pattern, runs[index].last!.year + 1 == transition.year
            {
                runs[index].append(transition)
            } else {
                runs.append([transition])
            }
        }
        var zoned = Calendar(identifier: .gregorian)
        zoned.timeZone = timeZone
        let endYear = zoned.component(.year, from: end)
        for run in runs {
            let first = run[0]
            let kind = first.isDaylight ? "DAYLIGHT" : "STANDARD"
            lines += [
                "BEGIN:\(kind)",
                "DTSTART:" + Self.floating(first.local),
                "TZOFFSETFROM:" + Self.offset(first.offsetFrom),
                "TZOFFSETTO:" + Self.offset(first.offsetTo),
                "TZNAME:" + ICalendarText.escape(first.name),
            ]
            if run.count > 1 {
                var rule =
                    "RRULE:FREQ=YEARLY;BYMONTH=\(first.pattern.month);BYDAY=\(first.pattern.week)"
                    + ReminderRecurrence.code(Weekday(rawValue: first.pattern.weekday)!)
                // A run still going in the span's last year (or the one before: the span may end
                // before that year's change) is the zone's current rule; an older one stopped.
                if run.last!.year < endYear - 1 {
                    rule += ";UNTIL=" + ICalendarFeed.utcStamp(run.last!.instant)
                }
                lines.append(rule)
            }
            lines.append("END:\(kind)")
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    /// Every offset change of the zone from `start` to `end`, in order.
    func transitions(from start: Date, to end: Date) -> [Transition] {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(secondsFromGMT: 0)!
        var result: [Transition] = []
        var cursor = start
        while let instant = timeZone.nextDaylightSavingTimeTransition(after: cursor), instant <= end {
            cursor = instant
            let offsetFrom = timeZone.secondsFromGMT(for: instant.addingTimeInterval(-1))
            let offsetTo = timeZone.secondsFromGMT(for: instant)
            // A change of name or DST flag without a change of offset matters to no clock.
            guard offsetFrom != offsetTo else { continue }
            let localBefore = instant.addingTimeInterval(TimeInterval(offsetFrom))
            let local = utc.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: localBefore)
            let daysInMonth = utc.range(of: .day, in: .month, for: localBefore)!.count
            let day = local.day!
            let isDaylight = timeZone.isDaylightSavingTime(for: instant)
            let name = timeZone.abbreviation(for: instant) ?? timeZone.identifier
            let pattern = Pattern(
                isDaylight: isDaylight, offsetFrom: offsetFrom, offsetTo: offsetTo, name: name, month: local.month!,
                weekday: local.weekday!, week: day + 7 > daysInMonth ? -1 : (day - 1) / 7 + 1,
                time: local.hour! * 3600 + local.minute! * 60 + local.second!)
            result.append(
                Transition(
                    instant: instant, offsetFrom: offsetFrom, offsetTo: offsetTo, isDaylight: isDaylight, name: name, local: local,
                    year: local.year!, pattern: pattern))
        }
        return result
    }

    /// `+0100`, `-0500`, `+0530`; seconds only when there are any (§3.3.14).
    static func offset(_ seconds: Int) -> String {
        let value = abs(seconds)
        let text = (seconds < 0 ? "-" : "+") + String(format: "%02d%02d", value / 3600, value / 60 % 60)
        return value % 60 == 0 ? text : text + String(format: "%02d", value % 60)
    }

    /// A local date-time without a zone: `20260329T020000`.
    static func floating(_ c: DateComponents) -> String {
        String(format: "%04d%02d%02dT%02d%02d%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }
}
