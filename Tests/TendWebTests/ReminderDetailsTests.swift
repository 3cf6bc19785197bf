import Foundation
import TendCore
import TendHTTP
import Testing

@testable import TendWeb

@Suite("Habit editor: each saved reminder's days, message and \"until done\"")
struct ReminderDetailsTests {
    static let today = WebFixtures.day("2025-06-15")

    @Test("A saved reminder's details fill its fieldset and build the same reminder back")
    func roundTrip() throws {
        var habit = WebFixtures.habit(1, "Water")
        habit.reminders = [
            Reminder(
                time: try TimeOfDay(hour: 9, minute: 0), weekdays: [.monday, .friday], message: "Drink", repeatEveryMinutes: 15,
                repeatLimit: 3),
            Reminder(time: try TimeOfDay(hour: 21, minute: 30)),
        ]
        let form = HabitForm(habit, amounts: AmountStyle(locale: "en_US"))
        #expect(form.reminderDetails.map(\.key) == ["0900", "2130"])
        #expect(try form.habit(base: habit, today: Self.today, locale: "en_US").get() == habit)
        let html = HabitEditorView.page(
            HabitEditorPage(habitID: habit.id, form: form), session: SessionInfo(username: "ana", csrfToken: "t")
        ).render()
        #expect(html.contains("Reminder at 09:00"))
        #expect(html.contains(#"name="reminder-0900-repeatEvery" value="15""#))
        #expect(html.contains(#"name="reminder-0900-message" value="Drink""#))
        #expect(html.contains(#"name="reminder-0900-weekday" value="fri" checked"#))
        #expect(html.contains(#"name="reminder-2130-repeatLimit" value="""#))
    }

    @Test("Posted details change the reminder at that time; a new time starts plain; both repeat fields or neither")
    func posted() throws {
        var base = WebFixtures.habit(1, "Water")
        let kept = Reminder(time: try TimeOfDay(hour: 9, minute: 0), message: "old")
        base.reminders = [kept]
        let body =
            "name=Water&emoji=%E2%9C%85&type=checkmark&kind=good&color=blue&schedule=daily&routineTime=anytime&reminders=09%3A00%2C+18%3A00"
            + "&reminder-0900-shown=1&reminder-0900-weekday=sat&reminder-0900-message=Now&reminder-0900-repeatEvery=30"
            + "&reminder-0900-repeatLimit=2"
        let habit = try HabitForm(FormData(body)).habit(base: base, today: Self.today, locale: "en_US").get()
        #expect(habit.reminders.count == 2)
        let nine = try #require(habit.reminders.first)
        #expect(nine.id == kept.id && nine.weekdays == [.saturday] && nine.message == "Now")
        #expect(nine.repeatEveryMinutes == 30 && nine.repeatLimit == 2)
        #expect(habit.reminders[1].repeats == nil && habit.reminders[1].weekdays.isEmpty)

        for (every, limit, message) in [("30", "", "give both"), ("3", "2", "5 to 240"), ("30", "13", "1 to 12"), ("x", "2", "whole")] {
            let refused = HabitForm(
                FormData(
                    "name=Water&emoji=%E2%9C%85&type=checkmark&kind=good&color=blue&schedule=daily&routineTime=anytime&reminders=09%3A00"
                        + "&reminder-0900-shown=1&reminder-0900-repeatEvery=\(every)&reminder-0900-repeatLimit=\(limit)"))
            switch refused.habit(base: base, today: Self.today, locale: "en_US") {
            case .success: Issue.record("\(every)/\(limit) was accepted")
            case .failure(let errors): #expect(errors["reminder-0900"]?.contains(message) == true, "\(errors)")
            }
            // The refused form comes back as typed.
            #expect(refused.reminderDetails.first?.repeatEvery == every)
        }
    }
}
