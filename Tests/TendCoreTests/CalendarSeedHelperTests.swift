import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

@Suite("TendCalendar: the seeds' week, letter and ISO helpers")
struct CalendarSeedHelperTests {
    // MARK: Weeks

    @Test("Weeks start on the locale's first weekday: Sunday in en_US and ar_SA, Monday in de_DE and fr_FR")
    func firstWeekdayByLocale() {
        #expect(Fixtures.calendar("UTC", locale: "en_US").firstWeekday == 1)
        #expect(Fixtures.calendar("UTC", locale: "ar_SA").firstWeekday == 1)
        #expect(Fixtures.calendar("UTC", locale: "de_DE").firstWeekday == 2)
        #expect(Fixtures.calendar("UTC", locale: "fr_FR").firstWeekday == 2)
        // An explicit first weekday wins over the locale's
        let saturdayFirst = TendCalendar(timeZone: Fixtures.zone("UTC"), locale: Locale(identifier: "de_DE"), firstWeekday: 7)
        #expect(saturdayFirst.firstWeekday == 7)
    }

    @Test(
        "The week of Wednesday 2025-03-12 runs Sunday–Saturday or Monday–Sunday by locale, in every zone",
        arguments: CalendarTestKit.zones, CalendarTestKit.locales)
    func weekOfAWednesday(zoneID: String, localeID: String) throws {
        // Given a calendar and a Wednesday
        let calendar = Fixtures.calendar(zoneID, locale: localeID)
        let wednesday = Fixtures.day("2025-03-12")
        // When we ask for its week
        let start = calendar.startOfWeek(for: wednesday)
        let end = calendar.endOfWeek(for: wednesday)
        // Then it starts on the locale's first weekday and spans seven days
        let mondayFirst = try #require(CalendarTestKit.expectedFirstWeekday[localeID]) == 2
        #expect(start == Fixtures.day(mondayFirst ? "2025-03-10" : "2025-03-09"))
        #expect(end == Fixtures.day(mondayFirst ? "2025-03-16" : "2025-03-15"))
        #expect(start.days(to: end) == 6)
    }

    @Test("A week's first day is its own start of week, and its last day its own end of week")
    func weekBoundariesAreFixedPoints() {
        let german = Fixtures.calendar("Europe/Berlin", locale: "de_DE")
        let monday = Fixtures.day("2025-03-10")
        let sunday = Fixtures.day("2025-03-16")
        #expect(german.startOfWeek(for: monday) == monday)
        #expect(german.endOfWeek(for: sunday) == sunday)
        #expect(german.startOfWeek(for: sunday) == monday)
        let american = Fixtures.calendar("America/New_York", locale: "en_US")
        #expect(american.startOfWeek(for: Fixtures.day("2025-03-09")) == Fixtures.day("2025-03-09"))
        #expect(american.startOfWeek(for: Fixtures.day("2025-03-08")) == Fixtures.day("2025-03-02"))
    }

