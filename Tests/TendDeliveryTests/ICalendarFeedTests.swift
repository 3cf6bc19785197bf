import Foundation
import TendCore
import TendDelivery
import TendTestSupport
import Testing

@Suite("ICalendarFeed: a person's reminders as an RFC 5545 feed")
struct ICalendarFeedTests {
    static func render(_ zone: String, habits: [Habit] = CalendarFixtures.habits, now: Date = CalendarFixtures.now) -> String {
        ICalendarFeed(name: "Ana's reminders, Tend", timeZone: Fixtures.zone(zone), habits: habits).render(now: now)
    }

    /// The feed's content lines, unfolded.
    static func lines(_ feed: String) -> [String] {
        feed.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").dropLast().map { $0 }
    }

    /// The lines of each component named `name` (VEVENT, DAYLIGHT …), BEGIN to END.
    static func components(_ name: String, in lines: [String]) -> [[String]] {
        var result: [[String]] = []
        var current: [String]?
        for line in lines {
            if line == "BEGIN:\(name)" { current = [] }
            current?.append(line)
            if line == "END:\(name)", let done = current {
                result.append(done)
                current = nil
            }
        }
        return result
    }

    /// The UID the feed gives a habit's reminder (and its February rule).
    static func uid(_ habit: Habit, _ reminder: Reminder, february: Bool = false) -> String {
        "\(habit.id)-\(reminder.id)\(february ? "-february" : "")@tend"
    }

    @Test("A Berlin feed: a VTIMEZONE with the EU's last-Sunday rules, and each reminder at its wall-clock time in Berlin")
    func berlin() throws {
        let habits = CalendarFixtures.habits
        let lines = Self.lines(Self.render("Europe/Berlin", habits: habits))
        #expect(
            Array(lines.prefix(7)) == [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tend//Tend reminders//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
                #"X-WR-CALNAME:Ana's reminders\, Tend"#, "X-WR-TIMEZONE:Europe/Berlin",
            ])
        #expect(lines.last == "END:VCALENDAR")

        // The zone: clocks go forward on the last Sunday of March at 02:00, back on October's at 03:00
        let daylight = try #require(Self.components("DAYLIGHT", in: lines).only)
        #expect(daylight.contains("TZOFFSETFROM:+0100") && daylight.contains("TZOFFSETTO:+0200"))
        #expect(daylight.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"))
        #expect(daylight.contains { $0.hasPrefix("DTSTART:") && $0.hasSuffix("T020000") })
        let standard = try #require(Self.components("STANDARD", in: lines).only)
        #expect(standard.contains("TZOFFSETFROM:+0200") && standard.contains("TZOFFSETTO:+0100"))
        #expect(standard.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"))
        #expect(standard.contains { $0.hasPrefix("DTSTART:") && $0.hasSuffix("T030000") })

