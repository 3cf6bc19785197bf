import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

@Suite("Day: a civil date, its ISO text and its arithmetic")
struct DayTests {
    // MARK: ISO text

    @Test(
        "A valid ISO date parses and prints back to the same text",
        arguments: ["2025-03-09", "2024-02-29", "2000-02-29", "1970-01-01", "1969-12-31", "0001-01-01", "9999-12-31"])
    func isoRoundTrip(text: String) throws {
        // Given the ISO text of a real day
        // When it is parsed
        let day = try Day(iso: text)
        // Then it prints back unchanged, in every textual form
        #expect(day.iso == text)
        #expect(day.description == text)
        #expect(Day(text) == day)
    }

    @Test("Components, Day(year:month:day:) and the ISO text all describe the same day")
    func componentsAgree() throws {
        // Given 2024-02-29 built from its components
        let day = try Day(year: 2024, month: 2, day: 29)
        // Then each view of it agrees
        #expect(day.year == 2024)
        #expect(day.month == 2)
        #expect(day.dayOfMonth == 29)
        #expect(day == Fixtures.day("2024-02-29"))
        #expect(Day(ordinal: 0).iso == "1970-01-01")
        #expect(Day.minimum.iso == "0001-01-01")
        #expect(Day.maximum.iso == "9999-12-31")
    }

    @Test(
        "Text that is not a real YYYY-MM-DD day is rejected with the right reason",
        arguments: [
            ("2025-02-30", DayError.invalidDate("2025-02-30")),
            ("2025-02-29", .invalidDate("2025-02-29")),  // 2025 is not a leap year
            ("1900-02-29", .invalidDate("1900-02-29")),  // century, not divisible by 400
            ("2025-13-01", .invalidDate("2025-13-01")),
            ("2025-00-10", .invalidDate("2025-00-10")),
            ("2025-04-31", .invalidDate("2025-04-31")),
            ("2025-01-00", .invalidDate("2025-01-00")),
            ("0000-01-01", .invalidDate("0000-01-01")),
            ("2025-2-1", .invalidFormat("2025-2-1")),
            ("", .invalidFormat("")),
            ("2025/02/01", .invalidFormat("2025/02/01")),
            ("20250201", .invalidFormat("20250201")),
            ("2025-02-01T00:00", .invalidFormat("2025-02-01T00:00")),
            (" 2025-02-1", .invalidFormat(" 2025-02-1")),
            ("+025-02-01", .invalidFormat("+025-02-01")),
            ("-025-02-01", .invalidFormat("-025-02-01")),
            ("２０２５-01-01", .invalidFormat("２０２５-01-01")),  // full-width digits
            ("ab25-01-01", .invalidFormat("ab25-01-01")),
        ])
    func rejectsInvalidText(text: String, expected: DayError) {
        // Given text that does not name a day
        // When it is parsed
        // Then parsing throws the expected error, and the failable initializer gives nil
        #expect(throws: expected) { try Day(iso: text) }
        #expect(Day(text) == nil)
    }

    @Test("2024-02-29 exists because 2024 is a leap year, 2025-02-29 does not")
    func leapDay() {
        #expect((try? Day(iso: "2024-02-29")) != nil)
        #expect((try? Day(iso: "2025-02-29")) == nil)
        #expect(Day.isLeapYear(2000))
        #expect(!Day.isLeapYear(1900))
        #expect(Day.daysInMonth(year: 2024, month: 2) == 29)
        #expect(Day.daysInMonth(year: 2025, month: 2) == 28)
    }

    @Test("Any day's components rebuild the same day and its ISO text parses back to it")
    func componentsRoundTripProperty() async {
        await propertyCheck(count: 500, input: Gen.int(in: Day.minimum.ordinal...Day.maximum.ordinal)) { ordinal in
            // Given any day Tend accepts
            let day = Day(ordinal: ordinal)
            // When it is rebuilt from its components and from its text
            let (year, month, dayOfMonth) = day.components
            // Then both give the same day back
            #expect((try? Day(year: year, month: month, day: dayOfMonth)) == day)
            #expect((try? Day(iso: day.iso)) == day)
        }
    }

