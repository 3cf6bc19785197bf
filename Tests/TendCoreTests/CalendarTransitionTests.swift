import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

@Suite("TendCalendar: days and instants across every zone's clock changes")
struct CalendarTransitionTests {
    /// Every clock change from 1900 to 2099 is walked; the skipped-day census covers 2010–2030.
    static let windowStart = Fixtures.instant("1900-01-01T00:00:00Z")
    static let windowEnd = Fixtures.instant("2100-01-01T00:00:00Z")
    static let censusStart = Fixtures.instant("2010-01-01T00:00:00Z")
    static let censusEnd = Fixtures.instant("2031-01-01T00:00:00Z")

    /// Checks the calendar rules on `days`, consecutive civil days in `calendar`'s zone.
    /// `skipped` are the days the zone never lived; the others must round-trip.
    static func checkConsecutiveDays(_ days: [Day], calendar: TendCalendar, skipped: Set<Day>) {
        let zone = calendar.timeZone
        for (day, following) in zip(days, days.dropFirst()) {
            // Stepping one day is one civil day: nothing skipped, nothing repeated
            #expect(day.adding(days: 1) == following)
            #expect(day.days(to: following) == 1)
            #expect(following.previous == day)

            let start = calendar.startDate(of: day)
            let nextStart = calendar.startDate(of: following)
            if skipped.contains(day) {
                // A day the zone skipped starts where the next day starts
                #expect(start == nextStart, "\(zone.identifier) \(day)")
            } else {
                // Consecutive existing days start at strictly increasing instants
                #expect(start < nextStart, "\(zone.identifier) \(day): \(CalendarTestKit.text(start)) ≥ \(CalendarTestKit.text(nextStart))")
            }
        }
        for day in days where !skipped.contains(day) {
            let start = calendar.startDate(of: day)
            // The first instant of an existing day belongs to it …
            #expect(calendar.day(for: start) == day, "\(zone.identifier) \(day) starts at \(CalendarTestKit.text(start))")
            #expect(CalendarTestKit.localOrdinal(of: start, in: zone) == day.ordinal, "\(zone.identifier) \(day)")
            // … and the second before it belongs to an earlier day
            #expect(calendar.day(for: start - 1) < day, "\(zone.identifier) \(day)")
            // It is local midnight, unless midnight fell in a gap and the day starts when the gap ends
            let wall = calendar.timeOfDay(for: start)
            let isTransition = zone.secondsFromGMT(for: start - 1) != zone.secondsFromGMT(for: start)
            #expect(wall == (try! TimeOfDay(hour: 0)) || isTransition, "\(zone.identifier) \(day) starts at \(wall)")
        }
    }

    @Test(
        "Around every clock change from 1900 to 2099, days step one by one, start in order and round-trip",
        arguments: CalendarTestKit.allZones)
    func everyZoneAroundItsTransitions(zoneID: String) throws {
        // Given a zone and the instants its clocks changed between 2010 and 2030
        let zone = try #require(TimeZone(identifier: zoneID))
        let calendar = TendCalendar(timeZone: zone)
        let transitions = CalendarTestKit.transitions(of: zone, from: Self.windowStart, to: Self.windowEnd)
        let skipped = Set(transitions.flatMap(CalendarTestKit.skippedDays(by:)))
        var checkedDays = 0
        for transition in transitions {
            // When we walk day by day from three days before the change to three days after it
            let before = CalendarTestKit.localOrdinal(of: transition.instant - 1, in: zone)
            let after = CalendarTestKit.localOrdinal(of: transition.instant, in: zone)
            let days = Array(Day(ordinal: before - 3)...Day(ordinal: after + 3))
            checkedDays += days.count
            // Then every rule holds
            Self.checkConsecutiveDays(days, calendar: calendar, skipped: skipped)
        }
        // Zones without clock changes in the window still get a year of ordinary days checked
        if transitions.isEmpty {
            let days = Array(Fixtures.day("2025-01-01")...Fixtures.day("2025-12-31"))
            Self.checkConsecutiveDays(days, calendar: calendar, skipped: [])
            checkedDays += days.count
        }
        #expect(checkedDays > 0)
    }

    @Test("Between 2010 and 2030 the only civil days any zone skipped are Samoa's and Tokelau's 2011-12-30")
    func onlySamoaAndTokelauSkippedADay() {
        // Given every zone's clock changes in the window
        var skipped: [String: [Day]] = [:]
        for zoneID in CalendarTestKit.allZones {
            guard let zone = TimeZone(identifier: zoneID) else { continue }
            let days = CalendarTestKit.transitions(of: zone, from: Self.censusStart, to: Self.censusEnd)
                .flatMap(CalendarTestKit.skippedDays(by:))
            if !days.isEmpty { skipped[zoneID] = days }
        }
        // Then the skipped days are exactly the ones history records (Apia and Fakaofo crossed the date line)
        let dateLineDay = Fixtures.day("2011-12-30")
        #expect(skipped["Pacific/Apia"] == [dateLineDay])
        #expect(skipped.values.allSatisfy { $0 == [dateLineDay] })
        #expect(Set(skipped.keys) == ["Pacific/Apia", "Pacific/Fakaofo"])
    }

