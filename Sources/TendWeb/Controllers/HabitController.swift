import Foundation
import HTTPTypes
import Hummingbird
import TendCore
import TendHTTP
import TendStore

/// The habit editor (`/habits/new`, `/habits/{id}/edit`): a plain form; a valid post saves and
/// answers 303 to the habit's page, an invalid one answers 422 with the form as typed and the
/// messages beside the fields, having changed nothing.
struct HabitController {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("habits", use: list)
        group.get("habits/:id", use: show)
        group.get("habits/new", use: newForm)
        group.post("habits/new", use: create)
        group.get("habits/:id/edit", use: editForm)
        group.post("habits/:id/edit", use: update)
    }

    /// `GET /habits`: every habit, archived ones apart.
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let habits = try await web.store.habits(owner: user.id, includeArchived: true)
        return Page.html(HabitsListView.page(HabitsListPage(habits: habits), session: try web.session(context, user: user)))
    }

    /// `GET /habits/{id}?month=YYYY-MM`: the habit page, with its whole history.
    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let habit = try await web.store.habit(owner: user.id, id: try context.pathID("id", "habit"))
        let entries = try await web.store.entries(owner: user.id, habit: habit.id, from: .minimum, through: .maximum)
        let today = user.settings.today(now: web.now)
        let month = request.query("month").flatMap { try? Day(iso: $0 + "-01") }
        let model = HabitPage(tracked: TrackedHabit(habit: habit, entries: entries), today: today, month: month, calendar: user.settings.calendar)
        return Page.html(HabitView.page(model, session: try web.session(context, user: user)))
    }

    @Sendable func newForm(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let session = try web.session(context, user: user)
        return Page.html(HabitEditorView.page(HabitEditorPage(habitID: nil, form: HabitForm()), session: session))
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let form = HabitForm(try await request.form())
        let today = user.settings.today(now: web.now)
        let existing = try await web.store.habits(owner: user.id, includeArchived: true)
        let base = Habit(name: "", order: (existing.map(\.order).max() ?? -1) + 1, createdOn: today)
        switch form.habit(base: base, today: today) {
        case .success(let habit):
            let created = try await web.store.createHabit(owner: user.id, habit)
            await web.store.recordTip(.habitAdded, owner: user.id)
            return Page.redirect("/habits/\(created.id)")
        case .failure(let errors):
            let session = try web.session(context, user: user)
            return Page.html(
                HabitEditorView.page(HabitEditorPage(habitID: nil, form: form, errors: errors), session: session), status: .unprocessableContent)
        }
    }

    @Sendable func editForm(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let habit = try await web.store.habit(owner: user.id, id: try context.pathID("id", "habit"))
        let session = try web.session(context, user: user)
        return Page.html(HabitEditorView.page(HabitEditorPage(habitID: habit.id, form: HabitForm(habit)), session: session))
    }

    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let base = try await web.store.habit(owner: user.id, id: try context.pathID("id", "habit"))
        let form = HabitForm(try await request.form())
        switch form.habit(base: base, today: user.settings.today(now: web.now)) {
        case .success(let habit):
            if habit != base { _ = try await web.store.updateHabit(owner: user.id, habit) }
            return Page.redirect("/habits/\(habit.id)")
        case .failure(let errors):
            let session = try web.session(context, user: user)
            return Page.html(
                HabitEditorView.page(HabitEditorPage(habitID: base.id, form: form, errors: errors), session: session),
                status: .unprocessableContent)
        }
    }
}
