import Foundation
import TendCore

/// One person's reminders as an iCalendar feed (RFC 5545) that calendar apps subscribe to: one
/// VEVENT per reminder, recurring as the reminder rings (``ReminderRecurrence``), at its
/// wall-clock time in the owner's zone (TZID with a VTIMEZONE), with an alarm at its start.
///
/// Calendar apps may drop the alarms of subscribed feeds (Google Calendar, Outlook, Apple's
/// default): the feed shows the plan, it does not guarantee delivery. One known difference: a
/// time a spring-forward day skips (02:30) rings at 03:00 in Tend, while RFC 5545 places it by
/// the offset before the gap (03:30).
public struct ICalendarFeed: Sendable {
    /// How long each reminder's event lasts: short, so it marks a moment without filling a day.
    public static let eventDuration = "PT5M"
    /// The VTIMEZONE covers the zone's changes this many years past `now`; its current rules
    /// recur without end after that.
    static let zoneYearsAhead = 5

    public var name: String
    public var timeZone: TimeZone
    public var habits: [Habit]
    /// What a reminder without a message of its own says (the owner's language); `nil`: the
    /// alarm says the habit's name, and the event nothing.
    public var defaultMessage: (@Sendable (Habit) -> String)?

    /// - Parameters:
    ///   - name: the calendar's name as apps show it (X-WR-CALNAME).
    ///   - timeZone: the owner's zone, in which reminders ring.
    public init(name: String, timeZone: TimeZone, habits: [Habit], defaultMessage: (@Sendable (Habit) -> String)? = nil) {
        self.name = name
        self.timeZone = timeZone
        self.habits = habits
        self.defaultMessage = defaultMessage
    }

    /// The feed's text: CRLF line endings, lines folded at 75 octets. `now` is the DTSTAMP.
    public func render(now: Date) -> String {
        var events: [(start: Day, lines: [String])] = []
        let live = habits.filter { !$0.isArchived }.sorted { ($0.order, $0.name) < ($1.order, $1.name) }
        for habit in live {
            let reminders = habit.reminders.filter(\.isEnabled).sorted { ($0.time, $0.id) < ($1.time, $1.id) }
            for reminder in reminders {
                let recurrences = ReminderRecurrence.recurrences(of: reminder, schedule: habit.schedule)
                for recurrence in recurrences {
                    // Not before the habit's start date, and none for a habit whose end comes first.
                    guard let start = recurrence.firstDay(onOrAfter: max(habit.createdOn, habit.startsOn ?? habit.createdOn)),
                        habit.endsOn.map({ start <= $0 }) ?? true
                    else { continue }
                    // One reminder may need a second rule (February); each VEVENT needs its own UID.
                    let part = recurrence.months == .february ? "-february" : ""
                    let uid = "\(habit.id)-\(reminder.id)\(part)@tend"
                    events.append(
                        (start, event(uid: uid, habit: habit, reminder: reminder, recurrence: recurrence, start: start, now: now)))
                }
            }
        }

        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Tend//Tend reminders//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:" + ICalendarText.escape(name),
            "X-WR-TIMEZONE:" + timeZone.identifier,
        ]
        // From the year of the earliest event, so its first occurrences have their offsets too.
        let earliest = events.map(\.start).min().map { TendCalendar(timeZone: timeZone).startDate(of: $0.firstOfMonth) } ?? now
        let spanStart = min(earliest, now).addingTimeInterval(-366 * 86_400)
        let spanEnd = now.addingTimeInterval(TimeInterval(Self.zoneYearsAhead) * 366 * 86_400)
        lines += ICalendarTimeZone(timeZone).lines(from: spanStart, to: spanEnd)
        for event in events { lines += event.lines }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarText.fold).joined()
    }

    /// `;UNTIL=` the end of the habit's end date, for a habit that has one. RFC 5545 asks for UTC
    /// when DTSTART names a zone: the last second of that day in the owner's zone, in UTC.
    private func until(_ habit: Habit) -> String {
        guard let end = habit.endsOn else { return "" }
        let calendar = TendCalendar(timeZone: timeZone)
        return ";UNTIL=" + Self.utcStamp(calendar.startDate(of: end.next).addingTimeInterval(-1))
    }

    private func event(
        uid: String, habit: Habit, reminder: Reminder, recurrence: ReminderRecurrence, start: Day, now: Date
    ) -> [String] {
        let summary = habit.emoji.isEmpty ? habit.name : "\(habit.emoji) \(habit.name)"
        let (year, month, day) = start.components
        let startText = String(format: "%04d%02d%02dT%02d%02d00", year, month, day, reminder.time.hour, reminder.time.minute)
        var lines = [
            "BEGIN:VEVENT",
            "UID:" + uid,
            "DTSTAMP:" + Self.utcStamp(now),
            "DTSTART;TZID=\(timeZone.identifier):\(startText)",
            "DURATION:" + Self.eventDuration,
            "RRULE:" + recurrence.rule + until(habit),
            "SUMMARY:" + ICalendarText.escape(summary),
        ]
        let message = reminder.message.flatMap { $0.isEmpty ? nil : $0 } ?? defaultMessage?(habit)
        if let message {
            lines.append("DESCRIPTION:" + ICalendarText.escape(message))
        }
        lines += [
            // A reminder does not make its owner busy.
            "TRANSP:TRANSPARENT",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "TRIGGER:PT0S",
            // DISPLAY alarms must carry a DESCRIPTION (§3.6.6): the message, else the habit.
            "DESCRIPTION:" + ICalendarText.escape(message ?? summary),
            "END:VALARM",
            "END:VEVENT",
        ]
        return lines
    }

    /// A UTC date-time: `20260301T073000Z`.
    static func utcStamp(_ date: Date) -> String {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(secondsFromGMT: 0)!
        let c = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }
}
