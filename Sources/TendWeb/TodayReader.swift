import Foundation
import NIOCore
import TendAPI
import TendCore
import TendHTTP
import TendStore
import TendWords

/// Today, read once for both of its readers: the web's Today page and `GET /api/v1/today`. It
/// owns everything that makes a repeated read cheap — the owner's op-log position (read before the
/// data, so nothing is kept under a newer version than what it shows), the held habits, the memo
/// and rendered fragments, the last page of each session and the last JSON answer of each user —
/// so the routes only parse the request and answer. Built once per server and shared by the API
/// and the web app.
package final class TodayReader: Sendable {
    let store: any ServerStore
    let now: @Sendable () -> Date
    /// The last Today page of each browser session, while the user's data is unchanged.
    let pages: TodayPageCache
    /// Rendered cards and heatmaps of Today pages, for the page after a change.
    let fragments: TodayFragments
    /// Each owner's habits as Today last read them, brought forward by the op log.
    let held: HeldHabits
    /// The last JSON answer of each user.
    let answers: LatestPerOwner<AnswerKey, ByteBuffer>

    package init(store: any ServerStore, budget: CacheBudget, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
        pages = TodayPageCache(capacity: budget.todayPages)
        fragments = TodayFragments(budget: budget)
        held = HeldHabits(budget: budget.heldHabitsBytes)
        answers = LatestPerOwner(capacity: budget.todayAnswers)
    }

    /// What the caches did so far, for `/metrics`.
    package var cacheCounts: WebCacheCounts {
        let pages = pages.lookups
        let held = held.outcomes
        return WebCacheCounts(
            todayPagesCached: pages.hits, todayPagesRendered: pages.misses, heldCurrent: held.held, heldReplayed: held.replayed,
            heldRead: held.full)
    }

    // MARK: The page

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

    /// The page: kept for exactly this position, settings, day, view choices and session
    /// (``TodayPageCache``), or a new one made from the held habits, the memo and the fragments.
    func page(_ context: TendRequestContext, _ choices: Choices, session: (User) throws -> SessionInfo) async throws -> Answer {
        let owner = try context.requireIdentity().owner
        let position = try await held.position(store, owner: owner)
        let sequence = position.sequence
        // The user record (its settings) is data too, kept per position.
        let user: User
        if let kept = pages.user(owner, at: sequence) {
            user = kept
        } else {
            user = try await store.user(id: owner)
            pages.keep(user, at: sequence)
        }
        let now = now()
        let today = user.settings.today(now: now)
        let day = try choices.day(today)
        guard day <= today else { return .notYet }
        let session = try session(user)
        let choice = TodayChoice(cookie: choices.choice)
        let key = TodayPageCache.Key(
            owner: user.id, sequence: sequence, settings: user.settings,
            username: user.username, day: day, today: today, routineTime: RoutineTime.current(at: now, in: user.settings.calendar),
            modes: choices.modes ?? "", choice: choice.cookieValue, csrfToken: session.csrfToken, language: Words.current.language)
        // A form refused because its page's day was over: this page says so (rendered, not kept).
        let stale = day == today ? StaleDayNotice.day(query: choices.stale, today: today) : nil
        if stale == nil, let page = pages.page(for: key) { return .page(page) }
        var model = try await TodayPages.model(
            store: store, user: user, day: day, now: now, modes: CardModes(cookie: choices.modes), choice: choice,
            csrfToken: session.csrfToken, held: (held, position), memo: fragments.memo)
        model.stale = stale.map { StaleDayNotice(shown: $0, today: today, habit: nil) }
        let page = RenderedPage(TodayView.page(model, session: session, fragments: fragments))
        if stale == nil { pages.store(page, for: key) }
        return .page(page)
    }

    // MARK: The JSON answer

    /// What an answer depends on besides the data (whose version is the position): the asked
    /// day, today, the current routine time (the plan puts it first) and the settings.
    struct AnswerKey: Hashable, Sendable {
        var sequence: Int64
        var settings: UserSettings
        var day: Day
        var today: Day
        var routineTime: RoutineTime
    }

    /// `GET /api/v1/today`'s body (what `tend today --json` shows) for the day `day` picks, from
    /// each habit's summary and the entries of the day's period (a day of a daily habit, the week
    /// or month of a quota); an unchanged answer is sent again. Phones ask on every wake-up.
    package func json(owner: User.ID, day: (_ today: Day) throws -> Day) async throws -> ByteBuffer {
        let sequence = try await store.latestOperationSequence(owner: owner)
        let user = try await store.user(id: owner)
        let now = now()
        let calendar = user.settings.calendar
        let today = user.settings.today(now: now)
        let day = try day(today)
        let current = RoutineTime.current(at: now, in: calendar)
        let key = AnswerKey(sequence: sequence, settings: user.settings, day: day, today: today, routineTime: current)
        if let json = answers.value(user.id, for: key) { return json }
        let habits = try await store.trackedHabits(
            owner: user.id, includeArchived: false, window: HistoryWindow(from: day, through: day, today: today, calendar: calendar))
        let routines = try await store.routines(owner: user.id)
        let plan = TodayPlan(habits: habits, day: day, today: today, current: current, calendar: calendar, routines: routines)
        let json = ByteBuffer(bytes: try APIJSON.encoder().encode(TodayJSON(plan)))
        answers.keep(json, user.id, for: key)
        return json
    }
}
