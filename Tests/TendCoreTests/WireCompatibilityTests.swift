import Foundation
import TendCore
import TendTestSupport
import Testing

/// What older and newer clients send must keep loading, and the same value must always encode
/// the same way.
@Suite("Wire compatibility across client versions")
struct WireCompatibilityTests {
    @Test("An entry from an older client, with only a day and a value, loads with no skip and no note")
    func entryWithoutOptionalFields() throws {
        let entry = try ModelJSON.decode(Entry.self, #"{"day":"2025-03-01","value":3}"#)
        #expect(entry == Entry(day: Fixtures.day("2025-03-01"), value: 3))
        let bare = try ModelJSON.decode(Entry.self, #"{"day":"2025-03-01"}"#)
        #expect(bare == Entry(day: Fixtures.day("2025-03-01")))
    }

    /// The previous release's reading of a change's amount: a whole number.
    private struct OldEntrySet: Decodable {
        struct Fields: Decodable { var value: Int }
        var entrySet: Fields
    }

    @Test("Whole amounts go on the wire as JSON integers a previous release reads; a step of 1 adds no key; decimals are named")
    func amountsOnTheWire() throws {
        let habit = Habit(name: "Water", type: .count, target: 8, createdOn: Fixtures.day("2025-03-01"))
        let whole = Change.entrySet(habit: habit.id, day: Fixtures.day("2025-03-02"), value: 3)
        let text = try ModelJSON.encode(whole)
        #expect(text.contains(#""value":3"#))
        #expect(try JSONDecoder().decode(OldEntrySet.self, from: Data(text.utf8)).entrySet.value == 3)
        #expect(!(try ModelJSON.encode(habit)).contains("step"))
        #expect(!whole.hasFractionalAmount && !Change.habitCreated(habit: habit).hasFractionalAmount)

        // A decimal is a JSON number the previous release cannot read as a whole one: the server
        // refuses such a client a page holding it ("update Tend", SyncAPITests), so the change says so.
        let decimal = Change.entrySet(habit: habit.id, day: Fixtures.day("2025-03-02"), value: 2.5)
        let decimalText = try ModelJSON.encode(decimal)
        #expect(decimalText.contains(#""value":2.5"#))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(OldEntrySet.self, from: Data(decimalText.utf8)) }
        #expect(decimal.fractionalAmounts == [2.5])
        var stepped = habit
        stepped.step = 0.25
        #expect(try ModelJSON.encode(stepped).contains(#""step":0.25"#))
        #expect(!Change.habitCreated(habit: stepped).hasFractionalAmount, "a step is a key an older Tend passes over")
        stepped.target = 1.5
        #expect(Change.habitCreated(habit: stepped).fractionalAmounts == [1.5])
        #expect(Change.entriesImported(habit: habit.id, entries: [Entry(day: Fixtures.day("2025-03-02"), value: 0.1)]).hasFractionalAmount)
        #expect(Change.entryIncremented(habit: habit.id, day: Fixtures.day("2025-03-02"), by: -0.5).fractionalAmounts == [-0.5])
    }

    @Test("An entry with a negative value or no day is refused")
    func entryRejectsNonsense() {
        #expect(throws: DecodingError.self) { try ModelJSON.decode(Entry.self, #"{"day":"2025-03-01","value":-1}"#) }
        #expect(throws: DecodingError.self) { try ModelJSON.decode(Entry.self, #"{"value":1}"#) }
    }

    @Test("Settings written before snooze existed load with 10 minutes, and encode exactly as they were")
    func settingsWithoutSnoozeMinutes() throws {
        let old = #"{"dayStartHour":4,"locale":"de_DE","timeZone":"Europe/Berlin"}"#
        let settings = try ModelJSON.decode(UserSettings.self, old)
        #expect(settings == UserSettings(timeZone: "Europe/Berlin", dayStartHour: 4, locale: "de_DE"))
        #expect(settings.snoozeMinutes == 10)
        // The default is not written, so op logs and exports stay byte for byte what older Tends wrote
        #expect(try ModelJSON.encode(settings) == old)
        var longer = settings
        longer.snoozeMinutes = 30
        let written = try ModelJSON.encode(longer)
        #expect(written == #"{"dayStartHour":4,"locale":"de_DE","snoozeMinutes":30,"timeZone":"Europe/Berlin"}"#)
        #expect(try ModelJSON.decode(UserSettings.self, written) == longer)
    }

    @Test("\"Later\" waits 1 to 240 minutes: 0 and 241 are refused, the ends are valid")
    func snoozeMinutesRange() {
        #expect(throws: SettingsError.snoozeMinutes(0)) { try UserSettings(snoozeMinutes: 0).validate() }
        #expect(throws: SettingsError.snoozeMinutes(241)) { try UserSettings(snoozeMinutes: 241).validate() }
        #expect(throws: Never.self) { try UserSettings(snoozeMinutes: 1).validate() }
        #expect(throws: Never.self) { try UserSettings(snoozeMinutes: 240).validate() }
    }

    @Test("Tip state written by a newer Tend loads, ignoring tips this version does not know")
    func tipStateFromTheFuture() throws {
        let json = #"{"actedOn":["addFirstHabit","aTipFromTheFuture"],"dismissed":["twoMinuteRule"]}"#
        let state = try ModelJSON.decode(TipState.self, json)
        #expect(state == TipState(dismissed: [.twoMinuteRule], actedOn: [.addFirstHabit]))
        #expect(try ModelJSON.encode(state) == #"{"actedOn":["addFirstHabit"],"dismissed":["twoMinuteRule"]}"#)
    }

    @Test("A reminder's and a routine's weekdays are written in calendar order, every time")
    func weekdaysAreSorted() throws {
        let reminderID = Reminder.ID(rawValue: UUID(uuidString: "0B3F1A52-6D2E-4C1F-9B7A-1D2C3E4F5A6B")!)
        let reminder = Reminder(
            id: reminderID, time: try TimeOfDay(hour: 7, minute: 0), weekdays: [.saturday, .monday, .wednesday, .sunday])
        let expected =
            #"{"id":"0b3f1a52-6d2e-4c1f-9b7a-1d2c3e4f5a6b","isEnabled":true,"time":"07:00","weekdays":["sun","mon","wed","sat"]}"#
        for _ in 0..<10 { #expect(try ModelJSON.encode(reminder) == expected) }
        #expect(try ModelJSON.decode(Reminder.self, expected) == reminder)
        // Data written before ids were lower case reads the same.
        #expect(
            try ModelJSON.decode(
                Reminder.self,
                expected.replacingOccurrences(of: "0b3f1a52-6d2e-4c1f-9b7a-1d2c3e4f5a6b", with: "0B3F1A52-6D2E-4C1F-9B7A-1D2C3E4F5A6B"))
                == reminder)

        let routineID = Routine.ID(rawValue: UUID(uuidString: "9C1D2E3F-4A5B-4C6D-8E7F-0A1B2C3D4E5F")!)
        let routine = Routine(
            id: routineID, name: "Morning", start: try TimeOfDay(hour: 6, minute: 30),
            weekdays: [.friday, .tuesday, .thursday], color: .green)
        let routineJSON =
            #"{"color":"green","habitIDs":[],"id":"9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f","name":"Morning","order":0,"start":"06:30","weekdays":["tue","thu","fri"]}"#
        for _ in 0..<10 { #expect(try ModelJSON.encode(routine) == routineJSON) }
        #expect(try ModelJSON.decode(Routine.self, routineJSON) == routine)
    }

    @Test("Routines that were stored sharing a habit load with the habit in the first routine only")
    func routineListRepairsSharedHabits() throws {
        let shared = Habit.ID()
        let other = Habit.ID()
        let morning = Routine(name: "Morning", start: try TimeOfDay(hour: 7), habitIDs: [shared], order: 0)
        let evening = Routine(name: "Evening", start: try TimeOfDay(hour: 20), habitIDs: [other, shared], order: 1)
        let list = RoutineList([evening, morning])
        #expect(list.routines.map(\.name) == ["Morning", "Evening"])
        #expect(list.routines[0].habitIDs == [shared])
        #expect(list.routines[1].habitIDs == [other])
    }
}
