import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// A habit's reminders (kept in the habit), and the next times they fire in the user's zone.
struct RemindersAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.on(APIRoute.upcomingReminders, use: upcoming)
        group.on(APIRoute.reminders, use: list)
        group.on(APIRoute.addReminder, use: create)
        group.on(APIRoute.replaceReminders, use: replace)
        group.on(APIRoute.deleteReminder, use: delete)
    }

    /// `GET /reminders?count=3`: each enabled reminder of each active habit with its next firing
    /// instants (a 02:30 reminder on a spring-forward day fires at 03:00).
    @Sendable func upcoming(_ request: Request, context: Context) async throws -> Response {
        let user = try await server.user(context)
        let count = try request.queryInt("count", default: 3, range: 1...50)
        let now = server.now
        let calendar = user.settings.calendar
        let habits = try await server.store.habits(owner: user.id, includeArchived: false)
        let upcoming = habits.flatMap { habit in
            habit.reminders.filter(\.isEnabled).map { reminder in
                UpcomingReminderJSON(
                    habit: habit, reminder: reminder, next: reminder.nextFireDates(after: now, count: count, calendar: calendar))
            }
        }
        return try Reply.json(upcoming)
    }

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        return try Reply.json(try await server.store.habit(owner: owner, id: context.pathID("id", "habit")).reminders)
    }

    /// `POST /habits/{id}/reminders` `{"time": "07:30", "weekdays": ["mon"], "message": "…"}`.
    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Habit.ID = try context.pathID("id", "habit")
        let input = try await server.decode(ReminderInput.self, from: request)
        let old = try await server.store.habit(owner: owner, id: id)
        var habit = old
        var reminder = input.reminder
        if habit.reminders.contains(where: { $0.id == reminder.id }) { reminder.id = Reminder.ID() }
        habit.reminders.append(reminder)
        _ = try await server.store.editHabit(owner: owner, from: old, to: habit)
        return try Reply.json(reminder, status: .created)
    }

    /// `PUT /habits/{id}/reminders` `[…]`: replaces them all.
    @Sendable func replace(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Habit.ID = try context.pathID("id", "habit")
        let inputs = try await server.decode([ReminderInput].self, from: request)
        let old = try await server.store.habit(owner: owner, id: id)
        var habit = old
        habit.reminders = inputs.map(\.reminder)
        guard Set(habit.reminders.map(\.id)).count == habit.reminders.count else {
            throw Problem.invalid(t("two reminders have the same id"))
        }
        let updated = try await server.store.editHabit(owner: owner, from: old, to: habit)
        return try Reply.json(updated.reminders)
    }

    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Habit.ID = try context.pathID("id", "habit")
        let reminderID: Reminder.ID = try context.pathID("reminder", "reminder")
        let old = try await server.store.habit(owner: owner, id: id)
        guard old.reminders.contains(where: { $0.id == reminderID }) else { throw Problem.notFound(t("reminder not found")) }
        var habit = old
        habit.reminders.removeAll { $0.id == reminderID }
        _ = try await server.store.editHabit(owner: owner, from: old, to: habit)
        return Reply.noContent()
    }
}