    @Test("For a random day of 1900–2100 in a random zone, the day's first instant maps back to it")
    func randomDayRoundTripProperty() async {
        let range = Fixtures.day("1900-01-01").ordinal...Fixtures.day("2100-12-31").ordinal
        await propertyCheck(count: 1000, input: Gen.element(of: CalendarTestKit.allZones), Gen.int(in: range)) {
            zoneID, ordinal in
            let identifier = try #require(zoneID)
            let zone = try #require(TimeZone(identifier: identifier))
            let calendar = TendCalendar(timeZone: zone)
            // Given a day, and the days around it
            let day = Day(ordinal: ordinal)
            let start = calendar.startDate(of: day)
            let nextStart = calendar.startDate(of: day.next)
            // Then the day starts no later than the next one and, unless it was skipped, maps back
            #expect(start <= nextStart)
            if start < nextStart {
                #expect(calendar.day(for: start) == day, "\(identifier) \(day)")
                #expect(calendar.day(for: start - 1) < day, "\(identifier) \(day)")
            } else {
                #expect(calendar.day(for: start) > day, "\(identifier) \(day) is skipped, so its start is a later day")
            }
        }
    }

    @Test(
        "Across all of 0001–9999 a day's first instant maps back to the same day",
        arguments: CalendarTestKit.zones)
    func fullRangeRoundTrip(zoneID: String) async {
        // Tend's days are proleptic Gregorian for every year it accepts, also before 1582.
        let calendar = Fixtures.calendar(zoneID)
        await propertyCheck(count: 500, input: Gen.int(in: Day.minimum.ordinal...Day.maximum.ordinal)) { ordinal in
            let day = Day(ordinal: ordinal)
            #expect(calendar.day(for: calendar.startDate(of: day)) == day, "\(zoneID) \(day)")
            #expect(calendar.isoDay(for: calendar.firstInstant(on: day, hour: 12, minute: 0)) == day.iso)
        }
        // The Gregorian reform of 1582 is not a break for Tend
        for iso in ["1582-10-04", "1582-10-14", "1582-10-15", "1000-02-29", "0001-01-01", "1500-06-01"]
        where (try? Day(iso: iso)) != nil {
            let day = Fixtures.day(iso)
            #expect(calendar.day(for: calendar.startDate(of: day)) == day, "\(zoneID) \(day)")
        }
    }

    // MARK: Pacific/Apia, 2011-12-30

    static let apia = Fixtures.calendar("Pacific/Apia")

    @Test("In Apia the civil calendar is still a sequence: the day after 2011-12-29 is 2011-12-30")
    func apiaCivilSequence() {
        // Given the last day Samoa lived east of the date line
        let thursday = Fixtures.day("2011-12-29")
        // Then the next civil day is the 30th (a day nobody in Apia lived), then the 31st
        #expect(thursday.next == Fixtures.day("2011-12-30"))
        #expect(thursday.next.next == Fixtures.day("2011-12-31"))
        #expect(thursday.days(to: Fixtures.day("2011-12-31")) == 2)
    }

    @Test("In Apia, 2011-12-30 starts at the first instant of 2011-12-31, the next day that existed")
    func apiaSkippedDayStart() {
        let calendar = Self.apia
        // Given the skipped day and its neighbours
        let start29 = calendar.startDate(of: Fixtures.day("2011-12-29"))
        let start30 = calendar.startDate(of: Fixtures.day("2011-12-30"))
        let start31 = calendar.startDate(of: Fixtures.day("2011-12-31"))
        // Then the 29th starts at midnight UTC-10, and the 30th and 31st at the same instant:
        // 2011-12-31 00:00 UTC+14, the moment the clocks jumped from 29th 23:59:59 -10:00
        #expect(start29 == Fixtures.instant("2011-12-29T00:00:00-10:00"))
        #expect(start30 == Fixtures.instant("2011-12-30T10:00:00Z"))
        #expect(start30 == start31)
        #expect(start31 == Fixtures.instant("2011-12-31T00:00:00+14:00"))
        // And that instant is the 31st, never the 30th
        #expect(calendar.day(for: start30) == Fixtures.day("2011-12-31"))
        #expect(calendar.day(for: start30 - 1) == Fixtures.day("2011-12-29"))
    }

    @Test("In Apia, one second after 2011-12-29 23:59:59 it is already 2011-12-31")
    func apiaToday() {
        // Given the last second of the 29th in Apia (UTC-10)
        let lastSecond = Fixtures.instant("2011-12-29T23:59:59-10:00")
        let zone = Fixtures.zone("Pacific/Apia")
        #expect(Day.today(now: lastSecond, timeZone: zone) == Fixtures.day("2011-12-29"))
        // When one second passes
        // Then today is the 31st: Tend never reports the 30th as today
        #expect(Day.today(now: lastSecond + 1, timeZone: zone) == Fixtures.day("2011-12-31"))
        #expect(Self.apia.today(now: lastSecond + 1) == Fixtures.day("2011-12-31"))
        #expect(Self.apia.timeOfDay(for: lastSecond + 1) == (try! TimeOfDay(hour: 0)))
        // And with a 04:00 day start, the first hours of the 31st still count as the 30th (the previous civil day)
        #expect(Day.today(now: lastSecond + 1, timeZone: zone, dayStartHour: 4) == Fixtures.day("2011-12-30"))
    }

