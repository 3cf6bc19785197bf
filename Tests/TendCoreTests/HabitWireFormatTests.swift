import Foundation
import TendCore
import TendTestSupport
import Testing

/// Literal JSON, so that a change to any wire format shows up as a failing test: files and
/// clients written against today's format must keep loading.
enum ModelJSON {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}

@Suite("Habit wire format (literal JSON)")
struct HabitWireFormatTests {
    static let habitID = Habit.ID(rawValue: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
    static let reminderID = Reminder.ID(rawValue: UUID(uuidString: "0B3F1A52-6D2E-4C1F-9B7A-1D2C3E4F5A6B")!)

    static func fullHabit() throws -> Habit {
        Habit(
            id: habitID, name: "Drink water", emoji: "💧", color: .teal, notes: "Before coffee",
            kind: .good, type: .count, target: 8, unit: "glasses",
            schedule: .weekdays([.friday, .monday]), routineTime: .morning,
            reminders: [
                Reminder(
                    id: reminderID, time: try TimeOfDay(hour: 7, minute: 30), weekdays: [.monday],
                    message: "Water!", isEnabled: true)
            ],
            isArchived: false, group: "Health", tags: ["water", "morning"], order: 3, createdOn: Fixtures.day("2025-02-14"))
    }

    static let fullHabitJSON = """
        {"color":"teal","createdOn":"2025-02-14","emoji":"💧","group":"Health","id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f",\
        "isArchived":false,"kind":"good","name":"Drink water","notes":"Before coffee","order":3,\
        "reminders":[{"id":"0b3f1a52-6d2e-4c1f-9b7a-1d2c3e4f5a6b","isEnabled":true,"message":"Water!",\
        "time":"07:30","weekdays":["mon"]}],"routineTime":"morning","schedule":{"type":"weekdays",\
        "weekdays":["mon","fri"]},"tags":["morning","water"],"target":8,"type":"count","unit":"glasses"}
        """

    @Test("A habit encodes to exactly the agreed keys and values")
    func habitEncodesToLiteralJSON() throws {
        // Given a habit with every attribute set
        let habit = try Self.fullHabit()
        // When it is encoded with sorted keys
        let json = try ModelJSON.encode(habit)
        // Then the text is exactly the pinned wire format
        #expect(json == Self.fullHabitJSON)
    }

    @Test("The pinned habit JSON decodes back to the same habit")
    func habitDecodesFromLiteralJSON() throws {
        let expected = try Self.fullHabit()
        let decoded = try ModelJSON.decode(Habit.self, Self.fullHabitJSON)
        #expect(decoded == expected)
    }

    @Test("A habit written before groups and tags decodes in no group, without tags; no group encodes as null")
    func habitBeforeGroups() throws {
        let old = Self.fullHabitJSON.replacingOccurrences(of: #""group":"Health","#, with: "")
            .replacingOccurrences(of: #""tags":["morning","water"],"#, with: "")
        var expected = try Self.fullHabit()
        expected.group = ""
        expected.tags = []
        #expect(try ModelJSON.decode(Habit.self, old) == expected)
        #expect(try ModelJSON.encode(expected).contains(#""group":null,"#))
        #expect(try ModelJSON.encode(expected).contains(#""tags":[],"#))
    }

    @Test("A habit's JSON object has exactly the seventeen documented keys")
    func habitKeys() throws {
        let data = try JSONEncoder().encode(try Self.fullHabit())
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "id", "name", "emoji", "color", "notes", "kind", "type", "target", "unit", "schedule",
                "routineTime", "reminders", "isArchived", "group", "tags", "order", "createdOn",
            ])
    }

    @Test("A minimal habit with only id, name and creation day decodes with every default")
    func minimalHabitGetsDefaults() throws {
        // Given an old or hand-written file with only the required keys
        let json = #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Read","createdOn":"2025-01-01"}"#
        // When it is decoded
        let habit = try ModelJSON.decode(Habit.self, json)
        // Then it equals a habit built with the initializer's defaults
        #expect(habit == Habit(id: Self.habitID, name: "Read", createdOn: Fixtures.day("2025-01-01")))
        #expect(habit.kind == .good && habit.type == .checkmark && habit.target == 1 && habit.schedule == .daily)
    }

    @Test("A minimal bad habit without a target gets the bad checkmark target 0")
    func minimalBadHabitGetsTargetZero() throws {
        let json = #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Smoke","kind":"bad","createdOn":"2025-01-01"}"#
        let habit = try ModelJSON.decode(Habit.self, json)
        #expect(habit.kind == .bad)
        #expect(habit.target == 0)
    }

    @Test("A minimal habit's id is accepted in lowercase too")
    func lowercaseIDIsAccepted() throws {
        let json = #"{"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","name":"Read","createdOn":"2025-01-01"}"#
        #expect(try ModelJSON.decode(Habit.self, json).id == Self.habitID)
    }

    @Test(
        "A habit without id, name or creation day is rejected",
        arguments: [
            #"{"name":"Read","createdOn":"2025-01-01"}"#,
            #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","createdOn":"2025-01-01"}"#,
            #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Read"}"#,
        ])
    func missingRequiredKeys(json: String) {
        #expect(throws: DecodingError.self) { try ModelJSON.decode(Habit.self, json) }
    }

    @Test(
        "A habit with a malformed value is rejected",
        arguments: [
            #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Read","createdOn":"2025-02-30"}"#,
            #"{"id":"not-a-uuid","name":"Read","createdOn":"2025-01-01"}"#,
            #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Read","createdOn":"2025-01-01","kind":"ugly"}"#,
            #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Read","createdOn":"2025-01-01","color":"ochre"}"#,
            #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Read","createdOn":"2025-01-01","schedule":{"type":"hourly"}}"#,
        ])
    func malformedHabitValues(json: String) {
        #expect(throws: DecodingError.self) { try ModelJSON.decode(Habit.self, json) }
    }

    // MARK: Entries and small values

    @Test("An entry encodes day, value, skip and note; a missing note is left out")
    func entryLiteralJSON() throws {
        let withNote = Entry(day: Fixtures.day("2025-02-14"), value: 3, isSkipped: false, note: "felt good")
        let skipped = Entry(day: Fixtures.day("2025-02-15"), isSkipped: true)
        #expect(try ModelJSON.encode(withNote) == #"{"day":"2025-02-14","isSkipped":false,"note":"felt good","value":3}"#)
        #expect(try ModelJSON.encode(skipped) == #"{"day":"2025-02-15","isSkipped":true,"value":0}"#)
        #expect(try ModelJSON.decode(Entry.self, #"{"day":"2025-02-14","isSkipped":false,"note":"felt good","value":3}"#) == withNote)
        #expect(try ModelJSON.decode(Entry.self, #"{"day":"2025-02-15","isSkipped":true,"value":0}"#) == skipped)
    }

    @Test("An entry with a bad day is rejected")
    func entryWithBadDay() {
        #expect(throws: DecodingError.self) {
            try ModelJSON.decode(Entry.self, #"{"day":"14.02.2025","isSkipped":false,"value":1}"#)
        }
    }

    @Test(
        "Weekdays encode as three-letter codes",
        arguments: [
            (Weekday.sunday, "sun"), (.monday, "mon"), (.tuesday, "tue"), (.wednesday, "wed"), (.thursday, "thu"),
            (.friday, "fri"), (.saturday, "sat"),
        ])
    func weekdayCodes(weekday: Weekday, code: String) throws {
        #expect(try ModelJSON.encode([weekday]) == "[\"\(code)\"]")
        #expect(try ModelJSON.decode([Weekday].self, "[\"\(code)\"]") == [weekday])
    }

    @Test("A weekday is also read from its full name or a two-letter prefix, in any case")
    func weekdayLenientDecoding() throws {
        #expect(try ModelJSON.decode([Weekday].self, #"["monday","Mo","FRI"]"#) == [.monday, .monday, .friday])
    }

    @Test("Text that is not a weekday is rejected", arguments: [#"["xyz"]"#, #"["m"]"#, #"[""]"#, #"[1]"#, #"["mondays"]"#])
    func badWeekdays(json: String) {
        #expect(throws: DecodingError.self) { try ModelJSON.decode([Weekday].self, json) }
    }

    @Test("A day encodes as its ISO text")
    func dayLiteralJSON() throws {
        let day = Fixtures.day("2025-02-14")
        #expect(try ModelJSON.encode([day]) == #"["2025-02-14"]"#)
        #expect(try ModelJSON.decode([Day].self, #"["2025-02-14"]"#) == [day])
    }

    @Test(
        "Text that is not an ISO day is rejected",
        arguments: [
            #"["2025-02-30"]"#, #"["2025-2-14"]"#, #"["14.02.2025"]"#, #"["2025-13-01"]"#, #"[""]"#,
            #"["2025-02-14T00:00:00Z"]"#, #"[20250214]"#,
        ])
    func badDays(json: String) {
        #expect(throws: DecodingError.self) { try ModelJSON.decode([Day].self, json) }
    }

    @Test("A time of day encodes as HH:mm, and H:mm is read too")
    func timeOfDayLiteralJSON() throws {
        let time = try TimeOfDay(hour: 7, minute: 30)
        #expect(try ModelJSON.encode([time]) == #"["07:30"]"#)
        #expect(try ModelJSON.decode([TimeOfDay].self, #"["07:30"]"#) == [time])
        #expect(try ModelJSON.decode([TimeOfDay].self, #"["7:30"]"#) == [time])
    }

    @Test(
        "Text that is not a time of day is rejected", arguments: [#"["24:00"]"#, #"["07:60"]"#, #"["7.30"]"#, #"["07:5"]"#, #"["0730"]"#])
    func badTimes(json: String) {
        #expect(throws: DecodingError.self) { try ModelJSON.decode([TimeOfDay].self, json) }
    }

    @Test(
        "Habits of every kind, type and schedule survive a JSON round trip",
        arguments: HabitKind.allCases,
        [
            Schedule.daily, .weekdays([.sunday, .wednesday]), .daysOfMonth([1, 31]),
            .everyNDays(interval: 3, start: Fixtures.day("2025-01-06")), .timesPerWeek(3), .timesPerMonth(2),
            .timesInDays(times: 3, days: 7),
        ])
    func roundTrip(kind: HabitKind, schedule: Schedule) throws {
        for type in HabitType.allCases {
            let habit = Habit(
                name: "Habit", color: .purple, kind: kind, type: type, schedule: schedule, routineTime: .evening,
                isArchived: true, order: 4, createdOn: Fixtures.day("2024-02-29"))
            let data = try JSONEncoder().encode(habit)
            #expect(try JSONDecoder().decode(Habit.self, from: data) == habit)
        }
    }
}
