import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendStore

/// A day form (tap, reset, skip, a typed value, −1) from a page that showed its day as today —
/// Today without a date, a habit page's check-in — that arrives after that day ended: a page left
/// open overnight. Recording it on the page's day would put this morning's glass of water on
/// yesterday, so nothing is recorded and the form's page comes back at the new day with a
/// ``StaleDayNotice`` (`?stale=DAY`). Pages that show an earlier day on purpose (`?date=`)
/// record on it as before; app.js also refreshes a page when its day ends (`data-day-ends`).
enum StaleDayForm {
    /// Whether the form's page showed its day as today: its `return` is Today without a date,
    /// or a habit page without a chosen day.
    static func showedToday(_ form: FormData) -> Bool {
        guard let text = form["return"], let components = URLComponents(string: Page.localPath(text, fallback: "")) else {
            return false
        }
        let query = components.queryItems ?? []
        if components.path == WebPaths.today() { return !query.contains { $0.name == "date" } }
        let parts = components.path.split(separator: "/")
        return parts.count == 2 && "/\(parts[0])" == WebPaths.habits() && !query.contains { $0.name == "day" }
    }

    /// The redirect that refuses the form when its page's day is over, else `nil` (record it).
    static func refusal(_ form: FormData, day: Day, habit: Habit.ID, owner: User.ID, web: WebDependencies) async throws -> Response? {
        guard showedToday(form) else { return nil }
        let today = try await web.recentSettings.settings(owner, store: web.store).today(now: web.now)
        guard day < today else { return nil }
        let page = Page.localPath(form["return"], fallback: WebPaths.today())
        return Page.redirect(page + (page.contains("?") ? "&" : "?") + "stale=\(day.iso)#habit-\(habit)")
    }
}
