import Foundation
import TendCore
import TendDelivery
import TendTestSupport
import Testing

/// What Python's icalendar (and dateutil, which it depends on) reads from a feed.
struct ParsedEvent: Decodable {
    var tzid: String
    var summary: String
    var description: String?
    var alarm: String
    var trigger: Double
    /// The occurrences within the window, expanded by dateutil and placed by the feed's own
    /// VTIMEZONE (not the parser's zone database), in UTC.
    var occurrences: [String]
}

@Suite("ICalendarFeed read by an independent parser: Python's icalendar, rules expanded by dateutil")
struct ICalendarParserTests {
    /// `TEND_TEST_PYTHON` (scripts/test points it at a virtual environment with icalendar), else
    /// python3 from PATH. Without any python3 the test is skipped; without icalendar it fails.
    static let python: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["TEND_TEST_PYTHON"], !path.isEmpty { return path }
        let directories = (environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let window = 800

    static let script = #"""
        import datetime, json, sys
        import icalendar
        from dateutil.rrule import rrulestr

        path, days = sys.argv[1], int(sys.argv[2])
        calendar = icalendar.Calendar.from_ical(open(path, "rb").read())
        zone = calendar.walk("VTIMEZONE")[0].to_tz(lookup_tzid=False)
        events = {}
        for event in calendar.walk("VEVENT"):
            # In the feed's own zone: an UNTIL is in UTC (RFC 5545, for a DTSTART with a TZID), and
            # dateutil compares it with an aware start only.
            start = event["DTSTART"].dt.replace(tzinfo=zone)
            rule = rrulestr(event["RRULE"].to_ical().decode(), dtstart=start)
            end = start + datetime.timedelta(days=days) - datetime.timedelta(seconds=1)
            occurrences = [
                o.replace(tzinfo=zone).astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
                for o in rule.between(start, end, inc=True)
            ]
            alarm = event.walk("VALARM")[0]
            events[str(event["UID"])] = {
                "tzid": event["DTSTART"].params["TZID"],
                "summary": str(event["SUMMARY"]),
                "description": str(event["DESCRIPTION"]) if "DESCRIPTION" in event else None,
                "alarm": str(alarm["ACTION"]),
                "trigger": alarm.decoded("TRIGGER").total_seconds(),
                "occurrences": occurrences,
            }
        json.dump(events, sys.stdout)
        """#

    @Test(
        "icalendar parses the feed; each event's text, alarm and occurrences over 800 days are Tend's",
        .enabled(if: python != nil, "python3 is not installed"), arguments: ["Europe/Berlin", "America/New_York"])
    func parsedAndExpanded(zone: String) async throws {
        // Given a feed of every kind of schedule, written to a file
        let habits = CalendarFixtures.habits
        let directory = try TemporaryDirectory()
        let path = directory.path("reminders.ics")
        try ICalendarFeed(name: "Ana", timeZone: Fixtures.zone(zone), habits: habits).render(now: CalendarFixtures.now)
            .write(toFile: path, atomically: true, encoding: .utf8)

        // When Python's icalendar reads it and dateutil expands its rules in its VTIMEZONE
        let process = SpawnedProcess()
        process.executableURL = URL(fileURLWithPath: try #require(Self.python))
        process.arguments = ["-c", Self.script, path, String(Self.window)]
        let output = try await ChildProcess(process).run()
        try #require(
            output.status == 0,
            "\(String(decoding: output.err, as: UTF8.self))\nThe test needs Python's icalendar: pip install icalendar (scripts/test installs it)"
        )
        let parsed = try JSONDecoder().decode([String: ParsedEvent].self, from: output.out)

        // Then every event Tend wrote is there, with its texts unescaped and an alarm at its start,
        // ringing on exactly the days TendCore's rules say, at the instants Tend computes
        let calendar = Fixtures.calendar(zone)
        let instantFormat = ISO8601DateFormatter()
        var expectedUIDs: Set<String> = []
        for habit in habits where !habit.isArchived {
            for reminder in habit.reminders where reminder.isEnabled {
                for recurrence in ReminderRecurrence.recurrences(of: reminder, schedule: habit.schedule) {
                    let uid = "\(habit.id)-\(reminder.id)\(recurrence.months == .february ? "-february" : "")@tend"
                    expectedUIDs.insert(uid)
                    let event = try #require(parsed[uid], "\(habit.name) \(recurrence.rule)")
                    #expect(event.tzid == zone)
                    #expect(event.summary == "\(habit.emoji) \(habit.name)")
                    #expect(event.description == reminder.message)
                    #expect(event.alarm == "DISPLAY" && event.trigger == 0)
                    let first = try #require(recurrence.firstDay(onOrAfter: max(habit.createdOn, habit.startsOn ?? habit.createdOn)))
                    let days = (0..<Self.window).map { first.adding(days: $0) }.filter {
                        recurrence.includes($0) && habit.isWithinDates($0)
                    }
                    let instants = days.map {
                        instantFormat.string(from: calendar.firstInstant(on: $0, hour: reminder.time.hour, minute: reminder.time.minute))
                    }
                    #expect(event.occurrences == instants, "\(habit.name): \(recurrence.rule)")
                    #expect(!instants.isEmpty)
                }
            }
        }
        #expect(Set(parsed.keys) == expectedUIDs)
    }
}
