import Foundation
import TendCore
import TendHTTP
import TendStore

/// The Today page as one read: the owner's op-log position first (from the held habits), the
/// user as of that position, then either the page kept for exactly this position, settings, day,
/// view choices and session (``TodayPageCache``) or a new one made from the held habits, the memo
/// and the rendered fragments. The route only parses the request and answers.
struct TodayReader: Sendable {
    let web: WebDependencies

    /// What the request chose: the raw `date` (parsed against the user's today, which only the
    /// read knows), `stale` (a refused form's notice) and the view cookies.
    struct Choices: Sendable {
        var day: @Sendable (_ today: Day) throws -> Day
        var stale: String?
        var modes: String?
        var choice: String?
    }

    enum Answer {
        case page(RenderedPage)
        /// A day after the user's today: there is nothing to show yet.
        case notYet
    }

    func read(_ context: TendRequestContext, _ choices: Choices) async throws -> Answer {
        let owner = try context.requireIdentity().owner
        // With a held snapshot of the owner, what changed since it comes with the position; the
        // user record (its settings) is data too, kept per position.
        let position = try await web.heldHabits.position(web.store, owner: owner)
        let sequence = position.sequence
        let user: User
        if let kept = web.todayPages.user(owner, at: sequence) {
            user = kept
        } else {
            user = try await web.user(context)
            web.todayPages.keep(user, at: sequence)
        }
        let now = web.now
        let today = user.settings.today(now: now)
        let day = try choices.day(today)
        guard day <= today else { return .notYet }
        let session = try web.session(context, user: user)
        let choice = TodayChoice(cookie: choices.choice)
        let key = TodayPageCache.Key(
            owner: user.id, sequence: sequence, settings: user.settings,
            username: user.username, day: day, today: today, routineTime: RoutineTime.current(at: now, in: user.settings.calendar),
            modes: choices.modes ?? "", choice: choice.cookieValue, csrfToken: session.csrfToken)
        // A form refused because its page's day was over: this page says so (rendered, not kept).
        let stale = day == today ? StaleDayNotice.day(query: choices.stale, today: today) : nil
        if stale == nil, let page = web.todayPages.page(for: key) { return .page(page) }
        var model = try await TodayPages.model(
            store: web.store, user: user, day: day, now: now, modes: CardModes(cookie: choices.modes), choice: choice,
            csrfToken: session.csrfToken, held: (web.heldHabits, position), memo: web.todayFragments.memo)
        model.stale = stale.map { StaleDayNotice(shown: $0, today: today, habit: nil) }
        let page = RenderedPage(TodayView.page(model, session: session, fragments: web.todayFragments))
        if stale == nil { web.todayPages.store(page, for: key) }
        return .page(page)
    }
}
