import Foundation
import PropertyBased
import TendCore
import TendTestSupport
import Testing

@Suite("TimeOfDay: a wall-clock HH:mm")
struct CalendarTimeOfDayTests {
    @Test(
        "H:mm and HH:mm parse to the hour and minute they name",
        arguments: [
            ("7:05", 7, 5), ("07:05", 7, 5), ("00:00", 0, 0), ("0:00", 0, 0), ("23:59", 23, 59), ("12:30", 12, 30),
            ("9:00", 9, 0),
        ])
    func parses(text: String, hour: Int, minute: Int) throws {
        // Given a time as a person or a file writes it
        let time = try TimeOfDay(parsing: text)
        // Then it names that hour and minute, and prints with two-digit hours
        #expect(time.hour == hour)
        #expect(time.minute == minute)
        #expect(time.minutesSinceMidnight == hour * 60 + minute)
        #expect(time.description == String(format: "%02d:%02d", hour, minute))
    }

    @Test(
        "Text that is not a 24-hour HH:mm time is rejected",
        arguments: [
            "24:00", "7:5", "", "ab:cd", "12:60", "007:05", "7:05:00", ":05", "7:", "-1:05", "+7:05", " 7:05", "7:05 ",
            "7.05", "0705", "٧:٠٥",  // Arabic-Indic digits are numbers, but not ASCII
            "７:05",  // full-width seven
        ])
    func rejects(text: String) {
        #expect(throws: TimeOfDayError.invalid(text)) { try TimeOfDay(parsing: text) }
    }

    @Test("Hours and minutes outside the clock are rejected when built directly")
    func rejectsOutOfRangeComponents() throws {
        #expect(throws: TimeOfDayError.self) { try TimeOfDay(hour: 24) }
        #expect(throws: TimeOfDayError.self) { try TimeOfDay(hour: -1) }
        #expect(throws: TimeOfDayError.self) { try TimeOfDay(hour: 7, minute: 60) }
        #expect(try TimeOfDay(hour: 23, minute: 59).description == "23:59")
    }

    @Test("Every time of the day prints as HH:mm and parses back to itself")
    func roundTripsEveryMinute() throws {
        for minuteOfDay in 0..<(24 * 60) {
            let time = try TimeOfDay(hour: minuteOfDay / 60, minute: minuteOfDay % 60)
            #expect(try TimeOfDay(parsing: time.description) == time)
        }
    }

    @Test("Times order by their minute of the day")
    func ordering() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1439), Gen.int(in: 0...1439)) { a, b in
            let first = try TimeOfDay(hour: a / 60, minute: a % 60)
            let second = try TimeOfDay(hour: b / 60, minute: b % 60)
            #expect((first < second) == (a < b))
            #expect((first == second) == (a == b))
        }
    }

    @Test("A time encodes as a JSON string HH:mm and decodes from H:mm or HH:mm")
    func codable() throws {
        let time = try TimeOfDay(parsing: "7:05")
        let json = try JSONEncoder().encode([time])
        #expect(String(decoding: json, as: UTF8.self) == #"["07:05"]"#)
        #expect(try JSONDecoder().decode([TimeOfDay].self, from: json) == [time])
        #expect(try JSONDecoder().decode([TimeOfDay].self, from: Data(#"["7:05"]"#.utf8)) == [time])
    }

    @Test("Decoding a JSON string that is not a time fails as corrupted data", arguments: ["24:00", "7:5", "", "ab:cd"])
    func decodingInvalidTimeFails(text: String) {
        #expect {
            try JSONDecoder().decode([TimeOfDay].self, from: Data("[\"\(text)\"]".utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted = error else { return false }
            return true
        }
    }
}
