import Foundation
import TendCore
import TendTestSupport

/// Habits with reminders for the feed tests: every schedule the feed maps, and the texts that
/// need escaping.
enum CalendarFixtures {
    static let now = Fixtures.instant("2026-03-01T09:15:00Z")

    static func reminder(_ time: String, _ weekdays: Set<Weekday> = [], message: String? = nil, enabled: Bool = true) -> Reminder {
        Reminder(time: try! TimeOfDay(parsing: time), weekdays: weekdays, message: message, isEnabled: enabled)
    }

    static func habit(
        _ name: String, emoji: String, schedule: Schedule, reminders: [Reminder], archived: Bool = false, order: Int
    ) -> Habit {
        Habit(
            name: name, emoji: emoji, schedule: schedule, reminders: reminders, isArchived: archived, order: order,
            createdOn: Fixtures.day("2026-01-10"))
    }

    static var habits: [Habit] {
        [
            habit(
                "Water", emoji: "💧", schedule: .daily,
                reminders: [reminder("08:00", message: "First glass; then 7 more, please"), reminder("21:30")], order: 0),
            habit(
                "Run", emoji: "🏃", schedule: .weekdays([.monday, .wednesday, .friday]),
                reminders: [reminder("18:00", message: "Shoes on.\nJust 5 km")], order: 1),
            habit(
                "Stretch", emoji: "🧘", schedule: .everyNDays(interval: 3, start: Fixtures.day("2026-01-11")),
                reminders: [reminder("07:15", [.monday, .tuesday, .wednesday, .thursday, .friday])], order: 2),
            habit("Budget", emoji: "💶", schedule: .daysOfMonth([1, 15, 30]), reminders: [reminder("19:00")], order: 3),
            habit("Rent", emoji: "🏠", schedule: .daysOfMonth([31]), reminders: [reminder("09:00", [.saturday, .sunday])], order: 4),
            habit("Gym", emoji: "🏋️", schedule: .timesPerWeek(3), reminders: [reminder("17:45", [.tuesday, .thursday])], order: 5),
            habit(#"Read \ write"#, emoji: "📚", schedule: .timesInDays(times: 2, days: 5), reminders: [reminder("22:00")], order: 6),
            habit("Old", emoji: "🗑️", schedule: .daily, reminders: [reminder("10:00")], archived: true, order: 7),
            habit("Quiet", emoji: "🤫", schedule: .daily, reminders: [reminder("11:00", enabled: false)], order: 8),
            // A reminder on days the habit is never due: no event at all.
            habit("Never", emoji: "🚫", schedule: .weekdays([.monday]), reminders: [reminder("12:00", [.sunday])], order: 9),
            // A 30-day challenge from a later start (across Europe's and America's spring-forward
            // nights), with a weekday reminder: events from its start, none after its end.
            dated(
                habit("Challenge", emoji: "🏁", schedule: .daily, reminders: [reminder("06:30", [.monday, .sunday])], order: 10),
                startsOn: "2026-03-02", endsOn: "2026-03-31"),
        ]
    }

    static func dated(_ habit: Habit, startsOn: String, endsOn: String) -> Habit {
        var habit = habit
        habit.startsOn = Fixtures.day(startsOn)
        habit.endsOn = Fixtures.day(endsOn)
        return habit
    }
}
