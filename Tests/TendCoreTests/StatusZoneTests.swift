import Foundation
import TendCore
import TendTestSupport
import Testing

/// Statuses depend only on civil days and the locale's first weekday, never on the zone's clocks.
@Suite("Statuses in odd zones and locales")
struct StatusZoneTests {
    /// Two per week, created long before, checked Sun Jan 5 and Tue Jan 7, 2025; today Wed Jan 8.
    static let tracked = Fixtures.tracked(
        Fixtures.habit(schedule: .timesPerWeek(2), createdOn: "2024-12-01"), checked: ["2025-01-05", "2025-01-07"])

    /// Sun Jan 5 … Sun Jan 12 for a Sunday-first week (both checks in the week of Jan 5).
    static let sundayFirst: [DayStatus] = [.met, .pending, .met, .satisfied, .satisfied, .satisfied, .satisfied, .pending]
    /// The same days for a Monday-first week (Jan 5 closes the week before).
    static let mondayFirst: [DayStatus] = [.met, .pending, .met, .pending, .pending, .pending, .pending, .pending]

    static func statuses(_ calendar: TendCalendar) -> [DayStatus] {
        ScoringSupport.statuses(tracked, "2025-01-05", "2025-01-12", today: "2025-01-08", calendar: calendar)
    }

    @Test(
        "Monday-first locales give the same weekly statuses in every zone",
        arguments: Fixtures.zoneIdentifiers, ["de_DE", "fr_FR"])
    func mondayFirstEverywhere(zone: String, locale: String) {
        let calendar = Fixtures.calendar(zone, locale: locale)
        #expect(calendar.firstWeekday == 2)
        #expect(Self.statuses(calendar) == Self.mondayFirst)
    }

    @Test("en_US gives Sunday-first weekly statuses in every zone", arguments: Fixtures.zoneIdentifiers)
    func sundayFirstEverywhere(zone: String) {
        let calendar = Fixtures.calendar(zone, locale: "en_US")
        #expect(calendar.firstWeekday == 1)
        #expect(Self.statuses(calendar) == Self.sundayFirst)
    }

    @Test("Lord Howe (30-minute DST) in de_DE and Apia (a skipped civil day) in en_US follow their locale's week")
    func oddZones() {
        // Given the two oddest zones of the fixtures
        let lordHowe = Fixtures.calendar("Australia/Lord_Howe", locale: "de_DE")
        let apia = Fixtures.calendar("Pacific/Apia", locale: "en_US")
        // Then only the locale decides: Monday-first for de_DE, Sunday-first for en_US
        #expect(Self.statuses(lordHowe) == Self.mondayFirst)
        #expect(Self.statuses(apia) == Self.sundayFirst)
    }

    @Test(
        "Every zone agrees with UTC in the same locale, for every schedule",
        arguments: Fixtures.zoneIdentifiers, Fixtures.localeIdentifiers)
    func zoneIndependence(zone: String, locale: String) {
        // Given one habit per schedule, with checks spread over a DST change (Berlin: Mar 30, 2025;
        // Lord Howe: Apr 6, 2025) and a month end
        let start = Fixtures.day("2025-03-01")
        let schedules: [Schedule] = [
            .daily, .weekdays([.sunday, .saturday]), .daysOfMonth([31]), .everyNDays(interval: 2, start: start),
            .timesPerWeek(3), .timesPerMonth(5), .timesInDays(times: 2, days: 4),
        ]
        let checked = [
            "2025-03-02", "2025-03-05", "2025-03-09", "2025-03-29", "2025-03-30", "2025-03-31",
            "2025-04-01", "2025-04-05", "2025-04-06", "2025-04-07",
        ]
        let local = Fixtures.calendar(zone, locale: locale)
        let reference = Fixtures.calendar("UTC", locale: locale)
        for schedule in schedules {
            let tracked = Fixtures.tracked(Fixtures.habit(schedule: schedule, createdOn: "2025-03-01"), checked: checked)
            // When the statuses are judged on Apr 3 in the zone and in UTC
            let inZone = ScoringSupport.statuses(tracked, "2025-03-01", "2025-04-13", today: "2025-04-03", calendar: local)
            let inUTC = ScoringSupport.statuses(tracked, "2025-03-01", "2025-04-13", today: "2025-04-03", calendar: reference)
            // Then they are identical
            #expect(inZone == inUTC, "\(schedule) in \(zone)/\(locale)")
        }
    }
}