    @Test("In Apia the week of the skipped 2011-12-30 still has seven civil days, the skipped one included")
    func apiaWeekKeepsSevenDays() {
        let apia = Fixtures.calendar("Pacific/Apia", locale: "en_US")
        let week = apia.generateFullWeeksCovering(from: Fixtures.day("2011-12-29"), to: Fixtures.day("2011-12-29"))
        #expect(
            week.map(\.iso) == [
                "2011-12-25", "2011-12-26", "2011-12-27", "2011-12-28", "2011-12-29", "2011-12-30", "2011-12-31",
            ])
        #expect(apia.endOfWeek(for: Fixtures.day("2011-12-29")) == Fixtures.day("2011-12-31"))
    }

    @Test(
        "startOfWeek and endOfWeek agree with Foundation's weekOfYear interval in every zone and locale",
        arguments: CalendarTestKit.zones)
    func weekMatchesFoundation(zoneID: String) async {
        let from = Fixtures.day("1990-01-01").ordinal
        let to = Fixtures.day("2040-12-31").ordinal
        await propertyCheck(count: 300, input: Gen.element(of: CalendarTestKit.locales), Gen.int(in: from...to)) {
            localeID, ordinal in
            let localeID = try #require(localeID)
            // Given a day, and the noon of it as Foundation builds it
            let day = Day(ordinal: ordinal)
            let calendar = Fixtures.calendar(zoneID, locale: localeID)
            let foundation = CalendarTestKit.foundationCalendar(zoneID, locale: localeID)
            guard
                let noon = foundation.date(
                    from: DateComponents(year: day.year, month: day.month, day: day.dayOfMonth, hour: 12)),
                try CalendarTestKit.foundationDay(of: noon, in: foundation) == day
            else { return }  // a day the zone skipped (Apia's 2011-12-30) has no noon
            // When Foundation computes the week that contains it
            let week = try #require(foundation.dateInterval(of: .weekOfYear, for: noon))
            // (A week in which the zone skipped a whole day — Apia's 2011-12-30 — lasts six days
            // for Foundation; Tend's civil week still has seven, as the Apia tests assert.)
            guard week.duration > 6.5 * 86_400 else { return }
            // (Nor is a week compared whose civil days include one the zone skipped: Foundation
            // may then start or end it a day off, as locales with a Saturday or Sunday start did.)
            let civilWeek = calendar.startOfWeek(for: day)...calendar.endOfWeek(for: day)
            for other in civilWeek {
                guard
                    let otherNoon = foundation.date(
                        from: DateComponents(year: other.year, month: other.month, day: other.dayOfMonth, hour: 12)),
                    try CalendarTestKit.foundationDay(of: otherNoon, in: foundation) == other
                else { return }
            }
            // Then Tend's week starts and ends on the same days
            #expect(calendar.startOfWeek(for: day) == (try CalendarTestKit.foundationDay(of: week.start, in: foundation)))
            #expect(calendar.endOfWeek(for: day) == (try CalendarTestKit.foundationDay(of: week.end - 1, in: foundation)))
        }
    }

    @Test("For any day and first weekday, the week starts on that weekday at most six days earlier")
    func startOfWeekProperty() async {
        let range = Day.minimum.ordinal + 7...Day.maximum.ordinal - 7
        await propertyCheck(count: 500, input: Gen.int(in: range), Gen.int(in: 1...7)) { ordinal, firstWeekday in
            let calendar = TendCalendar(timeZone: Fixtures.zone("UTC"), firstWeekday: firstWeekday)
            let day = Day(ordinal: ordinal)
            let start = calendar.startOfWeek(for: day)
            #expect(start.weekday.rawValue == firstWeekday)
            #expect((0...6).contains(start.days(to: day)))
            #expect(calendar.endOfWeek(for: day) == start.adding(days: 6))
        }
    }

    // MARK: generateFullWeeksCovering

    @Test(
        "Full weeks covering a range start on the first weekday, hold whole weeks and cover the range",
        arguments: CalendarTestKit.locales)
    func fullWeeksCoverRangeProperty(localeID: String) async {
        let calendar = Fixtures.calendar("UTC", locale: localeID)
        let from = Fixtures.day("2000-01-01").ordinal
        let to = Fixtures.day("2040-12-31").ordinal
        await propertyCheck(count: 300, input: Gen.int(in: from...to), Gen.int(in: 0...120)) { ordinal, length in
            // Given a range of days
            let start = Day(ordinal: ordinal)
            let end = start.adding(days: length)
            // When the grid of whole weeks covering it is generated
            let days = calendar.generateFullWeeksCovering(from: start, to: end)
            // Then it is whole weeks of consecutive days, from the first weekday, around the range
            #expect(days.count % 7 == 0)
            #expect(days.first?.weekday.rawValue == calendar.firstWeekday)
            #expect(days.first.map { $0 <= start && $0.days(to: start) < 7 } == true)
            #expect(days.last.map { $0 >= end && end.days(to: $0) < 7 } == true)
            #expect(zip(days, days.dropFirst()).allSatisfy { $0.next == $1 })
            #expect(days.count == (length / 7 + 2) * 7 || days.count == (length / 7 + 1) * 7)
        }
    }

    @Test("Full weeks for March 2025 in de_DE are the five Monday-first weeks from 24 Feb to 30 Mar")
    func fullWeeksExample() {
        let german = Fixtures.calendar("Europe/Berlin", locale: "de_DE")
        let days = german.generateFullWeeksCovering(from: Fixtures.day("2025-03-01"), to: Fixtures.day("2025-03-31"))
        #expect(days.count == 42)
        #expect(days.first == Fixtures.day("2025-02-24"))
        #expect(days.last == Fixtures.day("2025-04-06"))
        let american = Fixtures.calendar("America/New_York", locale: "en_US")
        let us = american.generateFullWeeksCovering(from: Fixtures.day("2025-03-01"), to: Fixtures.day("2025-03-31"))
        #expect(us.count == 42)
        #expect(us.first == Fixtures.day("2025-02-23"))
        #expect(us.last == Fixtures.day("2025-04-05"))
    }

    @Test("Full weeks of a single day are the one week that contains it", arguments: CalendarTestKit.locales)
    func fullWeeksOfOneDay(localeID: String) {
        let calendar = Fixtures.calendar("UTC", locale: localeID)
        let day = Fixtures.day("2025-03-12")
        let days = calendar.generateFullWeeksCovering(from: day, to: day)
        #expect(days.count == 7)
        #expect(days.contains(day))
        #expect(days.first == calendar.startOfWeek(for: day))
    }

    @Test("Full weeks of a range whose start is after its end are empty, for days and for dates")
    func fullWeeksOfReversedRangeAreEmpty() {
        let calendar = Fixtures.calendar("Europe/Berlin", locale: "de_DE")
        #expect(calendar.generateFullWeeksCovering(from: Fixtures.day("2025-03-12"), to: Fixtures.day("2025-03-11")).isEmpty)
        let later = Fixtures.instant("2025-03-12T12:00:00Z")
        #expect(calendar.generateFullWeeksCovering(from: later, to: later - 1).isEmpty)
    }

    // MARK: Day letters

    @Test(
        "Monday's letter is L in French, M in English and German (Mo.), and an Arabic letter in ar_SA",
        arguments: [("fr_FR", "L"), ("en_US", "M"), ("de_DE", "M")])
    func mondayLetter(localeID: String, letter: String) {
        let calendar = Fixtures.calendar("UTC", locale: localeID)
        #expect(calendar.getDayLetter(for: Weekday.monday) == letter)
        #expect(calendar.getDayLetter(for: Fixtures.day("2025-03-10")) == letter)
    }

    @Test("In ar_SA every weekday's letter is one Arabic letter")
    func arabicLetters() throws {
        let calendar = Fixtures.calendar("Asia/Kolkata", locale: "ar_SA")
        for weekday in Weekday.allCases {
            let letter = calendar.getDayLetter(for: weekday)
            #expect(letter.count == 1)
            let scalar = try #require(letter.unicodeScalars.first)
            #expect((0x0600...0x06FF).contains(scalar.value), "\(weekday): \(letter)")
        }
        // Monday, الاثنين or اثنين, begins with alef
        #expect(calendar.getDayLetter(for: Weekday.monday) == "ا")
    }

    @Test(
        "A week's letters read in the locale's own order",
        arguments: [
            ("en_US", "SMTWTFS"), ("de_DE", "MDMDFSS"), ("fr_FR", "LMMJVSD"),
        ])
    func weekOfLetters(localeID: String, letters: String) {
        let calendar = Fixtures.calendar("Europe/Berlin", locale: localeID)
        #expect(calendar.orderedWeekdays.map(calendar.getDayLetter(for:)).joined() == letters)
    }

    @Test("The letter of an instant is the letter of the day it falls on in the calendar's zone")
    func dayLetterOfDate() {
        // Given Monday 00:30 in Berlin, which is still Sunday in New York
        let instant = Fixtures.instant("2025-03-10T00:30:00+01:00")
        let berlin = Fixtures.calendar("Europe/Berlin", locale: "fr_FR")
        let newYork = Fixtures.calendar("America/New_York", locale: "fr_FR")
        // Then the letters are Monday's and Sunday's
        #expect(berlin.getDayLetter(for: instant) == "L")
        #expect(newYork.getDayLetter(for: instant) == "D")
    }

    // MARK: Ordered weekdays

    @Test("orderedWeekdays lists all seven days from the first weekday")
    func orderedWeekdays() {
        #expect(Fixtures.calendar("UTC", locale: "en_US").orderedWeekdays == Weekday.allCases)
        #expect(
            Fixtures.calendar("UTC", locale: "de_DE").orderedWeekdays
                == [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday])
        let saturdayFirst = TendCalendar(timeZone: Fixtures.zone("UTC"), firstWeekday: 7)
        #expect(saturdayFirst.orderedWeekdays == [.saturday, .sunday, .monday, .tuesday, .wednesday, .thursday, .friday])
        for firstWeekday in 1...7 {
            let calendar = TendCalendar(timeZone: Fixtures.zone("UTC"), firstWeekday: firstWeekday)
            #expect(Set(calendar.orderedWeekdays) == Set(Weekday.allCases))
            #expect(calendar.orderedWeekdays.first?.rawValue == firstWeekday)
        }
    }

    @Test("A TendCalendar built from a Foundation Calendar keeps its zone, locale and first weekday")
    func adoptingAFoundationCalendar() {
        var foundation = Calendar(identifier: .islamicUmmAlQura)
        foundation.timeZone = Fixtures.zone("Asia/Kolkata")
        foundation.locale = Locale(identifier: "ar_SA")
        foundation.firstWeekday = 7
        let calendar = TendCalendar(foundation)
        #expect(calendar.timeZone.identifier == "Asia/Kolkata")
        #expect(calendar.locale.identifier == "ar_SA")
        #expect(calendar.firstWeekday == 7)
        #expect(calendar.calendar.identifier == .gregorian)
    }

    // MARK: ISO day of an instant

    @Test(
        "isoDay gives the civil day of an instant in the calendar's zone",
        arguments: [
            ("America/New_York", "2025-03-08"),  // 23:30 EST
            ("Europe/Berlin", "2025-03-09"),  // 05:30 CET
            ("Australia/Lord_Howe", "2025-03-09"),  // 15:30 +11
            ("Pacific/Apia", "2025-03-09"),  // 17:30 +13
            ("Asia/Kolkata", "2025-03-09"),  // 10:00 +05:30
            ("UTC", "2025-03-09"),
        ])
    func isoDayOfInstant(zoneID: String, expected: String) {
        let instant = Fixtures.instant("2025-03-09T04:30:00Z")
        #expect(Fixtures.calendar(zoneID).isoDay(for: instant) == expected)
        #expect(Habit.isoDay(for: instant, in: CalendarTestKit.foundationCalendar(zoneID)) == expected)
    }

    @Test("Habit.isoDay gives the Gregorian day even for a calendar that counts in another era")
    func habitIsoDayWithIslamicCalendar() {
        // Given an Umm al-Qura calendar, as ar_SA prefers, in Riyadh
        var calendar = Calendar(identifier: .islamicUmmAlQura)
        calendar.timeZone = Fixtures.zone("Asia/Riyadh")
        calendar.locale = Locale(identifier: "ar_SA")
        // When Tend names the day of 2025-03-08 22:00Z (01:00 on the 9th in Riyadh, UTC+3)
        let iso = Habit.isoDay(for: Fixtures.instant("2025-03-08T22:00:00Z"), in: calendar)
        // Then it is the Gregorian ISO day, not an Islamic one
        #expect(iso == "2025-03-09")
    }

    @Test("isoDay agrees with Foundation's calendar for any instant of 1900–2100 in any zone")
    func isoDayMatchesFoundationProperty() async {
        let from = Int(Fixtures.instant("1900-01-01T00:00:00Z").timeIntervalSince1970)
        let to = Int(Fixtures.instant("2100-12-31T00:00:00Z").timeIntervalSince1970)
        await propertyCheck(count: 1000, input: Gen.element(of: CalendarTestKit.allZones), Gen.int(in: from...to)) {
            zoneID, seconds in
            let identifier = try #require(zoneID)
            let zone = try #require(TimeZone(identifier: identifier))
            var foundation = Calendar(identifier: .gregorian)
            foundation.timeZone = zone
            let instant = Date(timeIntervalSince1970: Double(seconds))
            let expected = try CalendarTestKit.foundationDay(of: instant, in: foundation)
            #expect(TendCalendar(timeZone: zone).isoDay(for: instant) == expected.iso, "\(identifier) \(seconds)")
            let parts = foundation.dateComponents([.hour, .minute], from: instant)
            let time = TendCalendar(timeZone: zone).timeOfDay(for: instant)
            #expect(time.hour == parts.hour && time.minute == parts.minute, "\(identifier) \(seconds)")
        }
    }

    // MARK: Date overloads

    @Test("The Date forms of the week helpers give the first instants of the Day forms' days")
    func dateOverloads() {
        // Given New York in the week of its 2025 spring-forward (Sunday 9 March)
        let calendar = Fixtures.calendar("America/New_York", locale: "en_US")
        let wednesday = Fixtures.instant("2025-03-12T12:00:00-04:00")
        // Then the week starts Sunday 00:00 EST and its last day starts Saturday 00:00 EDT
        #expect(calendar.startOfWeek(for: wednesday) == Fixtures.instant("2025-03-09T00:00:00-05:00"))
        #expect(calendar.endOfWeek(for: wednesday) == Fixtures.instant("2025-03-15T00:00:00-04:00"))
        // And the covering weeks are the first instants of their days, 23 hours apart on the DST day
        let dates = calendar.generateFullWeeksCovering(from: wednesday, to: wednesday + 86_400 * 4)
        let days = calendar.generateFullWeeksCovering(from: Fixtures.day("2025-03-12"), to: Fixtures.day("2025-03-16"))
        #expect(dates == days.map(calendar.startDate(of:)))
        #expect(dates.count == 14)
        #expect(dates[1].timeIntervalSince(dates[0]) == 23 * 3600)
        #expect(dates[2].timeIntervalSince(dates[1]) == 24 * 3600)
    }

    @Test("The Date forms agree with the Day forms for any instant, zone and locale")
    func dateOverloadsProperty() async {
        let from = Int(Fixtures.instant("2000-01-01T00:00:00Z").timeIntervalSince1970)
        let to = Int(Fixtures.instant("2035-12-31T00:00:00Z").timeIntervalSince1970)
        await propertyCheck(
            count: 300, input: Gen.element(of: CalendarTestKit.zones), Gen.element(of: CalendarTestKit.locales),
            Gen.int(in: from...to)
        ) { zoneID, localeID, seconds in
            let calendar = Fixtures.calendar(try #require(zoneID), locale: try #require(localeID))
            let instant = Date(timeIntervalSince1970: Double(seconds))
            let day = calendar.day(for: instant)
            #expect(calendar.startOfWeek(for: instant) == calendar.startDate(of: calendar.startOfWeek(for: day)))
            #expect(calendar.endOfWeek(for: instant) == calendar.startDate(of: calendar.endOfWeek(for: day)))
            #expect(calendar.getDayLetter(for: instant) == calendar.getDayLetter(for: day.weekday))
            #expect(calendar.startOfWeek(for: instant) <= instant)
        }
    }
}
