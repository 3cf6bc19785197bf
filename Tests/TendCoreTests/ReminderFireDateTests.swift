import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

@Suite("Reminder.nextFireDates: when a reminder rings, through clock changes")
struct ReminderFireDateTests {
    static func reminder(_ time: String, on weekdays: Set<Weekday> = [], enabled: Bool = true) -> Reminder {
        Reminder(time: try! TimeOfDay(parsing: time), weekdays: weekdays, isEnabled: enabled)
    }

    static func instants(_ texts: [String]) -> [Date] { texts.map(Fixtures.instant) }

    // MARK: Daily reminders across DST

    @Test("A daily 08:00 reminder in Berlin rings every morning at 08:00, 07:00Z before spring-forward and 06:00Z after")
    func berlinSpringForward() {
        // Given a daily 08:00 reminder in Berlin, two days before clocks go forward (2025-03-30)
        let calendar = Fixtures.calendar("Europe/Berlin", locale: "de_DE")
        let reminder = Self.reminder("08:00")
        // When the next five rings are computed from Friday noon
        let rings = reminder.nextFireDates(after: Fixtures.instant("2025-03-28T12:00:00Z"), count: 5, calendar: calendar)
        // Then they are on consecutive days, always at 08:00 on the clock
        #expect(
            rings
                == Self.instants([
                    "2025-03-29T07:00:00Z", "2025-03-30T06:00:00Z", "2025-03-31T06:00:00Z", "2025-04-01T06:00:00Z",
                    "2025-04-02T06:00:00Z",
                ]))
        #expect(rings.map { calendar.timeOfDay(for: $0).description } == Array(repeating: "08:00", count: 5))
        #expect(rings.map(calendar.day(for:)) == Array(Fixtures.day("2025-03-29")...Fixtures.day("2025-04-02")))
    }

    @Test("A daily 08:00 reminder in Berlin moves from 06:00Z to 07:00Z when clocks go back")
    func berlinFallBack() {
        let calendar = Fixtures.calendar("Europe/Berlin")
        let rings = Self.reminder("08:00").nextFireDates(
            after: Fixtures.instant("2025-10-24T12:00:00Z"), count: 4, calendar: calendar)
        #expect(
            rings
                == Self.instants([
                    "2025-10-25T06:00:00Z", "2025-10-26T07:00:00Z", "2025-10-27T07:00:00Z", "2025-10-28T07:00:00Z",
                ]))
    }

    @Test("A 02:30 reminder on New York's spring-forward day rings at 03:00 EDT, then at 02:30 again")
    func newYorkSpringForwardGap() {
        // Given a daily 02:30 reminder in New York, and clocks jumping 02:00 → 03:00 on 2025-03-09
        let calendar = Fixtures.calendar("America/New_York")
        // When the next rings are computed from the day before
        let rings = Self.reminder("02:30").nextFireDates(
            after: Fixtures.instant("2025-03-08T12:00:00Z"), count: 3, calendar: calendar)
        // Then on the 9th it rings when the gap ends, 03:00 EDT, and on later days at 02:30 EDT
        #expect(rings == Self.instants(["2025-03-09T07:00:00Z", "2025-03-10T06:30:00Z", "2025-03-11T06:30:00Z"]))
        #expect(calendar.timeOfDay(for: rings[0]).description == "03:00")
    }

    @Test("A 01:30 reminder on New York's fall-back day rings once, at the first 01:30, and next the day after")
    func newYorkFallBackRepeat() {
        // Given a daily 01:30 reminder in New York, and 01:00–02:00 happening twice on 2025-11-02
        let calendar = Fixtures.calendar("America/New_York")
        let reminder = Self.reminder("01:30")
        // When the next rings are computed from the day before
        let rings = reminder.nextFireDates(after: Fixtures.instant("2025-11-01T12:00:00Z"), count: 3, calendar: calendar)
        // Then it rings at the first 01:30 (EDT) only, then at 01:30 EST on the following days
        #expect(rings == Self.instants(["2025-11-02T05:30:00Z", "2025-11-03T06:30:00Z", "2025-11-04T06:30:00Z"]))
        // And right after the first 01:30, the second 01:30 (06:30Z) is not a ring: the next is a day later
        let afterFirst = reminder.nextFireDates(after: Fixtures.instant("2025-11-02T05:30:00Z"), count: 1, calendar: calendar)
        #expect(afterFirst == Self.instants(["2025-11-03T06:30:00Z"]))
    }

    @Test("On Lord Howe's half-hour spring-forward, a 02:15 reminder rings at 02:30, when the gap ends")
    func lordHoweGap() {
        let calendar = Fixtures.calendar("Australia/Lord_Howe")
        let rings = Self.reminder("02:15").nextFireDates(
            after: Fixtures.instant("2025-10-03T12:00:00Z"), count: 3, calendar: calendar)
        #expect(
            rings
                == Self.instants([
                    "2025-10-04T02:15:00+10:30", "2025-10-05T02:30:00+11:00", "2025-10-06T02:15:00+11:00",
                ]))
    }

    @Test("On Lord Howe's half-hour fall-back, a 01:45 reminder rings only at the first 01:45")
    func lordHoweRepeat() {
        let calendar = Fixtures.calendar("Australia/Lord_Howe")
        let reminder = Self.reminder("01:45")
        let rings = reminder.nextFireDates(after: Fixtures.instant("2025-04-05T00:00:00Z"), count: 2, calendar: calendar)
        #expect(rings == Self.instants(["2025-04-06T01:45:00+11:00", "2025-04-07T01:45:00+10:30"]))
        // The second 01:45, 30 minutes after the first, is not a ring
        let afterFirst = reminder.nextFireDates(after: rings[0], count: 1, calendar: calendar)
        #expect(afterFirst == [rings[1]])
    }

    // MARK: Apia's skipped day

    @Test("In Apia, a midnight reminder rings once at the instant that is both 2011-12-30 and 2011-12-31 midnight")
    func apiaMidnightNeverTwice() {
        // Given a daily 00:00 reminder in Apia around the day Samoa skipped
        let calendar = Fixtures.calendar("Pacific/Apia")
        let rings = Self.reminder("00:00").nextFireDates(
            after: Fixtures.instant("2011-12-28T12:00:00Z"), count: 4, calendar: calendar)
        // Then the 30th and the 31st, which start at the same instant, ring only once there
        #expect(
            rings
                == Self.instants([
                    "2011-12-29T00:00:00-10:00", "2011-12-31T00:00:00+14:00", "2012-01-01T00:00:00+14:00",
                    "2012-01-02T00:00:00+14:00",
                ]))
        #expect(Set(rings).count == rings.count)
    }

    @Test("In Apia, a reminder of the skipped Friday rings when Saturday 2011-12-31 begins")
    func apiaSkippedFriday() {
        // Given a Friday-only 09:00 reminder in Apia; Friday 2011-12-30 never happened there
        let calendar = Fixtures.calendar("Pacific/Apia")
        let rings = Self.reminder("09:00", on: [.friday]).nextFireDates(
            after: Fixtures.instant("2011-12-25T00:00:00Z"), count: 2, calendar: calendar)
        // Then it rings at the first instant after the skipped day, Saturday 00:00, and next Friday at 09:00
        #expect(rings == Self.instants(["2011-12-31T00:00:00+14:00", "2012-01-06T09:00:00+14:00"]))
    }

    @Test("In Apia, a daily noon reminder rings on the 29th, at the start of the 31st for the 30th, and at noon on the 31st")
    func apiaDailyNoon() {
        let calendar = Fixtures.calendar("Pacific/Apia")
        let rings = Self.reminder("12:00").nextFireDates(
            after: Fixtures.instant("2011-12-29T00:00:00-10:00"), count: 3, calendar: calendar)
        #expect(
            rings
                == Self.instants(["2011-12-29T12:00:00-10:00", "2011-12-31T00:00:00+14:00", "2011-12-31T12:00:00+14:00"]))
        #expect(zip(rings, rings.dropFirst()).allSatisfy { $0 < $1 })
    }

    // MARK: Filters and edges

    @Test("A Monday-Wednesday-Friday reminder rings only on those days", arguments: CalendarTestKit.zones)
    func weekdayFilter(zoneID: String) {
        // Given a 07:00 reminder on Mondays, Wednesdays and Fridays
        let calendar = Fixtures.calendar(zoneID)
        let reminder = Self.reminder("07:00", on: [.monday, .wednesday, .friday])
        // When six rings are computed from Sunday 2025-06-15 noon, local time
        let sundayNoon = calendar.firstInstant(on: Fixtures.day("2025-06-15"), hour: 12, minute: 0)
        let rings = reminder.nextFireDates(after: sundayNoon, count: 6, calendar: calendar)
        // Then they fall on the next two weeks' Mondays, Wednesdays and Fridays, at 07:00
        #expect(
            rings.map { calendar.day(for: $0).iso }
                == ["2025-06-16", "2025-06-18", "2025-06-20", "2025-06-23", "2025-06-25", "2025-06-27"])
        #expect(rings.allSatisfy { calendar.timeOfDay(for: $0).description == "07:00" })
        #expect(reminder.fires(on: Fixtures.day("2025-06-16")))
        #expect(!reminder.fires(on: Fixtures.day("2025-06-17")))
    }

    @Test("A reminder with no weekdays fires on every day")
    func emptyWeekdaysMeansEveryDay() {
        let reminder = Self.reminder("07:00")
        #expect(Array(Fixtures.day("2025-06-15")...Fixtures.day("2025-06-21")).allSatisfy(reminder.fires(on:)))
    }

    @Test("A disabled reminder never rings, and asking for no rings gives none")
    func disabledAndZeroCount() {
        let calendar = Fixtures.calendar("Europe/Berlin")
        let now = Fixtures.instant("2025-06-15T12:00:00Z")
        #expect(Self.reminder("08:00", enabled: false).nextFireDates(after: now, count: 5, calendar: calendar).isEmpty)
        #expect(Self.reminder("08:00").nextFireDates(after: now, count: 0, calendar: calendar).isEmpty)
        #expect(Self.reminder("08:00").nextFireDates(after: now, count: -3, calendar: calendar).isEmpty)
    }

    @Test("Rings are strictly after the given instant: a reminder due exactly now rings tomorrow")
    func strictlyAfter() {
        let calendar = Fixtures.calendar("Asia/Kolkata")
        let now = Fixtures.instant("2025-06-15T08:00:00+05:30")
        let rings = Self.reminder("08:00").nextFireDates(after: now, count: 1, calendar: calendar)
        #expect(rings == [Fixtures.instant("2025-06-16T08:00:00+05:30")])
        let aSecondEarlier = Self.reminder("08:00").nextFireDates(after: now - 1, count: 1, calendar: calendar)
        #expect(aSecondEarlier == [now])
    }

    @Test("For any zone, time, weekdays and start, rings are increasing, on chosen days, at the chosen time, none missed")
    func nextFireDatesProperty() async {
        let from = Int(Fixtures.instant("2005-01-01T00:00:00Z").timeIntervalSince1970)
        let to = Int(Fixtures.instant("2035-01-01T00:00:00Z").timeIntervalSince1970)
        let weekdaySets = Gen<Weekday>.case.set(ofAtMost: 0...7)
        await propertyCheck(
            count: 300, input: Gen.element(of: CalendarTestKit.zones), Gen.int(in: from...to), Gen.int(in: 0...1439),
            weekdaySets, Gen.int(in: 1...15)
        ) { zoneID, seconds, minuteOfDay, weekdays, count in
            let identifier = try #require(zoneID)
            let calendar = Fixtures.calendar(identifier)
            let zone = calendar.timeZone
            // Given a reminder and an instant
            let time = try TimeOfDay(hour: minuteOfDay / 60, minute: minuteOfDay % 60)
            let reminder = Reminder(time: time, weekdays: weekdays)
            let now = Date(timeIntervalSince1970: Double(seconds))
            // When its next rings are computed
            let rings = reminder.nextFireDates(after: now, count: count, calendar: calendar)
            // Then there are as many as asked, all after now, strictly increasing
            #expect(rings.count == count)
            #expect(rings.allSatisfy { $0 > now })
            #expect(zip(rings, rings.dropFirst()).allSatisfy { $0 < $1 })
            for ring in rings {
                // Each rings at the chosen wall time, or where a gap that swallowed it ends
                let isGapEnd = zone.secondsFromGMT(for: ring - 1) != zone.secondsFromGMT(for: ring)
                #expect(calendar.timeOfDay(for: ring) == time || isGapEnd, "\(identifier) \(CalendarTestKit.text(ring))")
                // On a chosen day (the day it is on the clock; a skipped day's ring is at the next day's start)
                let day = calendar.day(for: ring)
                #expect(reminder.fires(on: day) || (isGapEnd && reminder.fires(on: day.previous)))
            }
            // And no chosen day between now and the last ring was left without its ring
            if let last = rings.last {
                let ringDays = Set(rings.map(calendar.day(for:)))
                for day in calendar.day(for: now)...calendar.day(for: last) where reminder.fires(on: day) {
                    let due = calendar.firstInstant(on: day, hour: time.hour, minute: time.minute)
                    guard due > now, calendar.day(for: due) == day else { continue }
                    #expect(ringDays.contains(day), "\(identifier) missed \(day)")
                }
            }
        }
    }
}
