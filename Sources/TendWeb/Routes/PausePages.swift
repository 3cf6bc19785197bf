import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// The web's pause forms, each one call of the store's `pauseHabits` or `resumeHabits` (as
/// `tend pause` and `tend resume`): a habit's on its page, every habit's or a group's on `/habits`.
/// A refused pause answers 422 with the page and the form as typed, having changed nothing.
struct PausePages {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.post(WebPaths.pauseHabit.route(), use: pauseHabit)
        group.post(WebPaths.resumeHabit.route(), use: resumeHabit)
        group.post(WebPaths.pauses.route(), use: pauseMany)
        group.post(WebPaths.resumePauses.route(), use: resumeMany)
    }

    /// The days a pause form names: `from` (empty: today) and `until` (empty: until resumed), or
    /// why they cannot be read.
    static func days(_ form: FormData, today: Day) -> Result<(Day, Day?), PauseFormError> {
        let fromText = (form["from"] ?? "").trimmingCharacters(in: .whitespaces)
        let untilText = (form["until"] ?? "").trimmingCharacters(in: .whitespaces)
        guard let from = fromText.isEmpty ? today : try? Day(iso: fromText) else {
            return .failure(PauseFormError(t("Choose the first paused day (YYYY-MM-DD).")))
        }
        if untilText.isEmpty { return .success((from, nil)) }
        guard let until = try? Day(iso: untilText) else {
            return .failure(PauseFormError(t("Choose the last paused day (YYYY-MM-DD), or leave it empty.")))
        }
        return .success((from, until))
    }

    struct PauseFormError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// A store's refusal as the sentence a form shows: "A pause ends … before it starts …."
    static func sentence(_ reason: String) -> String { reason.prefix(1).uppercased() + reason.dropFirst() + "." }

    /// `POST /habits/{id}/pause` `from=YYYY-MM-DD&until=YYYY-MM-DD`: back to the habit's page.
    @Sendable func pauseHabit(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let habit = try await web.store.habit(owner: user.id, id: try context.pathID("id", "habit"))
        let form = try await request.form()
        let today = user.settings.today(now: web.now)
        let refused = { (message: String) in
            try await HabitPages(web: self.web).page(context: context, user: user, habit: habit, status: .unprocessableContent) {
                $0.pauses.from = form["from"] ?? ""
                $0.pauses.until = form["until"] ?? ""
                $0.pauses.error = message
            }
        }
        switch Self.days(form, today: today) {
        case .failure(let error): return try await refused(error.message)
        case .success(let (from, until)):
            do {
                _ = try await web.store.pauseHabits(owner: user.id, .habit(habit.id), from: from, through: until, today: today)
            } catch StoreError.invalid(let reason) {
                return try await refused(Self.sentence(reason))
            }
        }
        return Page.redirect(WebPaths.habit(habit.id) + "#pause")
    }

    /// `POST /habits/{id}/resume`: back to `return` (Today's paused list) or the habit's page.
    @Sendable func resumeHabit(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let id: Habit.ID = try context.pathID("id", "habit")
        let form = try await request.form()
        _ = try await web.store.resumeHabits(owner: user.id, .habit(id), today: user.settings.today(now: web.now))
        if let back = form["return"] { return Page.redirect(Page.localPath(back, fallback: WebPaths.today()) + "#habit-\(id)") }
        return Page.redirect(WebPaths.habit(id) + "#pause")
    }

    /// The habits a `/habits` form names: `scope=all` or `scope=group:NAME`.
    static func scope(_ form: FormData) -> PauseScope? {
        switch form["scope"] {
        case "all"?: return .all
        case let scope? where scope.hasPrefix("group:") && scope.count > 6: return .group(String(scope.dropFirst(6)))
        default: return nil
        }
    }

    /// `POST /pauses` `scope=…&from=…&until=…`: back to `/habits`.
    @Sendable func pauseMany(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let form = try await request.form()
        let today = user.settings.today(now: web.now)
        let refused = { (message: String) in
            try await HabitPages(web: self.web).listPage(context: context, user: user, status: .unprocessableContent) {
                $0.pause.scope = form["scope"] ?? "all"
                $0.pause.from = form["from"] ?? ""
                $0.pause.until = form["until"] ?? ""
                $0.pause.error = message
            }
        }
        guard let scope = Self.scope(form) else { return try await refused(t("Choose all habits or a group.")) }
        switch Self.days(form, today: today) {
        case .failure(let error): return try await refused(error.message)
        case .success(let (from, until)):
            do {
                _ = try await web.store.pauseHabits(owner: user.id, scope, from: from, through: until, today: today)
            } catch StoreError.invalid(let reason) {
                return try await refused(Self.sentence(reason))
            } catch StoreError.notFound(let what) {
                // The store names a group it does not know as "group “NAME”" (its name cut at the longest a name can be).
                if case .group(let name) = scope {
                    let shown = String(name.prefix(HabitGroup.maximumNameLength))
                    return try await refused(t("There is no group “{group}”.", ["group": shown]))
                }
                return try await refused("There is no \(what).")
            }
        }
        return Page.redirect(WebPaths.habits() + "#pause-habits")
    }

    /// `POST /pauses/resume` `scope=…`: every pause of those habits running today or to come ends.
    @Sendable func resumeMany(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let form = try await request.form()
        guard let scope = Self.scope(form) else { throw Problem.invalid(t("scope is all or group:NAME")) }
        _ = try await web.store.resumeHabits(owner: user.id, scope, today: user.settings.today(now: web.now))
        return Page.redirect(WebPaths.habits() + "#pause-habits")
    }
}
