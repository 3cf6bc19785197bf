import Foundation
import TendCore
import TendTestSupport
import Testing

@Suite("RoutineTime: morning, day and evening by the clock")
struct CalendarRoutineTimeTests {
    static let expectedByHour: [(Int, RoutineTime)] = (0..<24).map { hour in
        switch hour {
        case 5...10: (hour, .morning)
        case 11...17: (hour, .day)
        default: (hour, .evening)
        }
    }

    @Test("Every hour maps to its part of the day: 05–10 morning, 11–17 day, 18–04 evening", arguments: expectedByHour)
    func hourMapping(hour: Int, expected: RoutineTime) {
        #expect(RoutineTime(hour: hour) == expected)
    }

    @Test("The boundaries fall exactly where the seeds put them")
    func boundaries() {
        #expect(RoutineTime(hour: 4) == .evening)
        #expect(RoutineTime(hour: 5) == .morning)
        #expect(RoutineTime(hour: 10) == .morning)
        #expect(RoutineTime(hour: 11) == .day)
        #expect(RoutineTime(hour: 17) == .day)
        #expect(RoutineTime(hour: 18) == .evening)
        #expect(RoutineTime(hour: 23) == .evening)
        #expect(RoutineTime(hour: 0) == .evening)
        // Counting the hours: 6 of morning, 7 of day, 11 of evening
        let counts = Dictionary(grouping: 0..<24, by: RoutineTime.init(hour:)).mapValues(\.count)
        #expect(counts == [.morning: 6, .day: 7, .evening: 11])
    }

    @Test(
        "The current routine time is read from the clock in the calendar's zone",
        arguments: [
            ("America/New_York", RoutineTime.morning),  // 07:00 EDT
            ("Europe/Berlin", .day),  // 13:00 CEST
            ("Australia/Lord_Howe", .evening),  // 21:30 +10:30
            ("Pacific/Apia", .evening),  // 00:00 +13
            ("Asia/Kolkata", .day),  // 16:30 +05:30
            ("UTC", .day),  // 11:00
        ])
    func currentInZone(zoneID: String, expected: RoutineTime) {
        // Given one instant seen from different zones
        let now = Fixtures.instant("2025-06-18T11:00:00Z")
        // Then each zone is in the part of the day its clock shows
        #expect(RoutineTime.current(at: now, in: Fixtures.calendar(zoneID)) == expected)
    }

    @Test("Half-hour zones switch at their own wall-clock hour: Kolkata's morning starts at 05:00 IST")
    func halfHourZone() {
        let kolkata = Fixtures.calendar("Asia/Kolkata")
        #expect(RoutineTime.current(at: Fixtures.instant("2025-06-18T04:59:00+05:30"), in: kolkata) == .evening)
        #expect(RoutineTime.current(at: Fixtures.instant("2025-06-18T05:00:00+05:30"), in: kolkata) == .morning)
    }

    @Test(
        "Today's groups start with the current routine time, continue through the day and end with anytime",
        arguments: [
            (RoutineTime.morning, [RoutineTime.morning, .day, .evening, .anytime]),
            (.day, [.day, .evening, .morning, .anytime]),
            (.evening, [.evening, .morning, .day, .anytime]),
            (.anytime, [.morning, .day, .evening, .anytime]),
        ])
    func displayOrder(current: RoutineTime, expected: [RoutineTime]) {
        let order = RoutineTime.displayOrder(startingWith: current)
        #expect(order == expected)
        #expect(Set(order) == Set(RoutineTime.allCases))
        #expect(order.last == .anytime)
    }

    @Test("A routine time includes its own habits and the anytime ones")
    func includes() {
        let morningRun = Fixtures.habit("Run", routineTime: .morning)
        let water = Fixtures.habit("Water", routineTime: .anytime)
        #expect(RoutineTime.morning.includes(morningRun))
        #expect(RoutineTime.morning.includes(water))
        #expect(!RoutineTime.evening.includes(morningRun))
        #expect(RoutineTime.evening.includes(water))
    }
}