    @Test("In Apia, any time of day on 2011-12-30 falls on the same time of 2011-12-31")
    func apiaSkippedDayTimes() {
        let calendar = Self.apia
        for hour in [0, 6, 12, 23] {
            let skipped = calendar.firstInstant(on: Fixtures.day("2011-12-30"), hour: hour, minute: 0)
            // The whole day is one gap that ends at 2011-12-31 00:00 +14:00
            #expect(skipped == Fixtures.instant("2011-12-30T10:00:00Z"), "\(hour):00")
        }
        #expect(
            calendar.firstInstant(on: Fixtures.day("2011-12-31"), hour: 6, minute: 0)
                == Fixtures.instant("2011-12-31T06:00:00+14:00"))
    }

    @Test("For a random instant of 1970–2037, zone and day start, today lasts until endOfToday and not a second longer")
    func endOfTodayProperty() async {
        let range =
            Int(
                Fixtures.instant("1970-01-01T00:00:00Z").timeIntervalSince1970)...Int(
                Fixtures.instant("2037-12-31T00:00:00Z").timeIntervalSince1970)
        await propertyCheck(
            count: 1000, input: Gen.element(of: CalendarTestKit.allZones), Gen.int(in: range), Gen.int(in: 0...23)
        ) { zoneID, second, hour in
            let identifier = try #require(zoneID)
            let calendar = TendCalendar(timeZone: try #require(TimeZone(identifier: identifier)))
            let now = Date(timeIntervalSince1970: TimeInterval(second))
            let today = calendar.today(now: now, dayStartHour: hour)
            let end = calendar.endOfToday(now: now, dayStartHour: hour)
            #expect(end > now, "\(identifier) \(hour):00 \(CalendarTestKit.text(now))")
            #expect(calendar.today(now: end - 1, dayStartHour: hour) == today, "\(identifier) \(hour):00 \(CalendarTestKit.text(now))")
            #expect(calendar.today(now: end, dayStartHour: hour) > today, "\(identifier) \(hour):00 \(CalendarTestKit.text(now))")
        }
    }

    @Test("Today ends at the next day start: midnight, a 04:00 start, a start the spring-forward gap skips, a fall-back hour")
    func endOfTodayAtClockChanges() {
        let berlin = TendCalendar(timeZone: Fixtures.zone("Europe/Berlin"))
        // An ordinary evening: the day ends at midnight, or at 04:00 with a 04:00 day start
        let evening = Fixtures.instant("2026-11-27T22:30:00+01:00")
        #expect(berlin.endOfToday(now: evening) == Fixtures.instant("2026-11-28T00:00:00+01:00"))
        #expect(berlin.endOfToday(now: evening, dayStartHour: 4) == Fixtures.instant("2026-11-28T04:00:00+01:00"))
        // 01:30 with a 04:00 start is still the previous day, which ends at 04:00 the same night
        #expect(
            berlin.endOfToday(now: Fixtures.instant("2026-11-28T01:30:00+01:00"), dayStartHour: 4)
                == Fixtures.instant("2026-11-28T04:00:00+01:00"))
        // 2026-03-29: Berlin skips 02:00–03:00; a 02:00 day start comes when the gap ends
        #expect(
            berlin.endOfToday(now: Fixtures.instant("2026-03-28T23:00:00+01:00"), dayStartHour: 2)
                == Fixtures.instant("2026-03-29T03:00:00+02:00"))
        // 2026-11-01: New York's 01:00 happens twice; a 01:00 day start is the first of them
        let newYork = TendCalendar(timeZone: Fixtures.zone("America/New_York"))
        #expect(
            newYork.endOfToday(now: Fixtures.instant("2026-10-31T20:00:00-04:00"), dayStartHour: 1)
                == Fixtures.instant("2026-11-01T01:00:00-04:00"))
        // Lord Howe moves its clocks by half an hour; Kathmandu is 5:45 ahead of UTC
        let lordHowe = TendCalendar(timeZone: Fixtures.zone("Australia/Lord_Howe"))
        #expect(
            lordHowe.endOfToday(now: Fixtures.instant("2026-10-03T12:00:00+10:30"), dayStartHour: 2)
                == Fixtures.instant("2026-10-04T02:30:00+11:00"))
        let kathmandu = TendCalendar(timeZone: Fixtures.zone("Asia/Kathmandu"))
        #expect(
            kathmandu.endOfToday(now: Fixtures.instant("2026-11-27T10:00:00Z"))
                == Fixtures.instant("2026-11-28T00:00:00+05:45"))
        // The settings' form: their zone and day start
        let settings = UserSettings(timeZone: "Europe/Berlin", dayStartHour: 4)
        #expect(settings.endOfToday(now: evening) == Fixtures.instant("2026-11-28T04:00:00+01:00"))
    }
}