    // MARK: Codable

    @Test("A day encodes as a bare JSON string and decodes back")
    func codableAsJSONString() throws {
        // Given a day, alone and inside a structure
        let day = Fixtures.day("2025-03-09")
        // When encoded to JSON
        let single = try JSONEncoder().encode(day)
        let list = try JSONEncoder().encode([day, day.next])
        // Then it is the plain ISO string
        #expect(String(decoding: single, as: UTF8.self) == #""2025-03-09""#)
        #expect(String(decoding: list, as: UTF8.self) == #"["2025-03-09","2025-03-10"]"#)
        // And decodes back to the same days
        #expect(try JSONDecoder().decode(Day.self, from: single) == day)
        #expect(try JSONDecoder().decode([Day].self, from: list) == [day, day.next])
    }

    @Test(
        "Decoding a JSON string that is not a real day fails as corrupted data",
        arguments: [#""2025-02-30""#, #""2025-2-1""#, #""""#, #""0000-01-01""#])
    func decodingInvalidDayFails(json: String) {
        // Given JSON whose string is not a day
        // When it is decoded as a Day
        // Then decoding fails with a data-corrupted error
        #expect {
            try JSONDecoder().decode(Day.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted = error else { return false }
            return true
        }
    }

    @Test("Decoding a JSON number as a Day fails: only ISO text is a day")
    func decodingNumberFails() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Day.self, from: Data("20155".utf8))
        }
    }

    // MARK: Arithmetic

    @Test("Adding days moves along the civil calendar across month, year and leap boundaries")
    func addingDays() {
        #expect(Fixtures.day("2025-02-28").adding(days: 1) == Fixtures.day("2025-03-01"))
        #expect(Fixtures.day("2024-02-28").adding(days: 1) == Fixtures.day("2024-02-29"))
        #expect(Fixtures.day("2025-12-31").next == Fixtures.day("2026-01-01"))
        #expect(Fixtures.day("2026-01-01").previous == Fixtures.day("2025-12-31"))
        #expect(Fixtures.day("2025-03-09").adding(days: -365) == Fixtures.day("2024-03-09"))
        #expect(Fixtures.day("1970-01-01").adding(days: -1) == Fixtures.day("1969-12-31"))
    }

    @Test(
        "Adding months keeps the day of the month, clamped to the end of a shorter month",
        arguments: [
            ("2025-01-31", 1, "2025-02-28"),
            ("2024-01-31", 1, "2024-02-29"),
            ("2025-03-31", -1, "2025-02-28"),
            ("2025-10-31", 1, "2025-11-30"),
            ("2025-05-31", 1, "2025-06-30"),
            ("2025-12-15", 1, "2026-01-15"),
            ("2025-01-15", -1, "2024-12-15"),
            ("2024-02-29", 12, "2025-02-28"),
            ("2024-02-29", 48, "2028-02-29"),
            ("2025-08-31", -6, "2025-02-28"),
            ("2025-03-09", 0, "2025-03-09"),
            ("2025-03-09", -24, "2023-03-09"),
        ])
    func addingMonths(start: String, months: Int, expected: String) {
        // Given a day, when months are added, then the day of month is kept or clamped
        #expect(Fixtures.day(start).adding(months: months) == Fixtures.day(expected))
    }

    @Test("Adding months agrees with Foundation's Gregorian calendar, which also clamps")
    func addingMonthsMatchesFoundation() async {
        let utc = CalendarTestKit.utc
        // Foundation's Gregorian calendar is Julian before 1582-10-15, so compare from 1600 on.
        // On Linux, Foundation can fail to clamp when adding -23 months or fewer (2024-04-29 - 26 months
        // gives 2022-03-01, not 2022-02-28), so the comparison stays within -12…120 months.
        let from = Fixtures.day("1600-01-01").ordinal
        let to = Fixtures.day("9000-12-31").ordinal
        await propertyCheck(count: 500, input: Gen.int(in: from...to), Gen.int(in: -12...120)) { ordinal, months in
            // Given a day and a number of months
            let day = Day(ordinal: ordinal)
            let instant = Date(timeIntervalSince1970: Double(ordinal) * 86_400)
            // When both Tend and Foundation add the months
            let foundation = utc.date(byAdding: .month, value: months, to: instant)!
            // Then they land on the same day
            #expect(day.adding(months: months).ordinal == CalendarTestKit.localOrdinal(of: foundation, in: utc.timeZone))
        }
    }

    @Test("Adding months lands in the month that many months away, on the same day or that month's last day")
    func addingMonthsProperty() async throws {
        let utc = CalendarTestKit.utc
        let from = Fixtures.day("1600-01-01").ordinal
        let to = Fixtures.day("9000-12-31").ordinal
        await propertyCheck(count: 500, input: Gen.int(in: from...to), Gen.int(in: -240...240)) { ordinal, months in
            // Given a day and a number of months
            let day = Day(ordinal: ordinal)
            // When Tend adds the months
            let result = day.adding(months: months)
            // Then the month moved by exactly that many months
            #expect((result.year * 12 + result.month) - (day.year * 12 + day.month) == months)
            // And the day of the month is kept, or clamped to the length Foundation gives that month
            let firstOfTarget = utc.date(from: DateComponents(year: result.year, month: result.month, day: 1))!
            let length = try #require(utc.range(of: .day, in: .month, for: firstOfTarget)).count
            #expect(result.dayOfMonth == min(day.dayOfMonth, length))
        }
    }

    @Test("days(to:) counts the signed whole days between two days")
    func daysTo() {
        #expect(Fixtures.day("2025-01-01").days(to: Fixtures.day("2025-12-31")) == 364)
        #expect(Fixtures.day("2024-01-01").days(to: Fixtures.day("2025-01-01")) == 366)
        #expect(Fixtures.day("2025-03-09").days(to: Fixtures.day("2025-03-02")) == -7)
        #expect(Fixtures.day("2025-03-09").days(to: Fixtures.day("2025-03-09")) == 0)
    }

    @Test("Adding n days and then counting the days back gives n, for any day and any n")
    func addingAndCountingProperty() async {
        let range = Fixtures.day("1000-01-01").ordinal...Fixtures.day("9000-01-01").ordinal
        await propertyCheck(count: 500, input: Gen.int(in: range), Gen.int(in: -100_000...100_000)) { ordinal, n in
            let day = Day(ordinal: ordinal)
            let later = day.adding(days: n)
            #expect(day.days(to: later) == n)
            #expect(later.days(to: day) == -n)
            #expect(later.adding(days: -n) == day)
            #expect((day < later) == (n > 0))
        }
    }

    @Test("Days form Strideable ranges: a closed range holds every day once, in order")
    func strideableRanges() {
        // Given February 2024 as a range
        let february = Fixtures.day("2024-02-01")...Fixtures.day("2024-02-29")
        // When it is iterated
        let days = Array(february)
        // Then it holds 29 consecutive days
        #expect(days.count == 29)
        #expect(days.first == Fixtures.day("2024-02-01"))
        #expect(days.last == Fixtures.day("2024-02-29"))
        #expect(zip(days, days.dropFirst()).allSatisfy { $0.days(to: $1) == 1 })
        #expect(february.contains(Fixtures.day("2024-02-14")))
        #expect(!february.contains(Fixtures.day("2024-03-01")))
        // And striding by a week visits each Thursday of the month (2024-02-01 was a Thursday)
        let thursdays = Array(stride(from: Fixtures.day("2024-02-01"), through: Fixtures.day("2024-02-29"), by: 7))
        #expect(thursdays.map(\.iso) == ["2024-02-01", "2024-02-08", "2024-02-15", "2024-02-22", "2024-02-29"])
        #expect(thursdays.allSatisfy { $0.weekday == .thursday })
        // And a half-open range stops before its end
        #expect(
            Array(Fixtures.day("2025-12-30")..<Fixtures.day("2026-01-02")).map(\.iso)
                == ["2025-12-30", "2025-12-31", "2026-01-01"])
        #expect(Fixtures.day("2025-03-01").distance(to: Fixtures.day("2025-03-09")) == 8)
    }

    @Test("Month helpers give the first and last day and the month's length")
    func monthHelpers() {
        let day = Fixtures.day("2024-02-14")
        #expect(day.firstOfMonth == Fixtures.day("2024-02-01"))
        #expect(day.lastOfMonth == Fixtures.day("2024-02-29"))
        #expect(day.daysInMonth == 29)
        #expect(Fixtures.day("2025-12-31").firstOfMonth == Fixtures.day("2025-12-01"))
    }

    // MARK: Weekday

    @Test("Known days fall on their known weekdays")
    func knownWeekdays() {
        #expect(Fixtures.day("1970-01-01").weekday == .thursday)
        #expect(Fixtures.day("1969-12-31").weekday == .wednesday)
        #expect(Fixtures.day("2025-03-09").weekday == .sunday)
        #expect(Fixtures.day("2000-01-01").weekday == .saturday)
        #expect(Fixtures.day("2024-02-29").weekday == .thursday)
        #expect(Fixtures.day("0001-01-01").weekday == .monday)  // proleptic Gregorian
    }

    @Test("A day's weekday agrees with Foundation's Gregorian calendar in UTC over all of 0001…9999")
    func weekdayMatchesFoundation() async {
        let utc = CalendarTestKit.utc
        await propertyCheck(count: 2000, input: Gen.int(in: Day.minimum.ordinal...Day.maximum.ordinal)) { ordinal in
            // Given any day and the UTC instant at its start
            let instant = Date(timeIntervalSince1970: Double(ordinal) * 86_400)
            // Then Foundation numbers its weekday the same way (the Julian switch keeps weekdays)
            #expect(Day(ordinal: ordinal).weekday.rawValue == utc.component(.weekday, from: instant))
        }
    }

    @Test("From 1582-10-15 on, a day's year, month and day agree with Foundation's Gregorian calendar")
    func componentsMatchFoundationAfterGregorianReform() async throws {
        let utc = CalendarTestKit.utc
        let reform = Fixtures.day("1582-10-15").ordinal
        await propertyCheck(count: 2000, input: Gen.int(in: reform...Day.maximum.ordinal)) { ordinal in
            let instant = Date(timeIntervalSince1970: Double(ordinal) * 86_400)
            let foundation = try CalendarTestKit.foundationDay(of: instant, in: utc)
            #expect(foundation == Day(ordinal: ordinal))
        }
        // Foundation's `.gregorian` is Julian before the reform: the day before it is "1582-10-04".
        let before = Date(timeIntervalSince1970: Double(reform - 1) * 86_400)
        #expect(try CalendarTestKit.foundationDay(of: before, in: utc) == Fixtures.day("1582-10-04"))
        #expect(Day(ordinal: reform - 1) == Fixtures.day("1582-10-14"))
    }

    @Test("Weekday codes parse from codes, names and two-letter prefixes, and encode as codes")
    func weekdayCodes() throws {
        #expect(Weekday(code: "mon") == .monday)
        #expect(Weekday(code: "Monday") == .monday)
        #expect(Weekday(code: "TU") == .tuesday)
        #expect(Weekday(code: "t") == nil)
        #expect(Weekday(code: "funday") == nil)
        #expect(Weekday.allCases.allSatisfy { Weekday(code: $0.code) == $0 })
        let json = try JSONEncoder().encode([Weekday.sunday, .saturday])
        #expect(String(decoding: json, as: UTF8.self) == #"["sun","sat"]"#)
        #expect(try JSONDecoder().decode([Weekday].self, from: json) == [.sunday, .saturday])
    }

    // MARK: Today

    @Test(
        "With day start 4, 01:30 still belongs to yesterday and 04:00 is today, in every zone",
        arguments: CalendarTestKit.zones)
    func todayWithDayStartHour(zoneID: String) {
        // Given a person whose day starts at 04:00, on an ordinary June night
        let zone = Fixtures.zone(zoneID)
        let night = CalendarTestKit.wallInstant(zoneID, 2025, 6, 18, 1, 30)
        let justBefore = CalendarTestKit.wallInstant(zoneID, 2025, 6, 18, 3, 59, 59)
        let morning = CalendarTestKit.wallInstant(zoneID, 2025, 6, 18, 4, 0)
        // When Tend asks which day they are living
        // Then before 04:00 it is still the 17th, from 04:00 it is the 18th
        #expect(Day.today(now: night, timeZone: zone, dayStartHour: 4) == Fixtures.day("2025-06-17"))
        #expect(Day.today(now: justBefore, timeZone: zone, dayStartHour: 4) == Fixtures.day("2025-06-17"))
        #expect(Day.today(now: morning, timeZone: zone, dayStartHour: 4) == Fixtures.day("2025-06-18"))
        // And with the default midnight start, 01:30 is already the 18th
        #expect(Day.today(now: night, timeZone: zone) == Fixtures.day("2025-06-18"))
    }

    @Test("Midnight is the boundary of today when the day starts at 0")
    func todayAtMidnight() {
        let zone = Fixtures.zone("Europe/Berlin")
        let lastSecond = CalendarTestKit.wallInstant("Europe/Berlin", 2025, 12, 31, 23, 59, 59)
        #expect(Day.today(now: lastSecond, timeZone: zone) == Fixtures.day("2025-12-31"))
        #expect(Day.today(now: lastSecond + 1, timeZone: zone) == Fixtures.day("2026-01-01"))
        // A day start of 23 keeps almost all of the 31st in the 30th
        #expect(Day.today(now: lastSecond - 3600, timeZone: zone, dayStartHour: 23) == Fixtures.day("2025-12-30"))
        #expect(Day.today(now: lastSecond, timeZone: zone, dayStartHour: 23) == Fixtures.day("2025-12-31"))
    }

    @Test(
        "One instant is a different day in different zones",
        arguments: [
            ("America/New_York", "2025-06-18"),  // 07:00 EDT
            ("Europe/Berlin", "2025-06-18"),  // 13:00 CEST
            ("Australia/Lord_Howe", "2025-06-18"),  // 21:30 +10:30
            ("Pacific/Apia", "2025-06-19"),  // 00:00 +13
            ("Asia/Kolkata", "2025-06-18"),  // 16:30 +05:30
            ("UTC", "2025-06-18"),
        ])
    func todayDependsOnZone(zoneID: String, expected: String) {
        let now = Fixtures.instant("2025-06-18T11:00:00Z")
        #expect(Day.today(now: now, timeZone: Fixtures.zone(zoneID)) == Fixtures.day(expected))
    }

    @Test("On New York's spring-forward day, 03:30 EDT is before a 04:00 day start and 04:00 EDT is after it")
    func todayOnSpringForwardDay() {
        let zone = Fixtures.zone("America/New_York")
        // 01:30 EST, before the clocks jump 02:00 → 03:00
        #expect(
            Day.today(now: Fixtures.instant("2025-03-09T01:30:00-05:00"), timeZone: zone, dayStartHour: 4)
                == Fixtures.day("2025-03-08"))
        #expect(
            Day.today(now: Fixtures.instant("2025-03-09T03:30:00-04:00"), timeZone: zone, dayStartHour: 4)
                == Fixtures.day("2025-03-08"))
        #expect(
            Day.today(now: Fixtures.instant("2025-03-09T04:00:00-04:00"), timeZone: zone, dayStartHour: 4)
                == Fixtures.day("2025-03-09"))
    }

    @Test("On New York's fall-back day, both 01:30s are before a 04:00 day start")
    func todayOnFallBackDay() {
        let zone = Fixtures.zone("America/New_York")
        let first = Fixtures.instant("2025-11-02T01:30:00-04:00")
        let second = Fixtures.instant("2025-11-02T01:30:00-05:00")
        #expect(second.timeIntervalSince(first) == 3600)
        #expect(Day.today(now: first, timeZone: zone, dayStartHour: 4) == Fixtures.day("2025-11-01"))
        #expect(Day.today(now: second, timeZone: zone, dayStartHour: 4) == Fixtures.day("2025-11-01"))
        #expect(Day.today(now: second, timeZone: zone) == Fixtures.day("2025-11-02"))
    }

    @Test("For any instant and any day start, today is the local day or the one before it")
    func todayProperty() async throws {
        let from = Int(Fixtures.instant("1990-01-01T00:00:00Z").timeIntervalSince1970)
        let to = Int(Fixtures.instant("2040-01-01T00:00:00Z").timeIntervalSince1970)
        await propertyCheck(
            count: 500, input: Gen.element(of: CalendarTestKit.allZones), Gen.int(in: from...to), Gen.int(in: 0...23)
        ) { zoneID, seconds, start in
            let identifier = try #require(zoneID)
            let zone = try #require(TimeZone(identifier: identifier))
            let now = Date(timeIntervalSince1970: Double(seconds))
            // Given the local day and hour of an instant, computed from the zone's offset
            let localDay = Day(ordinal: CalendarTestKit.localOrdinal(of: now, in: zone))
            let local = seconds + zone.secondsFromGMT(for: now)
            let hour = (local - localDay.ordinal * 86_400) / 3600
            // When Tend decides which day is being lived
            let today = Day.today(now: now, timeZone: zone, dayStartHour: start)
            // Then it is the local day from the start hour on, and the day before until then
            #expect(today == (hour < start ? localDay.previous : localDay))
        }
    }
}

