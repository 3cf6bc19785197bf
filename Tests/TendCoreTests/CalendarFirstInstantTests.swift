import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

@Suite("TendCalendar.firstInstant: wall-clock times through gaps and repeats")
struct CalendarFirstInstantTests {
    @Test(
        "On New York's spring-forward day, times in the 02:00–03:00 gap give 03:00 EDT",
        arguments: [
            (1, 59, "2025-03-09T06:59:00Z"),  // 01:59 EST, just before the jump
            (2, 0, "2025-03-09T07:00:00Z"),  // does not exist: 03:00 EDT
            (2, 30, "2025-03-09T07:00:00Z"),  // does not exist: 03:00 EDT
            (2, 59, "2025-03-09T07:00:00Z"),  // does not exist: 03:00 EDT
            (3, 0, "2025-03-09T07:00:00Z"),  // 03:00 EDT
            (3, 30, "2025-03-09T07:30:00Z"),  // 03:30 EDT
        ])
    func springForward(hour: Int, minute: Int, expected: String) {
        // Given New York on 2025-03-09, when clocks jump from 02:00 EST to 03:00 EDT
        let calendar = Fixtures.calendar("America/New_York")
        // When asking for the first instant at the wall-clock time
        let instant = calendar.firstInstant(on: Fixtures.day("2025-03-09"), hour: hour, minute: minute)
        // Then a skipped time resolves to the end of the gap
        #expect(instant == Fixtures.instant(expected))
    }

    @Test(
        "On New York's fall-back day, a time that happens twice gives its first occurrence",
        arguments: [
            (0, 30, "2025-11-02T04:30:00Z"),  // 00:30 EDT
            (1, 0, "2025-11-02T05:00:00Z"),  // first 01:00, EDT
            (1, 30, "2025-11-02T05:30:00Z"),  // first 01:30, EDT (the second is 06:30Z, EST)
            (1, 59, "2025-11-02T05:59:00Z"),
            (2, 0, "2025-11-02T07:00:00Z"),  // 02:00 EST, after the repeat
        ])
    func fallBack(hour: Int, minute: Int, expected: String) {
        let calendar = Fixtures.calendar("America/New_York")
        let instant = calendar.firstInstant(on: Fixtures.day("2025-11-02"), hour: hour, minute: minute)
        #expect(instant == Fixtures.instant(expected))
        #expect(calendar.timeOfDay(for: instant) == (try! TimeOfDay(hour: hour, minute: minute)))
    }

    @Test(
        "On Lord Howe's spring-forward day, clocks go 02:00 → 02:30, so 02:00–02:29 give 02:30",
        arguments: [
            (1, 59, "2025-10-05T01:59:00+10:30"),
            (2, 0, "2025-10-05T02:30:00+11:00"),
            (2, 15, "2025-10-05T02:30:00+11:00"),
            (2, 29, "2025-10-05T02:30:00+11:00"),
            (2, 30, "2025-10-05T02:30:00+11:00"),
            (2, 45, "2025-10-05T02:45:00+11:00"),
        ])
    func lordHoweHalfHourGap(hour: Int, minute: Int, expected: String) {
        let calendar = Fixtures.calendar("Australia/Lord_Howe")
        let instant = calendar.firstInstant(on: Fixtures.day("2025-10-05"), hour: hour, minute: minute)
        #expect(instant == Fixtures.instant(expected))
        // 02:15 is 2025-10-04 15:30 UTC, the moment the gap ends
        #expect(Fixtures.instant("2025-10-05T02:30:00+11:00") == Fixtures.instant("2025-10-04T15:30:00Z"))
    }

    @Test("On Lord Howe's fall-back day, clocks go 02:00 → 01:30, and 01:45 gives its first occurrence")
    func lordHoweHalfHourRepeat() {
        let calendar = Fixtures.calendar("Australia/Lord_Howe")
        let day = Fixtures.day("2025-04-06")
        let first = calendar.firstInstant(on: day, hour: 1, minute: 45)
        #expect(first == Fixtures.instant("2025-04-06T01:45:00+11:00"))
        // The second 01:45, half an hour later, is the same wall time on the same day
        #expect(calendar.timeOfDay(for: first + 1800) == (try! TimeOfDay(hour: 1, minute: 45)))
        #expect(calendar.day(for: first + 1800) == day)
        #expect(calendar.firstInstant(on: day, hour: 2, minute: 0) == Fixtures.instant("2025-04-06T02:00:00+10:30"))
    }

    @Test("In Berlin, 02:30 on the spring-forward day is 03:00 CEST, and 02:30 on the fall-back day is the CEST one")
    func berlin() {
        let calendar = Fixtures.calendar("Europe/Berlin")
        #expect(
            calendar.firstInstant(on: Fixtures.day("2025-03-30"), hour: 2, minute: 30)
                == Fixtures.instant("2025-03-30T01:00:00Z"))
        #expect(
            calendar.firstInstant(on: Fixtures.day("2025-10-26"), hour: 2, minute: 30)
                == Fixtures.instant("2025-10-26T00:30:00Z"))
    }

    @Test(
        "A wall time that exists is reached exactly, and no earlier instant of that day shows it",
        arguments: CalendarTestKit.zones)
    func existingWallTimesProperty(zoneID: String) async {
        let calendar = Fixtures.calendar(zoneID)
        let zone = calendar.timeZone
        let from = Fixtures.day("1990-01-01").ordinal
        let to = Fixtures.day("2040-12-31").ordinal
        await propertyCheck(count: 500, input: Gen.int(in: from...to), Gen.int(in: 0...23), Gen.int(in: 0...59)) {
            ordinal, hour, minute in
            // Given a day and a wall-clock time
            let day = Day(ordinal: ordinal)
            let wanted = try TimeOfDay(hour: hour, minute: minute)
            // When Tend resolves it
            let instant = calendar.firstInstant(on: day, hour: hour, minute: minute)
            let isTransition = zone.secondsFromGMT(for: instant - 1) != zone.secondsFromGMT(for: instant)
            if calendar.day(for: instant) == day && calendar.timeOfDay(for: instant) == wanted {
                // Then, when it exists, it is shown on the clock at that instant and never earlier:
                // an hour (or half hour) earlier, the clock showed something else
                for earlier in [1800.0, 3600, 7200] {
                    let previous = instant - earlier
                    #expect(
                        !(calendar.day(for: previous) == day && calendar.timeOfDay(for: previous) == wanted),
                        "\(zoneID) \(day) \(wanted)")
                }
            } else {
                // Or it fell in a gap, and the instant is where the gap ends, later on the clock
                #expect(isTransition, "\(zoneID) \(day) \(wanted) → \(CalendarTestKit.text(instant))")
                #expect(calendar.timeOfDay(for: instant) > wanted || calendar.day(for: instant) > day)
                #expect(calendar.timeOfDay(for: instant - 1) < wanted || calendar.day(for: instant - 1) < day)
            }
        }
    }

    @Test("Later wall times on the same day never give earlier instants", arguments: CalendarTestKit.zones)
    func monotoneWithinADay(zoneID: String) {
        let calendar = Fixtures.calendar(zoneID)
        for iso in ["2025-03-09", "2025-03-30", "2025-04-06", "2025-10-05", "2025-10-26", "2025-11-02", "2011-12-30"] {
            let day = Fixtures.day(iso)
            let instants = (0..<24 * 4).map { calendar.firstInstant(on: day, hour: $0 / 4, minute: $0 % 4 * 15) }
            #expect(zip(instants, instants.dropFirst()).allSatisfy { $0 <= $1 }, "\(zoneID) \(iso)")
        }
    }
}