        // One event per enabled reminder of a live habit (two for the 30th of the month); none for
        // the archived habit, the disabled reminder, or the reminder on days its habit is never due
        let events = Self.components("VEVENT", in: lines)
        #expect(events.count == 10)
        // The challenge's event starts on its first reminder day from its start, and ends with its
        // end date: the last second of 31 March in Berlin (summer time), in UTC.
        let challenge = try #require(events.first { $0.contains("SUMMARY:🏁 Challenge") })
        #expect(challenge.contains("DTSTART;TZID=Europe/Berlin:20260302T063000"))
        #expect(challenge.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,SU;UNTIL=20260331T215959Z"))
        let water = habits[0]
        let morning = try #require(events.first { $0.contains("UID:" + Self.uid(water, water.reminders[0])) })
        #expect(
            Array(morning.dropFirst(2)) == [
                "DTSTAMP:20260301T091500Z", "DTSTART;TZID=Europe/Berlin:20260110T080000", "DURATION:PT5M", "RRULE:FREQ=DAILY",
                "SUMMARY:💧 Water", #"DESCRIPTION:First glass\; then 7 more\, please"#, "TRANSP:TRANSPARENT", "BEGIN:VALARM",
                "ACTION:DISPLAY", "TRIGGER:PT0S", #"DESCRIPTION:First glass\; then 7 more\, please"#, "END:VALARM", "END:VEVENT",
            ])
        let run = try #require(events.first { $0.contains("SUMMARY:🏃 Run") })
        #expect(run.contains("DTSTART;TZID=Europe/Berlin:20260112T180000"))
        #expect(run.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"))
        #expect(run.contains(#"DESCRIPTION:Shoes on.\nJust 5 km"#))
        // Without a message the alarm says the habit; a backslash in a name is escaped
        let read = try #require(events.first { $0.contains(#"SUMMARY:📚 Read \\ write"#) })
        #expect(!read.contains { $0.hasPrefix("DESCRIPTION:") && !$0.contains("Read") })
        #expect(read.contains(#"DESCRIPTION:📚 Read \\ write"#))
        let budget = habits[3]
        #expect(events.contains { $0.contains("UID:" + Self.uid(budget, budget.reminders[0], february: true)) })
        #expect(!lines.contains { $0.contains("Old") || $0.contains("Quiet") || $0.contains("Never") })
    }

    @Test("A New York feed: second Sunday of March and first of November, at 02:00, -0500 and -0400")
    func newYork() throws {
        let lines = Self.lines(Self.render("America/New_York"))
        let daylight = try #require(Self.components("DAYLIGHT", in: lines).only)
        #expect(daylight.contains("TZOFFSETFROM:-0500") && daylight.contains("TZOFFSETTO:-0400"))
        #expect(daylight.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"))
        #expect(daylight.contains { $0.hasPrefix("DTSTART:") && $0.hasSuffix("T020000") })
        let standard = try #require(Self.components("STANDARD", in: lines).only)
        #expect(standard.contains("TZOFFSETFROM:-0400") && standard.contains("TZOFFSETTO:-0500"))
        #expect(standard.contains("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU"))
        #expect(standard.contains { $0.hasPrefix("DTSTART:") && $0.hasSuffix("T020000") })
        #expect(lines.contains("DTSTART;TZID=America/New_York:20260110T080000"))
    }

    @Test("A habit from 2005 in New York: the zone's pre-2007 rule ends with UNTIL, the current one runs on")
    func newYorkRuleChange() throws {
        var habit = CalendarFixtures.habits[0]
        habit.createdOn = Fixtures.day("2005-06-01")
        let lines = Self.lines(Self.render("America/New_York", habits: [habit]))
        let daylight = Self.components("DAYLIGHT", in: lines)
        #expect(daylight.count == 2)
        #expect(daylight[0].contains { $0.hasPrefix("RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=2006") })
        #expect(daylight[1].contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"))
        let standard = Self.components("STANDARD", in: lines)
        #expect(standard.count == 2)
        #expect(standard[0].contains { $0.hasPrefix("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=2006") })
        #expect(standard[1].contains("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU"))
    }

    @Test("A zone without daylight saving time has one standard observance")
    func tokyo() throws {
        let lines = Self.lines(Self.render("Asia/Tokyo"))
        let standard = try #require(Self.components("STANDARD", in: lines).only)
        #expect(standard.contains("TZOFFSETFROM:+0900") && standard.contains("TZOFFSETTO:+0900"))
        #expect(Self.components("DAYLIGHT", in: lines).isEmpty)
    }

    @Test("Every line ends in CRLF and has at most 75 octets; no bare LF or CR", arguments: ["Europe/Berlin", "America/New_York"])
    func lineShape(zone: String) {
        let feed = Self.render(zone)
        #expect(feed.hasSuffix("END:VCALENDAR\r\n"))
        let physical = feed.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        for line in physical {
            #expect(line.last == 0x0D)
            #expect(line.count - 1 <= 75)
            #expect(!line.dropLast().contains(0x0D))
        }
    }

    @Test("UIDs are unique and stable from one render to the next; DTSTAMP is the time of rendering")
    func stableIdentifiers() {
        let habits = CalendarFixtures.habits
        let first = Self.lines(Self.render("Europe/Berlin", habits: habits))
        let later = Self.lines(Self.render("Europe/Berlin", habits: habits, now: CalendarFixtures.now.addingTimeInterval(86_400)))
        let uids = first.filter { $0.hasPrefix("UID:") }
        #expect(Set(uids).count == uids.count)
        #expect(later.filter { $0.hasPrefix("UID:") } == uids)
        #expect(later.filter { $0.hasPrefix("DTSTAMP:") }.allSatisfy { $0 == "DTSTAMP:20260302T091500Z" })
    }

    @Test("No habits with reminders: a valid empty calendar with the zone")
    func empty() {
        let lines = Self.lines(Self.render("Europe/Berlin", habits: []))
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.last == "END:VCALENDAR")
        #expect(Self.components("VEVENT", in: lines).isEmpty)
        #expect(Self.components("VTIMEZONE", in: lines).count == 1)
    }
}

extension Array {
    /// The single element, or nil when there are none or several.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