@Suite("Recordable days")
struct RecordableDaysTests {
    /// Every zone the system knows, at day starts 0, 4 and 23: where `certainly` answers, the
    /// person's own judgement agrees.
    @Test("The zone-free answer never contradicts the person's own today", arguments: [0, 4, 23])
    func certainlyAgrees(dayStart: Int) throws {
        let instants = [1_750_000_000.0, 1_711_846_800, 1_730_595_600, 1_735_689_599].map { Date(timeIntervalSince1970: $0) }
        var decided = 0
        for now in instants {
            for zone in TimeZone.knownTimeZoneIdentifiers + ["Pacific/Kiritimati", "Etc/GMT+12"] {
                let settings = UserSettings(timeZone: zone, dayStartHour: dayStart)
                let today = settings.today(now: now)
                for offset in -3...3 {
                    let day = today.adding(days: offset)
                    if let certain = RecordableDays.certainly(day, now: now) {
                        decided += 1
                        #expect(certain == (RecordableDays.refusal(for: day, today: today) == nil), "\(zone) \(day) \(now)")
                    }
                }
            }
        }
        // Most of the days around today are decided without the zone (offsets −3, −2 and +2, +3 mostly).
        #expect(decided > TimeZone.knownTimeZoneIdentifiers.count * instants.count * 3)
        #expect(RecordableDays.certainly(try Day(iso: "1999-12-31"), now: instants[0]) == false)
        #expect(RecordableDays.certainly(try Day(iso: "2025-06-01"), now: instants[0]) == true)
        #expect(RecordableDays.certainly(try Day(iso: "2025-06-20"), now: instants[0]) == false)
        #expect(RecordableDays.refusal(for: try Day(iso: "2000-01-01"), today: try Day(iso: "2025-06-15")) == nil)
    }
}
