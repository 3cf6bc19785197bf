import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore

/// The forms that record a day beyond the one-step tap (a Today card's menu, the habit page):
/// a typed value and −1, through the store's `setValue` and `increment` (the same commands as the
/// API and `tend set`/`tend increment`). Like the other day forms they post with the CSRF token
/// and a `return` path and answer 303 back to it; a value that cannot be a day's answers 422 with
/// the page it came from, the value as typed and the message beside the field, nothing changed.
struct DayEntryPages {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.post(WebPaths.value.route(), use: setValue)
        group.post(WebPaths.decrement.route(), use: decrement)
        group.post(WebPaths.increment.route(), use: increment)
        group.post(WebPaths.check.route(), use: check)
    }

    /// `POST /habits/{id}/days/{day}/value` `value=…`: records the amount as typed (a count, or a
    /// duration such as `45`, `45m`, `1h30`, `1:30`), above the target too: only the tap stops there.
    @Sendable func setValue(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let habit = try await web.store.habit(owner: user.id, id: try context.pathID("id", "habit"))
        let day = try await web.recordableDay(context, owner: user.id)
        let form = try await request.form()
        if let refusal = try await StaleDayForm.refusal(form, day: day, habit: habit.id, owner: user.id, web: web) { return refusal }
        let typed = form["value"] ?? ""
        let message: String
        switch TypedValue.parse(typed, type: habit.type, locale: user.settings.locale) {
        case .success(let value):
            do {
                _ = try await web.store.setValue(owner: user.id, habit: habit.id, day: day, value)
                return back(form, day: day, habit: habit.id)
            } catch StoreError.invalid(let reason) {
                message = reason.prefix(1).uppercased() + reason.dropFirst() + "."
            }
        case .failure(let refusal):
            message = refusal.description
        }
        return try await refused(request, context: context, user: user, habit: habit, form: form) { controls in
            controls.value?.text = typed
            controls.value?.error = message
        }
    }

    /// `POST /habits/{id}/days/{day}/decrement`: one step back (a minute for durations), never
    /// below 0 — the undo of a wrong tap.
    @Sendable func decrement(_ request: Request, context: Context) async throws -> Response {
        try await step(request, context: context, sign: -1)
    }

    /// One step (``DayEntryControls/step(for:)``) up or down, as an increment so that steps
    /// from two devices both count.
    private func step(_ request: Request, context: Context, sign: Int) async throws -> Response {
        try await record(request, context: context) { [.increment(DayEntryControls.step(for: $0) * sign)] }
    }

    /// `POST /habits/{id}/days/{day}/increment`: one step more (a minute for durations), past the
    /// target too — the tap stops at a good habit's target, this is the way beyond it.
    @Sendable func increment(_ request: Request, context: Context) async throws -> Response {
        try await step(request, context: context, sign: 1)
    }

    /// `POST /habits/{id}/days/{day}/check`: done — a good habit reaches its target (the store's
    /// `check`, as `tend check`); a routine's walk-through answers "Done" with it.
    @Sendable func check(_ request: Request, context: Context) async throws -> Response {
        try await record(request, context: context) { _ in [.check] }
    }

    /// Performs the commands on the path's habit and day (a recordable one), under the form's
    /// operation id, unless the form's page showed a day that has ended (``StaleDayForm``); back
    /// to the page the form was on.
    private func record(
        _ request: Request, context: Context, _ commands: (Habit) -> [EntryCommand]
    ) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let habit = try await web.store.habit(owner: owner, id: try context.pathID("id", "habit"))
        let day = try await web.recordableDay(context, owner: owner)
        let form = try await request.form()
        if let refusal = try await StaleDayForm.refusal(form, day: day, habit: habit.id, owner: owner, web: web) { return refusal }
        _ = try await web.store.recordDay(owner: owner, habit: habit.id, day: day, commands(habit), operation: form.operationID)
        return back(form, day: day, habit: habit.id)
    }

    /// Back to the page the form was on, at the habit's card.
    private func back(_ form: FormData, day: Day, habit: Habit.ID) -> Response {
        Page.redirect(Page.localPath(form["return"], fallback: WebPaths.today() + "?date=\(day.iso)") + "#habit-\(habit)")
    }

    /// The page a refused day form came from (its `return`: the habit page, or Today of the day
    /// it shows), with `refuse` applied to the habit's controls; 422.
    func refused(
        _ request: Request, context: Context, user: User, habit: Habit, form: FormData, _ refuse: (inout DayEntryControls) -> Void
    ) async throws -> Response {
        let returnPath = Page.localPath(form["return"], fallback: WebPaths.today())
        if !returnPath.hasPrefix(WebPaths.habits() + "/") {
            var found = false
            let response = try await TodayPages(web: web).refused(request, context: context, user: user, returnPath: returnPath) { page in
                for group in page.groups.indices {
                    for card in page.groups[group].cards.indices where page.groups[group].cards[card].id == habit.id.description {
                        refuse(&page.groups[group].cards[card].entry)
                        found = true
                    }
                }
            }
            if found { return response }
        }
        return try await HabitPages(web: web).page(context: context, user: user, habit: habit, status: .unprocessableContent) { model in
            refuse(&model.checkIn.entry)
        }
    }
}
