import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// `/routines` (Youtine): the ordered routines and their habits, the routine editor, and the
/// forms that rearrange them. The same store calls as the JSON API and `tend routine`: deleting
/// a routine keeps its habits and their history; adding a habit that is in another routine
/// moves it. Saving and deleting ask first: a post without `confirm=yes` changes nothing and
/// answers the confirmation page.
struct RoutinePages {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(WebPaths.routines.route(), use: list)
        group.get(WebPaths.newRoutine.route(), use: newForm)
        group.post(WebPaths.newRoutine.route(), use: create)
        group.get(WebPaths.editRoutine.route(), use: editForm)
        group.post(WebPaths.editRoutine.route(), use: update)
        group.get(WebPaths.deleteRoutine.route(), use: confirmDelete)
        group.post(WebPaths.deleteRoutine.route(), use: delete)
        group.post(WebPaths.moveRoutine.route(), use: move)
        group.post(WebPaths.routineHabits.route(), use: addHabit)
        group.post(WebPaths.moveRoutineHabit.route(), use: moveHabit)
        group.post(WebPaths.removeRoutineHabit.route(), use: removeHabit)
        group.get(WebPaths.startRoutine.route(), use: start)
    }

    /// `GET /routines/{id}/start?date=YYYY-MM-DD&step=N`: the routine done in order, asking about
    /// the first habit not done from step `N` on (``RoutineRun``); a day out of range is today.
    @Sendable func start(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let routine = try await routine(owner: user.id, context)
        let today = user.settings.today(now: web.now)
        let day =
            request.query("date").flatMap { try? Day(iso: $0) }.flatMap { RecordableDays.recordable(today: today).contains($0) ? $0 : nil }
            ?? today
        let step = request.query("step").flatMap { Int($0) }.map { min(max($0, 0), 100_000) } ?? 0
        let window = HistoryWindow(from: day, through: day, today: today, calendar: user.settings.calendar)
        let habits = try await web.store.trackedHabits(owner: user.id, includeArchived: false, window: window)
        let run = RoutineRun(
            routine: routine, habits: habits, day: day, today: today, calendar: user.settings.calendar,
            routines: try await web.store.routines(owner: user.id))
        return Page.html(
            RoutineRunView.page(
                RoutineRunPage(run: run, today: today, step: step, amounts: AmountStyle(locale: user.settings.locale)),
                session: try web.session(context, user: user)))
    }

    /// `GET /routines`.
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        return try await listPage(user: user, context: context)
    }

    @Sendable func newForm(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        return Page.html(
            RoutinesView.editor(RoutineEditorPage(routineID: nil, form: RoutineForm()), session: try web.session(context, user: user)))
    }

    /// `POST /routines/new`: 422 with the form as typed, or the confirmation, or (with
    /// `confirm=yes`) the new routine at the end of the list.
    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let fields = try await request.form()
        let form = RoutineForm(fields)
        let existing = try await web.store.routines(owner: user.id)
        let draft = Routine(name: "", start: try TimeOfDay(hour: 7))
        return try await save(form, fields: fields, old: nil, shown: nil, draft: draft, others: existing, user: user, context: context)
    }

    @Sendable func editForm(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let routine = try await routine(owner: user.id, context)
        return Page.html(
            RoutinesView.editor(
                RoutineEditorPage(routineID: routine.id, form: RoutineForm(routine), original: RoutineEditorPage.snapshot(routine)),
                session: try web.session(context, user: user)))
    }

    /// Saves only the fields the person changed (``RoutineForm/routine(shown:stored:others:)``):
    /// a stale editor keeps another device's newer values of the fields it did not touch.
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let old = try await routine(owner: user.id, context)
        let fields = try await request.form()
        let others = try await web.store.routines(owner: user.id)
        return try await save(
            RoutineForm(fields), fields: fields, old: old, shown: RoutineEditorPage.routine(fromSnapshot: fields["original"]), draft: old,
            others: others, user: user, context: context)
    }

    /// `GET /routines/{id}/delete`: what deleting does, and the form that does it.
    @Sendable func confirmDelete(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let routine = try await routine(owner: user.id, context)
        let habits = try await web.store.habits(owner: user.id, includeArchived: true)
        return Page.html(RoutinesView.confirm(.delete(routine, habits: habits), session: try web.session(context, user: user)))
    }

    /// `POST /routines/{id}/delete`: without `confirm=yes` the confirmation page; with it the
    /// routine goes and its habits stay (the store's `deleteRoutine`).
    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let routine = try await routine(owner: user.id, context)
        let form = try await request.form()
        guard form["confirm"] == "yes" else {
            let habits = try await web.store.habits(owner: user.id, includeArchived: true)
            return Page.html(RoutinesView.confirm(.delete(routine, habits: habits), session: try web.session(context, user: user)))
        }
        try await web.store.deleteRoutine(owner: user.id, id: routine.id)
        return Page.redirect(WebPaths.routines())
    }

    /// `POST /routines/{id}/move` `direction=up|down`: one place up or down the list.
    @Sendable func move(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let id: Routine.ID = try context.pathID("id", "routine")
        let form = try await request.form()
        var ids = RoutineList(try await web.store.routines(owner: owner)).routines.map(\.id)
        guard let index = ids.firstIndex(of: id) else { throw Problem.notFound(t("routine not found")) }
        let target = index + (try Self.step(form))
        if ids.indices.contains(target) {
            ids.swapAt(index, target)
            try await web.store.reorderRoutines(owner: owner, ids)
        }
        return Page.redirect(WebPaths.routines() + "#routine-\(id)")
    }

    /// `POST /routines/{id}/habits` `habit=ID`: the habit goes to the end of this routine (out of
    /// any other). No habit chosen, or one the user does not have: 422, nothing changed.
    @Sendable func addHabit(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let routine = try await routine(owner: user.id, context)
        let form = try await request.form()
        let chosen = (form["habit"] ?? "").trimmingCharacters(in: .whitespaces)
        let habits = try await web.store.habits(owner: user.id, includeArchived: true)
        guard let habit = UUID(uuidString: chosen).flatMap({ uuid in habits.first { $0.id.rawValue == uuid } }) else {
            let message = chosen.isEmpty ? t("Choose a habit to add.") : t("That habit does not exist (any more). Choose another.")
            return try await listPage(
                user: user, context: context, addError: .init(routine: routine.id, selected: chosen, message: message),
                status: .unprocessableContent)
        }
        if !routine.habitIDs.contains(habit.id) {
            try await web.store.moveHabit(owner: user.id, habit: habit.id, toRoutine: routine.id, at: nil)
        }
        return Page.redirect(WebPaths.routines() + "#routine-\(routine.id)")
    }

    /// `POST /routines/{id}/habits/{habit}/move` `direction=up|down`: one place within the routine.
    @Sendable func moveHabit(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let routine = try await routine(owner: owner, context)
        let habit: Habit.ID = try context.pathID("habit", "habit")
        guard let index = routine.habitIDs.firstIndex(of: habit) else { throw Problem.notFound(t("that habit is not in the routine")) }
        let target = index + (try Self.step(try await request.form()))
        if routine.habitIDs.indices.contains(target) {
            try await web.store.moveHabit(owner: owner, habit: habit, toRoutine: routine.id, at: target)
        }
        return Page.redirect(WebPaths.routines() + "#routine-\(routine.id)")
    }

    /// `POST /routines/{id}/habits/{habit}/remove`: out of the routine; the habit stays.
    @Sendable func removeHabit(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let routine = try await routine(owner: owner, context)
        let habit: Habit.ID = try context.pathID("habit", "habit")
        guard routine.habitIDs.contains(habit) else { throw Problem.notFound(t("that habit is not in the routine")) }
        try await web.store.moveHabit(owner: owner, habit: habit, toRoutine: nil, at: nil)
        return Page.redirect(WebPaths.routines() + "#routine-\(routine.id)")
    }

    // MARK: Helpers

    /// `shown`: the routine as the editor showed it (its posted snapshot), when it has one.
    private func save(
        _ form: RoutineForm, fields: FormData, old: Routine?, shown: Routine?, draft: Routine, others: [Routine], user: User,
        context: Context
    ) async throws -> Response {
        let session = try web.session(context, user: user)
        let action = old.map { WebPaths.editRoutine($0.id) } ?? WebPaths.newRoutine()
        // Kept through a refusal, the confirmation and "Change something" as it was first posted.
        let original = shown == nil ? nil : fields["original"]
        switch form.routine(shown: shown, stored: draft, others: others) {
        case .failure(let errors):
            return Page.html(
                RoutinesView.editor(
                    RoutineEditorPage(routineID: old?.id, form: form, errors: errors.messages, original: original), session: session),
                status: .unprocessableContent)
        case .success(let routine):
            if let old, old == routine { return Page.redirect(WebPaths.routines() + "#routine-\(old.id)") }
            switch fields["confirm"] {
            case "yes":
                if old == nil {
                    let created = try await web.store.addRoutine(owner: user.id, routine)
                    return Page.redirect(WebPaths.routines() + "#routine-\(created.id)")
                }
                _ = try await web.store.updateRoutine(owner: user.id, routine)
                return Page.redirect(WebPaths.routines() + "#routine-\(routine.id)")
            case "edit":
                return Page.html(
                    RoutinesView.editor(RoutineEditorPage(routineID: old?.id, form: form, original: original), session: session))
            default:
                let habits = try await web.store.habits(owner: user.id, includeArchived: true)
                return Page.html(
                    RoutinesView.confirm(
                        .save(old: old, new: routine, form: form, original: original, action: action, habits: habits), session: session))
            }
        }
    }

    private func listPage(
        user: User, context: Context, addError: RoutinesPage.AddError? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let routines = try await web.store.routines(owner: user.id)
        let habits = try await web.store.habits(owner: user.id, includeArchived: true)
        return Page.html(
            RoutinesView.page(
                RoutinesPage(routines: routines, habits: habits, addError: addError), session: try web.session(context, user: user)),
            status: status)
    }

    /// The user's routine named by the path's `id` (another user's: 404).
    private func routine(owner: User.ID, _ context: Context) async throws -> Routine {
        let id: Routine.ID = try context.pathID("id", "routine")
        guard let routine = try await web.store.routines(owner: owner).first(where: { $0.id == id }) else {
            throw Problem.notFound(t("routine not found"))
        }
        return routine
    }

    /// `direction=up` → -1, `down` → +1 (anything else: 422).
    static func step(_ form: FormData) throws -> Int {
        switch form["direction"] {
        case "up": -1
        case "down": 1
        default: throw Problem.invalid(t("direction is up or down"))
        }
    }
}
